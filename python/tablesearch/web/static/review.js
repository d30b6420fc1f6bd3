// The review of a finished game (web/review.py). "Review the game", beside Rematch, asks the server
// for it; the panel under the ending shows its progress (positions done of the total, with Cancel),
// a chart of the AI's value of each position reviewed (the chance to win, or the expected result),
// and each move that lost value with the AI's best move there, marked as lichess marks them: ?! an
// inaccuracy, ? a mistake, ?? a blunder. The move log's lines carry the same marks.
"use strict";
let reviewed = null; // {session, message}: the latest review of the page's game
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const WORST = ["blunder", "mistake", "inaccuracy"];
const PLURAL = { blunder: "blunders", mistake: "mistakes", inaccuracy: "inaccuracies" };

function reviewOfThisGame() {
  return reviewed && view && reviewed.session === view.session.id ? reviewed.message : null;
}

// The button, made with the ending's buttons (panels.js); drawReview keeps its words up to date.
function reviewButton() {
  const b = el("button", { id: "review-start", type: "button" }, "Review the game");
  b.onclick = () => send({ type: "review" });
  updateReviewButton(b);
  return b;
}

function updateReviewButton(b = $("review-start")) {
  if (!b) return;
  const r = reviewOfThisGame();
  b.disabled = Boolean(r && r.status === "running");
  b.textContent = r && (r.status === "cancelled" || r.status === "failed") && r.done < r.total ? "Resume the review" : "Review the game";
}

function showReview(message) {
  if (!view) return;
  reviewed = { session: view.session.id, message };
  drawReview();
}

// The panel is made once per page; each message updates its parts, so that Cancel keeps the focus.
function reviewPanel() {
  const box = $("review");
  if (box.childElementCount) return box;
  box.appendChild(el("h2", {}, "Review"));
  const line = el("div", { class: "review-line" });
  line.appendChild(el("span", { id: "review-status", role: "status" }));
  line.appendChild(el("progress", { id: "review-progress", "aria-label": "positions reviewed" }));
  const cancel = el("button", { id: "review-cancel", type: "button" }, "Cancel");
  cancel.onclick = () => send({ type: "review", cancel: true });
  line.appendChild(cancel);
  box.appendChild(line);
  box.appendChild(el("div", { id: "review-chart" }));
  box.appendChild(el("p", { id: "review-counts" }));
  box.appendChild(el("ol", { id: "review-moves", "aria-label": "moves that lost value" }));
  const about = el("details", { id: "review-about" });
  about.appendChild(el("summary", {}, "How are moves judged?"));
  about.appendChild(el("p", { class: "hint" },
    "The AI (the Hard level's search) looked at each position from what its player knew then. A move's loss is " +
    "what the AI's best move there was worth less what the move played was worth: a loss of 5, 10 or 15 points " +
    "of the chance to win (or of the result's range) is an inaccuracy (?!), a mistake (?) or a blunder (??). A " +
    "move the AI looked at fewer than 20 times is not judged."));
  box.appendChild(about);
  return box;
}

function drawReview() {
  // A phone keeps room under the board for the ending's second row of buttons (review.css).
  const offered = Boolean(view && view.finished && view.can_review);
  if ($("play").classList.contains("reviewable") !== offered) {
    $("play").classList.toggle("reviewable", offered);
    fitBoard();
  }
  const r = reviewOfThisGame();
  const appears = Boolean(r) && $("review").hidden;
  $("review").hidden = !r;
  updateReviewButton();
  markLog(r);
  if (!r) return;
  reviewPanel();
  const running = r.status === "running";
  $("review-status").textContent = reviewStatus(r);
  const bar = $("review-progress");
  bar.hidden = !running;
  bar.max = Math.max(1, r.total);
  bar.value = r.done;
  $("review-cancel").hidden = !running;
  drawChart(r);
  if (appears) $("review").scrollIntoView({ block: "nearest" }); // on a phone it opens below the ending
  $("review-counts").textContent = r.counts.map((c) => `${c.name}: ` +
    WORST.map((j) => `${c[j]} ${c[j] === 1 ? j : PLURAL[j]}`).join(", ")).join(" · ");
  const list = $("review-moves");
  list.innerHTML = "";
  for (const m of r.moves.filter((m) => m.judgement)) {
    const li = el("li");
    li.appendChild(el("span", { class: `review-mark j-${m.judgement}`, "aria-hidden": "true" }, MARKS[m.judgement]));
    li.appendChild(document.createTextNode(` ${moveWords(m)}`));
    list.appendChild(li);
  }
}

function reviewStatus(r) {
  if (r.status === "failed") return r.error || "the review failed";
  if (r.status === "running") return `Reviewing… ${r.done} of ${r.total} positions`;
  if (r.status === "cancelled") return `Review cancelled after ${r.done} of ${r.total} positions.`;
  if (!r.total) return "Nothing to review: no move reviewed here left a choice.";
  const left = r.skipped ? ` (the ${r.skipped} after them were left out)` : "";
  const marked = r.moves.filter((m) => m.judgement).length;
  return `Reviewed ${r.total} positions${left}: ` + (marked ? `${marked} marked.` : "no move lost much.");
}

// "Line 5: You played x(1,0): blunder, −35% chance to win; best: x(0,1)".
function moveWords(m) {
  const line = logLineOf(m.move);
  const where = line === null ? "" : `Line ${line + 1}: `;
  return `${where}${m.name} played ${m.played}: ${m.judgement}, ${m.lost}` + (m.best ? `; best: ${m.best}` : "");
}

// The log line holding move `move` (counted from 0, chance outcomes too): the first line that ends after it.
function logLineOf(move) {
  const ends = (view && view.log_moves) || [];
  const i = ends.findIndex((end) => end >= move + 1);
  return i < 0 ? null : i;
}

// Each log line gets the mark of its worst move (a turn of several moves is one line).
function markLog(r) {
  const lines = $("log").children;
  for (const old of $("log").querySelectorAll(".review-mark")) old.remove();
  if (!r) return;
  const worst = new Map();
  for (const m of r.moves) {
    const i = logLineOf(m.move);
    if (i === null || !m.judgement || !lines[i]) continue;
    const before = worst.get(i);
    if (!before || WORST.indexOf(m.judgement) < WORST.indexOf(before.judgement)) worst.set(i, m);
  }
  for (const [i, m] of worst) {
    const words = moveWords(m);
    lines[i].appendChild(el("span", { class: `review-mark j-${m.judgement}`, title: words, "aria-label": words }, MARKS[m.judgement]));
  }
}

// The value at each position reviewed, then the result, for the seat the review speaks for; the
// marked moves are dots of their mark's colour.
function drawChart(r) {
  const box = $("review-chart");
  box.innerHTML = "";
  if (!r.points.length) return;
  const W = 320, H = 90, pad = 4;
  const values = [...r.points.map((p) => p.value), r.result];
  const x = (i) => pad + ((W - 2 * pad) * i) / Math.max(1, values.length - 1);
  const y = (v) => pad + (H - 2 * pad) * (1 - v);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  const what = r.wins ? `${r.name === "You" ? "your" : `${r.name}'s`} chance to win` : `the expected result for ${r.name}`;
  svg.setAttribute("aria-label", `${what} at each position reviewed: from ${percent(values[0])} to ${percent(values[values.length - 1])} at the end`);
  const add = (tag, attrs) => {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    svg.appendChild(e);
    return e;
  };
  add("rect", { x: 0, y: 0, width: W, height: H, class: "review-chart-back" });
  add("line", { x1: pad, x2: W - pad, y1: y(0.5), y2: y(0.5), class: "review-chart-middle" });
  add("polyline", { points: values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "), class: "review-chart-line" });
  r.moves.forEach((m, i) => {
    if (!m.judgement) return;
    const dot = add("circle", { cx: x(i), cy: y(values[i]), r: 4, class: `j-${m.judgement}` });
    const title = document.createElementNS(SVG_NS, "title");
    title.textContent = moveWords(m);
    dot.appendChild(title);
  });
  box.appendChild(el("p", { class: "hint" }, r.wins ? `${what[0].toUpperCase()}${what.slice(1)}, position by position (the line is 50%):` :
    `${what[0].toUpperCase()}${what.slice(1)} (a share of the range from the lowest to the highest), position by position:`));
  box.appendChild(svg);
}

function percent(value) { return `${Math.round(100 * value)}%`; }
