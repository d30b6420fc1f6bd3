// Helpers and state shared by the page's scripts (setup.js, board.js, panels.js, app.js).
"use strict";
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
let socket = null, view = null;

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function send(message) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); }

async function postJSON(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
                                      body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { showError(data.error); return null; }
  return data;
}

// A seat as the page names it: the server's names for this page (web/names.py), which the log
// and the status use too: "You", "Medium AI", "Medium AI (seat 3)" where two seats share a label.
function seatName(v, seat) {
  if (v.names) return v.names[seat];
  return seat === v.seat ? "You" : (v.session.labels || v.session.seats)[seat];
}

// Drawn icons (no symbol font needed): 16x16 paths.
const ICONS = {
  first: "M3 2h2v12H3z M14 2 6 8l8 6z", back: "M12 2 4 8l8 6z", forward: "M4 2l8 6-8 6z",
  last: "M2 2l8 6-8 6z M11 2h2v12h-2z", play: "M4 2l9 6-9 6z", pause: "M4 2h3v12H4z M9 2h3v12H9z",
};

function iconButton(icon, label, attrs) {
  const b = el("button", attrs);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", ICONS[icon]);
  svg.appendChild(path);
  b.appendChild(svg);
  b.appendChild(document.createTextNode(label));
  return b;
}

// Where a replay or a page of several parts goes: the address changes and the game opens.
function goTo(id, seat) {
  const url = `/?session=${encodeURIComponent(id)}` + (seat === null ? "" : `&seat=${seat}`);
  history.pushState({}, "", url);
  openSession(id, seat);
}
