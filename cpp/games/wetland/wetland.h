// Wetland (rules page docs/rules/wetland.md), 2 to 4 players. Component data: wetland_data.h.
//
// Setup is drawn from the seed in new_initial_state(seed): which tiles are laid (in board cell
// order, after a shuffle of the 8) and each tile's orientation (0-3 quarter turns clockwise; the
// 4-player special tile's last). There are no chance nodes; after setup everything is public
// (perfect information). Where each cell's squares lie (the triangle's rows are offset by half a
// tile) is wetland_data.h's square_of / cell_of.
//
// Actions (the same numbering for every player count; 17 ids):
//   0..8   rotate the tile at cell (row, col) = action (3 * row + col) one quarter turn in its
//          arrow's direction, carrying the tokens on it. Legal for every cell holding a tile with
//          an arrow (never the special tile, never a cell outside the board).
//   9..16  move the mover's token (A = 0, B = 1) one square in direction (N = 0, E = 1, S = 2,
//          W = 3): action 9 + 4 * token + direction. Legal onto an empty square of the mover's
//          colour or an empty colourless square, within the board.
// There is no pass: every board has at least 4 tiles with arrows, so a player always has a
// rotation available. legal_actions lists rotations then moves, ascending.
//
// A turn is 2 actions; after the second, extra actions are counted once (CROACK!: another
// player's token on the tile of the mover's A; PZZZ!: on the tile of the mover's B), taken at
// once by the same player and not re-counted after use. After every action every player is
// checked for A and B on orthogonally adjacent squares; the active player wins if joined, else
// the first joined player after it in seat order. A cap of max_rounds rounds (every player one
// turn) ends the game as a draw (all returns 0).
//
// Observation tensor, the same for every observer: shape [11 + 3n, 2s, 2s] for n players on a
// board of s x s tile cells (s = 2 for 2 players, 3 otherwise); square (row, col) of the board
// (on the triangle, squares outside it are zero in every board plane).
//   planes 0-3      square of colour C0..C3
//   plane  4        colourless square (special tile)      plane 5  reminder square (no entry)
//   plane  6        square on a clockwise tile            plane 7  square on a counter-clockwise tile
//   planes 8+2p, 9+2p   player p's token A, token B
//   plane  8+2n+p   all ones if player p is to move (all zero at the end)
//   plane  8+3n     actions left in the turn (1 or 2, every square)
//   plane  9+3n     all ones once the extra actions have been counted (the extra part of a turn)
//   plane  10+3n    rounds completed / max_rounds (every square)
//
// Fields (serialize / deserialize_state), all validated on reading: tiles[9] (tile id per grid
// cell, -1 outside the board, 8 the special tile), orientations[9] (0 outside the board),
// tokens[2n] (square index 6 * row + col of player p's A at 2p and B at 2p + 1), player,
// actions_left, extras_counted, turns (completed turns), winner (-1 none). States are determined by
// seed + history; the fields let tests and users set up positions.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/wetland/wetland_data.h"

namespace ts {

class WetlandState {
 public:
  static constexpr int kRotateBase = 0;
  static constexpr int kMoveBase = wetland::kCells;
  static constexpr int kNumActions = kMoveBase + 8;

  int num_players() const { return players_; }
  int current_player() const { return terminal() ? kTerminalPlayer : player_; }
  bool is_terminal() const { return terminal(); }
  int legal_actions(Action* out) const;
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action action);
  void returns(double* out) const;
  // Estimated returns from how far apart each player's A and B stand (adjacent wins).
  void heuristic_returns(double* out) const;
  std::string action_to_string(Action action) const;
  std::string to_string() const;
  std::string information_state_string(int) const { return to_string(); }
  void observation_tensor(int player, float* out) const;
  // Every field (wetland_fields.cc); after reading them, the colours are repainted from the tiles
  // and the whole position is checked.
  void fields(FieldVisitor& v);
  void check_fields();

  int winner() const { return winner_; }

 private:
  friend class Wetland;
  WetlandState(int players, int max_rounds);

  const wetland::BoardLayout& board() const { return wetland::kBoards[players_ - 2]; }
  bool terminal() const { return winner_ >= 0 || turns_ >= max_turns_; }
  bool on_board(int cell) const { return cell >= 0 && tile_[cell] >= 0; }
  int arrow(int cell) const { return on_board(cell) ? wetland::kTiles[tile_[cell]].arrow : 0; }
  void paint(int cell);  // recomputes the colours of the cell's 4 squares
  void rotate(int cell);
  bool joined(int player) const;                           // A and B orthogonally adjacent
  int joined_winner() const;                               // by the tie rule; -1 if nobody is joined
  bool bonus(int player, int token) const;                 // another player's token on the tile of this token
  int target(int player, int token, int direction) const;  // square index, or -1 if not legal
  void end_turn();
  int token_at(int square) const;  // index into token_, or -1

  std::array<int8_t, wetland::kCells> tile_;
  std::array<int8_t, wetland::kCells> orient_{};
  std::array<int8_t, wetland::kSquares> colour_;
  std::array<int8_t, 8> token_{};  // square of player p's A at 2p, B at 2p + 1
  int32_t turns_ = 0;
  int32_t max_turns_;
  int8_t players_;
  int8_t player_ = 0;
  int8_t actions_left_ = 2;
  int8_t extras_counted_ = 0;
  int8_t winner_ = -1;
};

class Wetland {
 public:
  using State = WetlandState;
  static constexpr const char* kName = "wetland";
  static std::vector<ParamSpec> parameter_specs();
  explicit Wetland(const Params& params);
  int num_players() const { return players_; }
  int max_legal_actions() const { return wetland::kBoards[players_ - 2].num_cells + 8; }
  int num_distinct_actions() const { return State::kNumActions; }
  int max_game_length() const { return max_rounds_ * players_ * 8; }  // a turn: a few rotations and moves
  bool has_chance() const { return false; }
  bool has_hidden_information() const { return false; }
  std::vector<int> observation_shape() const;
  State new_initial_state(uint64_t seed) const;
  GameDescription description() const;

 private:
  int players_;
  int max_rounds_;
};

}  // namespace ts
