// Gummiland states as data: serialized fields (validated on reading) and determinizations.
#include <algorithm>

#include "games/gummiland/gummiland.h"

namespace ts {

using namespace gummiland;

namespace {

std::string pile_field(int k) { return "pile" + std::to_string(k); }
std::string box_field(int q) { return "box" + std::to_string(q); }
std::string front_field(int q) { return "front" + std::to_string(q); }

template <int N>
void read_list(const FieldReader& r, const std::string& name, TileList<N>& list) {
  const auto& values = r.get(name, -1, 0, kNumTiles - 1);
  if (static_cast<int>(values.size()) > N) {
    fail("field '" + name + "' holds " + std::to_string(values.size()) + " tiles; at most " +
         std::to_string(N));
  }
  list.size = 0;
  for (int64_t v : values) list.push(static_cast<int>(v));
}

// Shuffles tiles into a canonical order first, so the result depends only on which tiles they
// are and on the generator, never on the order they had.
template <class T>
void canonical_shuffle(T* first, int n, Rng& rng) {
  std::sort(first, first + n);
  rng.shuffle(first, n);
}

}  // namespace

void GummilandState::write_fields(FieldWriter& w) const {
  w.put("round", round_);
  w.put("current", current_);
  w.put("over", over_ ? 1 : 0);
  w.put("phase", phase_);
  w.put("captures_left", captures_left_);
  w.put("doubled", doubled_);
  w.put("gum_as", gum_as_);
  w.put("target", target_);
  w.put("exchanged", exchanged_);
  w.put("in_use", in_use_);
  for (int k = 0; k < kNumPiles; ++k)
    w.put(pile_field(k), piles_[k].t.begin(), piles_[k].t.begin() + piles_[k].size);
  w.put("pile_known", pile_known_.begin(), pile_known_.end());
  w.put("pile_exotic", pile_exotic_.begin(), pile_exotic_.end());
  w.put("pile_seen", pile_seen_.begin(), pile_seen_.end());
  for (int q = 0; q < num_players_; ++q)
    w.put(box_field(q), box_[q].t.begin(), box_[q].t.begin() + box_[q].size);
  w.put("box_unknown", box_unknown_.begin(), box_unknown_.begin() + num_players_);
  for (int q = 0; q < num_players_; ++q) {
    w.put(front_field(q), front_[q].t.begin(), front_[q].t.begin() + front_[q].size);
  }
  w.put("pending", pending_.t.begin(), pending_.t.begin() + pending_.size);
  std::vector<int> used;
  for (int t = 0; t < kNumTiles; ++t) {
    if (is_used(t)) used.push_back(t);
  }
  w.put("used", used.begin(), used.end());
}

void GummilandState::read_fields(const FieldReader& r) {
  GummilandState s = *this;  // keeps the game's parameters
  const int n = num_players_;
  s.round_ = static_cast<int16_t>(r.get_one("round", 0, max_rounds_));
  s.current_ = static_cast<int8_t>(r.get_one("current", 0, n - 1));
  s.over_ = r.get_one("over", 0, 1) == 1;
  s.phase_ = static_cast<int8_t>(r.get_one("phase", 0, kNumPhases - 1));
  s.captures_left_ = static_cast<int8_t>(r.get_one("captures_left", 0, 2));
  s.doubled_ = static_cast<int8_t>(r.get_one("doubled", 0, 1));
  s.gum_as_ = static_cast<int8_t>(r.get_one("gum_as", 0, kM));
  s.target_ = static_cast<int8_t>(r.get_one("target", -1, kMaxSeats - 1));
  s.exchanged_ = static_cast<int8_t>(r.get_one("exchanged", 0, 1));
  s.in_use_ = static_cast<int8_t>(r.get_one("in_use", -1, kNumTiles - 1));
  for (int k = 0; k < kNumPiles; ++k) read_list(r, pile_field(k), s.piles_[k]);
  const auto& known = r.get("pile_known", kNumPiles, 0, (1 << n) - 1);
  const auto& exotic = r.get("pile_exotic", kNumPiles, 0, regions_);
  const auto& seen = r.get("pile_seen", kNumPiles, 0, kPileCap - 1);
  for (int k = 0; k < kNumPiles; ++k) {
    s.pile_known_[k] = static_cast<uint8_t>(known[k]);
    s.pile_exotic_[k] = static_cast<uint8_t>(exotic[k]);
    s.pile_seen_[k] = static_cast<int8_t>(seen[k]);
  }
  for (int q = 0; q < n; ++q) {
    read_list(r, box_field(q), s.box_[q]);
    read_list(r, front_field(q), s.front_[q]);
  }
  const auto& unknown = r.get("box_unknown", n, 0, kOwnCap);
  for (int q = 0; q < n; ++q) s.box_unknown_[q] = static_cast<uint8_t>(unknown[q]);
  read_list(r, "pending", s.pending_);
  s.used_ = {0, 0};
  for (int64_t t : r.get("used", -1, 0, kNumTiles - 1)) {
    if (s.is_used(static_cast<int>(t))) fail("field 'used' lists tile " + std::to_string(t) + " twice");
    s.mark_used(static_cast<int>(t));
  }
  s.validate();
  *this = s;
}

// Every invariant the rules rely on; fails naming the first one broken.
void GummilandState::validate() const {
  const int n = num_players_;
  auto in_play = [&](int tile) {
    const TileRow& row = row_of(tile);
    if (row.region >= 0 && !(regions_ >> row.region & 1)) return false;
    return kTiles[tile].owner < n;
  };
  auto name = [](int tile) { return "tile " + std::to_string(tile); };
  // Every tile in play exactly once; starting tiles with their owner; only wild tiles in piles.
  int seen[kNumTiles] = {};
  auto place = [&](int tile, int owner, const std::string& where) {
    if (!in_play(tile)) fail(name(tile) + " in " + where + " is not in play with these parameters");
    if (++seen[tile] > 1) fail(name(tile) + " appears more than once (again in " + where + ")");
    if (owner == -1 && !is_wild_tile(tile)) {
      fail(name(tile) + " in " + where + " is a starting tile; piles hold wild tiles");
    }
    if (owner >= 0 && kTiles[tile].owner >= 0 && kTiles[tile].owner != owner) {
      fail(name(tile) + " in " + where + " is a starting tile of player " +
           std::to_string(kTiles[tile].owner));
    }
  };
  for (int k = 0; k < kNumPiles; ++k) {
    const PileList& pile = piles_[k];
    if (pile.size > 8 + kNumRegions) {
      fail("pile " + std::to_string(k) + " holds more than " + std::to_string(8 + kNumRegions) + " tiles");
    }
    if (pile_seen_[k] > std::max(0, pile.size - 1)) {
      fail("pile_seen of pile " + std::to_string(k) + " exceeds the tiles below its top");
    }
    int per_region[kNumRegions] = {};
    for (int i = 0; i < pile.size; ++i) {
      place(pile.t[i], -1, "pile " + std::to_string(k));
      if (row_of(pile.t[i]).kind == Kind::kExoticWild) ++per_region[row_of(pile.t[i]).region];
    }
    for (int reg = 0; reg < kNumRegions; ++reg) {
      if (per_region[reg] != (pile_exotic_[k] >> reg & 1)) {
        fail("pile_exotic of pile " + std::to_string(k) + " says region " + std::to_string(reg) + " has " +
             std::to_string(pile_exotic_[k] >> reg & 1) + " exotic tile(s) there, the pile holds " +
             std::to_string(per_region[reg]));
      }
    }
  }
  for (int q = 0; q < n; ++q) {
    const std::string who = "player " + std::to_string(q);
    for (int i = 0; i < box_[q].size; ++i) place(box_[q].t[i], q, who + "'s box");
    for (int i = 0; i < front_[q].size; ++i) {
      place(front_[q].t[i], q, who + "'s front");
      if (reward_of(front_[q].t[i]) == kNoReward)
        fail("greedy " + name(front_[q].t[i]) + " cannot stay in front");
    }
    if (box_unknown_[q] > box_[q].size) fail("box_unknown of " + who + " exceeds the box size");
    for (int i = 0; i < box_unknown_[q]; ++i) {
      if (is_wild_tile(box_[q].t[i]))
        fail("the unknown part of " + who + "'s box holds wild " + name(box_[q].t[i]));
    }
  }
  for (int i = 0; i < pending_.size; ++i) place(pending_.t[i], current_, "pending");
  if (in_use_ >= 0) place(in_use_, current_, "in_use");
  for (int t = 0; t < kNumTiles; ++t) {
    if (in_play(t) && seen[t] != 1) fail(name(t) + " is in play but missing");
  }
  for (int t = 0; t < kNumTiles; ++t) {
    if (is_used(t) && !in_play(t)) fail("field 'used' lists " + name(t) + ", which is not in play");
  }
  // The phase and what it needs.
  const bool special = phase_ >= kGumCopy;
  if (special != (in_use_ >= 0)) fail("in_use must name a tile exactly in the special phases (phase >= 3)");
  if (special) {
    const int reward = reward_of(in_use_);
    const int needed = phase_ == kGumCopy      ? kGum
                       : phase_ == kExchanging ? kExchange
                       : phase_ <= kTidyTile   ? kTidyUp
                                               : kSelection;
    if (reward != needed && !(reward == kGum && phase_ != kGumCopy)) {
      fail("in_use tile does not give this phase's special");
    }
    if (!is_used(in_use_)) fail("the tile in use must be listed in 'used'");
  }
  if (phase_ != kPay && phase_ != kSlide && !pending_.empty())
    fail("pending tiles exist only while paying or sliding");
  if (phase_ == kSlide && pending_.empty()) fail("phase 'slide' needs pending tiles");
  const bool has_target = phase_ == kPay || phase_ == kSelectTile || phase_ == kTidyTile;
  if (has_target != (target_ >= 0))
    fail("target must be set exactly in the pay, select-tile and tidy-tile phases");
  if (phase_ == kPay || phase_ == kSelectTile) {
    if (target_ >= kNumPiles || piles_[target_].empty()) fail("target must be a non-empty pile");
  }
  if (phase_ == kSelectTile && !(pile_known_[target_] >> current_ & 1))
    fail("the selecting player must know the pile");
  if (phase_ == kTidyTile && (target_ >= n || target_ == current_)) fail("target must be an opponent");
  if (phase_ != kExchanging && exchanged_ != 0) fail("exchanged must be 0 outside the exchange phase");
  if (captures_left_ > 1 + doubled_) fail("captures_left exceeds what the turn allows");
  if (phase_ == kPay) {
    if (captures_left_ < 1) fail("paying needs a capture left");
    for (int i = 0; i < pending_.size; ++i) {
      const int reward = reward_of(pending_.t[i]);
      if (!(reward >= kS && reward <= kM) && !(reward == kGum && gum_as_))
        fail(name(pending_.t[i]) + " cannot pay");
    }
    const Fruits p = paid();
    const TileRow& row = row_of(piles_[target_].top());
    if (!can_pay(piles_[target_].top(), p, available()) ||
        p.s + p.a + p.l + p.m >= row.cost[0] + row.cost[1] + row.cost[2]) {
      fail("the pending payment cannot be completed to the exact cost");
    }
  }
  if (gum_as_) {
    bool found = false;
    for (int i = 0; i < front_[current_].size; ++i) found = found || reward_of(front_[current_].t[i]) == kGum;
    for (int i = 0; phase_ == kPay && i < pending_.size; ++i)
      found = found || reward_of(pending_.t[i]) == kGum;
    if (!found) fail("gum_as is set but the player's Chewing gum is not in front");
  }
  const int piles_left = nonempty_piles();
  if (over_) {
    if (phase_ != kMain || gum_as_) fail("a finished game has no decision pending");
    if (piles_left > 0 && !(current_ == 0 && round_ > 0 && (round_ == max_rounds_ || piles_left <= 2))) {
      fail("over is set, but the game has not reached its end");
    }
  } else {
    if (round_ >= max_rounds_) fail("round must be below max_rounds while the game goes on");
    if (piles_left == 0) fail("the game goes on with no wild tile left");
    Action buffer[kNumClasses];
    if (legal_actions(buffer) == 0) fail("the position leaves the player to move no legal action");
  }
}

GummilandState GummilandState::resample_from_infostate(int player, Rng& rng, std::vector<Action>*) const {
  GummilandState world = *this;
  // Nobody knows the order of the starting tiles still in a box.
  for (int q = 0; q < num_players_; ++q) canonical_shuffle(world.box_[q].t.data(), box_unknown_[q], rng);
  // The tiles below the known tops (the top and the publicly known tiles under it) of the piles
  // `player` has not looked through, dealt back keeping each pile's size and its exotic tiles per
  // region (public: one per region until captured).
  auto hidden_size = [&](int k) {
    return (pile_known_[k] >> player & 1) ? 0 : std::max(0, piles_[k].size - 1 - pile_seen_[k]);
  };
  int8_t standard[kNumPiles * kPileCap];
  int8_t exotic[kNumRegions][kNumPiles];
  int num_standard = 0, num_exotic[kNumRegions] = {};
  for (int k = 0; k < kNumPiles; ++k) {
    for (int i = 0; i < hidden_size(k); ++i) {
      const int tile = piles_[k].t[i];
      if (row_of(tile).kind == Kind::kExoticWild) {
        const int reg = row_of(tile).region;
        exotic[reg][num_exotic[reg]++] = static_cast<int8_t>(tile);
      } else {
        standard[num_standard++] = static_cast<int8_t>(tile);
      }
    }
  }
  canonical_shuffle(standard, num_standard, rng);
  for (int reg = 0; reg < kNumRegions; ++reg) canonical_shuffle(exotic[reg], num_exotic[reg], rng);
  for (int k = 0; k < kNumPiles; ++k) {
    const int hidden = hidden_size(k);
    if (hidden == 0) continue;
    PileList& pile = world.piles_[k];
    int owed = pile_exotic_[k];
    for (int i = hidden; i < pile.size; ++i) {
      if (row_of(pile.t[i]).kind == Kind::kExoticWild) owed &= ~(1 << row_of(pile.t[i]).region);
    }
    int placed = 0;
    for (int reg = 0; reg < kNumRegions; ++reg) {
      if (owed >> reg & 1) pile.t[placed++] = exotic[reg][--num_exotic[reg]];
    }
    while (placed < hidden) pile.t[placed++] = standard[--num_standard];
    rng.shuffle(pile.t.data(), hidden);
  }
  return world;
}

}  // namespace ts
