// Gummiland states as data: serialized fields (validated on reading) and determinizations.
#include <algorithm>

#include "games/gummiland/gummiland.h"

namespace ts {

using namespace gummiland;

void GummilandState::fields(FieldVisitor& v) {
  const int n = num_players_;
  v.one("round", round_, 0, max_rounds_);
  v.one("current", current_, 0, n - 1, "seat");
  v.one("over", over_);
  v.one("phase", phase_, 0, kNumPhases - 1, "phase");
  v.one("captures_left", captures_left_, 0, 2);
  v.one("doubled", doubled_, 0, 1, "bool");
  v.one("gum_as", gum_as_, 0, kM, "reward");
  v.one("target", target_, -1, kMaxSeats - 1, "pile or seat");
  v.one("exchanged", exchanged_, 0, 1);
  v.one("in_use", in_use_, -1, kNumTiles - 1, "tile");
  for (int k = 0; k < kNumPiles; ++k) piles_[k].fields(v, "pile" + std::to_string(k), kNumTiles, "tile");
  v.array("pile_known", pile_known_, 0, (1 << n) - 1, "seats");
  v.array("pile_exotic", pile_exotic_, 0, regions_, "regions");
  v.array("pile_seen", pile_seen_, 0, kPileCap - 1);
  for (int q = 0; q < n; ++q) box_[q].fields(v, "box" + std::to_string(q), kNumTiles, "tile");
  v.array("box_unknown", box_unknown_, 0, kOwnCap, "int", n);
  for (int q = 0; q < n; ++q) front_[q].fields(v, "front" + std::to_string(q), kNumTiles, "tile");
  pending_.fields(v, "pending", kNumTiles, "tile");
  // A bit set, as the list of its tiles.
  std::vector<int64_t> used;
  for (int t = 0; t < kNumTiles; ++t) {
    if (is_used(t)) used.push_back(t);
  }
  if (!v.exchange({"used", -1, kNumTiles, 0, kNumTiles - 1, "tile"}, used)) return;
  used_ = {0, 0};
  for (int64_t t : used) {
    if (is_used(static_cast<int>(t))) fail("field 'used' lists tile " + std::to_string(t) + " twice");
    mark_used(static_cast<int>(t));
  }
}

// Every invariant the rules rely on; fails naming the first one broken.
void GummilandState::validate() const {
  validate_tiles();
  validate_phase();
}

void GummilandState::validate_tiles() const {
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
}

void GummilandState::validate_phase() const {
  const int n = num_players_;
  auto name = [](int tile) { return "tile " + std::to_string(tile); };
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
  for (int q = 0; q < num_players_; ++q) world.box_[q].shuffle_prefix(box_unknown_[q], rng);
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
  PileList::shuffle_canonical(standard, num_standard, rng);
  for (int reg = 0; reg < kNumRegions; ++reg) PileList::shuffle_canonical(exotic[reg], num_exotic[reg], rng);
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
