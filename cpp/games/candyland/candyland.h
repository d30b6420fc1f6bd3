// Candy Land as docs/rules/candyland.md specifies it. No player ever chooses: each turn is a
// decision node with one legal action (0, "draw") followed by a chance node whose outcomes are
// card kinds (candyland_data.h: 0-5 single R P Y B O G, 6-11 double, 12-17 pictures in track
// order), weighted by the cards left in the draw pile (draw="deck": without replacement; when the
// pile is empty the discard pile, which then holds the whole deck, is reshuffled) or by the full
// deck (draw="replacement"). Everything is public: the state holds card counts, not an order.
//
// Observation tensor, shape [players * 135 + 18 + players + 1], every player sees the same:
//   [p * 135 + cell]            1 where seat p's piece stands (cell 0 START .. 134 the Castle)
//   [players * 135 + kind]      cards of each kind the next draw comes from (the draw pile in
//                               deck mode, the full deck in replacement mode)
//   [players * 135 + 18 + p]    1 for the seat whose turn it is (all 0 at the end)
//   [players * 135 + 18 + players]  1 at a chance node (the card is being drawn)
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/candyland/candyland_data.h"
#include "games/candyland/candyland_moves.h"

namespace ts {

class CandyLandState {
 public:
  static constexpr Action kDraw = 0;

  CandyLandState(int players, int deck, bool replacement, int32_t max_plies);

  int num_players() const { return players_; }
  int current_player() const {
    if (is_terminal()) return kTerminalPlayer;
    return drawing_ ? kChancePlayer : turn_;
  }
  bool is_terminal() const { return winner_ >= 0 || plies_ >= max_plies_; }
  int legal_actions(Action* out) const {
    if (!drawing_) {
      out[0] = kDraw;
      return 1;
    }
    int n = 0;
    for (int kind = 0; kind < candyland::kNumKinds; ++kind) {
      if (source()[kind] > 0) out[n++] = kind;
    }
    return n;
  }
  int chance_outcomes(ChanceOutcome* out) const;
  Action sample_chance(Rng& rng) const {
    const auto& counts = source();
    int r = static_cast<int>(rng.below(source_total()));
    int kind = 0;
    while (r >= counts[kind]) r -= counts[kind++];
    return kind;
  }
  void apply_action(Action action) {
    ++plies_;
    if (!drawing_) {
      drawing_ = true;
      return;
    }
    drawing_ = false;
    if (!replacement_) discard(action);
    const uint8_t cell = candyland::kMoveTable[pos_[turn_]][action];
    pos_[turn_] = cell;
    if (cell == candyland::kCastle) {
      winner_ = turn_;
    } else if (++turn_ == players_) {
      turn_ = 0;
    }
  }
  void returns(double* out) const;
  std::string action_to_string(Action action) const;
  std::string to_string() const;
  std::string information_state_string(int) const { return to_string(); }
  void observation_tensor(int player, float* out) const;

  int cell(int seat) const { return pos_[seat]; }

 private:
  using Counts = std::array<uint8_t, candyland::kNumKinds>;
  const Counts& full_deck() const { return candyland::kDecks[deck_].counts; }
  const Counts& source() const { return replacement_ ? full_deck() : pile_; }
  uint32_t source_total() const { return replacement_ ? deck_size_ : pile_size_; }
  // The drawn card goes to the discard pile; an empty draw pile is replaced by the reshuffled
  // discard pile, which then holds every card, before the next draw.
  void discard(Action kind) {
    --pile_[kind];
    if (--pile_size_ == 0) {
      pile_ = full_deck();
      pile_size_ = deck_size_;
    }
  }

  Counts pile_{};  // cards left in the draw pile (deck mode)
  std::array<uint8_t, 4> pos_{};
  uint8_t pile_size_ = 0;
  uint8_t deck_size_ = 0;
  uint8_t deck_ = 0;
  uint8_t players_ = 2;
  uint8_t turn_ = 0;
  bool replacement_ = false;
  bool drawing_ = false;  // a card is being drawn: the chance node of the turn
  int8_t winner_ = -1;
  int32_t plies_ = 0;  // actions applied, draws and cards both
  int32_t max_plies_ = 10000;
};

class CandyLand {
 public:
  using State = CandyLandState;
  static constexpr const char* kName = "candyland";
  static std::vector<ParamSpec> parameter_specs();
  explicit CandyLand(const Params& params);
  int num_players() const { return players_; }
  int max_legal_actions() const { return candyland::kNumKinds; }
  int num_distinct_actions() const { return 1; }
  int max_game_length() const { return max_plies_; }
  bool has_chance() const { return true; }
  bool has_hidden_information() const { return false; }
  std::vector<int> observation_shape() const {
    return {players_ * candyland::kNumCells + candyland::kNumKinds + players_ + 1};
  }
  // Nothing is dealt or placed at random: the draw order is chance, so the seed is unused.
  State new_initial_state(uint64_t) const { return State(players_, deck_, replacement_, max_plies_); }
  // The track, the card kinds, the decks and the observation layout (candyland_description.cc).
  GameDescription description() const;

 private:
  int players_;
  int deck_;
  bool replacement_;
  int32_t max_plies_;
};

}  // namespace ts
