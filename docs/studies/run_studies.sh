#!/usr/bin/env bash
# Reruns every worked study of docs/studies/ (the figures quoted there come from these commands):
# NAME.txt (the tables printed), NAME.json and NAME.html (the report) for each.
# Games are kept in build/studies/ (one JSON lines file per tournament), so a rerun only replays
# and re-measures them; delete that directory to play them again. One worker by default: the
# machine these were run on was shared. WORKERS=4 ./docs/studies/run_studies.sh to go faster.
set -euo pipefail
cd "$(dirname "$0")/../.."
W=${WORKERS:-1}
OUT=build/studies
mkdir -p "$OUT"
run() {  # run NAME [GAMES_DIR] ARGS...: text report in docs/studies/NAME.txt, JSON and HTML beside it
  local name=$1; shift
  local games=$name
  if [[ $1 == games=* ]]; then games=${1#games=}; shift; fi
  tablesearch analyze "$@" --workers "$W" --out "$OUT/$games" \
    --json "docs/studies/$name.json" --report "docs/studies/$name.html" > "docs/studies/$name.txt"
}
# Candy Land: the three decks, with draws from the deck (the real game) and with replacement
# (where the exact analysis applies). No decisions: a small search agent is enough.
run candyland-decks candyland --sweep deck=64,66,64-later --agents mcts:iterations=20,random --games 2000
run candyland-decks-replacement candyland --param draw=replacement --sweep deck=64,66,64-later \
    --agents mcts:iterations=20,random --games 2000
# Wetland at 2, 3 and 4 players: random play (the seat effect of the setup), then MCTS self-play.
run wetland-random wetland --sweep players=2,3,4 --agents random --games 2000
run wetland-mcts wetland --sweep players=2,3,4 --agents mcts:iterations=200,random --games 200
# Gnomi at 2-6 players, and the golden match at 3.
run gnomi-players gnomi --sweep players=2,3,4,5,6 --agents mcts:iterations=100,random --games 100
run gnomi-golden gnomi --sweep golden=false,true --agents mcts:iterations=100,random --games 100
# Gummiland: the base game and each Adventure Mode region alone.
run gummiland-regions gummiland --sweep regions=,pineapple,orange,blackberry --agents mcts:iterations=50,random --games 40
# Gnomi at 5 players flagged seat 3 at 100 games; 400 games check it (the first 100 are reused).
run gnomi-5-players-check games=gnomi-players gnomi --sweep players=5 --agents mcts:iterations=100,random --games 400
