// Test-only native games whose right answers are known (the same games as
// tests/helpers/known_answer_games.py): small enough that a test can say exactly what a correct
// search does, and searched by the same templates as the real games.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace ts::testing {

// Three players, at most two decisions. From kRootP0 player 0 hands the choice to player 2
// (action 0) or takes a sure 0.5 (1); player 2 then picks X (0: its own best, 0.5; 0 for player
// 0), Y (1: best for player 0) or Z (2: worst for player 0), and a right search has it pick X,
// so player 0 takes the 0.5. A search that has player 2 maximise player 0's return expects Y
// and hands over; one that has it minimise player 0's return (two-player negamax) expects Z.
// From kChoiceP1 player 1 picks "I win" (0) or "player 2 wins" (1).
class KingmakerState {
 public:
  enum Node : int8_t { kRootP0, kChoiceP2, kChoiceP1 };
  explicit KingmakerState(Node node = kRootP0) : node_(node) {}

  int num_players() const { return 3; }
  int current_player() const {
    if (done_) return kTerminalPlayer;
    return node_ == kRootP0 ? 0 : node_ == kChoiceP2 ? 2 : 1;
  }
  bool is_terminal() const { return done_; }
  int legal_actions(Action* out) const {
    if (done_) return 0;
    const int n = node_ == kChoiceP2 ? 3 : 2;
    for (int a = 0; a < n; ++a) out[a] = a;
    return n;
  }
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action a) {
    using Returns = std::array<double, 3>;
    static constexpr std::array<Returns, 3> kP2{{{0.0, -0.5, 0.5}, {1.0, -0.5, -0.5}, {-1.0, 1.0, 0.0}}};
    static constexpr std::array<Returns, 2> kP1{{{-0.5, 1.0, -0.5}, {-0.5, -0.5, 1.0}}};
    if (node_ == kRootP0 && a == 0) {
      node_ = kChoiceP2;
      return;
    }
    done_ = true;
    returns_ = node_ == kRootP0 ? Returns{0.5, -0.25, -0.25} : node_ == kChoiceP2 ? kP2[a] : kP1[a & 1];
  }
  void returns(double* out) const {
    for (int p = 0; p < 3; ++p) out[p] = done_ ? returns_[p] : 0.0;
  }
  std::string action_to_string(Action a) const { return std::to_string(a); }
  std::string to_string() const { return std::to_string(node_) + (done_ ? " done" : ""); }
  std::string information_state_string(int) const { return to_string(); }
  void observation_tensor(int, float*) const {}

 private:
  Node node_;
  bool done_ = false;
  std::array<double, 3> returns_{};
};

// Player 0 pulls one of the arms and the game ends with returns [mean, -mean]: a deterministic
// bandit, so the visit split of a UCB rule can be computed exactly.
class BanditState {
 public:
  explicit BanditState(std::vector<double> means) : means_(std::move(means)) {}

  int num_players() const { return 2; }
  int current_player() const { return arm_ >= 0 ? kTerminalPlayer : 0; }
  bool is_terminal() const { return arm_ >= 0; }
  int legal_actions(Action* out) const {
    if (arm_ >= 0) return 0;
    for (size_t i = 0; i < means_.size(); ++i) out[i] = static_cast<Action>(i);
    return static_cast<int>(means_.size());
  }
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action a) { arm_ = a; }
  void returns(double* out) const {
    out[0] = arm_ >= 0 ? means_[arm_] : 0.0;
    out[1] = -out[0];
  }
  std::string action_to_string(Action a) const { return "arm " + std::to_string(a); }
  std::string to_string() const { return "arm " + std::to_string(arm_); }
  std::string information_state_string(int) const { return to_string(); }
  void observation_tensor(int, float*) const {}

 private:
  std::vector<double> means_;
  Action arm_ = -1;
};

// Player 1 holds a card 0..3 that player 0 cannot see; player 0 guesses it (+1 right, -1 wrong).
// Every world drawn for player 0 is counted in *worlds (one counter per card).
class HiddenCardState {
 public:
  HiddenCardState(int card, std::array<int, 4>* worlds) : card_(card), worlds_(worlds) {}

  int num_players() const { return 2; }
  int current_player() const { return guess_ >= 0 ? kTerminalPlayer : 0; }
  bool is_terminal() const { return guess_ >= 0; }
  int legal_actions(Action* out) const {
    if (guess_ >= 0) return 0;
    for (int c = 0; c < 4; ++c) out[c] = c;
    return 4;
  }
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action a) { guess_ = a; }
  void returns(double* out) const {
    out[0] = guess_ < 0 ? 0.0 : guess_ == card_ ? 1.0 : -1.0;
    out[1] = -out[0];
  }
  std::string action_to_string(Action a) const { return "guess " + std::to_string(a); }
  std::string to_string() const {
    return "card " + std::to_string(card_) + " guess " + std::to_string(guess_);
  }
  std::string information_state_string(int player) const {
    return (player == 1 ? "card " + std::to_string(card_) : std::string("card ?")) + " guess " +
           std::to_string(guess_);
  }
  void observation_tensor(int, float*) const {}
  HiddenCardState resample_from_infostate(int player, Rng& rng, std::vector<Action>*) const {
    HiddenCardState world = *this;
    if (player == 0) {
      world.card_ = static_cast<int>(rng.below(4));
      ++(*worlds_)[world.card_];
    }
    return world;
  }

 private:
  int card_;
  std::array<int, 4>* worlds_;
  Action guess_ = -1;
};

// Hidden matching pennies with uneven payoffs: player 0 picks heads (0) or tails (1) face down,
// then player 1 picks without seeing it. Player 0 gets kPayoff[own][other's]; at the equilibrium
// it plays heads with probability 3/7 and the game is worth -1/7 to it.
class PenniesState {
 public:
  static constexpr double kPayoff[2][2] = {{1.0, -1.0}, {-1.0, 0.5}};
  static constexpr double kValue = -1.0 / 7.0;

  // How much player 1's best response takes from player 0 playing heads with this probability,
  // beyond the equilibrium's value.
  static double exploitability(double heads) {
    double worst = 1e9;
    for (int j = 0; j < 2; ++j) worst = std::min(worst, heads * kPayoff[0][j] + (1 - heads) * kPayoff[1][j]);
    return kValue - worst;
  }

  int num_players() const { return 2; }
  int current_player() const { return moves_ == 2 ? kTerminalPlayer : moves_; }
  bool is_terminal() const { return moves_ == 2; }
  int legal_actions(Action* out) const {
    if (moves_ == 2) return 0;
    out[0] = 0;
    out[1] = 1;
    return 2;
  }
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action a) { picks_[moves_++ & 1] = a; }
  void returns(double* out) const {
    out[0] = moves_ == 2 ? kPayoff[picks_[0]][picks_[1]] : 0.0;
    out[1] = -out[0];
  }
  std::string action_to_string(Action a) const { return a == 0 ? "heads" : "tails"; }
  std::string to_string() const { return information_state_string(0); }
  std::string information_state_string(int player) const {
    std::string out = "player " + std::to_string(player) + ":";
    for (int i = 0; i < moves_; ++i) out += i == 0 && player == 1 ? " ?" : " " + std::to_string(picks_[i]);
    return out;
  }
  void observation_tensor(int, float*) const {}
  Action observed_action(int observer, Action a) const { return observer == 1 && moves_ == 0 ? 0 : a; }
  PenniesState resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const {
    PenniesState world = *this;
    if (player == 1 && moves_ > 0) {
      world.picks_[0] = static_cast<Action>(rng.below(2));
      if (history && !history->empty()) (*history)[0] = world.picks_[0];
    }
    return world;
  }

 private:
  std::array<Action, 2> picks_{};
  int moves_ = 0;
};

// Player 1 holds card 0 or 1, dealt from the seed (not by a chance action) and hidden from player
// 0. Player 1 moves first: "x" (0), or with card 0 also "y" (1). Player 0 then guesses the card
// (+1 right, -1 wrong). After x, a world weighted by how likely player 1's move was, under a
// uniform choice among its legal moves, holds card 0 with probability (1/2 * 1/2) / (1/2 * 1/2 +
// 1/2 * 1) = 1/3: the guesses are worth -1/3 (card 0) and +1/3 (card 1) to player 0, where
// uniform worlds make both worth 0. Every finished game is counted in *ends (if given), by card.
class RevealState {
 public:
  explicit RevealState(int card, std::array<int, 2>* ends = nullptr) : card_(card), ends_(ends) {}

  int num_players() const { return 2; }
  int current_player() const { return moves_ == 0 ? 1 : moves_ == 1 ? 0 : kTerminalPlayer; }
  bool is_terminal() const { return moves_ == 2; }
  int legal_actions(Action* out) const {
    if (moves_ == 2) return 0;
    out[0] = 0;
    out[1] = 1;
    return moves_ == 0 && card_ == 1 ? 1 : 2;
  }
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action a) { picks_[moves_++] = a; }
  void returns(double* out) const {
    out[0] = moves_ < 2 ? 0.0 : picks_[1] == card_ ? 1.0 : -1.0;
    out[1] = -out[0];
    if (ends_ && moves_ == 2) ++(*ends_)[card_];
  }
  std::string action_to_string(Action a) const { return std::to_string(a); }
  std::string to_string() const { return "card " + std::to_string(card_) + information_state_string(0); }
  std::string information_state_string(int player) const {
    std::string out = player == 1 ? "card " + std::to_string(card_) : std::string("card ?");
    for (int i = 0; i < moves_; ++i) out += " " + std::to_string(picks_[i]);
    return out;
  }
  void observation_tensor(int, float*) const {}
  RevealState resample_from_infostate(int player, Rng& rng, std::vector<Action>*) const {
    RevealState world = *this;
    // After y, player 0 knows the card is 0.
    if (player == 0) world.card_ = moves_ > 0 && picks_[0] == 1 ? 0 : static_cast<int>(rng.below(2));
    return world;
  }
  std::optional<RevealState> world_start() const { return RevealState(card_, ends_); }

 private:
  int card_;
  std::array<int, 2>* ends_;
  std::array<Action, 2> picks_{};
  int moves_ = 0;
};

}  // namespace ts::testing
