// Around the board: the move log, the AI's thinking in words, the clock of a searching AI, the
// end of the game (why, the score, a rematch), resign and takeback, and a replay's controls
// (buttons, a scrubber, arrow keys, a click on a line of the log).
"use strict";
let busyTimer = null, replayTimer = null;
const THINKING_HIDDEN = "ts-thinking-hidden";

// A replay's log holds the whole game: the line of the position shown is marked, the lines ahead
// are lighter, and a click on any line goes to the position after it.
function showLog(v) {
  const log = $("log");
  const hadFocus = log.contains(document.activeElement) && document.activeElement !== log;
  log.innerHTML = "";
  const ends = v.log_moves || []; // the move after each line
  const played = v.replay ? ends.filter((m) => m <= v.move).length : v.log.length; // lines up to the position
  v.log.forEach((line, i) => {
    const li = el("li");
    if (v.replay) {
      const jump = el("button", { class: "jump", "data-move": ends[i], title: "go to the position after this line" }, line);
      jump.onclick = () => replayGo(ends[i]);
      if (i === played - 1) { li.classList.add("here"); jump.setAttribute("aria-current", "step"); }
      if (i >= played) li.classList.add("ahead");
      li.appendChild(jump);
    } else {
      li.appendChild(document.createTextNode(line));
    }
    log.appendChild(li);
  });
  const here = log.querySelector("li.here") || (v.replay ? log.firstElementChild : log.lastElementChild);
  if (here) log.scrollTop = here.offsetTop - log.clientHeight / 2;
  if (hadFocus && here && here.firstElementChild) here.firstElementChild.focus({ preventScroll: true });
  const recent = $("recent");
  recent.innerHTML = "";
  for (const line of v.log.slice(0, played).slice(-3)) recent.appendChild(el("li", { title: line }, line));
  const labels = v.session.labels || v.session.seats;
  // Seats numbered from 1, as people count them; the legends name them so ("red moves first (seat 1)").
  $("players").textContent = labels.map((name, p) => `Seat ${p + 1}: ${p === v.seat ? "You" : name}`).join(" · ");
}

// An AI seat is searching: every page shows it, with a clock (the statistics are shown only to
// the pages that may see them). On your move the same bar is your clock: this move's time and
// your total in this game, as this page counted them. The bar keeps its place when idle, so
// nothing below it moves.
let yourClock = { total: 0, since: null };

function countYourTime(v) {
  const yours = Boolean(v && v.your_turn && !v.finished && !v.replay);
  const now = performance.now();
  if (yours && yourClock.since === null) yourClock.since = now;
  if (!yours && yourClock.since !== null) {
    yourClock.total += now - yourClock.since;
    yourClock.since = null;
  }
}

function minutes(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function showBusy(busy) {
  if (busyTimer) { clearInterval(busyTimer); busyTimer = null; }
  const mine = !busy && yourClock.since !== null;
  $("busy").classList.toggle("idle", !busy && !mine);
  $("busy").classList.toggle("yours", mine);
  if (mine) {
    const tick = () => {
      const move = performance.now() - yourClock.since;
      $("busy-text").textContent = `Your move: ${minutes(move)} · ${minutes(yourClock.total + move)} in all`;
    };
    tick();
    busyTimer = setInterval(tick, 1000);
    return;
  }
  if (!busy) { $("busy-text").textContent = ""; return; }
  const start = performance.now() - 1000 * busy.elapsed;
  const tick = () => {
    const who = view ? seatName(view, busy.seat) : busy.name;
    $("busy-text").textContent = `${who} is thinking… ${((performance.now() - start) / 1000).toFixed(1)} s`;
  };
  tick();
  busyTimer = setInterval(tick, 100);
}

function thinkingHidden() { return localStorage.getItem(THINKING_HIDDEN) === "1"; }

$("thinking-toggle").addEventListener("click", () => {
  localStorage.setItem(THINKING_HIDDEN, thinkingHidden() ? "0" : "1");
  applyThinkingToggle();
});

function applyThinkingToggle() {
  const hidden = thinkingHidden();
  $("thinking-body").hidden = hidden;
  $("thinking-toggle").textContent = hidden ? "show" : "hide";
  $("thinking-toggle").setAttribute("aria-expanded", String(!hidden));
}

// The search in words: the chance to win of each move it looked at (a bar), how sure it is, and
// what it expects next; the raw numbers fold under "numbers".
function showThinking(t) {
  $("thinking").hidden = false;
  applyThinkingToggle();
  const who = view ? seatName(view, t.seat) : `seat ${t.seat + 1}`;
  const chosen = t.rows.length ? t.rows[0].label : "";
  $("thinking-head").textContent = t.done ? `${who} chose ${chosen}` : `${who} is looking ahead…`;
  $("thinking-sure").textContent = t.confidence && t.confidence.text ? `How sure: ${t.confidence.text}.` : "";
  const body = $("thinking-table").querySelector("tbody");
  body.innerHTML = "";
  const wins = t.rows.length && t.rows[0].win !== null;
  $("chance-head").textContent = wins ? "chance to win" : `expected result for ${who}`;
  for (const r of t.rows) {
    const tr = el("tr");
    tr.appendChild(el("td", {}, r.label));
    const cell = el("td");
    const bar = el("span", { class: "bar", "aria-hidden": "true" });
    bar.style.width = `${Math.round((wins ? r.win : r.share) * 90)}px`;
    cell.appendChild(bar);
    const chance = r.margin === null ? r.text : `${Math.round(100 * r.win)}% ± ${Math.max(1, Math.round(100 * r.margin))}%`;
    cell.appendChild(document.createTextNode(` ${wins ? chance : (r.value >= 0 ? "+" : "") + r.value.toFixed(2)}`));
    tr.appendChild(cell);
    tr.appendChild(el("td", {}, `${Math.round(100 * r.share)}%`));
    body.appendChild(tr);
  }
  $("expects").textContent = t.expects && t.expects.length ? `It expects: ${t.expects.join(" → ")}` : "";
  $("thinking-summary").textContent = t.summary + (t.problem ? ` (${t.problem})` : "") +
    (t.pv && t.pv.length ? `; principal variation: ${t.pv.join(" → ")}` : "");
}

// The end: who won and why, the score, and what next (a rematch keeps the setup). The status says
// the first two in full at the end, so the box shows only the buttons (#ending-text is not shown).
function showEnding(v) {
  const box = $("ending");
  box.hidden = !v.finished || v.replay;
  if (box.hidden) return;
  $("ending-text").textContent = v.status;
  box.className = v.ending && v.ending.result ? `ending-${v.ending.result}` : "";
  const buttons = $("ending-buttons");
  buttons.innerHTML = "";
  if (v.recorded && v.session.kind === "play") {
    const again = el("button", { id: "rematch" }, "Rematch");
    again.onclick = () => rematch(v, false);
    buttons.appendChild(again);
    if (v.session.seats.length > 1) {
      const swapped = el("button", { id: "rematch-swap" }, v.session.seats.length === 2 ? "Rematch, seats swapped" : "Rematch, seats moved round");
      swapped.onclick = () => rematch(v, true);
      buttons.appendChild(swapped);
    }
  }
  if (v.session.kind === "play" && v.can_review) buttons.appendChild(reviewButton()); // review.js
}

async function rematch(v, swap) {
  const data = await postJSON(`/api/sessions/${encodeURIComponent(v.session.id)}/rematch`, { swap });
  if (data) goTo(data.id, data.humans.length ? data.humans[0] : null);
}

function showGameActions(v) {
  $("resign").hidden = !v.can_resign;
  $("takeback").hidden = !v.can_take_back;
  $("game-actions").hidden = !v.can_resign && !v.can_take_back;
}

$("resign").addEventListener("click", () => { if (confirm("Resign this game?")) send({ type: "resign" }); });
$("takeback").addEventListener("click", () => send({ type: "takeback" }));

// The move a replay was last sent to, until its view comes: quick presses step on from there, not
// from the position still shown (4 quick presses stood at move 1-3 in 25 of 28 replays).
let replayAsked = null;
function replayHere() { return replayAsked === null ? view.move : replayAsked; }
function replayGo(move) {
  replayAsked = Math.max(0, Math.min(view.moves, move));
  send({ type: "goto", move: replayAsked });
}

function showControls(v) {
  const box = $("controls");
  // The control in use keeps the focus when the controls are redrawn (a replay stepped by keyboard).
  const active = box.contains(document.activeElement) ? document.activeElement : null;
  const key = active && (active.id ? `#${active.id}` : active.dataset.step ? `[data-step="${active.dataset.step}"]` : null);
  box.innerHTML = "";
  if (v.move === replayAsked) replayAsked = null;
  if (v.replay) replayControls(v, box);
  else gameControls(v, box);
  const again = key && box.querySelector(key);
  if (again) again.focus({ preventScroll: true });
}

function gameControls(v, box) {
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

// A replay: drawn buttons, a scrubber, and the arrow keys (left, right, Home, End).
function replayControls(v, box) {
  for (const [icon, label, name, move] of [["first", "start", "first", () => 0], ["back", "back", "back", () => replayHere() - 1],
                                           ["forward", "forward", "forward", () => replayHere() + 1],
                                           ["last", "end", "last", () => v.moves]]) {
    const b = iconButton(icon, label, { "data-step": name });
    b.onclick = () => replayGo(move());
    box.appendChild(b);
  }
  const auto = iconButton(replayTimer ? "pause" : "play", replayTimer ? "stop" : "play", { "data-step": "autoplay" });
  auto.onclick = () => {
    if (replayTimer) { clearInterval(replayTimer); replayTimer = null; showControls(view); return; }
    replayTimer = setInterval(() => {
      if (replayHere() >= view.moves) { clearInterval(replayTimer); replayTimer = null; showControls(view); return; }
      replayGo(replayHere() + 1);
    }, 700);
    showControls(view);
  };
  box.appendChild(auto);
  const scrub = el("input", { type: "range", id: "scrubber", min: 0, max: v.moves, step: 1, "aria-label": "move of the replay" });
  scrub.value = v.move;
  scrub.oninput = () => replayGo(Number(scrub.value));
  box.appendChild(scrub);
}

document.addEventListener("keydown", (event) => {
  if (!view || !view.replay || event.altKey || event.ctrlKey || event.metaKey) return;
  const tag = (event.target.tagName || "").toLowerCase();
  if (["input", "select", "textarea"].includes(tag) && event.target.id !== "scrubber") return;
  const here = replayHere();
  const step = { ArrowLeft: here - 1, ArrowRight: here + 1, Home: 0, End: view.moves }[event.key];
  if (step === undefined || event.target.id === "scrubber") return;
  event.preventDefault();
  replayGo(step);
});

function showSeatLinks(v) {
  const box = $("seat-links");
  box.innerHTML = "";
  const others = v.session.humans.filter((h) => h !== v.seat);
  if (!others.length) return;
  box.appendChild(el("p", {}, "Other human seats (open in another tab or on another screen):"));
  for (const h of others) {
    box.appendChild(el("a", { href: `/?session=${v.session.id}&seat=${h}`, target: "_blank" }, `seat ${h + 1}`));
    box.appendChild(document.createTextNode(" "));
  }
}
