// The setup form: a game, its parameters, your seat and the AI's strength (named levels with their
// measured Elo); the agent spec of every seat stays available, folded, for programmers. Changing
// the number of players adds or removes seat rows at the end: nothing typed is lost.
"use strict";
let games = [], searchOptions = {};

async function showSetup() {
  document.body.classList.remove("playing");
  $("setup").hidden = false;
  $("play").hidden = true;
  document.title = "tablesearch";
  const response = await fetch("/api/games");
  const data = await response.json();
  games = data.games;
  searchOptions = Object.fromEntries(data.search_options.map((o) => [o.name, o]));
  if (data.start) { openSession(data.start, null); return; }
  const select = $("game");
  select.innerHTML = "";
  select.appendChild(el("option", { value: "" }, "choose a game"));
  for (const g of games) select.appendChild(el("option", { value: g.name }, g.title));
  select.value = data.default || "";
  select.onchange = renderParams;
  renderParams();
}

function currentGame() { return games.find((g) => g.name === $("game").value); }

// "max_plies" -> "Max plies": parameter names as words, unless the game gives a label.
function readable(name) { const words = name.replace(/_/g, " "); return words[0].toUpperCase() + words.slice(1); }

function paramInput(p) {
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
  return input;
}

function renderParams() {
  const game = currentGame();
  const box = $("params");
  box.innerHTML = "";
  $("seats-box").hidden = !game;
  $("start").disabled = !game;
  $("seats").innerHTML = "";
  if (!game) return;
  for (const p of game.params) {
    const row = el("div", { class: "param" });
    const label = el("label", {}, (p.label || readable(p.name)) + " ");
    const input = paramInput(p);
    if (p.name === "players") input.addEventListener("input", playersChanged);
    label.appendChild(input);
    row.appendChild(label);
    const help = [p.help, p.subset && p.choices ? `one or more of: ${p.choices.join(", ")}` : ""].filter(Boolean);
    if (help.length) row.appendChild(el("span", { class: "help" }, help.join("; ")));
    box.appendChild(row);
  }
  renderLevels(game);
  updateSeats();
}

function seatCount() {
  const players = document.querySelector('[data-param="players"]');
  if (!players) return currentGame().players;
  const n = Number(players.value);
  const min = Number(players.min || 1), max = Number(players.max || 8);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

function playersChanged() {
  updateSeats();
  const before = $("level").value;
  renderLevels(currentGame());
  if ($("level").value !== before) applyChoices(); // the level chosen does not play this many
}

// A level that plays some player counts only (Expert: a trained model for those; a ladder of a count
// that needs its own) is offered at those, each with the Elo measured at this player count (none
// where it was not measured: another count's says nothing).
function levelsAt(game, n) {
  return game.levels.filter((level) => !level.players || level.players.includes(n));
}

function renderLevels(game) {
  const select = $("level");
  const chosen = select.selectedOptions[0];
  const kept = chosen ? chosen.dataset.key : "medium"; // Easy stays Easy where Easy searches more
  const n = seatCount();
  const offered = levelsAt(game, n);
  select.innerHTML = "";
  for (const level of offered) {
    const m = level.elo[String(n)];
    const elo = m === undefined ? "" : ` · Elo ${m.elo >= 0 ? "+" : ""}${m.elo}`;
    select.appendChild(el("option", { value: level.spec, "data-key": level.key }, `${level.name}${elo}`));
  }
  const level = offered.find((l) => l.key === kept) || offered.find((l) => l.key === "medium") || offered[0];
  select.value = level.spec;
  showLevelNote();
}

function showLevelNote() {
  const game = currentGame();
  const n = seatCount();
  const level = game && levelsAt(game, n).find((l) => l.spec === $("level").value);
  if (!level) { $("level-about").textContent = ""; return; }
  const m = level.elo[String(n)];
  const interval = m === undefined ? "" : ` Measured Elo ${m.elo} (95% interval ${m.low} to ${m.high}) against the other levels at ${n} players, Beginner = 0.`;
  $("level-about").textContent = `${level.name}: ${level.about}.${interval}` + (game.level_note ? ` ${game.level_note}.` : "");
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];

// Seat rows are added or removed at the end only, and the seat choice keeps its value.
function updateSeats() {
  const n = seatCount();
  if (n === null) return; // a number still being typed: nothing changes
  const box = $("seats");
  while (box.children.length > n) box.lastElementChild.remove();
  while (box.children.length < n) box.appendChild(seatRow(box.children.length));
  const choice = $("your-seat");
  const kept = choice.value;
  choice.innerHTML = "";
  for (let i = 0; i < n; i++) choice.appendChild(el("option", { value: String(i) }, `Seat ${i + 1} (moves ${ORDINALS[i] || i + 1})`));
  choice.appendChild(el("option", { value: "random" }, "a random seat"));
  choice.appendChild(el("option", { value: "none" }, "nobody: watch the AIs play"));
  choice.value = [...choice.options].some((o) => o.value === kept) ? kept : "0";
}

function seatRow(i) {
  const row = el("div", { class: "seat-row" });
  row.appendChild(el("span", {}, `Seat ${i + 1}`));
  const spec = el("input", { class: "spec", list: "specs", "data-seat": i, "aria-label": `Seat ${i + 1} agent spec` });
  spec.value = specFor(i);
  row.appendChild(spec);
  const budget = el("span");
  budget.appendChild(el("span", {}, "iterations "));
  budget.appendChild(budgetInput("iterations", "budget iterations", 1, i));
  budget.appendChild(el("span", {}, " seconds "));
  budget.appendChild(budgetInput("time_limit", "budget time", 0.1, i));
  row.appendChild(budget);
  return row;
}

// The spec the seat choice and the level give seat i.
function specFor(i) {
  const mine = $("your-seat").value;
  return String(i) === mine || (mine === "" && i === 0) ? "human" : $("level").value || "random";
}

// An explicit choice of seat or level rewrites every seat's spec.
function applyChoices() {
  for (const input of document.querySelectorAll("#seats input.spec")) input.value = specFor(Number(input.dataset.seat));
  showLevelNote();
}

// A budget input described by its search option (the server's option table).
function budgetInput(name, cls, step, seat) {
  const option = searchOptions[name];
  const input = el("input", { class: cls, type: "number", step: step, placeholder: "-", title: `${option.help}: ${option.valid}`,
                              "aria-label": `Seat ${seat + 1} ${name === "iterations" ? "iterations" : "seconds"} per move` });
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

// "a random seat": the human spec moves to a seat drawn now (the others keep theirs).
function drawSeat(rows) {
  if ($("your-seat").value !== "random") return;
  const specs = rows.map((row) => row.querySelector(".spec"));
  const human = specs.findIndex((s) => s.value.trim() === "human");
  const seat = Math.floor(Math.random() * specs.length);
  if (human >= 0 && human !== seat) [specs[human].value, specs[seat].value] = [specs[seat].value, specs[human].value];
}

async function startGame(event) {
  event.preventDefault();
  showError("");
  if (!currentGame()) { showError("choose a game"); return; }
  const rows = [...document.querySelectorAll(".seat-row")];
  drawSeat(rows);
  const seats = rows.map((row) => {
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
  goTo(data.id, data.humans.length ? data.humans[0] : null);
}

$("your-seat").addEventListener("change", applyChoices);
$("level").addEventListener("change", applyChoices);
$("setup-form").addEventListener("submit", startGame);
