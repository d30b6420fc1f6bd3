// Gummiland's rule-level invariants across one step, for the rule fuzz (api/rule_fuzz.h): what the
// rules page implies beyond a single position (which validate() checks).
#include "games/gummiland/gummiland.h"

namespace ts {

using namespace gummiland;

void GummilandState::check_step(const GummilandState& before, Action action) const {
  validate();  // every tile in play exactly once, the phase and what it needs, the end reached
  const int n = num_players_;
  auto piles_total = [](const GummilandState& s) {
    int tiles = 0, gz = 0;
    for (const auto& pile : s.piles_) {
      tiles += pile.size;
      for (int i = 0; i < pile.size; ++i) gz += row_of(pile.t[i]).gummiz;
    }
    return std::pair{tiles, gz};
  };
  // Gummiz: the players' and the piles' together never change; a player's never decrease (tiles
  // never leave their owner: Tidy Up puts a tile into its owner's box).
  int before_total = piles_total(before).second, after_total = piles_total(*this).second;
  for (int p = 0; p < n; ++p) {
    before_total += before.gummiz(p);
    after_total += gummiz(p);
    if (gummiz(p) < before.gummiz(p)) fail("player " + std::to_string(p) + "'s Gummiz went down");
  }
  if (before_total != after_total) fail("the Gummiz in play changed");
  // Piles shrink by one tile per completed capture, and only then.
  const int taken = piles_total(before).first - piles_total(*this).first;
  const bool completes = before.phase_ == kPay && (phase_ != kPay || over_);
  if (taken != (completes ? 1 : 0))
    fail("pile tiles changed by " + std::to_string(taken) + " outside a capture");
  if (completes && captures_left_ != before.captures_left_ - 1) fail("a capture did not use up a capture");
  for (int q = 0; q < n; ++q) {
    if (box_unknown_[q] > before.box_unknown_[q]) fail("a box's unknown part grew");
  }
  // Turn order: only ending the turn passes it, to the next seat; a round is complete when it
  // comes back to seat 0, and the end is checked exactly then.
  const bool ended_turn = before.phase_ == kMain && action == kEndAction;
  if (!ended_turn) {
    if (current_ != before.current_ || round_ != before.round_) fail("the turn passed without ending it");
    if (over_ && !before.over_ && nonempty_piles() != 0) fail("the game ended in the middle of a turn");
  } else {
    if (current_ != (before.current_ + 1) % n) fail("the turn did not pass to the next seat");
    const bool wrapped = current_ == 0;
    if (round_ != before.round_ + (wrapped ? 1 : 0)) fail("rounds must count the turns of seat 0");
    const bool should_end = wrapped && (nonempty_piles() <= 2 || round_ >= max_rounds_);
    if (over_ != should_end) fail(over_ ? "the game ended before its end" : "the game went on past its end");
    if (!over_) {
      // A new turn: the tickle of up to 2 tiles, nothing spent yet.
      if (used_[0] || used_[1] || doubled_ || captures_left_ != 1 || gum_as_)
        fail("a new turn starts afresh");
    }
  }
  // Each special tile's reward at most once per turn (Reading): a tile used stays marked for the
  // turn, and a use is never of a marked tile.
  if (!ended_turn && !over_) {
    for (int w = 0; w < 2; ++w) {
      if ((before.used_[w] & ~used_[w]) != 0) fail("a spent special came back within the turn");
    }
  }
  if (before.phase_ == kMain && action >= kUseAction && action < kClassAction) {
    const uint64_t fresh0 = used_[0] & ~before.used_[0], fresh1 = used_[1] & ~before.used_[1];
    if (__builtin_popcountll(fresh0) + __builtin_popcountll(fresh1) != 1)
      fail("using a special must spend one tile");
  }
  if (before.phase_ == kGumCopy && action >= kClassAction && action < kPlayerAction) {
    const int cls = action - kClassAction;
    if (cls >= kTaste) {
      bool fresh = false;
      for (int i = 0; i < before.front_[before.current_].size; ++i) {
        const int tile = before.front_[before.current_].t[i];
        fresh = fresh || (before.front_class(before.current_, tile) == cls && !before.is_used(tile));
      }
      if (!fresh) fail("the gum copied a special whose tile was spent this turn");
    }
  }
  // Tiles in front of other players change only by Tidy Up.
  for (int q = 0; q < n; ++q) {
    if (q == before.current_ || q == current_ || over_) continue;
    const bool tidy = before.phase_ == kTidyTile && before.target_ == q;
    if (front_[q].size != before.front_[q].size - (tidy ? 1 : 0))
      fail("an idle player's tiles in front changed");
  }
}

}  // namespace ts
