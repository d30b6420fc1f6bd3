// Gnomi, as docs/rules/gnomi.md specifies it (components in gnomi_cards.h).
//
// Cards are physical objects with public identities: mushroom cards m0..m27 and gnome cards
// g0..g24. Who holds a card and whether it is right side up is public (the backs are public and a
// card can be followed from hand to hand); its face is known to the players in its `known` mask.
// The holder always knows their cards; a reveal makes a card known to all; a random steal adds the
// taker; nothing else changes knowledge. Undealt cards (the pool) are known to nobody; the golden
// reserve (expansion cards not yet awarded or offered) is known to all.
//
// Actions name cards, never faces, so every action but one is seen the same way by every player:
// a pass says which card went down but not its face, a random steal's outcome says which card
// moved. The exception is the golden match's offer: a winner takes or declines a golden gnome in
// secret, and observed_action shows the others only that the choice was made.
// A targeted player has a reaction decision (earmuffs or "no reaction") whenever, as far as the
// others can tell, they could hold an awake earmuffs (an awake gnome that is not publicly known
// to be something else), so a declined earmuffs looks exactly like having none; the decision is
// asked even when "no reaction" is the only choice, since skipping it would show that the target
// holds no awake earmuffs.
//
// Decisions beyond the rules page: eliminations are checked once a move has fully resolved (so
// using one's last card and receiving one keeps a player in); earmuffs cannot be used on one's
// own turn; sprout, wake, lullaby's and compost's cards turn unrevealed; a target giving a colour
// gives the copy known to the most players (lowest-numbered on a tie); forced choices (a single
// target, a single card, the second of two cards when one is left to pick) are made
// automatically; the lowest-numbered of several winners moves last in the next golden game.
//
// The golden match: after each game every winner in seat order, while the reserve lasts, is
// offered the reserve's next golden gnome and takes or declines it in secret. Either way the card
// leaves the reserve face down into the pool (so the reserve's public size says nothing); a taken
// one stays there, marked in `offer_kept_` (known to its taker only), until the next deal puts it
// in the taker's hand, a declined one is out of the match. Who was offered (`offer_seat_`) is
// public. Golden mushrooms are public. A golden gnome's face is known to its owner and to everyone
// who saw it used (that knowledge is kept through the re-deal: the card stays in its owner's
// hand). The re-deals are drawn from a seed kept in the state (hidden from everyone, re-drawn by
// resampling).
//
// Besides known faces, the state tracks what absence reveals, as public per-card exclusions
// (`not_colour_`, a card's face never changes within a game): a "use 1" of colour c that gives
// nothing shows that none of the target's right-side-up mushrooms is c; a give shows that no
// mushroom the target would have given first (known to more players, or numbered lower on a tie)
// is c; hans naming c shows that none of a hit player's remaining right-side-up mushrooms is c.
// Determinizations draw unknown faces uniformly among the assignments that respect every known
// face and every exclusion (core/constrained_deal.h), so they agree with everything a player saw.
//
// Action numbering (legal lists are short: each decision picks one thing):
//   [0,28)    use 1 mushroom: reveal and compost card m, then pick a target
//   [28,56)   use 2 mushrooms: reveal and compost card m (the lower-numbered one), then the second
//   [56,81)   use gnome g (not earmuffs, which only reacts)
//   [81,109)  pass: compost card m unrevealed;  [109,134) pass: put gnome g to sleep unrevealed
//   [134,140) target player;  [140,168) pick mushroom m;  [168,193) pick gnome g
//   [193,199) name a colour (hans);  199 done (sprout fewer than 2);  200 no reaction
//   201 take the golden gnome;  202 decline it (others observe both as 203)
// Chance outcomes (random steals) are "pick mushroom m" for the card taken.
//
// Observation tensor (flat, 38 * players + 25 floats; SeatObservation below): for each seat in
// turn from the observer, [in game, whose turn, deciding now, up mushrooms by known colour (6)
// and unknown (1), composted by colour (6) and unknown (1), awake gnomes by known kind (9) and
// unknown (1), sleeping by kind (9) and unknown (1), golden gnomes offered so far (public)]; then
// the phase one-hot (15), the pending colour one-hot (6), the game of the match one-hot (3),
// rounds played / max_rounds, the effect under way one-hot (8) and its target by seat from the
// observer (players); then a block per card (CardObservation below), the 28 mushrooms then the 25
// gnomes: [held by each seat from the observer (players), right side up, face known to every
// player, face as the observer knows it one-hot (6 colours or 9 gnome kinds) or unknown (1)].
// Actions name cards, so a policy can only tell one card's action from another's by these blocks.
//
// The names of the phases, effects and action ranges, the card tables and the observation layout
// are exported as the game's description (Gnomi::description), which the Python side reads.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/cards.h"
#include "core/game.h"
#include "games/gnomi/gnomi_cards.h"

namespace ts {

class GnomiState {
 public:
  static constexpr int kM = gnomi::kMushroomCards;
  static constexpr int kG = gnomi::kGnomeCards;
  static constexpr int kSeats = gnomi::kMaxSeats;
  static constexpr int kColours = gnomi::kNumMushroomFaces;

  static constexpr Action kUse1 = 0;
  static constexpr Action kUse2 = kUse1 + kM;
  static constexpr Action kUseGnome = kUse2 + kM;
  static constexpr Action kPassMushroom = kUseGnome + kG;
  static constexpr Action kPassGnome = kPassMushroom + kM;
  static constexpr Action kTarget = kPassGnome + kG;
  static constexpr Action kPickMushroom = kTarget + kSeats;
  static constexpr Action kPickGnome = kPickMushroom + kM;
  static constexpr Action kColour = kPickGnome + kG;
  static constexpr Action kDone = kColour + kColours;
  static constexpr Action kNoReaction = kDone + 1;
  static constexpr Action kTakeGolden = kNoReaction + 1;
  static constexpr Action kDeclineGolden = kTakeGolden + 1;
  static constexpr int kNumActions = kDeclineGolden + 1;
  static constexpr Action kHiddenChoice = kNumActions;     // a golden choice, as the others observe it
  static constexpr int kMaxLegal = 2 * kM + kG + kM + kG;  // the main turn is the longest list

  // Who holds a card: a seat, or one of these.
  static constexpr int8_t kPool = -1;     // undealt, out of the game, unseen
  static constexpr int8_t kReserve = -2;  // golden card not (yet) in play

  enum Phase : int8_t {
    kTurn,           // the turn player picks a move
    kUse1Target,     // use 1 mushroom: the target
    kUse2Second,     // use 2 mushrooms: the second card (numbered above the first)
    kUse2Target,     // use 2 mushrooms: the target
    kHansColour,     // hans: the colour
    kSproutPick,     // sprout: a composted mushroom (first, then one numbered above it) or done
    kWakePick,       // wake: one of the user's other sleeping gnomes
    kEffectTarget,   // lullaby / thief / peek / compost: the target
    kReact,          // the target: earmuffs or no reaction
    kLullabyChoice,  // the target: which awake gnome goes to sleep
    kPeekReveal,     // the target: which two mushrooms to reveal (ascending)
    kPeekTake,       // the user: which revealed mushroom to take
    kCompostChoice,  // the target: which mushroom to compost
    kSteal,          // chance: which of the target's right-side-up mushrooms is taken
    kGoldenChoice,   // golden match, between games: a winner takes or declines a golden gnome
    kGameOver,
  };
  static constexpr int kNumPhases = kGameOver;  // phases in the observation (not game over)
  static constexpr std::array<const char*, kGameOver + 1> kPhaseNames = {
      "turn",           "use 1 target",  "use 2 second",  "use 2 target",   "hans colour", "sprout",
      "wake",           "effect target", "react",         "lullaby choice", "peek reveal", "peek take",
      "compost choice", "steal",         "golden choice", "game over"};

  enum Effect : int8_t { kNoEffect, kGive, kStealOne, kLullaby, kThief, kPeek, kCompost, kHans };
  static constexpr std::array<const char*, kHans + 1> kEffectNames = {"-",     "give", "steal",   "lullaby",
                                                                      "thief", "peek", "compost", "hans"};

  // Cards have public numbers; each tracks its face, holder, side and who knows its face.
  template <int N>
  using Cards = CardSet<N>;

  // The observation's block per seat (see the header comment), then the phase, the colour, the
  // game of the match and the rounds played.
  struct SeatObservation {
    static constexpr int kInGame = 0, kTurn = 1, kDeciding = 2;
    static constexpr int kUpMushrooms = 3;  // by colour known to the observer, then unknown
    static constexpr int kComposted = kUpMushrooms + kColours + 1;
    static constexpr int kAwakeGnomes = kComposted + kColours + 1;  // by kind known, then unknown
    static constexpr int kSleeping = kAwakeGnomes + gnomi::kNumGnomeFaces + 1;
    static constexpr int kGoldenOffered = kSleeping + gnomi::kNumGnomeFaces + 1;
    static constexpr int kSize = kGoldenOffered + 1;
  };
  static constexpr int kMatchGames = 3;  // games in a golden match
  static constexpr int kEffects = kHans + 1;
  // The observation's block per card, after the seats' and the whole game's: its holder's slot
  // among the first `players` floats, then these, then the face (faces + 1 with unknown).
  struct CardObservation {
    static constexpr int kUp = 0, kKnownToAll = 1, kFace = 2;
    static constexpr int size(int players, int faces) { return players + kFace + faces + 1; }
  };

  // Deals a new game (or match) from `seed`.
  GnomiState(int players, bool golden, int max_rounds, uint64_t seed);

  int num_players() const { return n_; }
  int current_player() const;
  bool is_terminal() const { return phase_ == kGameOver; }
  int legal_actions(Action* out) const;
  int chance_outcomes(ChanceOutcome* out) const;
  void apply_action(Action action);
  void returns(double* out) const;
  // Gold held in the golden match; right-side-up cards otherwise.
  void scores(double* out) const;
  // Estimated returns from right-side-up cards (players out have none; gold first in the match).
  void heuristic_returns(double* out) const;
  std::string action_to_string(Action action) const;
  // A golden choice is the chooser's secret: others observe kHiddenChoice. Every other action is public.
  Action observed_action(int observer, Action action) const;
  std::string to_string() const;
  std::string information_state_string(int player) const;
  // A hash of what information_state_string(player) shows, without building the string.
  uint64_t information_state_key(int player) const;
  void observation_tensor(int player, float* out) const;
  GnomiState resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const;
  // The deal of this game with this state's faces (the first game only: later games of a golden
  // match are dealt from a hidden seed), from which the game's actions replay to this state.
  std::optional<GnomiState> world_start() const;
  // The public moves so far, as everyone saw them, are listed by information_state_string where
  // they are kept: from the start of a game that asked for them (start_record), each move noted
  // by record(action) just before apply_action(action) (core/game.h, KeepsRecord: the states the
  // Python side holds do). A search's copies go without (drop_record), since every copy and move
  // would pay for them; their text then shows a digest of those moves instead.
  void start_record() { record_ = std::make_shared<std::vector<uint32_t>>(); }
  void drop_record() { record_.reset(); }
  void record(Action action);
  // Every field (gnomi_fields.cc), and the whole position checked after reading them.
  void fields(FieldVisitor& v);
  void check_fields() const { validate(); }
  // Rule-level invariants across the step from `before` by `action` (gnomi_invariants.cc).
  void check_step(const GnomiState& before, Action action) const;

  // A turn is one choice and short follow-ups; the golden match is 3 games.
  static int max_game_length(int players, bool golden, int max_rounds) {
    return max_rounds * players * 40 * (golden ? kMatchGames : 1);
  }
  static int observation_size(int players) {
    return SeatObservation::kSize * players + kNumPhases + kColours + kMatchGames + 1 + kEffects + players +
           kM * CardObservation::size(players, kColours) +
           kG * CardObservation::size(players, gnomi::kNumGnomeFaces);
  }

 private:
  uint8_t all_mask() const { return static_cast<uint8_t>((1u << n_) - 1); }
  bool in_game(int s) const { return !((out_ >> s) & 1); }
  bool up_mushroom(int m, int s) const { return mush_.holder[m] == s && mush_.up[m]; }
  bool down_mushroom(int m, int s) const { return mush_.holder[m] == s && !mush_.up[m]; }
  bool awake_gnome(int g, int s) const { return gnome_.holder[g] == s && gnome_.up[g]; }
  bool asleep_gnome(int g, int s) const { return gnome_.holder[g] == s && !gnome_.up[g]; }
  bool has_up_card(int s) const;
  int count_up_mushrooms(int s) const;
  int up_cards(int s) const;
  int gold(int s) const;
  int offers() const;            // golden gnomes offered so far
  int reserve_gnomes() const;    // golden gnomes not yet offered
  uint8_t kept_by(int s) const;  // the offers seat s took (bit i: offer i)
  bool is_earmuffs(int g) const;
  bool may_react(int s) const;
  int next_seat(int s) const { return (s + 1) % n_; }
  int order_position(int s) const { return (s - first_ + n_) % n_; }

  void deal(uint64_t seed);
  void redeal();
  void reveal_mushroom(int m) { mush_.reveal(m, all_mask()); }
  void move_mushroom(int m, int to, uint8_t learners);

  int turn_actions(Action* out) const;
  int peek_reveal_actions(Action* out) const;
  void apply_turn(Action a);
  void sprout(Action a);
  void react(Action a);
  void peek_reveal(int m);
  void steal(int m);
  int only_up_mushroom_above(int s, int m) const;
  void use_second_mushroom(int m);
  void use_gnome(int g);
  void choose_target(Phase phase);
  void begin_effect();
  void resolve_effect();
  void resolve_give();
  void resolve_steal();
  void resolve_lullaby();
  void resolve_peek();
  void resolve_compost();
  void continue_hans();
  void compost_colour(int s);
  void start_peek_take();
  void finish_move();
  void end_game(uint8_t winners);
  void award_golden_mushrooms(uint8_t winners);
  void offer_golden();
  void choose_golden(Action a);
  void next_game();
  void validate() const;
  void validate_cards() const;  // every card in its printed number and a place it can be
  void validate_offers(int pool_golden, int reserve_golden) const;
  void validate_course() const;  // the phase and what it needs
  void validate_record() const;  // the public moves agree with the history digest
  void record_fields(FieldVisitor& v);

  // A public move in 32 bits: what everyone saw of the action, and the mover, phase, effect and
  // colour it was taken in (the words for it depend on them).
  struct PublicMove {
    Action action;
    int mover;  // kChancePlayer for a random steal
    Phase phase;
    Effect effect;
    int colour;
    uint32_t code() const;
    static PublicMove of(uint32_t code);
    bool valid(int players) const;
  };
  Action public_action(Action a) const { return phase_ == kGoldenChoice ? kHiddenChoice : a; }
  std::string moves_text() const;
  std::string action_words(Action a, Phase phase, Effect effect, int colour, bool faces) const;

  std::string describe(int viewer) const;  // viewer < 0: everything
  std::string offers_text(int viewer) const;
  std::string card_label(bool mushroom, int id, int viewer) const;
  std::string face_name(bool mushroom, int id) const;

  void exclude_colour_of_up(int s, int colour);
  uint8_t draw_offers_kept(int player, Rng& rng) const;

  Cards<kM> mush_;
  Cards<kG> gnome_;
  std::array<uint8_t, kM> not_colour_{};  // bit c: everyone knows this mushroom is not colour c
  std::array<int8_t, gnomi::kGoldenGnomes> offer_seat_{};  // public: the seat offered each (-1: not yet)
  uint8_t offer_kept_ = 0;     // bit i: offer i was taken; known to offer_seat_[i] only
  int8_t settled_ = 0;         // offers before this one are settled: taken ones in their takers' hands
  uint8_t awaiting_ = 0;       // winners of the game just over still to be offered a golden gnome
  uint64_t deal_seed_ = 0;     // draws the golden re-deals; hidden from everyone
  uint64_t history_hash_ = 0;  // every action so far, as everyone observes it
  int16_t round_ = 0;
  int16_t max_rounds_ = 100;
  int8_t n_ = 3;
  bool golden_ = false;
  int8_t game_ = 0;  // 0..2 in the golden match
  int8_t first_ = 0;
  int8_t turn_ = 0;
  Phase phase_ = kTurn;
  Effect effect_ = kNoEffect;
  int8_t target_ = -1;
  int8_t colour_ = -1;
  int8_t pick_ = -1;  // use 2's first card, sprout's first card, wake's used gnome, peek's first reveal
  std::array<int8_t, 2> peek_{-1, -1};
  int8_t steals_left_ = 0;
  uint8_t out_ = 0;
  uint8_t winners_ = 0;
  uint8_t last_out_ = 0;  // the players eliminated together most recently
  uint8_t prev_out_ = 0;  // the group eliminated before them
  // The public moves (PublicMove codes) where they are kept, shared by copies until one moves.
  std::shared_ptr<std::vector<uint32_t>> record_;
};

class Gnomi {
 public:
  using State = GnomiState;
  static constexpr const char* kName = "gnomi";
  static std::vector<ParamSpec> parameter_specs();
  explicit Gnomi(const Params& params);
  int num_players() const { return players_; }
  int max_legal_actions() const { return State::kMaxLegal; }
  int num_distinct_actions() const { return State::kNumActions; }
  int max_game_length() const { return State::max_game_length(players_, golden_, max_rounds_); }
  bool has_chance() const { return true; }
  bool has_hidden_information() const { return true; }
  std::vector<int> observation_shape() const { return {State::observation_size(players_)}; }
  State new_initial_state(uint64_t seed) const { return State(players_, golden_, max_rounds_, seed); }
  // The names, card tables, action ranges and observation layout (gnomi_description.cc).
  GameDescription description() const;

 private:
  int players_;
  bool golden_;
  int max_rounds_;
};

}  // namespace ts
