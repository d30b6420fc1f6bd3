// Gnomi's rules: dealing, the turn and its follow-up decisions, reactions, elimination, the end
// of a game and the golden match.
#include "games/gnomi/gnomi.h"

#include "core/heuristic.h"

#include <algorithm>
#include <bit>

namespace ts {

using gnomi::Ability;
using gnomi::kGnomes;
using gnomi::kMushrooms;

namespace {

uint8_t bit(int s) { return static_cast<uint8_t>(1u << s); }

// Writes base + i for each i in [from, to) with keep(i), in order; returns how many.
template <class Keep>
int list_actions(int from, int to, Action base, Action* out, Keep keep) {
  int k = 0;
  for (int i = from; i < to; ++i) {
    if (keep(i)) out[k++] = base + i;
  }
  return k;
}

uint64_t mix_action(uint64_t h, Action a) {
  uint64_t z = h ^ (static_cast<uint64_t>(static_cast<uint32_t>(a)) + 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31) ^ (h << 1);
}

// One kind of card sorted for a deal: golden cards stay with their holders (keeping who knows
// them), in the reserve, or out of the match (a declined golden gnome, in the pool); every other
// card goes into the deck, shuffled.
template <int N>
struct DealSort {
  struct Kept {
    int8_t face;
    uint8_t known;
  };
  std::array<std::array<Kept, N>, GnomiState::kSeats> kept{};
  std::array<int, GnomiState::kSeats> kept_count{};
  std::array<int8_t, N> deck{}, out{}, reserve{};
  int deck_count = 0, out_count = 0, reserve_count = 0;
};

template <int N, class IsGolden>
DealSort<N> sort_for_deal(const GnomiState::Cards<N>& cards, IsGolden is_golden, Rng& rng) {
  DealSort<N> d;
  for (int c = 0; c < N; ++c) {
    const int8_t face = cards.face[c], holder = cards.holder[c];
    if (!is_golden(face)) {
      d.deck[d.deck_count++] = face;
    } else if (holder >= 0) {
      d.kept[holder][d.kept_count[holder]++] = {face, cards.known[c]};
    } else if (holder == GnomiState::kPool) {
      d.out[d.out_count++] = face;
    } else {
      d.reserve[d.reserve_count++] = face;
    }
  }
  rng.shuffle(d.deck.data(), d.deck_count);
  return d;
}

// Deals every hand up to `hand_size` (its kept cards, still known to whoever knew them, then
// from the deck, known to the holder; each hand shuffled), then the rest of the deck and the
// cards out of the match to the pool, and the reserve (known to everyone) after them.
template <int N>
void deal_hands(GnomiState::Cards<N>& cards, const DealSort<N>& d, int players, int hand_size,
                uint8_t everyone, Rng& rng) {
  using Kept = typename DealSort<N>::Kept;
  int id = 0, next = 0;
  for (int s = 0; s < players; ++s) {
    std::array<Kept, N> hand{};
    int h = 0;
    for (int i = 0; i < d.kept_count[s]; ++i) hand[h++] = d.kept[s][i];
    while (h < hand_size) hand[h++] = {d.deck[next++], bit(s)};
    rng.shuffle(hand.data(), h);
    for (int i = 0; i < h; ++i) cards.place(id++, hand[i].face, static_cast<int8_t>(s), 1, hand[i].known);
  }
  for (; next < d.deck_count; ++next) cards.place(id++, d.deck[next], GnomiState::kPool, 0, 0);
  for (int i = 0; i < d.out_count; ++i) cards.place(id++, d.out[i], GnomiState::kPool, 0, 0);
  for (int i = 0; i < d.reserve_count; ++i)
    cards.place(id++, d.reserve[i], GnomiState::kReserve, 0, everyone);
}

}  // namespace

std::vector<ParamSpec> Gnomi::parameter_specs() {
  return {
      ParamSpec::integer("players", 3, 2, gnomi::kMaxSeats, "number of players"),
      ParamSpec::boolean("golden", false,
                         "golden expansion: a match of three games played as one, most gold wins"),
      ParamSpec::integer("max_rounds", 100, 1, 10000,
                         "rounds after which a game ends; the most right-side-up cards win"),
  };
}

Gnomi::Gnomi(const Params& params)
    : players_(static_cast<int>(param_int(params, "players"))),
      golden_(param_bool(params, "golden")),
      max_rounds_(static_cast<int>(param_int(params, "max_rounds"))) {}

GnomiState::GnomiState(int players, bool golden, int max_rounds, uint64_t seed)
    : max_rounds_(static_cast<int16_t>(max_rounds)), n_(static_cast<int8_t>(players)), golden_(golden) {
  offer_seat_.fill(-1);
  deal(seed);
}

// ---------------------------------------------------------------------------------------------
// Dealing

void GnomiState::deal(uint64_t seed) {
  // Every card starts outside the hands: golden ones in the reserve, the others in the pool.
  int id = 0;
  for (int f = 0; f < kColours; ++f) {
    for (int c = 0; c < kMushrooms[f].copies; ++c, ++id) {
      mush_.face[id] = static_cast<int8_t>(f);
      mush_.holder[id] = gnomi::golden_mushroom(f) ? kReserve : kPool;
    }
  }
  id = 0;
  for (int f = 0; f < gnomi::kNumGnomeFaces; ++f) {
    for (int c = 0; c < kGnomes[f].copies; ++c, ++id) {
      gnome_.face[id] = static_cast<int8_t>(f);
      gnome_.holder[id] = gnomi::golden_gnome(f) ? kReserve : kPool;
    }
  }
  deal_seed_ = seed;
  redeal();
}

// Deals every hand from the current cards (Reading: all non-golden cards are gathered, shuffled
// and dealt again): golden cards stay with their holders (right side up), everything else is
// shuffled and dealt up to the hand size. Which of a player's cards is golden does not follow
// from its number; who knew a golden card's face still knows it (it never left its holder).
void GnomiState::redeal() {
  Rng rng(deal_seed_ + 0x632BE59BD9B4E019ULL * static_cast<uint64_t>(game_));
  deal_seed_ = rng.next();
  // Both kinds are sorted (and their decks shuffled) before either is dealt: the order of draws
  // from rng fixes the deal for a seed.
  const auto gnomes = sort_for_deal(gnome_, gnomi::golden_gnome, rng);
  const auto mushrooms = sort_for_deal(mush_, gnomi::golden_mushroom, rng);
  deal_hands(gnome_, gnomes, n_, gnomi::kHandGnomes, all_mask(), rng);
  deal_hands(mush_, mushrooms, n_, gnomi::kHandMushrooms, all_mask(), rng);
  not_colour_.fill(0);
  round_ = 0;
  out_ = last_out_ = prev_out_ = 0;
  turn_ = first_;
  phase_ = kTurn;
}

// ---------------------------------------------------------------------------------------------
// Queries

bool GnomiState::has_up_card(int s) const {
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, s)) return true;
  }
  for (int g = 0; g < kG; ++g) {
    if (awake_gnome(g, s)) return true;
  }
  return false;
}

int GnomiState::count_up_mushrooms(int s) const {
  int k = 0;
  for (int m = 0; m < kM; ++m) k += up_mushroom(m, s);
  return k;
}

int GnomiState::up_cards(int s) const {
  int k = count_up_mushrooms(s);
  for (int g = 0; g < kG; ++g) k += awake_gnome(g, s);
  return k;
}

// Golden cards held, and golden gnomes taken that wait in the pool for the next deal.
int GnomiState::gold(int s) const {
  int total = 0;
  for (int m = 0; m < kM; ++m) total += mush_.holder[m] == s ? kMushrooms[mush_.face[m]].gold : 0;
  for (int g = 0; g < kG; ++g) total += gnome_.holder[g] == s ? kGnomes[gnome_.face[g]].gold : 0;
  const uint8_t waiting = static_cast<uint8_t>(kept_by(s) >> settled_);
  return total + std::popcount(waiting) * kGnomes[gnomi::kGoldenGnomeFace].gold;
}

int GnomiState::offers() const {
  int k = 0;
  while (k < gnomi::kGoldenGnomes && offer_seat_[k] >= 0) ++k;
  return k;
}

int GnomiState::reserve_gnomes() const {
  int k = 0;
  for (int g = 0; g < kG; ++g) k += gnome_.holder[g] == kReserve;
  return k;
}

uint8_t GnomiState::kept_by(int s) const {
  uint8_t mask = 0;
  for (int i = 0; i < gnomi::kGoldenGnomes; ++i) {
    if (offer_seat_[i] == s) mask |= bit(i);
  }
  return mask & offer_kept_;
}

bool GnomiState::is_earmuffs(int g) const { return kGnomes[gnome_.face[g]].ability == Ability::kEarmuffs; }

// Whether `s` gets a reaction decision when targeted: decided from public knowledge only (an awake
// gnome whose face is not known to everyone, or a known earmuffs), so that the decision's
// existence says nothing about hidden faces.
bool GnomiState::may_react(int s) const {
  for (int g = 0; g < kG; ++g) {
    if (awake_gnome(g, s) && (gnome_.known[g] != all_mask() || is_earmuffs(g))) return true;
  }
  return false;
}

int GnomiState::current_player() const {
  switch (phase_) {
    case kGameOver:
      return kTerminalPlayer;
    case kSteal:
      return kChancePlayer;
    case kGoldenChoice:
      return std::countr_zero(static_cast<unsigned>(awaiting_));
    case kReact:
    case kLullabyChoice:
    case kPeekReveal:
    case kCompostChoice:
      return target_;
    default:
      return turn_;
  }
}

// ---------------------------------------------------------------------------------------------
// Legal actions: one function per phase (the short ones inline).

int GnomiState::legal_actions(Action* out) const {
  const int s = turn_, t = target_;
  switch (phase_) {
    case kTurn:
      return turn_actions(out);
    case kUse1Target:
    case kUse2Target:
    case kEffectTarget:
      return list_actions(0, n_, kTarget, out, [&](int x) { return x != s && in_game(x); });
    case kUse2Second:
      return list_actions(pick_ + 1, kM, kPickMushroom, out, [&](int m) { return up_mushroom(m, s); });
    case kHansColour:
      return list_actions(0, kColours, kColour, out,
                          [&](int c) { return golden_ || !gnomi::golden_mushroom(c); });
    case kSproutPick: {
      const int k =
          list_actions(pick_ + 1, kM, kPickMushroom, out, [&](int m) { return down_mushroom(m, s); });
      out[k] = kDone;
      return k + 1;
    }
    case kWakePick:
      return list_actions(0, kG, kPickGnome, out, [&](int g) { return g != pick_ && asleep_gnome(g, s); });
    case kReact: {
      const int k =
          list_actions(0, kG, kPickGnome, out, [&](int g) { return awake_gnome(g, t) && is_earmuffs(g); });
      out[k] = kNoReaction;
      return k + 1;
    }
    case kLullabyChoice:
      return list_actions(0, kG, kPickGnome, out, [&](int g) { return awake_gnome(g, t); });
    case kPeekReveal:
      return peek_reveal_actions(out);
    case kPeekTake:
      out[0] = kPickMushroom + peek_[0];
      out[1] = kPickMushroom + peek_[1];
      return 2;
    case kCompostChoice:
    case kSteal:
      return list_actions(0, kM, kPickMushroom, out, [&](int m) { return up_mushroom(m, t); });
    case kGoldenChoice:
      out[0] = kTakeGolden;
      out[1] = kDeclineGolden;
      return 2;
    case kGameOver:
      return 0;
  }
  return 0;
}

// Use one mushroom, or two (named by the lower one; the other is picked next), or a gnome
// (earmuffs only reacts); or pass a card, turning it over unrevealed.
int GnomiState::turn_actions(Action* out) const {
  const int s = turn_;
  int k = 0, ups = 0, top = -1;
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, s)) out[k++] = kUse1 + m, ++ups, top = m;
  }
  if (ups >= 2) {
    for (int m = 0; m < top; ++m) {
      if (up_mushroom(m, s)) out[k++] = kUse2 + m;
    }
  }
  for (int g = 0; g < kG; ++g) {
    if (awake_gnome(g, s) && !is_earmuffs(g)) out[k++] = kUseGnome + g;
  }
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, s)) out[k++] = kPassMushroom + m;
  }
  for (int g = 0; g < kG; ++g) {
    if (awake_gnome(g, s)) out[k++] = kPassGnome + g;
  }
  return k;
}

// Two cards in ascending order: the first must leave one above it.
int GnomiState::peek_reveal_actions(Action* out) const {
  int top = -1;
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, target_)) top = m;
  }
  return list_actions(pick_ + 1, kM, kPickMushroom, out,
                      [&](int m) { return up_mushroom(m, target_) && (pick_ >= 0 || m < top); });
}

int GnomiState::chance_outcomes(ChanceOutcome* out) const {
  if (phase_ != kSteal) return 0;
  Action actions[kM];
  const int k = legal_actions(actions);
  for (int i = 0; i < k; ++i) out[i] = {actions[i], 1.0 / k};
  return k;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

void GnomiState::move_mushroom(int m, int to, uint8_t learners) { mush_.move(m, to, learners); }

Action GnomiState::observed_action(int observer, Action a) const {
  return phase_ == kGoldenChoice && observer != current_player() ? kHiddenChoice : a;
}

// The effect of `a` in the current phase: one function per phase (the short ones inline). Each
// leaves the state at its next decision: it ends the move (finish_move) or opens a phase.
void GnomiState::apply_action(Action a) {
  history_hash_ = mix_action(history_hash_, public_action(a));
  switch (phase_) {
    case kTurn:
      return apply_turn(a);
    case kUse1Target:
    case kUse2Target:
    case kEffectTarget:
      target_ = static_cast<int8_t>(a - kTarget);
      return begin_effect();
    case kUse2Second:
      return use_second_mushroom(a - kPickMushroom);
    case kHansColour:
      colour_ = static_cast<int8_t>(a - kColour);
      effect_ = kHans;
      target_ = turn_;
      return continue_hans();
    case kSproutPick:
      return sprout(a);
    case kWakePick:
      gnome_.up[a - kPickGnome] = 1;
      return finish_move();
    case kReact:
      return react(a);
    case kLullabyChoice:
      gnome_.up[a - kPickGnome] = 0;
      return finish_move();
    case kPeekReveal:
      return peek_reveal(a - kPickMushroom);
    case kPeekTake:
      move_mushroom(a - kPickMushroom, turn_, 0);
      return finish_move();
    case kCompostChoice:
      mush_.up[a - kPickMushroom] = 0;
      return finish_move();
    case kSteal:
      return steal(a - kPickMushroom);
    case kGoldenChoice:
      return choose_golden(a);
    case kGameOver:
      return;
  }
}

// The record: each move packed as 12 bits of action, then 4 each of phase, mover + 1, effect and
// colour + 1.
uint32_t GnomiState::PublicMove::code() const {
  static_assert(kHiddenChoice < (1 << 12) && kGameOver < 16 && kSeats < 15 && kHans < 16 && kColours < 15);
  return static_cast<uint32_t>(action) | static_cast<uint32_t>(phase) << 12 |
         static_cast<uint32_t>(mover + 1) << 16 | static_cast<uint32_t>(effect) << 20 |
         static_cast<uint32_t>(colour + 1) << 24;
}

GnomiState::PublicMove GnomiState::PublicMove::of(uint32_t code) {
  auto bits = [&](int shift, int width) { return static_cast<int>((code >> shift) & ((1u << width) - 1)); };
  return {bits(0, 12), bits(16, 4) - 1, static_cast<Phase>(bits(12, 4)), static_cast<Effect>(bits(20, 4)),
          bits(24, 4) - 1};
}

bool GnomiState::PublicMove::valid(int players) const {
  return action >= 0 && action <= kHiddenChoice && phase < kGameOver && mover >= kChancePlayer &&
         mover < players && effect <= kHans && colour >= -1 && colour < kColours;
}

void GnomiState::record(Action a) {
  if (!record_) return;
  if (record_.use_count() > 1) record_ = std::make_shared<std::vector<uint32_t>>(*record_);  // a copy's too
  record_->push_back(PublicMove{public_action(a), current_player(), phase_, effect_, colour_}.code());
}

// A record read from fields must be moves that give the history digest: empty where the moves
// were not kept (any digest), or exactly the moves the digest was made from.
void GnomiState::validate_record() const {
  if (!record_) return;
  uint64_t digest = 0;
  for (size_t i = 0; i < record_->size(); ++i) {
    const PublicMove move = PublicMove::of((*record_)[i]);
    if (!move.valid(n_) || move.code() != (*record_)[i])
      fail("field 'moves' entry " + std::to_string(i) + " is not a move");
    digest = mix_action(digest, move.action);
  }
  if (digest != history_hash_) fail("field 'moves' does not give the digest in field 'history_hash'");
}

// Sprouts a composted mushroom without revealing it; after the first, a second numbered above it
// may follow (or done).
void GnomiState::sprout(Action a) {
  if (a == kDone) return finish_move();
  const int m = a - kPickMushroom;
  mush_.up[m] = 1;
  if (pick_ >= 0) return finish_move();
  pick_ = static_cast<int8_t>(m);
  for (int x = m + 1; x < kM; ++x) {
    if (down_mushroom(x, turn_)) return;  // a second may follow
  }
  finish_move();
}

// The target lets the effect happen, or plays earmuffs: revealed, asleep, the effect on this
// target cancelled.
void GnomiState::react(Action a) {
  if (a == kNoReaction) return resolve_effect();
  const int g = a - kPickGnome;
  gnome_.known[g] = all_mask();
  gnome_.up[g] = 0;
  if (effect_ == kHans) return continue_hans();
  finish_move();
}

// The target reveals mushroom m: the first of two, or the second (then the user takes one).
void GnomiState::peek_reveal(int m) {
  reveal_mushroom(m);
  if (pick_ >= 0) {
    peek_ = {pick_, static_cast<int8_t>(m)};
    return start_peek_take();
  }
  pick_ = static_cast<int8_t>(m);
  const int second = only_up_mushroom_above(target_, m);  // a single card left: revealed at once
  if (second >= 0) {
    reveal_mushroom(second);
    peek_ = {pick_, static_cast<int8_t>(second)};
    start_peek_take();
  }
}

// Chance took the target's mushroom m: only the taker and the victim see the face; everyone sees
// which card moved.
void GnomiState::steal(int m) {
  move_mushroom(m, turn_, bit(target_));
  if (--steals_left_ > 0 && count_up_mushrooms(target_) > 0) return;
  finish_move();
}

// The one right-side-up mushroom of seat s numbered above m, or -1 if there are none or several.
int GnomiState::only_up_mushroom_above(int s, int m) const {
  int only = -1;
  for (int x = m + 1; x < kM; ++x) {
    if (!up_mushroom(x, s)) continue;
    if (only >= 0) return -1;
    only = x;
  }
  return only;
}

void GnomiState::use_second_mushroom(int m) {
  reveal_mushroom(m);
  mush_.up[m] = 0;
  effect_ = kStealOne;
  choose_target(kUse2Target);
}

void GnomiState::apply_turn(Action a) {
  if (a < kUse2) {  // use 1 mushroom
    const int m = a - kUse1;
    reveal_mushroom(m);
    mush_.up[m] = 0;
    colour_ = mush_.face[m];
    effect_ = kGive;
    choose_target(kUse1Target);
  } else if (a < kUseGnome) {  // use 2 mushrooms: the first of the two
    const int m = a - kUse2;
    reveal_mushroom(m);
    mush_.up[m] = 0;
    pick_ = static_cast<int8_t>(m);
    phase_ = kUse2Second;
    const int second = only_up_mushroom_above(turn_, m);  // a single card left: used at once
    if (second >= 0) use_second_mushroom(second);
  } else if (a < kPassMushroom) {
    use_gnome(a - kUseGnome);
  } else if (a < kPassGnome) {  // pass: unrevealed, so knowledge does not change
    mush_.up[a - kPassMushroom] = 0;
    finish_move();
  } else {
    gnome_.up[a - kPassGnome] = 0;
    finish_move();
  }
}

void GnomiState::use_gnome(int g) {
  gnome_.known[g] = all_mask();
  gnome_.up[g] = 0;
  const int s = turn_;
  switch (kGnomes[gnome_.face[g]].ability) {
    case Ability::kHans:
      phase_ = kHansColour;
      return;
    case Ability::kSprout:
      pick_ = -1;
      for (int m = 0; m < kM; ++m) {
        if (down_mushroom(m, s)) {
          phase_ = kSproutPick;
          return;
        }
      }
      break;
    case Ability::kWake: {
      int sleeping = 0, only = -1;
      for (int x = 0; x < kG; ++x) {
        if (x != g && asleep_gnome(x, s)) ++sleeping, only = x;
      }
      if (sleeping == 1) gnome_.up[only] = 1;
      if (sleeping >= 2) {
        pick_ = static_cast<int8_t>(g);
        phase_ = kWakePick;
        return;
      }
      break;
    }
    case Ability::kLullaby:
      effect_ = kLullaby;
      choose_target(kEffectTarget);
      return;
    case Ability::kThief:
      effect_ = kThief;
      choose_target(kEffectTarget);
      return;
    case Ability::kPeek:
      effect_ = kPeek;
      choose_target(kEffectTarget);
      return;
    case Ability::kCompost:
      effect_ = kCompost;
      choose_target(kEffectTarget);
      return;
    case Ability::kEarmuffs:
      break;  // never legal on one's own turn
  }
  finish_move();
}

// The target is asked for only when there is a choice.
void GnomiState::choose_target(Phase phase) {
  int count = 0, only = -1;
  for (int t = 0; t < n_; ++t) {
    if (t != turn_ && in_game(t)) ++count, only = t;
  }
  if (count == 1) {
    target_ = static_cast<int8_t>(only);
    begin_effect();
  } else {
    phase_ = phase;
  }
}

void GnomiState::begin_effect() {
  if (may_react(target_)) {
    phase_ = kReact;
  } else {
    resolve_effect();
  }
}

// The effect on the target, once it has not reacted: one function per effect.
void GnomiState::resolve_effect() {
  switch (effect_) {
    case kGive:
      return resolve_give();
    case kStealOne:
    case kThief:
      return resolve_steal();
    case kLullaby:
      return resolve_lullaby();
    case kPeek:
      return resolve_peek();
    case kCompost:
      return resolve_compost();
    case kHans:
      compost_colour(target_);
      return continue_hans();
    case kNoEffect:
      return finish_move();
  }
}

// Reading: of several mushrooms of the colour, the target gives the one known to the most
// players (the lowest-numbered on a tie), keeping its secrets.
void GnomiState::resolve_give() {
  const int t = target_;
  int best = -1;
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, t) && mush_.face[m] == colour_ &&
        (best < 0 || std::popcount(mush_.known[m]) > std::popcount(mush_.known[best]))) {
      best = m;
    }
  }
  // What everyone learns: no mushroom the target would have given before this one (all of
  // them, when nothing is given) has the colour.
  for (int m = 0; m < kM; ++m) {
    if (!up_mushroom(m, t) || m == best) continue;
    const int known_m = std::popcount(mush_.known[m]);
    const int known_best = best >= 0 ? std::popcount(mush_.known[best]) : -1;
    if (best < 0 || known_m > known_best || (known_m == known_best && m < best)) {
      not_colour_[m] |= bit(colour_);
    }
  }
  if (best >= 0) move_mushroom(best, turn_, all_mask());
  finish_move();
}

// Thief takes two mushrooms (one if the target has one), a use of 2 mushrooms one; chance picks
// which.
void GnomiState::resolve_steal() {
  const int up = count_up_mushrooms(target_);
  if (up == 0) return finish_move();  // Reading: composted mushrooms cannot be taken
  steals_left_ = static_cast<int8_t>(effect_ == kThief ? std::min(2, up) : 1);
  phase_ = kSteal;
}

// One of the target's awake gnomes goes to sleep; the target chooses which among several.
void GnomiState::resolve_lullaby() {
  int awake = 0, only = -1;
  for (int g = 0; g < kG; ++g) {
    if (awake_gnome(g, target_)) ++awake, only = g;
  }
  if (awake >= 2) {
    phase_ = kLullabyChoice;
    return;
  }
  if (awake == 1) gnome_.up[only] = 0;
  finish_move();
}

// The target reveals two right-side-up mushrooms (chosen among more than two) and the user takes
// one; a single one is taken at once.
void GnomiState::resolve_peek() {
  int ids[kM];
  int up = 0;
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, target_)) ids[up++] = m;
  }
  if (up > 2) {
    pick_ = -1;
    phase_ = kPeekReveal;
    return;
  }
  if (up == 2) {
    reveal_mushroom(ids[0]);
    reveal_mushroom(ids[1]);
    peek_ = {static_cast<int8_t>(ids[0]), static_cast<int8_t>(ids[1])};
    return start_peek_take();
  }
  if (up == 1) {
    reveal_mushroom(ids[0]);
    move_mushroom(ids[0], turn_, 0);
  }
  finish_move();
}

// One of the target's right-side-up mushrooms is turned over; the target chooses among several.
void GnomiState::resolve_compost() {
  const int up = count_up_mushrooms(target_);
  if (up >= 2) {
    phase_ = kCompostChoice;
    return;
  }
  if (up == 1) {
    for (int m = 0; m < kM; ++m) {
      if (up_mushroom(m, target_)) mush_.up[m] = 0;
    }
  }
  finish_move();
}

// Hans reaches every other player still in the game, clockwise from its user; each may react.
void GnomiState::continue_hans() {
  for (int t = next_seat(target_); t != turn_; t = next_seat(t)) {
    if (!in_game(t)) continue;
    target_ = static_cast<int8_t>(t);
    if (may_react(t)) {
      phase_ = kReact;
      return;
    }
    compost_colour(t);
  }
  finish_move();
}

// Hans composts every right-side-up mushroom of its colour of player s (revealed); everyone then
// knows the ones left are not of that colour.
void GnomiState::compost_colour(int s) {
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, s) && mush_.face[m] == colour_) {
      reveal_mushroom(m);
      mush_.up[m] = 0;
    }
  }
  exclude_colour_of_up(s, colour_);
}

// After hans composted every right-side-up mushroom of `colour` of player s, everyone knows the
// ones left are not of that colour.
void GnomiState::exclude_colour_of_up(int s, int colour) {
  for (int m = 0; m < kM; ++m) {
    if (up_mushroom(m, s)) not_colour_[m] |= bit(colour);
  }
}

// Two revealed cards of one colour are alike in every respect: the lower-numbered is taken.
void GnomiState::start_peek_take() {
  if (mush_.face[peek_[0]] == mush_.face[peek_[1]]) {
    move_mushroom(peek_[0], turn_, 0);
    finish_move();
  } else {
    phase_ = kPeekTake;
  }
}

// The move is over: eliminations (Reading: checked once the move has resolved), the end of the
// game, or the next player's turn.
void GnomiState::finish_move() {
  phase_ = kTurn;
  effect_ = kNoEffect;
  target_ = colour_ = pick_ = -1;
  peek_ = {-1, -1};
  steals_left_ = 0;
  uint8_t newly = 0;
  for (int s = 0; s < n_; ++s) {
    if (in_game(s) && !has_up_card(s)) newly |= bit(s);
  }
  if (newly) {
    out_ |= newly;
    prev_out_ = last_out_;
    last_out_ = newly;
  }
  const uint8_t in = all_mask() & ~out_;
  if (std::popcount(in) == 1) return end_game(in);
  if (in == 0) return end_game(newly);  // Reading: the last players out together share the win
  int next = next_seat(turn_);
  while (!in_game(next)) next = next_seat(next);
  if (order_position(next) <= order_position(turn_)) ++round_;
  turn_ = static_cast<int8_t>(next);
  if (round_ >= max_rounds_) {
    // Reading: the cap ranks the players still in by right-side-up cards; ties share.
    int best = -1;
    uint8_t winners = 0;
    for (int s = 0; s < n_; ++s) {
      if (!in_game(s)) continue;
      const int k = up_cards(s);
      if (k > best) best = k, winners = 0;
      if (k == best) winners |= bit(s);
    }
    end_game(winners);
  }
}

void GnomiState::end_game(uint8_t winners) {
  if (!golden_) {
    winners_ = winners;
    phase_ = kGameOver;
    return;
  }
  award_golden_mushrooms(winners);
  // Reading: with several winners, the lowest-numbered one moves last.
  if (game_ < kMatchGames - 1)
    first_ = static_cast<int8_t>(next_seat(std::countr_zero(static_cast<unsigned>(winners))));
  awaiting_ = winners;
  offer_golden();
}

// The last player(s) eliminated who did not win take a golden mushroom (public), in seat order
// while the reserve lasts.
void GnomiState::award_golden_mushrooms(uint8_t winners) {
  const uint8_t last = ((last_out_ & winners) ? prev_out_ : last_out_) & ~winners;
  for (int s = 0; s < n_; ++s) {
    if (!(last & bit(s))) continue;
    for (int m = 0; m < kM; ++m) {
      if (mush_.holder[m] == kReserve) {
        mush_.holder[m] = static_cast<int8_t>(s);
        mush_.known[m] = all_mask();
        mush_.up[m] = 1;
        break;
      }
    }
  }
}

// The next winner in seat order is offered a golden gnome while the reserve lasts; then the next
// game, or after the third the most gold wins the match.
void GnomiState::offer_golden() {
  if (awaiting_ && reserve_gnomes() > 0) {
    phase_ = kGoldenChoice;
    return;
  }
  awaiting_ = 0;
  if (game_ < kMatchGames - 1) return next_game();
  int best = -1;
  for (int s = 0; s < n_; ++s) {
    const int g = gold(s);
    if (g > best) best = g, winners_ = 0;
    if (g == best) winners_ |= bit(s);
  }
  phase_ = kGameOver;
}

// The winner takes or declines the reserve's next golden gnome, in secret: either way the card
// goes face down into the pool (Reading: a declined golden gnome is out of the match), so the
// reserve shows nothing; a taken one waits there for the next deal.
void GnomiState::choose_golden(Action a) {
  const int s = std::countr_zero(static_cast<unsigned>(awaiting_));
  for (int g = 0; g < kG; ++g) {
    if (gnome_.holder[g] == kReserve) {
      gnome_.holder[g] = kPool;
      gnome_.known[g] = 0;
      break;
    }
  }
  const int i = offers();
  offer_seat_[i] = static_cast<int8_t>(s);
  if (a == kTakeGolden) offer_kept_ |= bit(i);
  awaiting_ &= static_cast<uint8_t>(~bit(s));
  offer_golden();
}

// Taken golden gnomes go from the pool into their takers' hands (known to the taker only), then
// the cards are dealt for the next game.
void GnomiState::next_game() {
  for (int i = settled_; i < offers(); ++i) {
    if (!(offer_kept_ & bit(i))) continue;
    for (int g = 0; g < kG; ++g) {
      if (gnome_.holder[g] == kPool && gnomi::golden_gnome(gnome_.face[g])) {
        gnome_.place(g, gnome_.face[g], offer_seat_[i], 1, bit(offer_seat_[i]));
        break;
      }
    }
  }
  settled_ = static_cast<int8_t>(offers());
  ++game_;
  redeal();
}

void GnomiState::returns(double* out) const {
  const int k = std::popcount(winners_);
  for (int s = 0; s < n_; ++s) out[s] = 0.0;
  if (phase_ != kGameOver || k == 0 || k == n_) return;
  for (int s = 0; s < n_; ++s) out[s] = (winners_ & bit(s)) ? 1.0 / k : -1.0 / (n_ - k);
}

// A player with more cards right side up has more to act with and more to lose before going out:
// each card counts half a unit of win odds. In the golden match the gold decides, so it weighs more.
void GnomiState::heuristic_returns(double* out) const {
  double strength[kSeats];
  uint32_t alive = 0;
  for (int s = 0; s < n_; ++s) {
    strength[s] = 0.5 * up_cards(s) + (golden_ ? 1.0 * gold(s) : 0.0);
    if (in_game(s) || golden_) alive |= 1u << s;
  }
  win_chance_returns(strength, alive, n_, out);
}

void GnomiState::scores(double* out) const {
  for (int s = 0; s < n_; ++s) out[s] = golden_ ? gold(s) : up_cards(s);
}

}  // namespace ts
