// The tablesearch page: a setup form, then one game over a websocket. The server sends views
// already drawn for this page's seat; the page only shows them and sends clicks back.
"use strict";
const $ = (id) => document.getElementById(id);
let socket = null, view = null, games = [], searchOptions = {}, replayTimer = null;

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
  for (const g of games) select.appendChild(el("option", { value: g.name }, g.name));
  if (data.default) select.value = data.default;
  select.onchange = renderParams;
  renderParams();
}

function currentGame() { return games.find((g) => g.name === $("game").value); }

function renderParams() {
  const game = currentGame();
  const box = $("params");
  box.innerHTML = "";
  for (const p of game.params) {
    const label = el("label", { title: p.help || "" }, p.name + " ");
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
    box.appendChild(label);
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
    row.appendChild(el("span", {}, `seat ${i} `));
    const spec = el("input", { class: "spec", list: "specs", "data-seat": i });
    spec.value = old[i] || (i === 0 ? "human" : "mcts:iterations=2000");
    row.appendChild(spec);
    row.appendChild(el("span", {}, " iterations "));
    row.appendChild(budgetInput("iterations", "budget iterations", 1));
    row.appendChild(el("span", {}, " seconds "));
    row.appendChild(budgetInput("time_limit", "budget time", 0.1));
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
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => {
    const budget = {};
    const it = row.querySelector(".iterations").value, tl = row.querySelector(".time").value;
    if (it) budget.iterations = Number(it);
    if (tl) budget.time_limit = Number(tl);
    return { spec: row.querySelector(".spec").value, budget: Object.keys(budget).length ? budget : null };
  });
  const body = { game: $("game").value, params: readParams(), seats, delay: Number($("delay").value || 0) };
  if ($("seed").value) body.seed = Number($("seed").value);
  const response = await fetch("/api/sessions", { method: "POST", headers: { "content-type": "application/json" },
                                                    body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { showError(data.error); return; }
  const seat = data.humans.length ? data.humans[0] : null;
  const url = `/?session=${data.id}` + (seat === null ? "" : `&seat=${seat}`);
  history.pushState({}, "", url);
  openSession(data.id, seat);
}

// --- a game -------------------------------------------------------------------------------
function openSession(id, seat) {
  $("setup").hidden = true;
  $("play").hidden = false;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const query = seat === null || seat === undefined ? "" : `?seat=${seat}`;
  socket = new WebSocket(`${proto}://${location.host}/ws/${id}${query}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => { if (!view || !view.finished) $("status").textContent += " (disconnected)"; };
}

function send(message) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message)); }

function receive(message) {
  if (message.type === "error") {
    showError(message.message);
    if (message.fatal) $("play").hidden = true;
    return;
  }
  if (message.type === "thinking") { showThinking(message); return; }
  if (message.type === "view") showView(message);
}

function showView(v) {
  view = v;
  showError(v.error || "");
  const s = v.session;
  $("title").textContent = `${s.game}` + (v.replay ? ` — replay of game ${s.record}` : "") +
    (v.seat !== null && v.seat !== undefined ? ` — you are seat ${v.seat}` : " — watching");
  $("status").textContent = v.status;
  $("board").innerHTML = v.svg;
  $("legend").textContent = v.legend;
  $("choice").hidden = true;
  const actions = $("actions");
  actions.innerHTML = "";
  for (const move of v.legal) {
    const b = el("button", { "data-action": move.action }, move.label);
    b.onclick = () => play(move.action);
    actions.appendChild(b);
  }
  const log = $("log");
  log.innerHTML = "";
  for (const line of v.log) log.appendChild(el("li", {}, line));
  log.scrollTop = log.scrollHeight;
  if (v.thinking) showThinking(v.thinking); else if (!v.replay && v.to_move !== null && s.humans.includes(v.to_move)) $("thinking").hidden = true;
  showControls(v);
  showSeatLinks(v);
}

function play(action) { $("choice").hidden = true; send({ type: "move", action }); }

$("board").addEventListener("click", (event) => {
  const target = event.target.closest("[data-actions]");
  if (!target || !view || !view.your_turn) return;
  const actions = target.dataset.actions.split(",").map(Number);
  if (actions.length === 1) { play(actions[0]); return; }
  const labels = target.dataset.labels.split(" | ");
  const box = $("choice-buttons");
  box.innerHTML = "";
  actions.forEach((a, i) => { const b = el("button", {}, labels[i] || String(a)); b.onclick = () => play(a); box.appendChild(b); });
  $("choice").hidden = false;
});

function showThinking(t) {
  $("thinking").hidden = false;
  $("thinking-seat").textContent = `(P${t.seat}${t.done ? ", done" : ", searching…"})`;
  const rate = t.elapsed > 0 ? Math.round(t.iterations / t.elapsed).toLocaleString() : "-";
  $("thinking-summary").textContent = `${t.algorithm || "agent"}: ${t.iterations.toLocaleString()} iterations in ` +
    `${t.elapsed.toFixed(2)} s (${rate}/s)` + (t.nodes ? `, ${t.nodes.toLocaleString()} nodes` : "");
  const body = $("thinking-table").querySelector("tbody");
  body.innerHTML = "";
  for (const r of t.rows) {
    const tr = el("tr");
    tr.appendChild(el("td", {}, r.label));
    tr.appendChild(el("td", {}, r.visits.toLocaleString()));
    const share = el("td");
    const bar = el("span", { class: "bar", style: `width:${Math.round(r.share * 110)}px` });
    share.appendChild(bar);
    share.appendChild(document.createTextNode(` ${(100 * r.share).toFixed(1)}%`));
    tr.appendChild(share);
    tr.appendChild(el("td", {}, (r.value >= 0 ? "+" : "") + r.value.toFixed(3)));
    body.appendChild(tr);
  }
  $("pv").textContent = t.pv && t.pv.length ? "principal variation: " + t.pv.join(" → ") : "";
}

function showControls(v) {
  const box = $("controls");
  box.innerHTML = "";
  if (v.replay) {
    const go = (ply) => send({ type: "goto", ply: Math.max(0, Math.min(v.plies, ply)) });
    for (const [label, name, ply] of [["⏮ start", "first", 0], ["◀ back", "back", v.ply - 1],
                                      ["forward ▶", "forward", v.ply + 1], ["end ⏭", "last", v.plies]]) {
      const b = el("button", { "data-step": name }, label);
      b.onclick = () => go(ply);
      box.appendChild(b);
    }
    const auto = el("button", { "data-step": "autoplay" }, replayTimer ? "⏸ stop" : "▶ play");
    auto.onclick = () => {
      if (replayTimer) { clearInterval(replayTimer); replayTimer = null; showControls(view); return; }
      replayTimer = setInterval(() => {
        if (view.ply >= view.plies) { clearInterval(replayTimer); replayTimer = null; showControls(view); return; }
        send({ type: "goto", ply: view.ply + 1 });
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
    const again = el("a", { href: "/" }, "new game");
    box.appendChild(again);
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
if (query.get("session")) openSession(query.get("session"), query.has("seat") ? Number(query.get("seat")) : null);
else showSetup();
