// Gnomi's rule-level invariants across one step, for the rule fuzz (api/rule_fuzz.h): what the
// rules page implies beyond a single position (which validate() checks).
#include <bit>

#include "games/gnomi/gnomi.h"

namespace ts {

void GnomiState::check_step(const GnomiState& before, Action) const {
  validate();  // every card in its printed number, holders and knowledge, the pending decision
  if (before.phase_ == kGoldenChoice) {  // one offer made: a card from the reserve, nothing else
    if (offers() != before.offers() + 1) fail("a golden choice must make exactly one offer");
    if (game_ == before.game_ && (out_ != before.out_ || mush_.holder != before.mush_.holder))
      fail("a golden choice changes nothing but the offered card");
    return;
  }
  if (phase_ == kGoldenChoice) {  // the game just ended; its winners await their offers
    if (awaiting_ & before.out_) fail("a player out before the end was offered a golden gnome");
    return;
  }
  const int acted = before.current_player();
  if (acted >= 0 && !before.in_game(acted)) fail("player " + std::to_string(acted) + " acted while out");
  const int next = current_player();
  if (next >= 0 && !in_game(next)) fail("player " + std::to_string(next) + " is to act while out");
  const bool new_game = game_ != before.game_;
  if (new_game) {
    if (game_ != before.game_ + 1 || !golden_) fail("a game of the match was skipped");
    return;  // a re-deal: hands, knowledge and turns start afresh
  }
  if (golden_ && phase_ == kGameOver) return;  // the last awards: golden cards leave the reserve
  // Within a game: out is for good, knowledge only grows, faces never change, gnomes never move.
  if ((before.out_ & ~out_) != 0) fail("a player came back into the game");
  for (int m = 0; m < kM; ++m) {
    if ((before.mush_.known[m] & ~mush_.known[m]) != 0) fail("a mushroom's face was forgotten");
    if ((before.not_colour_[m] & ~not_colour_[m]) != 0) fail("a ruled-out colour came back");
    if (mush_.face[m] != before.mush_.face[m]) fail("a mushroom changed its face");
  }
  for (int g = 0; g < kG; ++g) {
    if ((before.gnome_.known[g] & ~gnome_.known[g]) != 0) fail("a gnome's face was forgotten");
    if (gnome_.face[g] != before.gnome_.face[g] || gnome_.holder[g] != before.gnome_.holder[g]) {
      fail("gnomes never change hands or faces");
    }
  }
  // Eliminations happen once a move has resolved (Reading), and exactly for players left with no
  // right-side-up card.
  const bool resolved = phase_ == kTurn || phase_ == kGameOver;
  if (!resolved && out_ != before.out_) fail("a player went out in the middle of a move");
  if (resolved) {
    for (int s = 0; s < n_; ++s) {
      if (before.in_game(s) && !in_game(s) && has_up_card(s)) {
        fail("player " + std::to_string(s) + " went out holding a right-side-up card");
      }
      if (in_game(s) && !has_up_card(s) && phase_ != kGameOver) {
        fail("player " + std::to_string(s) + " has no right-side-up card but is still in");
      }
    }
  }
  // Turn order: the turn passes only when a move resolves, to the next seat still in, clockwise.
  if (phase_ == kTurn && before.phase_ != kGameOver && turn_ != before.turn_) {
    int expect = (before.turn_ + 1) % n_;
    while (!in_game(expect)) expect = (expect + 1) % n_;
    if (turn_ != expect)
      fail("the turn went to seat " + std::to_string(turn_) + ", not " + std::to_string(expect));
    if (round_ > before.round_ + 1) fail("more than one round passed in one move");
  }
  if (!resolved && turn_ != before.turn_) fail("the turn passed in the middle of a move");
  // The end: one player left (or none, sharing), or the round cap.
  if (phase_ == kGameOver && !golden_) {
    const int in = std::popcount(static_cast<unsigned>(all_mask() & ~out_));
    if (in > 1 && round_ < max_rounds_)
      fail("the game ended with " + std::to_string(in) + " players still in");
    if (in == 0 && winners_ != last_out_) fail("players going out together must share the win");
    if (in == 1 && winners_ != (all_mask() & ~out_)) fail("the last player in must win");
  }
}

}  // namespace ts
