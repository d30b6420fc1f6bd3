// What people and agents see of a Gummiland position: text, information states, observations.
#include <algorithm>

#include "games/gummiland/gummiland.h"

namespace ts {

using namespace gummiland;

namespace {

// A tile as printed: wild tiles "cost>reward:Gummiz" ("SSS:4" for a greedy one), starting tiles
// "reward:Gummiz".
std::string tile_name(int tile) {
  const TileRow& row = row_of(tile);
  std::string out;
  if (is_wild_kind(row.kind)) {
    for (int f = 0; f < 3; ++f) out.append(row.cost[f], "SAL"[f]);
    if (row.reward != kNoReward) out += ">";
  }
  out += kRewardShort[row.reward];
  return out + ":" + std::to_string(row.gummiz);
}

// Appends " name" (std::string's operator+ with a literal trips a GCC 12 -Wrestrict false alarm).
void append_tile(std::string& out, int tile) {
  out += ' ';
  out += tile_name(tile);
}

std::string class_name(int cls, int gum_as) {
  if (cls == kActiveGum) return std::string("Chewing gum (as ") + kRewardShort[gum_as] + ")";
  return kClassName[cls];
}

// Tile names sorted by table row: a multiset that does not depend on tile ids.
std::string sorted_names(std::vector<int> tiles) {
  std::sort(tiles.begin(), tiles.end(), [](int a, int b) { return kTiles[a].row < kTiles[b].row; });
  std::string out;
  for (int t : tiles) append_tile(out, t);
  return out.empty() ? "none" : out.substr(1);
}

// The names of the regions in `mask` (bit r: region r), comma-separated; empty for none.
std::string region_names(unsigned mask) {
  std::string out;
  for (int r = 0; r < kNumRegions; ++r) {
    if (mask >> r & 1) out += std::string(out.empty() ? "" : ",") + kRegionName[r];
  }
  return out;
}

std::string players_in(uint8_t mask, int n) {
  std::string out;
  for (int q = 0; q < n; ++q) {
    if (mask >> q & 1) out += (out.empty() ? "" : ", ") + std::to_string(q);
  }
  return out;
}

}  // namespace

std::string GummilandState::decision_text() const {
  if (over_) return "the game is over";
  const std::string who = "player " + std::to_string(current_) + " ";
  switch (phase_) {
    case kMain:
      return who + "acts: use a special, capture or end the turn";
    case kPay: {
      std::string paid_text;
      for (int i = 0; i < pending_.size; ++i) append_tile(paid_text, pending_.t[i]);
      return who + "pays for " + tile_name(piles_[target_].top()) + " on pile " + std::to_string(target_) +
             "; paid so far:" + (paid_text.empty() ? " nothing" : paid_text);
    }
    case kSlide: {
      std::string left;
      for (int i = 0; i < pending_.size; ++i) append_tile(left, pending_.t[i]);
      return who + "chooses the next tile to slide into the box from:" + left;
    }
    case kGumCopy:
      return who + "chooses what Chewing gum copies";
    case kExchanging:
      return who + "exchanges (" + tile_name(in_use_) + "): choose a tile to put into the box (" +
             std::to_string(exchanged_) + " put so far)";
    case kTidyPlayer:
      return who + "tidies up (" + tile_name(in_use_) + "): choose an opponent";
    case kTidyTile:
      return who + "tidies up (" + tile_name(in_use_) + "): choose a tile of player " +
             std::to_string(target_);
    case kSelectPile:
      return who + "selects (" + tile_name(in_use_) + "): choose a pile to look through";
    case kSelectTile:
      return who + "selects (" + tile_name(in_use_) + "): choose the tile to put on top of pile " +
             std::to_string(target_);
    default:
      return "";
  }
}

// The table as `viewer` sees it; viewer -1 is a bystander (what anyone at the table sees), a
// player also gets what they can deduce (unknown box sets, hidden pile tiles) and the order of the
// piles they looked through.
std::string GummilandState::describe(int viewer) const {
  const std::string regions = region_names(regions_);
  std::string out = "Gummiland, " + std::to_string(num_players_) +
                    " players, regions: " + (regions.empty() ? "none" : regions) + "\nRound " +
                    std::to_string(round_ + (over_ ? 0 : 1)) + " (cap " + std::to_string(max_rounds_) +
                    "); " + decision_text() + "\n";
  if (!over_) {
    out += "Captures left this turn: " + std::to_string(captures_left_) +
           (doubled_ ? " (Doublon used)" : "") + "\n";
  }
  std::vector<int> hidden;
  for (int k = 0; k < kNumPiles; ++k) out += describe_pile(k, viewer, hidden);
  if (viewer >= 0) out += "Hidden pile tiles: " + sorted_names(hidden) + "\n";
  for (int q = 0; q < num_players_; ++q) out += describe_player(q, viewer);
  if (in_use_ >= 0) out += "In use: " + tile_name(in_use_) + "\n";
  if (over_) {
    std::vector<double> r(num_players_);
    returns(r.data());
    out += "Returns:";
    for (double v : r) {
      out += ' ';
      out += std::to_string(v);
    }
    out += "\n";
  }
  return out;
}

// Pile k's line: its size, top and exotic tiles, who knows its order, and what `viewer` knows
// below the top. The tiles hidden from `viewer` are appended to `hidden`.
std::string GummilandState::describe_pile(int k, int viewer, std::vector<int>& hidden) const {
  const PileList& pile = piles_[k];
  std::string out = "Pile " + std::to_string(k) + ": ";
  if (pile.empty()) return out + "empty\n";
  out += std::to_string(pile.size) + " tiles, top " + tile_name(pile.top());
  if (pile_exotic_[k]) out += "; exotic: " + region_names(pile_exotic_[k]);
  if (pile_known_[k]) out += "; order known to player " + players_in(pile_known_[k], num_players_);
  if (viewer >= 0 && (pile_known_[k] >> viewer & 1)) {
    out += "; order (bottom first):";
    for (int i = 0; i < pile.size; ++i) append_tile(out, pile.t[i]);
  } else {
    const int below = pile.size - 1 - pile_seen_[k];
    if (pile_seen_[k] > 0) {
      out += "; known below the top (bottom first):";
      for (int i = below; i + 1 < pile.size; ++i) append_tile(out, pile.t[i]);
    }
    for (int i = 0; i < below; ++i) hidden.push_back(pile.t[i]);
  }
  return out + "\n";
}

// Player q's lines: Gummiz and specials, the front (the active gum's fruit, the current player's
// used tiles starred), the box (unknown tiles as "?"), and the unknown box set for a player viewer.
std::string GummilandState::describe_player(int q, int viewer) const {
  std::string out = "Player " + std::to_string(q) + ": " + std::to_string(gummiz(q)) + " Gummiz, " +
                    std::to_string(specials(q)) + " specials\n  front:";
  const OwnList& front = front_[q];
  for (int i = 0; i < front.size; ++i) {
    const int t = front.t[i];
    append_tile(out, t);
    if (front_class(q, t) == kActiveGum) {
      out += '=';
      out += kRewardShort[gum_as_];
    }
    if (q == current_ && is_used(t)) out += "*";
  }
  const OwnList& box = box_[q];
  out += front.empty() ? " nothing" : "";
  out += "\n  box (" + std::to_string(box.size) + ", next out first):";
  for (int i = 0; i < box.size; ++i) {
    if (i < box_unknown_[q]) {
      out += " ?";
    } else {
      append_tile(out, box.t[i]);
      if (q == current_ && is_used(box.t[i])) out += '*';
    }
  }
  out += "\n";
  if (viewer >= 0 && box_unknown_[q] > 0) {
    out += "  unknown box tiles: " +
           sorted_names(std::vector<int>(box.t.begin(), box.t.begin() + box_unknown_[q])) + "\n";
  }
  return out;
}

std::string GummilandState::to_string() const { return describe(-1); }

std::string GummilandState::information_state_string(int player) const {
  return "Observer " + std::to_string(player) + "\n" + describe(player);
}

std::string GummilandState::action_to_string(Action action) const {
  const std::string fallback = "action " + std::to_string(action);
  const int cls = action - kClassAction;
  const bool is_class = cls >= 0 && cls < kNumClasses;
  switch (phase_) {
    case kMain:
      if (action == kEndAction) return "end turn";
      if (action >= kPileAction && action < kUseAction && !piles_[action - kPileAction].empty()) {
        return "capture " + tile_name(piles_[action - kPileAction].top()) + " from pile " +
               std::to_string(action - kPileAction);
      }
      if (action >= kUseAction && action < kClassAction) {
        return "use " + std::string(kClassName[action - kUseAction + kTaste]);
      }
      return fallback;
    case kPay:
      return is_class ? "pay with " + class_name(cls, gum_as_) : fallback;
    case kSlide:
      return is_class ? "slide " + class_name(cls, gum_as_) + " into the box next" : fallback;
    case kGumCopy:
      return is_class ? "Chewing gum copies " + class_name(cls, gum_as_) : fallback;
    case kExchanging:
      if (action == kEndAction) return "stop exchanging";
      return is_class ? "exchange " + class_name(cls, gum_as_) : fallback;
    case kTidyPlayer:
      if (action >= kPlayerAction && action < kTypeAction) {
        return "tidy up player " + std::to_string(action - kPlayerAction);
      }
      return fallback;
    case kTidyTile:
      return is_class
                 ? "tidy " + class_name(cls, gum_as_) + " into player " + std::to_string(target_) + "'s box"
                 : fallback;
    case kSelectPile:
      if (action >= kPileAction && action < kUseAction) {
        return "look through pile " + std::to_string(action - kPileAction);
      }
      return fallback;
    case kSelectTile:
      if (action >= kTypeAction && action < kNumActions) {
        int tile = 0;
        while (kTiles[tile].row != action - kTypeAction) ++tile;
        return "put " + tile_name(tile) + " on top of pile " + std::to_string(target_);
      }
      return fallback;
    default:
      return fallback;
  }
}

void GummilandState::observation_tensor(int player, float* out) const {
  using Own = PlayerObservation;
  using Pile = PileObservation;
  // The counts that grow to tens (a box's tiles, Gummiz, the round) are given in tens, so that no
  // input of a network is tens of times its others (Gummiz reached 51 and the round 59).
  constexpr float kTens = 0.1f;
  const int n = num_players_;
  std::fill(out, out + observation_size(n), 0.0f);
  float* o = out;
  for (int i = 0; i < n; ++i, o += Own::kSize) {
    const int q = (player + i) % n;
    for (int j = 0; j < front_[q].size; ++j) o[Own::kFront + front_class(q, front_[q].t[j])] += 1;
    const OwnList& box = box_[q];
    o[Own::kBoxSize] = box.size * kTens;
    o[Own::kBoxUnknown] = box_unknown_[q] * kTens;
    for (int j = box_unknown_[q]; j < box.size; ++j) o[Own::kBoxKnown + reward_of(box.t[j])] += 1;
    for (int j = 0; j < 2; ++j) {
      if (j >= box_unknown_[q] && j < box.size) o[Own::kBoxNext + j * kNumRewards + reward_of(box.t[j])] = 1;
    }
    o[Own::kGummiz] = gummiz(q) * kTens;
    o[Own::kSpecials] = specials(q);
  }
  for (int k = 0; k < kNumPiles; ++k, o += Pile::kBlock) {
    const PileList& pile = piles_[k];
    o[Pile::kSize] = pile.size;
    if (!pile.empty()) {
      const TileRow& row = row_of(pile.top());
      for (int f = 0; f < 3; ++f) o[Pile::kTopCost + f] = row.cost[f];
      o[Pile::kTopGummiz] = row.gummiz;
      o[Pile::kTopReward + row.reward] = 1;
    }
    o[Pile::kOrderKnown] = pile_known_[k] >> player & 1;
  }
  if (!over_) o[(current_ - player + n) % n] = 1;
  o += n;
  o[phase_] = 1;
  o += kNumPhases;
  o[0] = captures_left_;
  o[1] = doubled_;
  o[2] = round_ * kTens;
  o[3] = nonempty_piles() <= 2 ? 1 : 0;
  o += kTurnFloats;
  for (int j = 0; j < pending_.size; ++j) o[reward_of(pending_.t[j])] += 1;
  o += kNumRewards;
  if (phase_ == kPay) {
    const Fruits p = paid();
    o[0] = p.s;
    o[1] = p.a;
    o[2] = p.l;
    o[3] = p.m;
  }
  o += kFruits;
  if ((phase_ == kPay || phase_ == kSelectTile) && target_ >= 0) o[target_] = 1;
  o += kNumPiles;
  if (in_use_ >= 0) o[reward_of(in_use_)] = 1;
  o += kNumRewards;
  o[0] = exchanged_;
}

}  // namespace ts
