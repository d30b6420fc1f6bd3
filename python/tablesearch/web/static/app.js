// The tablesearch page: a setup form, then one game over a websocket. The server sends views
// already drawn for this page's seat; the page only shows them and sends clicks back.
"use strict";
const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_TEXT_PX = 10; // a board is never shrunk below this text size: it scrolls instead
let socket = null, view = null, games = [], searchOptions = {}, replayTimer = null, busyTimer = null, movesOpen = null;

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

// --- setup form ---------------------------------------------------------------------------
async function showSetup() {
  $("setup").hidden = false;
  $("play").hidden = true;
  const response = await fetch("/api/games");
  const data = await response.json();
  games = data.games;
  searchOptions = Object.fromEntries(data.search_options.map((o) => [o.name, o]));
  if (data.start) { openSession(data.start, null); return; }
  const select = $("game");
  select.innerHTML = "";
  select.appendChild(el("option", { value: "" }, "choose a game"));
  for (const g of games) select.appendChild(el("option", { value: g.name }, g.name));
  select.value = data.default || "";
  select.onchange = renderParams;
  renderParams();
}

function currentGame() { return games.find((g) => g.name === $("game").value); }

// "max_plies" -> "Max plies": parameter names as words, unless the game gives a label.
function readable(name) { const words = name.replace(/_/g, " "); return words[0].toUpperCase() + words.slice(1); }

function renderParams() {
  const game = currentGame();
  const box = $("params");
  box.innerHTML = "";
  $("seats-box").hidden = !game;
  $("start").disabled = !game;
  if (!game) { $("seats").innerHTML = ""; return; }
  for (const p of game.params) {
    const row = el("div", { class: "param" });
    const label = el("label", {}, (p.label || readable(p.name)) + " ");
    let input;
    if (p.choices && p.choices.length && !p.subset) {
      input = el("select");
      for (const c of p.choices) input.appendChild(el("option", { value: c }, String(c)));
    } else if (typeof p.default === "boolean") {
      input = el("input", { type: "checkbox" });
      input.checked = p.default;
    } else if (typeof p.default === "number") {
      input = el("input", { type: "number" });
      if (p.min !== undefined) input.min = p.min;
      if (p.max !== undefined) input.max = p.max;
    } else {
      input = el("input", { type: "text", placeholder: p.subset ? "comma-separated" : "" });
    }
    if (typeof p.default !== "boolean") input.value = p.default;
    input.dataset.param = p.name;
    input.dataset.kind = typeof p.default;
    if (p.name === "players") input.onchange = renderSeats;
    label.appendChild(input);
    row.appendChild(label);
    const help = [p.help, p.subset && p.choices ? `one or more of: ${p.choices.join(", ")}` : ""].filter(Boolean);
    if (help.length) row.appendChild(el("span", { class: "help" }, help.join("; ")));
    box.appendChild(row);
  }
  renderSeats();
}

function seatCount() {
  const players = document.querySelector('[data-param="players"]');
  return players ? Number(players.value) : currentGame().players;
}

function renderSeats() {
  const box = $("seats");
  const old = [...box.querySelectorAll("input.spec")].map((i) => i.value);
  box.innerHTML = "";
  for (let i = 0; i < seatCount(); i++) {
    const row = el("div", { class: "seat-row" });
    row.appendChild(el("span", {}, `seat ${i}`));
    const spec = el("input", { class: "spec", list: "specs", "data-seat": i, "aria-label": `seat ${i} agent spec` });
    spec.value = old[i] || (i === 0 ? "human" : "mcts:iterations=2000");
    row.appendChild(spec);
    const budget = el("span");
    budget.appendChild(el("span", {}, "iterations "));
    budget.appendChild(budgetInput("iterations", "budget iterations", 1));
    budget.appendChild(el("span", {}, " seconds "));
    budget.appendChild(budgetInput("time_limit", "budget time", 0.1));
    row.appendChild(budget);
    box.appendChild(row);
  }
}

// A budget input described by its search option (the server's option table).
function budgetInput(name, cls, step) {
  const option = searchOptions[name];
  const input = el("input", { class: cls, type: "number", step: step, placeholder: "-", title: `${option.help}: ${option.valid}` });
  if (option.min !== null) input.min = option.min_excluded ? step : option.min;
  if (option.max !== null) input.max = option.max;
  return input;
}

function readParams() {
  const params = {};
  for (const input of document.querySelectorAll("[data-param]")) {
    const kind = input.dataset.kind;
    params[input.dataset.param] = kind === "boolean" ? input.checked : kind === "number" ? Number(input.value) : input.value;
  }
  return params;
}

async function startGame(event) {
  event.preventDefault();
  showError("");
  if (!currentGame()) { showError("choose a game"); return; }
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const budget = {};
    const it = row.querySelector(".iterations").value, tl = row.querySelector(".time").value;
    if (it) budget.iterations = Number(it);
    if (tl) budget.time_limit = Number(tl);
    return { spec: row.querySelector(".spec").value, budget: Object.keys(budget).length ? budget : null };
  });
  const body = { game: $("game").value, params: readParams(), seats, delay: Number($("delay").value || 0) };
  if ($("seed").value) body.seed = Number($("seed").value);
  const data = await postJSON("/api/sessions", body);
  if (!data) return;
  const seat = data.humans.length ? data.humans[0] : null;
  goTo(data.id, seat);
}

async function postJSON(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
                                      body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { showError(data.error); return null; }
  return data;
}

function goTo(id, seat) {
  const url = `/?session=${encodeURIComponent(id)}` + (seat === null ? "" : `&seat=${seat}`);
  history.pushState({}, "", url);
  openSession(id, seat);
}

// --- a game -------------------------------------------------------------------------------
function openSession(id, seat) {
  $("setup").hidden = true;
  $("play").hidden = false;
  if (socket) socket.close();
  view = null;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = seat === null || seat === undefined ? "" : `?seat=${seat}`;
  socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(id)}${query}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  const mine = socket;
  // The server says why when it drops a page (close code 4008): shown, and the clock stops.
  socket.onclose = (event) => {
    if (socket !== mine) return;
    showBusy(null);
    if (event.reason) showError(event.reason);
    if (!view || !view.finished) $("status").textContent += " (disconnected)";
  };
}

function send(message) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); }

function receive(message) {
  if (message.type === "error") {
    showError(message.message);
    if (message.fatal) { $("play").hidden = true; showBusy(null); }
    return;
  }
  if (message.type === "thinking") { showThinking(message); return; }
  if (message.type === "busy") { showBusy(message); return; }
  if (message.type === "view") showView(message);
}

function showView(v) {
  view = v;
  showError(v.error || "");
  const s = v.session;
  $("title").textContent = `${s.game}` + (v.replay ? ` — replay of game ${s.record}` : "") +
    (v.seat !== null && v.seat !== undefined ? ` — you are seat ${v.seat}` : v.replay ? "" : " — watching");
  $("status").textContent = v.status;
  showBoard(v.svg);
  $("hint").textContent = v.hint || "";
  $("legend").textContent = v.legend;
  $("choice").hidden = true;
  $("tapinfo").hidden = true;
  showActions(v);
  showLog(v.log);
  showBusy(v.busy);
  if (v.thinking) showThinking(v.thinking); else if (!v.replay && v.to_move !== null && s.humans.includes(v.to_move)) $("thinking").hidden = true;
  showControls(v);
  showSeatLinks(v);
}

// The board fills the column (up to 1.6 times its drawn size), but never gets smaller than what
// keeps its smallest text at MIN_TEXT_PX: on a narrow screen it scrolls sideways in its own box.
function showBoard(svgText) {
  const board = $("board");
  board.innerHTML = svgText;
  const svg = board.querySelector("svg");
  if (!svg) return;
  const width = svg.viewBox.baseVal.width;
  const smallest = Number(svg.dataset.minFont || MIN_TEXT_PX);
  svg.style.width = "100%";
  svg.style.maxWidth = `${Math.round(width * 1.6)}px`;
  svg.style.minWidth = `${Math.ceil((width * MIN_TEXT_PX) / smallest)}px`;
}

// Every legal move is also a button; a long list is folded when the board itself is clickable
// (the player's own choice to open or fold it is kept).
function showActions(v) {
  const actions = $("actions");
  actions.innerHTML = "";
  const box = $("moves-box");
  box.hidden = !v.legal.length;
  $("moves-summary").textContent = v.legal.length === 1 ? "the move as a button" : `all ${v.legal.length} moves as buttons`;
  const clickable = $("board").querySelector("[data-actions]") !== null;
  box.open = movesOpen !== null ? movesOpen : v.legal.length <= 6 || !clickable;
  for (const move of v.legal) {
    const b = el("button", { "data-action": move.action }, move.label);
    if (move.action === v.automatic) b.classList.add("automatic");
    b.onclick = () => choose([move.action]);
    actions.appendChild(b);
  }
  const mine = v.autoplay !== null && v.autoplay !== undefined && !v.finished;
  $("autoplay-box").hidden = !mine;
  if (mine) $("autoplay").checked = v.autoplay;
}

$("autoplay").addEventListener("change", () => send({ type: "autoplay", on: $("autoplay").checked }));
$("moves-summary").addEventListener("click", () => { movesOpen = !$("moves-box").open; });

function showLog(lines) {
  const log = $("log");
  log.innerHTML = "";
  for (const line of lines) log.appendChild(el("li", {}, line));
  log.scrollTop = log.scrollHeight;
  const recent = $("recent");
  recent.innerHTML = "";
  for (const line of lines.slice(-3)) recent.appendChild(el("li", {}, line));
}

function play(action, then) {
  $("choice").hidden = true;
  const message = { type: "move", action };
  if (then !== undefined) message.then = then;
  send(message);
}

// The moves a click may mean: one is played at once; several are asked, each with its
// follow-ups as single choices ("use 1 orange → P1"), so that the answer takes one click.
function choose(actions, labels = []) {
  const options = [];
  actions.forEach((a, i) => {
    const move = view.legal.find((m) => m.action === a);
    const label = move ? move.label : labels[i] || String(a);
    if (actions.length > 1 && move && move.then && move.then.length) {
      for (const t of move.then) options.push({ label: joined(label, t.label), action: a, then: t.action });
    } else {
      options.push({ label, action: a });
    }
  });
  if (options.length === 1) { play(options[0].action, options[0].then); return; }
  const box = $("choice-buttons");
  box.innerHTML = "";
  for (const o of options) { const b = el("button", {}, o.label); b.onclick = () => play(o.action, o.then); box.appendChild(b); }
  $("choice").hidden = false;
}

// "use 1 blue (m0)" and "use 1 blue -> P1" read "use 1 blue (m0) -> P1": the follow-up's words
// that repeat the first move's are left out.
function joined(first, then) {
  const a = first.split(" "), b = then.split(" ");
  let k = 0;
  while (k < a.length && k < b.length - 1 && a[k] === b[k]) k++;
  return k ? `${first} ${b.slice(k).join(" ")}` : `${first} → ${then}`;
}

// A tap on the board: plays (or asks) on your move, and shows what the piece is in words (the
// drawing's tooltips, which a touch screen cannot hover).
$("board").addEventListener("click", (event) => {
  const board = $("board");
  for (let e = event.target; e && e !== board; e = e.parentElement) {
    const title = [...e.children].find((c) => c.tagName.toLowerCase() === "title");
    if (title) { $("tapinfo").textContent = title.textContent; $("tapinfo").hidden = false; break; }
  }
  const target = event.target.closest("[data-actions]");
  if (!target || !view || !view.your_turn) return;
  choose(target.dataset.actions.split(",").map(Number), target.dataset.labels.split(" | "));
});

// An AI seat is searching: every page shows it, with a clock (the statistics are shown only to
// the pages that may see them).
function showBusy(busy) {
  if (busyTimer) { clearInterval(busyTimer); busyTimer = null; }
  $("busy").hidden = !busy;
  if (!busy) return;
  const start = performance.now() - 1000 * busy.elapsed;
  const tick = () => {
    $("busy-text").textContent = `P${busy.seat} (${busy.name}) is thinking… ${((performance.now() - start) / 1000).toFixed(1)} s`;
  };
  tick();
  busyTimer = setInterval(tick, 100);
}

function showThinking(t) {
  $("thinking").hidden = false;
  $("thinking-seat").textContent = `(P${t.seat}${t.done ? ", done" : ", searching…"})`;
  $("thinking-summary").textContent = t.summary + (t.problem ? ` (${t.problem})` : "");
  $("value-head").textContent = `value for P${t.seat}`;
  const body = $("thinking-table").querySelector("tbody");
  body.innerHTML = "";
  for (const r of t.rows) {
    const tr = el("tr");
    tr.appendChild(el("td", {}, r.label));
    tr.appendChild(el("td", {}, r.visits.toLocaleString()));
    const share = el("td");
    const bar = el("span", { class: "bar" });
    bar.style.width = `${Math.round(r.share * 110)}px`;
    share.appendChild(bar);
    share.appendChild(document.createTextNode(` ${(100 * r.share).toFixed(1)}%`));
    tr.appendChild(share);
    tr.appendChild(el("td", {}, (r.value >= 0 ? "+" : "") + r.value.toFixed(3)));
    body.appendChild(tr);
  }
  $("pv").textContent = t.pv && t.pv.length ? "principal variation: " + t.pv.join(" → ") : "";
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

function showControls(v) {
  const box = $("controls");
  box.innerHTML = "";
  if (v.replay) {
    const go = (move) => send({ type: "goto", move: Math.max(0, Math.min(v.moves, move)) });
    for (const [icon, label, name, move] of [["first", "start", "first", 0], ["back", "back", "back", v.move - 1],
                                            ["forward", "forward", "forward", v.move + 1], ["last", "end", "last", v.moves]]) {
      const b = iconButton(icon, label, { "data-step": name });
      b.onclick = () => go(move);
      box.appendChild(b);
    }
    const auto = iconButton(replayTimer ? "pause" : "play", replayTimer ? "stop" : "play", { "data-step": "autoplay" });
    auto.onclick = () => {
      if (replayTimer) { clearInterval(replayTimer); replayTimer = null; showControls(view); return; }
      replayTimer = setInterval(() => {
        if (view.move >= view.moves) { clearInterval(replayTimer); replayTimer = null; showControls(view); return; }
        send({ type: "goto", move: view.move + 1 });
      }, 700);
      showControls(view);
    };
    box.appendChild(auto);
    return;
  }
  if (v.session.humans.length === 0 && !v.finished) {
    const label = el("label", {}, "delay between moves (s) ");
    const slider = el("input", { type: "range", min: 0, max: 3, step: 0.1, id: "speed" });
    slider.value = v.delay;
    const shown = el("span", {}, ` ${v.delay.toFixed(1)}`);
    slider.oninput = () => { shown.textContent = ` ${Number(slider.value).toFixed(1)}`; };
    slider.onchange = () => send({ type: "speed", delay: Number(slider.value) });
    label.appendChild(slider);
    label.appendChild(shown);
    box.appendChild(label);
    const pause = el("button", { id: "pause" }, v.paused ? "resume" : "pause");
    pause.onclick = () => send({ type: "pause", paused: !v.paused });
    box.appendChild(pause);
  }
  if (v.finished) {
    if (v.recorded) {
      const id = v.session.id;
      const replay = iconButton("play", "replay this game", { id: "replay-game" });
      replay.onclick = async () => {
        const data = await postJSON(`/api/sessions/${encodeURIComponent(id)}/replay`, {});
        if (data) goTo(data.id, null);
      };
      box.appendChild(replay);
      box.appendChild(el("a", { href: `/api/sessions/${encodeURIComponent(id)}/record`, download: "", id: "download" },
                         "download (results file)"));
    }
    box.appendChild(el("a", { href: "/" }, "new game"));
    if (v.record_note) box.appendChild(el("span", { class: v.record_failed ? "note failed" : "note", id: "record-note" }, v.record_note));
  }
}

function showSeatLinks(v) {
  const box = $("seat-links");
  box.innerHTML = "";
  const others = v.session.humans.filter((h) => h !== v.seat);
  if (!others.length) return;
  box.appendChild(el("p", {}, "Other human seats (open in another tab or on another screen):"));
  for (const h of others) {
    box.appendChild(el("a", { href: `/?session=${v.session.id}&seat=${h}`, target: "_blank" }, `seat ${h}`));
    box.appendChild(document.createTextNode(" "));
  }
}

const query = new URLSearchParams(location.search);
$("setup-form").addEventListener("submit", startGame);
window.addEventListener("popstate", () => location.reload());
if (query.get("session")) openSession(query.get("session"), query.has("seat") ? Number(query.get("seat")) : null);
else showSetup();
