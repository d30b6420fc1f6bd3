// Leduc poker with OpenSpiel's rules and numbering (open_spiel/games/leduc_poker), for 2 to 8
// players. The deck has (players + 1) ranks of 2 suits; card c has rank c / 2 (for 2 players:
// 0,1 jacks, 2,3 queens, 4,5 kings). Each player antes 1 and is dealt one private card (chance
// outcomes are the card numbers, dealt to players 0, 1, ... in turn); a betting round follows,
// then one public card is dealt and a second betting round. Actions: 0 fold (legal only when
// facing a bet), 1 call/check, 2 raise (2 chips in round 1, 4 in round 2; at most 2 raises per
// round). Player 0 opens both rounds (the first player still in). A pair with the public card
// beats any unpaired hand; otherwise the higher card ranks decide; equal hands split the pot.
// Returns are OpenSpiel's: chips won or lost (each player starts with 100).
//
// Observation tensor (OpenSpiel's default observer), one flat vector of 2n + 2(2n+2) floats:
// [observing player one-hot (n)] [own private card one-hot (2n+2)] [public card one-hot (2n+2)]
// [chips each player has put in the pot (n)].
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace ts {

class LeducPokerState {
 public:
  static constexpr int kMaxSeats = kMaxPlayers;  // search's bound (OpenSpiel allows 10)
  static constexpr int kMaxBetsPerRound = 3 * kMaxSeats - 2;
  static constexpr int kStartingMoney = 100;
  static constexpr Action kFold = 0, kCall = 1, kRaise = 2;
  static constexpr std::array<const char*, 3> kBetNames = {"fold", "call", "raise"};
  static constexpr int kAnte = 1;
  static constexpr std::array<int, 2> kRaiseSizes = {2, 4};  // chips a raise adds in rounds 1 and 2
  static constexpr int kSuits = 2;                           // card c has rank c / kSuits

  explicit LeducPokerState(int num_players = 2);

  int num_players() const { return num_players_; }
  int current_player() const { return terminal_ ? kTerminalPlayer : cur_player_; }
  bool is_terminal() const { return terminal_; }
  int legal_actions(Action* out) const;
  int chance_outcomes(ChanceOutcome* out) const;
  Action sample_chance(Rng& rng) const;
  void apply_action(Action action);
  void returns(double* out) const;
  std::string action_to_string(Action action) const;
  std::string to_string() const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;
  // A hash of what information_state_string(player) shows, without building the string.
  uint64_t information_state_key(int player) const;
  // The most a player can lose is its whole contribution: the ante, two raises of 2 and two of 4
  // (13 chips); the most it can win is that from every other player.
  double min_utility() const { return -13.0; }
  double max_utility() const { return 13.0 * (num_players_ - 1); }

  // Re-deals the private cards of the other players uniformly from the cards `player` has not
  // seen (neither its own card nor the public card), and rewrites those deals in `history`.
  LeducPokerState resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const;
  // Another player's private deal is hidden from `observer`: every such card looks the same.
  Action observed_action(int observer, Action action) const;

  int num_cards() const { return 2 * (num_players_ + 1); }
  // The value observed_action gives a private card dealt to someone else.
  int hidden_card() const { return num_cards(); }

 private:
  bool dealing_private() const { return dealt_ < num_players_; }
  bool ready_for_next_round() const {
    return (num_raises_ == 0 && num_calls_ == remaining_) ||
           (num_raises_ > 0 && num_calls_ == remaining_ - 1);
  }
  int next_player(int from) const;  // the first player after `from` who has not folded
  int hand_rank(int player) const;
  void append_bet(Action action);
  void deal(int card);
  std::string sequence(int round) const;

  int8_t num_players_;
  int8_t cur_player_ = kChancePlayer;
  int8_t dealt_ = 0;  // private cards dealt so far
  int8_t public_card_ = -1;
  int8_t round_ = 1;
  int8_t num_raises_ = 0;  // in the current round
  int8_t num_calls_ = 0;   // since the last raise
  int8_t remaining_;       // players who have not folded
  int8_t stakes_ = 1;      // the contribution each player must match
  bool terminal_ = false;
  uint32_t used_cards_ = 0;              // bit c: card c is out of the deck
  std::array<int8_t, kMaxSeats> cards_;  // private cards, -1 before the deal
  std::array<int8_t, kMaxSeats> ante_;   // chips put in the pot
  std::array<bool, kMaxSeats> folded_{};
  std::array<std::array<int8_t, kMaxBetsPerRound>, 2> bets_{};  // betting sequence of each round
  std::array<int8_t, 2> num_bets_{};
};

class LeducPoker {
 public:
  using State = LeducPokerState;
  static constexpr const char* kName = "leduc_poker";
  static std::vector<ParamSpec> parameter_specs() {
    return {ParamSpec::integer("players", 2, 2, LeducPokerState::kMaxSeats, "number of players")};
  }
  explicit LeducPoker(const Params& params) : num_players_(static_cast<int>(param_int(params, "players"))) {}
  int num_players() const { return num_players_; }
  int max_legal_actions() const { return 2 * (num_players_ + 1); }  // the first deal has the most
  int num_distinct_actions() const { return 3; }
  // OpenSpiel's figure: at most 4 bets a round for 2 players.
  int max_game_length() const { return 6 * num_players_ - 4; }
  bool has_chance() const { return true; }
  bool has_hidden_information() const { return true; }
  std::vector<int> observation_shape() const { return {2 * num_players_ + 4 * (num_players_ + 1)}; }
  // The deal is made of chance nodes, so the seed is unused.
  State new_initial_state(uint64_t) const { return State(num_players_); }
  // The bets, the chips and the observation layout (leduc_poker.cc).
  GameDescription description() const;

 private:
  int num_players_;
};

}  // namespace ts
