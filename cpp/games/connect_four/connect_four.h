// Connect four with OpenSpiel's rules and numbering: a 6x7 board, actions are columns 0-6,
// player 0 plays x and moves first. Bitboards: 7 bits per column (6 cells and a guard bit).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace ts {

class ConnectFourState {
 public:
  static constexpr int kRows = 6;
  static constexpr int kCols = 7;

  int num_players() const { return 2; }
  int current_player() const { return terminal() ? kTerminalPlayer : moves_ & 1; }
  bool is_terminal() const { return terminal(); }
  int legal_actions(Action* out) const {
    int n = 0;
    for (int c = 0; c < kCols; ++c) {
      if (heights_[c] < kRows) out[n++] = c;
    }
    return n;
  }
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action column) {
    const int player = moves_ & 1;
    pieces_[player] |= uint64_t{1} << (column * 7 + heights_[column]);
    ++heights_[column];
    ++moves_;
    if (connected(pieces_[player])) winner_ = static_cast<int8_t>(player);
  }
  void returns(double* out) const;
  std::string action_to_string(Action column) const;
  std::string to_string() const;
  std::string information_state_string(int) const { return to_string(); }
  void observation_tensor(int player, float* out) const;

 private:
  bool terminal() const { return winner_ >= 0 || moves_ == kRows * kCols; }
  // Four in a row in any direction: vertical (1), horizontal (7), diagonals (6, 8).
  static bool connected(uint64_t b) {
    for (int d : {1, 7, 6, 8}) {
      const uint64_t pairs = b & (b >> d);
      if (pairs & (pairs >> (2 * d))) return true;
    }
    return false;
  }
  int cell_owner(int row, int col) const;

  std::array<uint64_t, 2> pieces_{0, 0};
  std::array<int8_t, kCols> heights_{};
  int8_t moves_ = 0;
  int8_t winner_ = -1;
};

class ConnectFour {
 public:
  using State = ConnectFourState;
  static constexpr const char* kName = "connect_four";
  static std::vector<ParamSpec> parameter_specs() { return {}; }
  explicit ConnectFour(const Params&) {}
  int num_players() const { return 2; }
  int max_legal_actions() const { return 7; }
  int num_distinct_actions() const { return 7; }
  int max_game_length() const { return 42; }
  bool has_chance() const { return false; }
  bool has_hidden_information() const { return false; }
  // OpenSpiel's planes: player 0's pieces, player 1's pieces, empty cells; each 6 rows (bottom
  // first) x 7.
  std::vector<int> observation_shape() const { return {3, 6, 7}; }
  State new_initial_state(uint64_t) const { return State(); }
  GameDescription description() const;
};

}  // namespace ts
