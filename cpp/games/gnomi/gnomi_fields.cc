// Gnomi's serialized fields (resampled states cannot be rebuilt from seed and history). Fields
// read from untrusted input are checked for their ranges as they are read,
// then as a whole by validate(): the conservation of every component, the knowledge masks and the
// consistency of the pending decision.
#include <bit>
#include <limits>

#include "games/gnomi/gnomi.h"

namespace ts {

using gnomi::kGnomes;
using gnomi::kMushrooms;

void GnomiState::fields(FieldVisitor& v) {
  const int n = n_, all = (1 << n) - 1;
  constexpr int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  constexpr int golden = gnomi::kGoldenGnomes;
  mush_.fields(v, "mushroom", "mushrooms", kColours, kReserve, n);
  gnome_.fields(v, "gnome", "gnomes", gnomi::kNumGnomeFaces, kReserve, n);
  v.array("mushroom_not", not_colour_, 0, (1 << kColours) - 1,
          "colours ruled out (bit c: row c of mushrooms)");
  v.array("offer_seat", offer_seat_, -1, n - 1, "seat");
  v.one("offer_kept", offer_kept_, 0, (1 << golden) - 1, "offers taken (bit i: offer i)");
  v.one("settled", settled_, 0, golden);
  v.one("awaiting", awaiting_, 0, all, "seats");
  v.one("deal_seed", deal_seed_, lo, hi, "hash");
  v.one("history_hash", history_hash_, lo, hi, "hash");
  record_fields(v);
  v.one("game", game_, 0, golden_ ? kMatchGames - 1 : 0);
  v.one("round", round_, 0, max_rounds_);
  v.one("first", first_, 0, n - 1, "seat");
  v.one("turn", turn_, 0, n - 1, "seat");
  v.one("phase", phase_, 0, kGameOver, "phase");
  v.one("effect", effect_, 0, kHans, "effect");
  v.one("target", target_, -1, n - 1, "seat");
  v.one("colour", colour_, -1, kColours - 1, "mushrooms");
  v.one("pick", pick_, -1, kM - 1);
  v.array("peek", peek_, -1, kM - 1, "mushroom card");
  v.one("steals_left", steals_left_, 0, 2);
  v.one("out", out_, 0, all, "seats");
  v.one("winners", winners_, 0, all, "seats");
  v.one("last_out", last_out_, 0, all, "seats");
  v.one("prev_out", prev_out_, 0, all, "seats");
}

// The public moves where they are kept, an empty list where not (a search's copies).
void GnomiState::record_fields(FieldVisitor& v) {
  std::vector<int64_t> moves;
  if (record_) moves.assign(record_->begin(), record_->end());
  const int most = max_game_length(n_, golden_, max_rounds_);
  if (!v.exchange(
          {"moves", -1, most, 0, std::numeric_limits<uint32_t>::max(), "int public move (PublicMove)"},
          moves)) {
    return;
  }
  if (moves.empty() && history_hash_ != 0) return record_.reset();  // a state that kept none
  record_ = std::make_shared<std::vector<uint32_t>>(moves.begin(), moves.end());
}

void GnomiState::validate() const {
  validate_cards();
  validate_course();
  validate_record();
}

void GnomiState::validate_cards() const {
  const uint8_t all = all_mask();
  const bool over = phase_ == kGameOver;
  // Components: every face in its printed number, in a place it can be.
  std::array<int, kColours> mush_faces{};
  std::array<int, gnomi::kNumGnomeFaces> gnome_faces{};
  std::array<int, kSeats> gnomes_held{}, golden_held{};
  int pool_m = 0;
  for (int m = 0; m < kM; ++m) {
    const int f = mush_.face[m], h = mush_.holder[m];
    ++mush_faces[f];
    const bool gold = gnomi::golden_mushroom(f);
    const std::string card = "mushroom m" + std::to_string(m) + " (" + kMushrooms[f].colour + ")";
    if (gold != (h == kReserve) && !(gold && golden_ && h >= 0))
      fail(card + " cannot be held by " + std::to_string(h));
    if (h == kReserve && (mush_.up[m] || mush_.known[m] != all))
      fail(card + ": reserve cards are face down and public");
    if (h == kPool && (mush_.up[m] || mush_.known[m])) fail(card + ": pool cards are face down and unseen");
    if (h >= 0 && !((mush_.known[m] >> h) & 1)) fail(card + ": its holder must know it");
    if (h >= 0 && gold && mush_.known[m] != all) fail(card + ": golden mushrooms in play are known to all");
    if ((not_colour_[m] >> f) & 1) fail(card + ": mushroom_not rules out its own colour");
    if (h < 0 && not_colour_[m]) fail(card + ": only mushrooms in play can have colours ruled out");
    pool_m += h == kPool;
  }
  int pool_golden = 0, reserve_golden = 0;
  for (int g = 0; g < kG; ++g) {
    const int f = gnome_.face[g], h = gnome_.holder[g];
    ++gnome_faces[f];
    const bool gold = gnomi::golden_gnome(f);
    const std::string card = "gnome g" + std::to_string(g) + " (" + kGnomes[f].id + ")";
    if (gold ? !golden_ && h != kReserve : h == kReserve)
      fail(card + " cannot be held by " + std::to_string(h));
    if (h == kReserve && (gnome_.up[g] || gnome_.known[g] != all))
      fail(card + ": reserve cards are face down and public");
    if (h == kPool && (gnome_.up[g] || gnome_.known[g])) fail(card + ": pool cards are face down and unseen");
    if (h >= 0 && gnome_.known[g] != all && gnome_.known[g] != (1u << h)) {
      fail(card + ": a gnome is known to its holder only or to everyone");
    }
    if (h >= 0) ++gnomes_held[h], golden_held[h] += gold;
    pool_golden += gold && h == kPool;
    reserve_golden += gold && h == kReserve;
  }
  for (int f = 0; f < kColours; ++f) {
    if (mush_faces[f] != kMushrooms[f].copies) {
      fail(std::string("there must be ") + std::to_string(kMushrooms[f].copies) + " " + kMushrooms[f].colour +
           " mushrooms, got " + std::to_string(mush_faces[f]));
    }
  }
  for (int f = 0; f < gnomi::kNumGnomeFaces; ++f) {
    if (gnome_faces[f] != kGnomes[f].copies) {
      fail(std::string("there must be ") + std::to_string(kGnomes[f].copies) + " " + kGnomes[f].id +
           " gnomes, got " + std::to_string(gnome_faces[f]));
    }
  }
  for (int s = 0; s < n_; ++s) {
    if (gnomes_held[s] != gnomi::kHandGnomes) {
      fail("player " + std::to_string(s) + " holds " + std::to_string(gnomes_held[s]) +
           " gnomes; gnomes never change hands");
    }
    if (golden_held[s] != std::popcount(static_cast<unsigned>(kept_by(s) & ((1u << settled_) - 1)))) {
      fail("player " + std::to_string(s) + " holds " + std::to_string(golden_held[s]) +
           " golden gnomes; the settled offers they took say otherwise");
    }
    if (!over && phase_ != kGoldenChoice && !in_game(s) && has_up_card(s))
      fail("player " + std::to_string(s) + " is out but has a right-side-up card");
  }
  const int base_pool = gnomi::kRegularMushrooms - gnomi::kHandMushrooms * n_;
  if (pool_m < base_pool || pool_m > base_pool + (game_ > 0 ? gnomi::kGoldenMushrooms : 0)) {
    fail("the pool holds " + std::to_string(pool_m) + " mushrooms; the deal leaves " +
         std::to_string(base_pool));
  }

  validate_offers(pool_golden, reserve_golden);
}

void GnomiState::validate_course() const {
  const uint8_t all = all_mask();
  const bool over = phase_ == kGameOver;
  if (over != (winners_ != 0)) fail("winners are set exactly when the game is over");
  if (over) return;
  if (phase_ == kGoldenChoice) return;  // between games: validate_offers checked it
  if (std::popcount(static_cast<unsigned>(all & ~out_)) < 2) fail("a running game has two players still in");
  if (!in_game(turn_)) fail("the player whose turn it is must be in the game");
  if (round_ >= max_rounds_) fail("round must be below max_rounds while the game runs");
  if (colour_ >= 0 && gnomi::golden_mushroom(colour_) && !golden_)
    fail("gold is a colour of the golden expansion only");
  const bool targeted = phase_ == kReact || phase_ == kLullabyChoice || phase_ == kPeekReveal ||
                        phase_ == kPeekTake || phase_ == kCompostChoice || phase_ == kSteal;
  if (targeted && (target_ < 0 || target_ == turn_ || !in_game(target_))) {
    fail("phase " + std::to_string(phase_) + " needs a target other than the turn player, still in the game");
  }
  auto need = [&](bool ok, const char* what) {
    if (!ok) fail(std::string("phase ") + std::to_string(phase_) + ": " + what);
  };
  switch (phase_) {
    case kTurn:
      need(effect_ == kNoEffect && target_ < 0 && colour_ < 0 && pick_ < 0 && peek_[0] < 0 && peek_[1] < 0 &&
               steals_left_ == 0,
           "nothing may be pending at the start of a turn");
      break;
    case kUse1Target:
      need(effect_ == kGive && colour_ >= 0, "use 1 needs its colour");
      break;
    case kUse2Second:
      need(pick_ >= 0 && down_mushroom(pick_, turn_), "use 2 needs its first, composted card");
      need(only_up_mushroom_above(turn_, pick_) < 0, "a single second card is used at once");
      break;
    case kUse2Target:
      need(effect_ == kStealOne, "use 2 steals");
      break;
    case kHansColour:
      break;
    case kSproutPick:
      need(pick_ < 0 || mush_.holder[pick_] == turn_, "sprout's first card is the user's");
      break;
    case kWakePick:
      need(pick_ >= 0 && pick_ < kG && asleep_gnome(pick_, turn_), "wake needs the used gnome");
      break;
    case kEffectTarget:
      need(effect_ == kLullaby || effect_ == kThief || effect_ == kPeek || effect_ == kCompost,
           "a targeted gnome");
      break;
    case kReact:
      need(effect_ != kNoEffect, "a reaction needs an effect");
      need((effect_ != kGive && effect_ != kHans) || colour_ >= 0, "use 1 and hans need a colour");
      break;
    case kLullabyChoice:
      need(effect_ == kLullaby, "lullaby");
      break;
    case kPeekReveal:
      need(effect_ == kPeek, "peek");
      need(pick_ < 0 || (up_mushroom(pick_, target_) && mush_.known[pick_] == all),
           "the first reveal is the target's");
      need(pick_ < 0 || only_up_mushroom_above(target_, pick_) < 0,
           "a single second card is revealed at once");
      break;
    case kPeekTake:
      need(effect_ == kPeek && peek_[0] >= 0 && peek_[0] < peek_[1] && up_mushroom(peek_[0], target_) &&
               up_mushroom(peek_[1], target_) && mush_.known[peek_[0]] == all && mush_.known[peek_[1]] == all,
           "peek needs two revealed mushrooms of the target, ascending");
      break;
    case kCompostChoice:
      need(effect_ == kCompost, "compost");
      break;
    case kSteal:
      need((effect_ == kStealOne || effect_ == kThief) && steals_left_ > 0, "a steal needs steals left");
      break;
    case kGoldenChoice:
    case kGameOver:
      break;
  }
  Action actions[kMaxLegal];
  if (legal_actions(actions) == 0) fail("the state has no legal action");
}

}  // namespace ts

namespace ts {

// The golden offers: a prefix of seats, the taken ones in hands once settled (the others and the
// unsettled ones in the pool), the reserve holding the rest; a decision pending exactly while a
// winner awaits an offer, and unsettled offers only then or after the match.
void GnomiState::validate_offers(int pool_golden, int reserve_golden) const {
  const int k = offers();
  for (int i = k; i < gnomi::kGoldenGnomes; ++i) {
    if (offer_seat_[i] >= 0) fail("offer_seat: the offers made must come first, then -1");
  }
  if (!golden_ && (k > 0 || awaiting_)) fail("golden gnomes are offered in the golden match only");
  if (offer_kept_ >> k) fail("offer_kept: only offers made can have been taken");
  if (settled_ > k) fail("settled: more offers settled than made");
  if (reserve_golden != gnomi::kGoldenGnomes - k)
    fail("the reserve must hold the " + std::to_string(gnomi::kGoldenGnomes - k) +
         " golden gnomes not yet offered");
  const int taken_settled = std::popcount(static_cast<unsigned>(offer_kept_ & ((1u << settled_) - 1)));
  if (pool_golden != k - taken_settled)
    fail("the pool must hold the golden gnomes offered and not yet in a hand");
  for (int s = 0; s < n_; ++s) {
    int offered = 0;
    for (int i = 0; i < k; ++i) offered += offer_seat_[i] == s;
    if (offered > game_ + 1)
      fail("player " + std::to_string(s) + " was offered more golden gnomes than games won");
  }
  if ((phase_ == kGoldenChoice) != (awaiting_ != 0))
    fail("awaiting: set exactly while a golden gnome is offered");
  if (phase_ == kGoldenChoice && k == gnomi::kGoldenGnomes) fail("awaiting: the reserve is empty");
  if (settled_ < k && phase_ != kGoldenChoice && phase_ != kGameOver)
    fail("settled: taken golden gnomes go into hands at the next deal");
}

}  // namespace ts
