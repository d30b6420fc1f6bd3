// Tic-tac-toe with OpenSpiel's rules and numbering: actions are cells 0-8 in row-major order,
// player 0 plays x and moves first, player 1 plays o.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/game.h"

namespace ts {

class TicTacToeState {
 public:
  int num_players() const { return 2; }
  int current_player() const { return terminal() ? kTerminalPlayer : moves_ % 2; }
  bool is_terminal() const { return terminal(); }
  int legal_actions(Action* out) const;
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action cell);
  void returns(double* out) const;
  std::string action_to_string(Action cell) const;
  std::string to_string() const;
  std::string information_state_string(int) const { return to_string(); }
  void observation_tensor(int player, float* out) const;

 private:
  bool terminal() const { return winner_ >= 0 || moves_ == 9; }
  std::array<int8_t, 9> board_{-1, -1, -1, -1, -1, -1, -1, -1, -1};  // -1 empty, else the player
  int8_t moves_ = 0;
  int8_t winner_ = -1;
};

class TicTacToe {
 public:
  using State = TicTacToeState;
  static constexpr const char* kName = "tic_tac_toe";
  static std::vector<ParamSpec> parameter_specs() { return {}; }
  explicit TicTacToe(const Params&) {}
  int num_players() const { return 2; }
  int max_legal_actions() const { return 9; }
  int num_distinct_actions() const { return 9; }
  int max_game_length() const { return 9; }
  bool has_chance() const { return false; }
  bool has_hidden_information() const { return false; }
  // OpenSpiel's planes: empty cells, o (player 1), x (player 0); each 3x3, row-major.
  std::vector<int> observation_shape() const { return {3, 3, 3}; }
  State new_initial_state(uint64_t) const { return State(); }
  GameDescription description() const;
};

}  // namespace ts
