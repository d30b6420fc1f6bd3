// Gummiland with Adventure Mode, as docs/rules/gummiland.md specifies. The tile set is data
// (gummiland_tiles.h). All randomness is the setup shuffle, drawn from the seed: the game has no
// chance nodes, and its hidden information is the order of each Gummibox's starting tiles and of
// the tiles below each pile's top.
//
// A turn is a sequence of small decisions. The tickle at the start of a turn is automatic. Then the
// player acts (phase kMain): use a special, capture from a pile, or end the turn. Using a special or
// capturing opens a short sub-decision (the phases below); tiles are named by their class (the
// trained reward, or "active gum" for a Chewing gum copying a fruit this turn), since tiles of one
// class play alike (Gummiz count wherever a tile lies).
//
// Actions (fixed numbering, 62 in all; their meaning depends on the phase):
//   0        end the turn (kMain); stop exchanging (kExchanging)
//   1..4     pile 0..3: capture its top tile (kMain); look through it (kSelectPile)
//   5..10    use the special Taste, Chewing gum, Exchange, Tidy Up, Doublon, Selection (kMain)
//   11..22   a tile of class 0..11 (reward 0..10, 11 = active Chewing gum): pay with it (kPay),
//            slide it into the box next (kSlide), copy it (kGumCopy), put it into the box
//            (kExchanging), or put it into the chosen opponent's box (kTidyTile)
//   23..26   player 0..3: the opponent to tidy up (kTidyPlayer)
//   27..61   tile kind (wild row 0..34 of the table): put it on top of the pile (kSelectTile)
//
// Decisions beyond the rules page (each pinned by tests/games/test_gummiland.py):
// - A pile's top tile is public in full (cost, Gummiz and trained reward), as the page's "What
//   each player knows" lists "the top tile of each pile".
// - A used special goes into the box after its effect (the rulebook says so for Taste and
//   Selection); Chewing gum copying a special applies that effect at once and goes into the box
//   itself, the copied tile stays; copying a fruit or M makes it pay as that fruit this turn.
// - A special can be used only when its effect can happen (Taste: a tile in the box; Exchange: at
//   least one other tile in front, and at least one is exchanged; Tidy Up: an opponent with a tile
//   in front; Doublon: not yet used this turn; Selection: a pile of 2 or more tiles), and each tile
//   gives its special at most once per turn, so every turn ends.
// - Selection's choice is public: the chosen tile goes on top, so only the rest of the pile's order
//   is private. Its user knows that pile's order for the rest of the game (piles never reshuffle,
//   and every later change to a pile is public). Everyone else knows the old top now lies just
//   below the new one (unless the chosen kind was already known to lie there): `pile_seen_` counts
//   the tiles below each top whose order is public, and determinizations keep them in place.
// - Chewing gum cannot copy a special whose tile was used this turn (Reading), but a special
//   copied by the gum can still be used by its own tile afterwards (its tile was not used).
// - A Chewing gum copying a fruit is cleared when the capture of the last wild tile ends the game
//   (the turn ends with it), so every finished state round-trips through serialization.
// - When every player ties on Gummiz and specials, the game is a draw (all returns zero).
// - When the last wild tile is captured, the game ends at once; the captured and paying tiles go
//   into the box in the order they were paid.
//
// Information state of player p: everything public (piles' sizes and top tiles, which regions'
// exotic tiles are still in each pile, every player's tiles in front, each box's known part in
// order and the set of its unknown starting tiles, the multiset of hidden pile tiles, the phase)
// plus the order of the piles p looked through, and the public order of the tiles just below each
// top (watched Selections). Resampling shuffles the unknown part of every box and deals the hidden
// tiles of the piles p does not know back below their known tops, keeping pile sizes and one exotic
// wild tile per region in each pile that still holds one; the result is uniform over the worlds
// that agree with everything p saw. Every action is public, so
// the history needs no rewriting and no observed_action is needed.
//
// Observation tensor (shape {50 * players + 112}, for player p; seats relative to p):
//   per player (49 each, p first): front counts per class (12), box size, unknown count, known box
//     counts per reward (11), the next two tiles out of the box one-hot over rewards (2 x 11, zero
//     when unknown or absent), Gummiz, special tiles owned
//   per pile (17 each): size, top cost S/A/L (3), top Gummiz, top reward one-hot (11), p knows order
//   turn (players + 44): player to move one-hot, phase one-hot (9), captures left, Doublon used,
//     rounds played, end triggered, pending tiles per reward (11), fruits paid S/A/L/M (4), target
//     pile one-hot (4), tile in use one-hot over rewards (11), tiles exchanged
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cards.h"
#include "core/game.h"
#include "games/gummiland/gummiland_tiles.h"

namespace ts {

namespace gummiland {

inline constexpr int kMaxSeats = 4;
inline constexpr int kNumPiles = 4;
inline constexpr int kPileCap = 12;    // 8 standard + one exotic per region
inline constexpr int kOwnCap = 56;     // a player owns at most 9 starting + 44 wild tiles
inline constexpr int kMaxPending = 8;  // at most 4 paying tiles and the captured one
inline constexpr int kActiveGum = 11;  // the class of a Chewing gum copying a fruit
inline constexpr int kNumClasses = 12;
// A tile class (actions name tiles by it): its reward, or kActiveGum.
inline constexpr std::array<const char*, kNumClasses> kClassName = {
    "greedy tile", "S",        "A",       "L",       "M",         "Taste",
    "Chewing gum", "Exchange", "Tidy Up", "Doublon", "Selection", "Chewing gum"};

// The phases, named in the description as kPhaseNames says.
enum Phase : int8_t {
  kMain,
  kPay,         // target_: the pile being paid for; pending_: the tiles paid so far
  kSlide,       // pending_: paying tiles and the captured tile, still to slide into the box
  kGumCopy,     // in_use_: the Chewing gum; choose what it copies
  kExchanging,  // in_use_: Exchange (or the gum); exchanged_: tiles put into the box so far
  kTidyPlayer,  // in_use_: Tidy Up (or the gum)
  kTidyTile,    // target_: the opponent
  kSelectPile,  // in_use_: Selection (or the gum)
  kSelectTile,  // target_: the pile looked through
  kNumPhases,
};
inline constexpr std::array<const char*, kNumPhases> kPhaseNames = {
    "main",        "pay",       "slide",       "gum copy",   "exchanging",
    "tidy player", "tidy tile", "select pile", "select tile"};

// Action numbering (see the header comment).
inline constexpr Action kEndAction = 0;
inline constexpr Action kPileAction = 1;
inline constexpr Action kUseAction = 5;
inline constexpr Action kClassAction = 11;
inline constexpr Action kPlayerAction = 23;
inline constexpr Action kTypeAction = 27;
inline constexpr int kNumActions = kTypeAction + kNumWildRows;

struct Fruits {
  int s = 0, a = 0, l = 0, m = 0;
  void add(int fruit, int n = 1);  // fruit kS..kM
};

}  // namespace gummiland

class GummilandState {
 public:
  // Lists of tile ids (core/cards.h); piles and boxes keep the bottom at index 0.
  using OwnList = Deck<gummiland::kOwnCap>;
  using PileList = Deck<gummiland::kPileCap>;

  GummilandState(int players, int regions, int max_rounds, uint64_t seed);

  int num_players() const { return num_players_; }
  int current_player() const { return over_ ? kTerminalPlayer : current_; }
  bool is_terminal() const { return over_; }
  int legal_actions(Action* out) const;
  int chance_outcomes(ChanceOutcome*) const { return 0; }
  void apply_action(Action action);
  void returns(double* out) const;
  void scores(double* out) const;  // Gummiz per player
  // Estimated returns from Gummiz (and specials, the tie-break), sharper as the piles run out.
  void heuristic_returns(double* out) const;
  std::string action_to_string(Action action) const;
  std::string to_string() const;
  std::string information_state_string(int player) const;
  void observation_tensor(int player, float* out) const;

  GummilandState resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const;
  void fields(FieldVisitor& v);
  void check_fields() const { validate(); }
  // Rule-level invariants across the step from `before` by `action` (gummiland_invariants.cc).
  void check_step(const GummilandState& before, Action action) const;

  // The observation's block per player (from the observer on), per pile, and at the end (the
  // header comment; the game's description exports the same layout).
  struct PlayerObservation {
    static constexpr int kFront = 0;  // tiles in front, by class
    static constexpr int kBoxSize = kFront + gummiland::kNumClasses, kBoxUnknown = kBoxSize + 1;
    static constexpr int kBoxKnown = kBoxUnknown + 1;  // the known tiles of the box, by reward
    static constexpr int kBoxNext = kBoxKnown + gummiland::kNumRewards;  // the next two out, one-hot rewards
    static constexpr int kGummiz = kBoxNext + 2 * gummiland::kNumRewards, kSpecials = kGummiz + 1;
    static constexpr int kSize = kSpecials + 1;
  };
  struct PileObservation {
    static constexpr int kSize = 0, kTopCost = 1, kTopGummiz = kTopCost + 3, kTopReward = kTopGummiz + 1;
    static constexpr int kOrderKnown = kTopReward + gummiland::kNumRewards;
    static constexpr int kBlock = kOrderKnown + 1;
  };
  // After the players and the piles: who moves (one per player), the phase, these four, the
  // pending tiles by reward, the fruits paid, the target pile, the tile in use and `exchanged`.
  static constexpr int kTurnFloats = 4, kFruits = 4;
  static int observation_size(int players) {
    return (PlayerObservation::kSize + 1) * players + PileObservation::kBlock * gummiland::kNumPiles +
           gummiland::kNumPhases + kTurnFloats + gummiland::kNumRewards + kFruits + gummiland::kNumPiles +
           gummiland::kNumRewards + 1;
  }

 private:
  // Rules (gummiland.cc).
  int front_class(int player, int tile) const;
  int fruit_of_class(int cls) const;  // kS..kM, or 0 for a class that does not pay
  gummiland::Fruits available() const;
  gummiland::Fruits paid() const;
  bool can_pay(int tile, const gummiland::Fruits& paid, const gummiland::Fruits& available) const;
  bool usable(int reward, int taken) const;
  bool gum_can_copy(int tile, int taken) const;
  int find_front(int player, int cls) const;  // index of the first tile of the class, or -1
  int usable_special_index(int reward) const;
  int nonempty_piles() const;
  // Legal actions; a phase that chooses a tile lists its classes as a set (bit i: class i).
  int main_actions(Action* out) const;
  int pay_actions(Action* out) const;
  int tidy_player_actions(Action* out) const;
  int select_pile_actions(Action* out) const;
  uint64_t front_classes(int player) const;
  uint64_t pending_classes() const;
  uint64_t gum_copy_classes() const;
  uint64_t pile_kinds(int k) const;  // bit i: kind (wild row) i
  // Effects of the actions by phase.
  void main_action(Action action);
  void pay_with(int cls);
  void slide(int cls);
  void copy_with_gum(int cls);
  void exchange(Action action);
  void tidy_tile(int cls);
  void select_tile(int row);
  void tickle(int count);
  void begin_special(int reward);
  void finish_special();
  void complete_capture();
  void auto_slide();
  void finish_exchange();
  void end_turn();
  void begin_turn();
  bool is_used(int tile) const { return (used_[tile >> 6] >> (tile & 63)) & 1; }
  void mark_used(int tile) { used_[tile >> 6] |= uint64_t{1} << (tile & 63); }
  int gummiz(int player) const;
  int specials(int player) const;
  template <class F>
  void for_each_owned(int player, F f) const;

  // Views (gummiland_view.cc).
  std::string describe(int viewer) const;
  std::string describe_pile(int k, int viewer, std::vector<int>& hidden) const;
  std::string describe_player(int q, int viewer) const;
  std::string decision_text() const;

  // Fields and resampling (gummiland_fields.cc).
  void validate() const;
  void validate_tiles() const;  // every tile in play once, in a place it can be
  void validate_phase() const;  // the phase and what it needs

  int8_t num_players_ = 2;
  uint8_t regions_ = 0;  // bit r: region r in play
  int16_t max_rounds_ = 60;
  int16_t round_ = 0;  // completed rounds
  int8_t current_ = 0;
  int8_t phase_ = gummiland::kMain;
  int8_t captures_left_ = 1;
  int8_t doubled_ = 0;  // a Doublon was used this turn
  int8_t gum_as_ = 0;   // the fruit the current player's Chewing gum copies this turn, or 0
  int8_t target_ = -1;  // pile (kPay, kSelectTile) or opponent (kTidyTile)
  int8_t exchanged_ = 0;
  int8_t in_use_ = -1;  // the special tile whose effect is being resolved
  bool over_ = false;
  std::array<PileList, gummiland::kNumPiles> piles_{};
  std::array<uint8_t, gummiland::kNumPiles> pile_known_{};  // bit q: player q knows the order
  // Tiles just below each pile's top whose order everyone knows (watched Selections put them there).
  std::array<int8_t, gummiland::kNumPiles> pile_seen_{};
  std::array<uint8_t, gummiland::kNumPiles> pile_exotic_{};  // bit r: region r's exotic tile is here
  std::array<OwnList, gummiland::kMaxSeats> box_{};          // index 0 comes out next
  std::array<uint8_t, gummiland::kMaxSeats> box_unknown_{};  // starting tiles of unknown order at the bottom
  std::array<OwnList, gummiland::kMaxSeats> front_{};
  Deck<gummiland::kMaxPending> pending_{};
  std::array<uint64_t, 2> used_{};  // tiles whose special was used this turn
};

class Gummiland {
 public:
  using State = GummilandState;
  static constexpr const char* kName = "gummiland";
  static std::vector<ParamSpec> parameter_specs();
  explicit Gummiland(const Params& params);
  int num_players() const { return players_; }
  int max_legal_actions() const { return gummiland::kNumClasses; }
  int num_distinct_actions() const { return gummiland::kNumActions; }
  int max_game_length() const { return max_rounds_ * players_ * 40; }  // a turn: a few small decisions
  bool has_chance() const { return false; }
  bool has_hidden_information() const { return true; }
  std::vector<int> observation_shape() const { return {State::observation_size(players_)}; }
  State new_initial_state(uint64_t seed) const { return State(players_, regions_, max_rounds_, seed); }
  // The names, tile table, action ranges and observation layout (gummiland_description.cc).
  GameDescription description() const;

 private:
  int players_;
  int regions_;
  int max_rounds_;
};

}  // namespace ts
