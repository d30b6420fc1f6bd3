// The tablesearch page: a setup form (setup.js), then one game over a websocket. The server sends
// views already drawn for this page's seat; the page only shows them (board.js, panels.js) and
// sends clicks back.
"use strict";

// The game shows once its first view is there, all at once: nothing drawn before it moves.
function openSession(id, seat) {
  $("setup").hidden = true;
  $("play").hidden = true;
  if (socket) socket.close();
  view = null;
  replayAsked = null;
  yourClock = { total: 0, since: null }; // a new game, a new clock
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = seat === null || seat === undefined ? "" : `?seat=${seat}`;
  socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(id)}${query}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  const mine = socket;
  // The server says why when it drops a page (close code 4008): shown, and the clock stops.
  socket.onclose = (event) => {
    if (socket !== mine) return;
    countYourTime(null);
    showBusy(null);
    if (event.reason) showError(event.reason);
    if (!view || !view.finished) $("status").textContent += " (disconnected)";
  };
}

function receive(message) {
  if (message.type === "error") {
    showError(message.message);
    if (message.fatal) { $("play").hidden = true; countYourTime(null); showBusy(null); }
    return;
  }
  if (message.type === "thinking") { showThinking(message); return; }
  if (message.type === "busy") { showBusy(message); return; }
  if (message.type === "review") { showReview(message); return; }
  if (message.type === "view") showView(message);
}

function showView(v) {
  view = v;
  document.body.classList.add("playing");
  $("play").hidden = false;
  // At the end the status says who won and why in full, and the clock goes (style.css).
  $("play").classList.toggle("finished", Boolean(v.finished && !v.replay));
  showError(v.error || "");
  const s = v.session;
  $("title").textContent = `${s.title}` + (v.replay ? ` — replay of game ${s.record}` : "") +
    (v.seat !== null && v.seat !== undefined ? ` — you are seat ${v.seat + 1}` : v.replay ? "" : " — watching");
  // The tab says when it is your move, for a player who looks elsewhere meanwhile.
  document.title = (v.your_turn ? "(your move) " : v.finished && !v.replay ? "(game over) " : "") + `${s.title} — tablesearch`;
  $("status").textContent = v.status;
  showBoard(v.svg);
  $("hint").textContent = v.hint || "";
  $("legend").textContent = v.legend;
  $("choice").hidden = true;
  $("tapinfo").hidden = true;
  showActions(v);
  showLog(v);
  countYourTime(v);
  showBusy(v.busy);
  if (v.thinking) showThinking(v.thinking);
  else if (v.replay) $("thinking").hidden = true;
  showGameActions(v);
  showEnding(v);
  showControls(v);
  showSeatLinks(v);
  drawReview(); // the review of a finished game, its marks on the log (review.js)
}

const query = new URLSearchParams(location.search);
window.addEventListener("popstate", () => location.reload());
applyThinkingToggle();
if (query.get("session")) openSession(query.get("session"), query.has("seat") ? Number(query.get("seat")) : null);
else showSetup();
