// Wetland's setup and rules: rotation, moves, extra actions, the win check and the round cap.
#include "games/wetland/wetland.h"

#include <cstdlib>

#include "core/heuristic.h"

namespace ts {

using namespace wetland;

namespace {
constexpr int kDirRow[4] = {-1, 0, 1, 0};  // N, E, S, W
constexpr int kDirCol[4] = {0, 1, 0, -1};
}  // namespace

std::vector<ParamSpec> Wetland::parameter_specs() {
  return {
      ParamSpec::integer("players", 2, 2, 4, "number of players (2x2, triangle or 3x3 board)"),
      ParamSpec::integer("max_rounds", 100, 1, 5000, "rounds after which the game ends as a draw"),
  };
}

Wetland::Wetland(const Params& params)
    : players_(static_cast<int>(param_int(params, "players"))),
      max_rounds_(static_cast<int>(param_int(params, "max_rounds"))) {}

std::vector<int> Wetland::observation_shape() const {
  const int width = 2 * kBoards[players_ - 2].side;
  return {11 + 3 * players_, width, width};
}

WetlandState::WetlandState(int players, int max_rounds)
    : max_turns_(static_cast<int32_t>(max_rounds * players)), players_(static_cast<int8_t>(players)) {
  tile_.fill(-1);
  colour_.fill(kNoSquare);
}

WetlandState Wetland::new_initial_state(uint64_t seed) const {
  State state(players_, max_rounds_);
  const BoardLayout& board = kBoards[players_ - 2];
  Rng rng(seed);
  std::array<int8_t, kNumTiles> ids{};
  for (int i = 0; i < kNumTiles; ++i) ids[i] = static_cast<int8_t>(i);
  rng.shuffle(ids.data(), kNumTiles);
  int next = 0;
  for (int i = 0; i < board.num_cells; ++i) {
    const int cell = board.cells[i];
    if (cell == board.special_cell) continue;
    state.tile_[cell] = ids[next++];
    state.orient_[cell] = static_cast<int8_t>(rng.below(4));
    state.paint(cell);
  }
  // Reading: the special tile is turned at random too (drawn last, after the other tiles).
  if (board.special_cell >= 0) {
    state.tile_[board.special_cell] = kSpecialTile;
    state.orient_[board.special_cell] = static_cast<int8_t>(rng.below(4));
    state.paint(board.special_cell);
  }
  // Each token stands on its owner's colour, which every tile has exactly once.
  for (int p = 0; p < players_; ++p) {
    for (int t = 0; t < 2; ++t) {
      const int cell = t == 0 ? board.a_cell[p] : board.b_cell[p];
      for (int pos = 0; pos < 4; ++pos) {
        const int square = square_of(board, cell, pos);
        if (state.colour_[square] == p) state.token_[2 * p + t] = static_cast<int8_t>(square);
      }
    }
  }
  return state;
}

void WetlandState::paint(int cell) {
  const TileSpec& tile = kTiles[tile_[cell]];
  for (int pos = 0; pos < 4; ++pos) {
    colour_[square_of(board(), cell, pos)] = tile.squares[(pos - orient_[cell] + 4) % 4];
  }
}

void WetlandState::rotate(int cell) {
  const int turn = arrow(cell);
  orient_[cell] = static_cast<int8_t>((orient_[cell] + turn + 4) % 4);
  for (int i = 0; i < 2 * players_; ++i) {
    if (cell_of(board(), token_[i]) == cell) {
      const int position = (position_of(board(), token_[i]) + turn + 4) % 4;
      token_[i] = static_cast<int8_t>(square_of(board(), cell, position));
    }
  }
  paint(cell);
}

int WetlandState::token_at(int square) const {
  for (int i = 0; i < 2 * players_; ++i) {
    if (token_[i] == square) return i;
  }
  return -1;
}

int WetlandState::target(int player, int token, int direction) const {
  const int from = token_[2 * player + token];
  const int row = from / kSquareGrid + kDirRow[direction];
  const int col = from % kSquareGrid + kDirCol[direction];
  if (row < 0 || row >= kSquareGrid || col < 0 || col >= kSquareGrid) return -1;
  const int to = row * kSquareGrid + col;
  if (colour_[to] != player && colour_[to] != kColourless) return -1;  // also off-board, reminder
  return token_at(to) < 0 ? to : -1;
}

// Manhattan distance between a player's tokens: each square closer is worth a unit of win odds
// (rotations move tokens, so the distance is only a rough guide to the moves still needed).
void WetlandState::heuristic_returns(double* out) const {
  double strength[4];
  for (int p = 0; p < players_; ++p) {
    const int a = token_[2 * p], b = token_[2 * p + 1];
    strength[p] =
        -(std::abs(a / kSquareGrid - b / kSquareGrid) + std::abs(a % kSquareGrid - b % kSquareGrid));
  }
  win_chance_returns(strength, (1u << players_) - 1, players_, out);
}

bool WetlandState::joined(int player) const {
  const int a = token_[2 * player], b = token_[2 * player + 1];
  return std::abs(a / kSquareGrid - b / kSquareGrid) + std::abs(a % kSquareGrid - b % kSquareGrid) == 1;
}

int WetlandState::joined_winner() const {
  for (int k = 0; k < players_; ++k) {
    const int p = (player_ + k) % players_;
    if (joined(p)) return p;
  }
  return -1;
}

bool WetlandState::bonus(int player, int token) const {
  const int cell = cell_of(board(), token_[2 * player + token]);
  for (int i = 0; i < 2 * players_; ++i) {
    if (i / 2 != player && cell_of(board(), token_[i]) == cell) return true;
  }
  return false;
}

int WetlandState::legal_actions(Action* out) const {
  int n = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (arrow(cell) != 0) out[n++] = kRotateBase + cell;
  }
  for (int token = 0; token < 2; ++token) {
    for (int d = 0; d < 4; ++d) {
      if (target(player_, token, d) >= 0) out[n++] = kMoveBase + 4 * token + d;
    }
  }
  return n;
}

void WetlandState::apply_action(Action action) {
  if (action < kMoveBase) {
    rotate(action - kRotateBase);
  } else {
    const int token = (action - kMoveBase) / 4, direction = (action - kMoveBase) % 4;
    token_[2 * player_ + token] = static_cast<int8_t>(target(player_, token, direction));
  }
  const int winner = joined_winner();
  if (winner >= 0) {  // the turn counters stay as they were before the winning action
    winner_ = static_cast<int8_t>(winner);
    return;
  }
  if (--actions_left_ > 0) return;
  if (!extras_counted_) {
    extras_counted_ = 1;
    actions_left_ = static_cast<int8_t>(bonus(player_, 0) + bonus(player_, 1));
    if (actions_left_ > 0) return;
  }
  end_turn();
}

void WetlandState::end_turn() {
  ++turns_;
  player_ = static_cast<int8_t>((player_ + 1) % players_);
  actions_left_ = 2;
  extras_counted_ = 0;
}

void WetlandState::returns(double* out) const {
  for (int p = 0; p < players_; ++p) out[p] = 0;
  if (winner_ < 0) return;
  for (int p = 0; p < players_; ++p) out[p] = p == winner_ ? 1.0 : -1.0 / (players_ - 1);
}

void WetlandState::observation_tensor(int, float* out) const {
  const int width = 2 * board().side;
  const int area = width * width;
  const int n = players_;
  auto plane = [&](int index) { return out + index * area; };
  for (int row = 0; row < width; ++row) {
    for (int col = 0; col < width; ++col) {
      const int square = row * kSquareGrid + col, at = row * width + col;
      if (colour_[square] >= 0) plane(colour_[square])[at] = 1.0f;  // planes 0-5
      const int turn = arrow(cell_of(board(), square));
      if (turn != 0) plane(turn > 0 ? 6 : 7)[at] = 1.0f;
    }
  }
  for (int i = 0; i < 2 * n; ++i) {
    const int square = token_[i];
    plane(8 + i)[(square / kSquareGrid) * width + square % kSquareGrid] = 1.0f;
  }
  const float rounds = static_cast<float>(turns_ / n) / static_cast<float>(max_turns_ / n);
  for (int at = 0; at < area; ++at) {
    if (!terminal()) plane(8 + 2 * n + player_)[at] = 1.0f;
    plane(8 + 3 * n)[at] = actions_left_;
    plane(9 + 3 * n)[at] = extras_counted_;
    plane(10 + 3 * n)[at] = rounds;
  }
}

}  // namespace ts
