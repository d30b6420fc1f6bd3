// Gummiland's rules: setup, legal actions and their effects.
#include "games/gummiland/gummiland.h"

#include <cmath>

#include "core/heuristic.h"

#include <algorithm>
#include <bit>

namespace ts {

using namespace gummiland;

namespace {

const std::vector<std::string> kRegionNames(kRegionName.begin(), kRegionName.end());

// Writes base + i for each bit i of `mask`, lowest first; returns how many.
int mask_actions(uint64_t mask, Action base, Action* out) {
  int n = 0;
  for (; mask != 0; mask &= mask - 1) out[n++] = base + std::countr_zero(mask);
  return n;
}

}  // namespace

void Fruits::add(int fruit, int n) {
  switch (fruit) {
    case kS:
      s += n;
      break;
    case kA:
      a += n;
      break;
    case kL:
      l += n;
      break;
    case kM:
      m += n;
      break;
    default:
      break;
  }
}

std::vector<ParamSpec> Gummiland::parameter_specs() {
  return {
      ParamSpec::integer("players", 2, 2, 4, "number of players"),
      ParamSpec::subset("regions", "", kRegionNames,
                        "Adventure Mode regions in play (comma-separated; none by default)"),
      ParamSpec::integer("max_rounds", 60, 1, 10000,
                         "rounds after which a stalled game ends, scored as usual"),
  };
}

Gummiland::Gummiland(const Params& params)
    : players_(static_cast<int>(param_int(params, "players"))),
      regions_(0),
      max_rounds_(static_cast<int>(param_int(params, "max_rounds"))) {
  for (const auto& name : param_subset(params, "regions")) {
    for (int r = 0; r < kNumRegions; ++r) {
      if (kRegionNames[r] == name) regions_ |= 1 << r;
    }
  }
}

GummilandState::GummilandState(int players, int regions, int max_rounds, uint64_t seed)
    : num_players_(static_cast<int8_t>(players)),
      regions_(static_cast<uint8_t>(regions)),
      max_rounds_(static_cast<int16_t>(max_rounds)) {
  Rng rng(seed);
  // The standard tiles shuffled into 4 equal piles; then one exotic wild tile of each region in
  // play into each pile (Reading), and each pile shuffled.
  int8_t standard[kNumTiles];
  int num_standard = 0;
  for (int id = 0; id < kNumTiles; ++id) {
    if (row_of(id).kind == Kind::kStandard) standard[num_standard++] = static_cast<int8_t>(id);
  }
  rng.shuffle(standard, num_standard);
  for (int i = 0; i < num_standard; ++i) piles_[i % kNumPiles].push(standard[i]);
  for (int r = 0; r < kNumRegions; ++r) {
    if (!(regions_ >> r & 1)) continue;
    int8_t exotic[kNumPiles];
    int n = 0;
    for (int id = 0; id < kNumTiles; ++id) {
      if (row_of(id).kind == Kind::kExoticWild && row_of(id).region == r && n < kNumPiles) {
        exotic[n++] = static_cast<int8_t>(id);
      }
    }
    rng.shuffle(exotic, n);
    for (int k = 0; k < n; ++k) {
      piles_[k].push(exotic[k]);
      pile_exotic_[k] |= static_cast<uint8_t>(1 << r);
    }
  }
  for (auto& pile : piles_) rng.shuffle(pile.t.data(), pile.size);
  // Each player's starting tiles (and one exotic starting tile per region) in a shuffled box.
  for (int p = 0; p < num_players_; ++p) {
    for (int id = 0; id < kNumTiles; ++id) {
      const TileRow& row = row_of(id);
      if (kTiles[id].owner != p) continue;
      if (row.kind == Kind::kExoticStarting && !(regions_ >> row.region & 1)) continue;
      box_[p].push(id);
    }
    rng.shuffle(box_[p].t.data(), box_[p].size);
    box_unknown_[p] = static_cast<uint8_t>(box_[p].size);
  }
  begin_turn();
}

// ---------------------------------------------------------------------------------------------
// Helpers.

int GummilandState::front_class(int player, int tile) const {
  const int reward = reward_of(tile);
  return reward == kGum && gum_as_ && player == current_ ? kActiveGum : reward;
}

int GummilandState::fruit_of_class(int cls) const {
  if (cls >= kS && cls <= kM) return cls;
  return cls == kActiveGum ? gum_as_ : 0;
}

Fruits GummilandState::available() const {
  Fruits f;
  const OwnList& front = front_[current_];
  for (int i = 0; i < front.size; ++i) f.add(fruit_of_class(front_class(current_, front.t[i])));
  return f;
}

// What the pending tiles pay (in kPay; the gum in pending still pays as its copy).
Fruits GummilandState::paid() const {
  Fruits f;
  for (int i = 0; i < pending_.size; ++i) {
    const int reward = reward_of(pending_.t[i]);
    f.add(reward == kGum ? gum_as_ : reward);
  }
  return f;
}

// Whether `paid` can still be completed to exactly the cost of `tile` with `available` tiles:
// each fruit pays only its own kind, M pays any; shortfalls must be covered by M.
bool GummilandState::can_pay(int tile, const Fruits& paid, const Fruits& available) const {
  const TileRow& row = row_of(tile);
  const int rs = row.cost[0] - paid.s, ra = row.cost[1] - paid.a, rl = row.cost[2] - paid.l;
  if (rs < 0 || ra < 0 || rl < 0 || paid.m > rs + ra + rl) return false;
  const int shortfall =
      std::max(0, rs - available.s) + std::max(0, ra - available.a) + std::max(0, rl - available.l);
  return shortfall <= paid.m + available.m;
}

int GummilandState::find_front(int player, int cls) const {
  const OwnList& front = front_[player];
  for (int i = 0; i < front.size; ++i) {
    if (front_class(player, front.t[i]) == cls) return i;
  }
  return -1;
}

// The front index of a tile whose special `reward` the current player may use now, or -1.
int GummilandState::usable_special_index(int reward) const {
  const OwnList& front = front_[current_];
  for (int i = 0; i < front.size; ++i) {
    const int tile = front.t[i];
    if (front_class(current_, tile) == reward && !is_used(tile)) return i;
  }
  return -1;
}

int GummilandState::nonempty_piles() const {
  int n = 0;
  for (const auto& pile : piles_) n += pile.empty() ? 0 : 1;
  return n;
}

// Whether the effect of special `reward` can happen; `taken` tiles still in front (the one giving
// the effect, or the gum copying it) do not count as "other tiles in front".
bool GummilandState::usable(int reward, int taken) const {
  switch (reward) {
    case kTaste:
      return !box_[current_].empty();
    case kExchange:
      return front_[current_].size > taken;
    case kTidyUp:
      for (int q = 0; q < num_players_; ++q) {
        if (q != current_ && front_[q].size > 0) return true;
      }
      return false;
    case kDoublon:
      return !doubled_;
    case kSelection:
      for (const auto& pile : piles_) {
        if (pile.size >= 2) return true;
      }
      return false;
    default:
      return false;
  }
}

// Whether a Chewing gum can copy `tile`, in front of the current player (`taken`: 1 while the
// gum is still in front, 0 once it is in use). Reading: not a special whose tile was used this
// turn, since that tile's reward cannot be used again this turn either.
bool GummilandState::gum_can_copy(int tile, int taken) const {
  const int cls = front_class(current_, tile);
  if (cls >= kS && cls <= kM) return true;
  return cls >= kTaste && cls <= kSelection && cls != kGum && !is_used(tile) && usable(cls, taken);
}

template <class F>
void GummilandState::for_each_owned(int player, F f) const {
  for (int i = 0; i < box_[player].size; ++i) f(box_[player].t[i]);
  for (int i = 0; i < front_[player].size; ++i) f(front_[player].t[i]);
  if (player == current_) {
    for (int i = 0; i < pending_.size; ++i) f(pending_.t[i]);
    if (in_use_ >= 0) f(in_use_);
  }
}

int GummilandState::gummiz(int player) const {
  int total = 0;
  for_each_owned(player, [&](int tile) { total += row_of(tile).gummiz; });
  return total;
}

int GummilandState::specials(int player) const {
  int total = 0;
  for_each_owned(player, [&](int tile) { total += reward_of(tile) >= kTaste ? 1 : 0; });
  return total;
}

// ---------------------------------------------------------------------------------------------
// Legal actions: one function per phase. A phase that chooses a tile names it by its class (or
// kind), so its choices are a set of classes (bit i: class i), listed by mask_actions.

int GummilandState::legal_actions(Action* out) const {
  if (over_) return 0;
  switch (phase_) {
    case kMain:
      return main_actions(out);
    case kPay:
      return pay_actions(out);
    case kSlide:
      return mask_actions(pending_classes(), kClassAction, out);
    case kGumCopy:
      return mask_actions(gum_copy_classes(), kClassAction, out);
    case kExchanging: {
      int n = 0;
      if (exchanged_ > 0) out[n++] = kEndAction;  // stopping needs one tile exchanged
      return n + mask_actions(front_classes(current_), kClassAction, out + n);
    }
    case kTidyPlayer:
      return tidy_player_actions(out);
    case kTidyTile:
      return mask_actions(front_classes(target_), kClassAction, out);
    case kSelectPile:
      return select_pile_actions(out);
    case kSelectTile:
      return mask_actions(pile_kinds(target_), kTypeAction, out);
    default:
      return 0;
  }
}

// End the turn, capture a pile's top tile the player can pay for, or use a special (the gum needs
// another tile in front to copy).
int GummilandState::main_actions(Action* out) const {
  int n = 0;
  out[n++] = kEndAction;
  if (captures_left_ > 0) {
    const Fruits avail = available();
    for (int k = 0; k < kNumPiles; ++k) {
      if (!piles_[k].empty() && can_pay(piles_[k].top(), Fruits{}, avail)) out[n++] = kPileAction + k;
    }
  }
  const OwnList& front = front_[current_];
  for (int reward = kTaste; reward <= kSelection; ++reward) {
    const int i = usable_special_index(reward);
    if (i < 0) continue;
    bool ok = false;
    if (reward == kGum) {
      for (int j = 0; j < front.size && !ok; ++j) ok = j != i && gum_can_copy(front.t[j], 1);
    } else {
      ok = usable(reward, 1);
    }
    if (ok) out[n++] = kUseAction + reward - kTaste;
  }
  return n;
}

// The fruit classes in front that leave the capture payable when paid next.
int GummilandState::pay_actions(Action* out) const {
  int n = 0;
  const int tile = piles_[target_].top();
  const Fruits already = paid(), avail = available();
  const uint64_t in_front = front_classes(current_);
  for (int cls : {int(kS), int(kA), int(kL), int(kM), kActiveGum}) {
    if (!(in_front >> cls & 1)) continue;
    Fruits p = already, a = avail;
    const int fruit = fruit_of_class(cls);
    p.add(fruit);
    a.add(fruit, -1);
    if (can_pay(tile, p, a)) out[n++] = kClassAction + cls;
  }
  return n;
}

// The opponents with a tile in front.
int GummilandState::tidy_player_actions(Action* out) const {
  int n = 0;
  for (int q = 0; q < num_players_; ++q) {
    if (q != current_ && front_[q].size > 0) out[n++] = kPlayerAction + q;
  }
  return n;
}

// The piles of 2 tiles or more.
int GummilandState::select_pile_actions(Action* out) const {
  int n = 0;
  for (int k = 0; k < kNumPiles; ++k) {
    if (piles_[k].size >= 2) out[n++] = kPileAction + k;
  }
  return n;
}

static_assert(kNumClasses <= 64, "a set of classes is 64 bits");

uint64_t GummilandState::front_classes(int player) const {
  uint64_t mask = 0;
  const OwnList& front = front_[player];
  for (int i = 0; i < front.size; ++i) mask |= uint64_t{1} << front_class(player, front.t[i]);
  return mask;
}

uint64_t GummilandState::pending_classes() const {
  uint64_t mask = 0;
  for (int i = 0; i < pending_.size; ++i) mask |= uint64_t{1} << reward_of(pending_.t[i]);
  return mask;
}

uint64_t GummilandState::gum_copy_classes() const {
  uint64_t mask = 0;
  const OwnList& front = front_[current_];
  for (int i = 0; i < front.size; ++i) {
    if (gum_can_copy(front.t[i], 0)) mask |= uint64_t{1} << front_class(current_, front.t[i]);
  }
  return mask;
}

// The tile kinds (wild rows) in pile k.
static_assert(kNumWildRows <= 64, "pile_kinds returns a 64-bit set");
uint64_t GummilandState::pile_kinds(int k) const {
  uint64_t mask = 0;
  const PileList& pile = piles_[k];
  for (int i = 0; i < pile.size; ++i) mask |= uint64_t{1} << kTiles[pile.t[i]].row;
  return mask;
}

// ---------------------------------------------------------------------------------------------
// Effects.

// Pushes tiles out of the current player's box into the front; a greedy tile goes straight back
// in and still counts (Reading). Stops early when the box is empty.
void GummilandState::tickle(int count) {
  OwnList& box = box_[current_];
  for (int i = 0; i < count && !box.empty(); ++i) {
    const int tile = box.remove_at(0);
    if (box_unknown_[current_] > 0) --box_unknown_[current_];
    if (reward_of(tile) == kNoReward) {
      box.push(tile);
    } else {
      front_[current_].push(tile);
    }
  }
}

void GummilandState::begin_special(int reward) {
  switch (reward) {
    case kTaste:
      tickle(2);
      finish_special();
      break;
    case kGum:
      phase_ = kGumCopy;
      break;
    case kExchange:
      exchanged_ = 0;
      phase_ = kExchanging;
      break;
    case kTidyUp:
      phase_ = kTidyPlayer;
      break;
    case kDoublon:
      doubled_ = 1;
      ++captures_left_;
      finish_special();
      break;
    case kSelection:
      phase_ = kSelectPile;
      break;
    default:
      break;
  }
}

void GummilandState::finish_special() {
  box_[current_].push(in_use_);
  in_use_ = -1;
  phase_ = kMain;
}

void GummilandState::finish_exchange() {
  tickle(exchanged_);
  exchanged_ = 0;
  finish_special();
}

void GummilandState::complete_capture() {
  PileList& pile = piles_[target_];
  const int tile = pile.remove_at(pile.size - 1);
  if (pile_seen_[target_] > 0) --pile_seen_[target_];  // the tile below the top is now the top
  if (row_of(tile).kind == Kind::kExoticWild) {
    pile_exotic_[target_] &= static_cast<uint8_t>(~(1 << row_of(tile).region));
  }
  pending_.push(tile);
  --captures_left_;
  target_ = -1;
  for (int i = 0; i < pending_.size; ++i) {
    if (reward_of(pending_.t[i]) == kGum) gum_as_ = 0;  // back to a plain Chewing gum in the box
  }
  if (nonempty_piles() == 0) {
    // No wild tile left: the game ends at once (the slide order cannot change the score).
    for (int i = 0; i < pending_.size; ++i) box_[current_].push(pending_.t[i]);
    pending_.size = 0;
    phase_ = kMain;
    gum_as_ = 0;  // the turn ends with the game: a copy lasts until the end of the turn
    used_ = {0, 0};
    over_ = true;
    return;
  }
  phase_ = kSlide;
  auto_slide();
}

// When every tile still to slide is of one class, their order does not matter: slide them all.
void GummilandState::auto_slide() {
  for (int i = 1; i < pending_.size; ++i) {
    if (reward_of(pending_.t[i]) != reward_of(pending_.t[0])) return;
  }
  for (int i = 0; i < pending_.size; ++i) box_[current_].push(pending_.t[i]);
  pending_.size = 0;
  phase_ = kMain;
}

void GummilandState::begin_turn() {
  captures_left_ = 1;
  doubled_ = 0;
  gum_as_ = 0;
  target_ = -1;
  exchanged_ = 0;
  used_ = {0, 0};
  phase_ = kMain;
  tickle(2);
}

void GummilandState::end_turn() {
  gum_as_ = 0;
  current_ = static_cast<int8_t>((current_ + 1) % num_players_);
  if (current_ == 0) {
    ++round_;
    // Every player has had the same number of turns: the game ends with 2 piles or fewer left,
    // or at the round cap (Reading).
    if (nonempty_piles() <= 2 || round_ >= max_rounds_) {
      over_ = true;
      used_ = {0, 0};
      return;
    }
  }
  begin_turn();
}

// The effect of `action` in the current phase: one function per phase.
void GummilandState::apply_action(Action action) {
  switch (phase_) {
    case kMain:
      return main_action(action);
    case kPay:
      return pay_with(action - kClassAction);
    case kSlide:
      return slide(action - kClassAction);
    case kGumCopy:
      return copy_with_gum(action - kClassAction);
    case kExchanging:
      return exchange(action);
    case kTidyPlayer:
      target_ = static_cast<int8_t>(action - kPlayerAction);
      phase_ = kTidyTile;
      return;
    case kTidyTile:
      return tidy_tile(action - kClassAction);
    case kSelectPile:
      target_ = static_cast<int8_t>(action - kPileAction);
      pile_known_[target_] |= static_cast<uint8_t>(1 << current_);
      phase_ = kSelectTile;
      return;
    case kSelectTile:
      return select_tile(action - kTypeAction);
    default:
      return;
  }
}

void GummilandState::main_action(Action action) {
  if (action == kEndAction) {
    end_turn();
  } else if (action < kUseAction) {
    target_ = static_cast<int8_t>(action - kPileAction);
    phase_ = kPay;
  } else {
    const int reward = action - kUseAction + kTaste;
    const int i = usable_special_index(reward);
    in_use_ = static_cast<int8_t>(front_[current_].remove_at(i));
    mark_used(in_use_);
    begin_special(reward);
  }
}

// Pays with a tile of class `cls`; the capture completes once the cost is paid.
void GummilandState::pay_with(int cls) {
  const int i = find_front(current_, cls);
  pending_.push(front_[current_].remove_at(i));
  const Fruits p = paid();
  const TileRow& row = row_of(piles_[target_].top());
  if (p.s + p.a + p.l + p.m == row.cost[0] + row.cost[1] + row.cost[2]) complete_capture();
}

// Slides a pending tile of class `cls` into the box.
void GummilandState::slide(int cls) {
  for (int i = 0; i < pending_.size; ++i) {
    if (reward_of(pending_.t[i]) == cls) {
      box_[current_].push(pending_.remove_at(i));
      break;
    }
  }
  auto_slide();
}

// The gum copies a fruit (it pays as that fruit this turn) or a special (its effect at once).
void GummilandState::copy_with_gum(int cls) {
  if (cls <= kM) {
    front_[current_].push(in_use_);
    in_use_ = -1;
    gum_as_ = static_cast<int8_t>(cls);
    phase_ = kMain;
  } else {
    begin_special(cls);
  }
}

// Stops exchanging, or puts a tile of the class the action names into the box (two at most).
void GummilandState::exchange(Action action) {
  if (action == kEndAction) return finish_exchange();
  const int cls = action - kClassAction;
  box_[current_].push(front_[current_].remove_at(find_front(current_, cls)));
  if (cls == kActiveGum) gum_as_ = 0;  // back to a plain Chewing gum in the box
  ++exchanged_;
  if (exchanged_ == 2 || front_[current_].empty()) finish_exchange();
}

// Puts a tile of class `cls` in front of the chosen opponent into their box.
void GummilandState::tidy_tile(int cls) {
  const int q = target_;
  box_[q].push(front_[q].remove_at(find_front(q, cls)));
  target_ = -1;
  finish_special();
}

// The chosen kind's copy nearest the top moves to the top; the rest keep their order. Everyone
// sees which kind goes on top. Watchers who knew the tiles below the top (the old top, earlier
// Selections) can tell whether it came from there; if not, it came from the hidden part, and the
// tile that was on top is now known to lie just below it.
void GummilandState::select_tile(int row) {
  PileList& pile = piles_[target_];
  for (int i = pile.size - 1; i >= 0; --i) {
    if (kTiles[pile.t[i]].row == row) {
      if (i < pile.size - 1 - pile_seen_[target_]) ++pile_seen_[target_];
      pile.push(pile.remove_at(i));
      break;
    }
  }
  target_ = -1;
  finish_special();
}

void GummilandState::scores(double* out) const {
  for (int p = 0; p < num_players_; ++p) out[p] = gummiz(p);
}

// A player's strength: Gummiz owned and tiles in front (fruits to pay with, specials to use: the
// player's hand), in units of the spread still to come. The game ends when only 2 piles are left,
// so at least the tiles outside the two largest piles will still be captured, each worth 1-5
// Gummiz; a lead of about sqrt(that many) tiles' worth is a good bet. The weights were chosen by
// matches (docs/long-games.md): Gummiz alone (the first version) made a search that spends its hand
// for any Gummiz and lost to random playouts; a tile in front is worth about 0.7 Gummiz, an M a
// little more, since it pays any fruit. Capturing stays worthwhile: the paying tiles come back out
// of the box, and a captured tile's Gummiz count for good.
void GummilandState::heuristic_returns(double* out) const {
  constexpr double kPerGummiz = 0.35, kPerTileInFront = 0.25, kPerMultiFruitInFront = 0.05;
  int sizes[kNumPiles];
  int total = 0;
  for (int i = 0; i < kNumPiles; ++i) total += sizes[i] = piles_[i].size;
  std::sort(sizes, sizes + kNumPiles);
  const int to_capture = total - sizes[kNumPiles - 1] - sizes[kNumPiles - 2];
  const double scale = 1.0 / std::sqrt(1.0 + to_capture);
  double strength[kMaxSeats];
  for (int p = 0; p < num_players_; ++p) {
    const OwnList& front = front_[p];
    int multi = 0;
    for (int i = 0; i < front.size; ++i) multi += front_class(p, front.t[i]) == kM ? 1 : 0;
    strength[p] =
        scale * (kPerGummiz * gummiz(p) + kPerTileInFront * front.size + kPerMultiFruitInFront * multi);
  }
  win_chance_returns(strength, (1u << num_players_) - 1, num_players_, out);
}

// Most Gummiz wins; ties go to the most special tiles (M is a fruit); still tied, shared win.
// All players tied is a draw.
void GummilandState::returns(double* out) const {
  const int n = num_players_;
  for (int p = 0; p < n; ++p) out[p] = 0;
  if (!over_) return;
  int key[kMaxSeats];
  int best = -1;
  for (int p = 0; p < n; ++p) {
    key[p] = gummiz(p) * 1000 + specials(p);
    best = std::max(best, key[p]);
  }
  int winners = 0;
  for (int p = 0; p < n; ++p) winners += key[p] == best ? 1 : 0;
  if (winners == n) return;
  for (int p = 0; p < n; ++p) out[p] = key[p] == best ? 1.0 / winners : -1.0 / (n - winners);
}

}  // namespace ts
