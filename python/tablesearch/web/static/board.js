// The board: the drawing the server sent, its pieces named and reachable by keyboard, clicks
// turned into moves (one click plays a move, or asks "Which move?" with each move's follow-ups as
// single choices), and the moves that are not on the board as buttons under it.
"use strict";
const MIN_TEXT_PX = 10; // a board is never shrunk below this text size: it scrolls instead
let movesOpen = null, boardFocus = null, keepFocus = false;
let widest = { key: "", px: 0 }; // the widest drawing of this game in this window (fitBoard)

// The board is drawn as large as the window lets it be: its width fills the column (up to 1.6 times
// its drawn size) and its height the window below its top, less the room the CSS keeps under it
// (--room-below: the ending with its rematch on a narrow screen), so that the status, the board and
// the ending are in view together. It never gets smaller than what keeps its smallest text at
// MIN_TEXT_PX: then it scrolls in its own box instead.
function showBoard(svgText) {
  const board = $("board");
  // Focus stays on the board after a move, whether it was played from the board, the "Which
  // move?" question or a button under the board.
  const hadFocus = board.contains(document.activeElement) || keepFocus;
  const before = board.contains(document.activeElement) ? pieceKey(document.activeElement) : boardFocus;
  keepFocus = false;
  board.innerHTML = svgText;
  const svg = board.querySelector("svg");
  if (!svg) return;
  fitBoard();
  namePieces(svg);
  if (hadFocus) focusPiece(before);
}

function fitBoard() {
  const board = $("board");
  const svg = board.querySelector("svg");
  if (!svg || !board.getClientRects().length) return;
  const box = svg.viewBox.baseVal;
  // (a pixel more than the exact bound, which the drawing's scale may miss by a rounding)
  const least = Math.ceil((box.width * MIN_TEXT_PX) / Number(svg.dataset.minFont || MIN_TEXT_PX)) + 1;
  const top = board.getBoundingClientRect().top + window.scrollY;
  const below = parseFloat(getComputedStyle(board).getPropertyValue("--room-below")) || 0;
  const height = window.innerHeight - top - below;
  const width = Math.floor(Math.min(box.width * 1.6, (height * box.width) / box.height));
  const px = Math.max(least, width);
  svg.style.width = `${px}px`;
  svg.style.minWidth = `${least}px`;
  // A drawing that grows taller (a seat's cards wrap to a new row) is drawn narrower, inside a box
  // that keeps the widest width of this game in this window: on a wide screen the board's column,
  // and so everything beside it, never moves (style.css uses --widest there).
  const key = `${view && view.session ? view.session.id : ""} ${window.innerWidth}x${window.innerHeight}`;
  if (widest.key !== key) widest = { key, px: 0 };
  widest.px = Math.max(widest.px, px);
  board.style.setProperty("--widest", `${widest.px}px`);
}

window.addEventListener("resize", fitBoard);

// Every piece with a name (its tooltip) or a move becomes focusable, with that name for screen
// readers; one of them is in the tab order at a time (arrow keys move between them).
function namePieces(svg) {
  const pieces = boardPieces(svg);
  if (pieces.length) svg.setAttribute("role", "group");
  for (const piece of pieces) {
    const title = [...piece.children].find((c) => c.tagName.toLowerCase() === "title");
    const name = title ? title.textContent : "";
    const moves = piece.dataset.actions ? piece.dataset.labels.split(" | ").join(" or ") : "";
    piece.setAttribute("tabindex", "-1");
    piece.setAttribute("role", moves ? "button" : "img");
    // (a name that starts with its move says it once: "row 2, column 3: empty")
    piece.setAttribute("aria-label", moves && !name.startsWith(moves) ? (name ? `${name}: ${moves}` : moves) : name);
    piece.classList.add("ts-piece-focus");
  }
  const first = pieces.find((p) => p.dataset.actions) || pieces[0];
  if (first) first.setAttribute("tabindex", "0");
}

// The pieces: elements that play moves, and the other elements with a tooltip (not the parts of
// a piece already counted).
function boardPieces(root) {
  const out = [];
  for (const e of root.querySelectorAll("[data-actions], title")) {
    const piece = e.tagName.toLowerCase() === "title" ? e.parentElement : e;
    if (!piece || piece === root || piece.tagName.toLowerCase() === "svg") continue;
    if (out.includes(piece) || out.some((o) => o.contains(piece) && o.dataset.actions)) continue;
    if (!piece.dataset.actions && piece.closest("[data-actions]") && piece.closest("[data-actions]") !== piece) continue;
    out.push(piece);
  }
  return out.filter((p) => p.getBoundingClientRect().width > 0);
}

// A piece is known again after a redraw by its moves, else by its name, else its place.
function pieceKey(e) {
  if (!e || !e.getBoundingClientRect) return null;
  const r = e.getBoundingClientRect();
  return { actions: e.dataset ? e.dataset.actions : undefined, label: e.getAttribute("aria-label"), x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

function focusPiece(key) {
  const pieces = boardPieces($("board"));
  if (!pieces.length) return;
  let target = null;
  if (key) {
    target = pieces.find((p) => key.actions && p.dataset.actions === key.actions) ||
             pieces.find((p) => key.label && p.getAttribute("aria-label") === key.label);
    if (!target) target = nearest(pieces, key.x, key.y, () => true);
  }
  target = target || pieces[0];
  for (const p of pieces) p.setAttribute("tabindex", p === target ? "0" : "-1");
  target.focus({ preventScroll: true });
}

function nearest(pieces, x, y, accept) {
  let best = null, bestDistance = Infinity;
  for (const p of pieces) {
    const r = p.getBoundingClientRect();
    const dx = r.x + r.width / 2 - x, dy = r.y + r.height / 2 - y;
    if (!accept(dx, dy)) continue;
    const d = dx * dx + dy * dy;
    if (d < bestDistance) { best = p; bestDistance = d; }
  }
  return best;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// Arrow keys move to the nearest piece that way; Enter or Space acts as a click; Home and End
// go to the first and last piece.
$("board").addEventListener("keydown", (event) => {
  const pieces = boardPieces($("board"));
  const current = event.target.closest ? event.target.closest(".ts-piece-focus") : null;
  if (!current || !pieces.length || (view && view.replay)) return; // a replay's arrows step through it
  let next = null;
  if (ARROWS[event.key]) {
    const [ax, ay] = ARROWS[event.key];
    const r = current.getBoundingClientRect();
    // In the arrow's direction, preferring pieces in line with this one.
    next = nearest(pieces.filter((p) => p !== current), r.x + r.width / 2, r.y + r.height / 2,
                   (dx, dy) => (ax ? dx * ax > 2 && Math.abs(dy) <= Math.abs(dx) * 1.5 : dy * ay > 2 && Math.abs(dx) <= Math.abs(dy) * 1.5));
  } else if (event.key === "Home") next = pieces[0];
  else if (event.key === "End") next = pieces[pieces.length - 1];
  else if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pressPiece(current); return; }
  else return;
  event.preventDefault();
  if (!next) return;
  for (const p of pieces) p.setAttribute("tabindex", p === next ? "0" : "-1");
  next.focus();
  boardFocus = pieceKey(next);
});

$("board").addEventListener("focusin", (event) => { boardFocus = pieceKey(event.target); });

// A tap or a click on the board: plays (or asks) on your move, and shows what the piece is in
// words (the drawing's tooltips, which a touch screen cannot hover).
$("board").addEventListener("click", (event) => {
  const board = $("board");
  for (let e = event.target; e && e !== board; e = e.parentElement) {
    const title = [...e.children].find((c) => c.tagName.toLowerCase() === "title");
    if (title) { $("tapinfo").textContent = title.textContent; $("tapinfo").hidden = false; break; }
  }
  const target = event.target.closest("[data-actions]");
  if (!target || !view || !view.your_turn) return;
  boardFocus = pieceKey(target);
  choose(target.dataset.actions.split(",").map(Number), target.dataset.labels.split(" | "));
});

function pressPiece(piece) {
  const title = [...piece.children].find((c) => c.tagName.toLowerCase() === "title");
  if (title) { $("tapinfo").textContent = title.textContent; $("tapinfo").hidden = false; }
  if (!piece.dataset.actions || !view || !view.your_turn) return;
  boardFocus = pieceKey(piece);
  choose(piece.dataset.actions.split(",").map(Number), piece.dataset.labels.split(" | "));
}

function play(action, then) {
  const active = document.activeElement;
  keepFocus = Boolean(active && active.closest && active.closest("#board, #choice, #quick-moves"));
  $("choice").hidden = true;
  const message = { type: "move", action };
  if (then !== undefined && then.length) message.then = then;
  send(message);
}

// The moves a click may mean, each with its follow-ups as single choices ("use 1 orange → P1",
// a capture with one way to pay): one is played at once, several are asked.
function choose(actions, labels = []) {
  const options = [];
  actions.forEach((a, i) => {
    const move = view.legal.find((m) => m.action === a);
    const label = move ? move.label : labels[i] || String(a);
    if (move && move.then && move.then.length) {
      for (const t of move.then) options.push({ label: joined(label, t.label), action: a, then: t.actions });
    } else {
      options.push({ label, action: a, then: [] });
    }
  });
  if (options.length === 1) { play(options[0].action, options[0].then); return; }
  const box = $("choice-buttons");
  box.innerHTML = "";
  for (const o of options) { const b = el("button", {}, o.label); b.onclick = () => play(o.action, o.then); box.appendChild(b); }
  const choice = $("choice");
  choice.hidden = false;
  // On a phone the question may open below the fold: it comes into view, its first answer focused.
  choice.scrollIntoView({ block: "nearest" });
  box.firstElementChild.focus({ preventScroll: true });
}

$("choice").addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  $("choice").hidden = true;
  focusPiece(boardFocus);
});

// "use 1 blue (m0)" and "use 1 blue -> P1" read "use 1 blue (m0) -> P1": the follow-up's words
// that repeat the first move's are left out.
function joined(first, then) {
  const a = first.split(" "), b = then.split(" ");
  let k = 0;
  while (k < a.length && k < b.length - 1 && a[k] === b[k]) k++;
  return k ? `${first} ${b.slice(k).join(" ")}` : `${first} → ${then}`;
}

// Under the board: the shortcuts (several moves as one button) and the moves the board does not
// show (end the turn, pass...), always open; every legal move is also in a list, folded when the
// board is clickable (the player's own choice to open or fold it is kept).
function showActions(v) {
  const onBoard = new Set();
  for (const e of $("board").querySelectorAll("[data-actions]")) for (const a of e.dataset.actions.split(",")) onBoard.add(Number(a));
  const quick = $("quick-moves");
  quick.innerHTML = "";
  for (const s of v.shortcuts || []) {
    const b = el("button", { class: "shortcut" }, s.label);
    b.onclick = () => play(s.actions[0], s.actions.slice(1));
    quick.appendChild(b);
  }
  const clickable = onBoard.size > 0;
  for (const move of clickable ? v.legal.filter((m) => !onBoard.has(m.action)) : []) {
    const b = el("button", { "data-action": move.action }, move.label);
    b.onclick = () => choose([move.action]);
    quick.appendChild(b);
  }
  // A human seat's page keeps these boxes while the others move (nothing below them jumps).
  const playing = v.seat !== null && v.seat !== undefined && v.session.humans.includes(v.seat) && !v.finished;
  quick.hidden = !quick.children.length && !playing;
  const actions = $("actions");
  actions.innerHTML = "";
  const box = $("moves-box");
  box.hidden = !v.legal.length && !playing;
  box.classList.toggle("idle", !v.legal.length);
  $("moves-summary").textContent = v.legal.length === 1 ? "the move as a button" : `all ${v.legal.length} moves as buttons`;
  box.open = movesOpen !== null ? movesOpen : v.legal.length <= 6 || !clickable;
  for (const move of v.legal) {
    const b = el("button", { "data-action": move.action }, move.label);
    if (move.action === v.automatic) b.classList.add("automatic");
    b.onclick = () => play(move.action);
    actions.appendChild(b);
  }
  const mine = v.autoplay !== null && v.autoplay !== undefined && !v.finished;
  $("autoplay-box").hidden = !mine;
  if (mine) $("autoplay").checked = v.autoplay;
}

$("autoplay").addEventListener("change", () => send({ type: "autoplay", on: $("autoplay").checked }));
$("moves-summary").addEventListener("click", () => { movesOpen = !$("moves-box").open; });
