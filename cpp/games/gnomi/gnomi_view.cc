// What players see of a Gnomi state: action names, the text views (everything, or one player's
// information state), the observation tensor, and determinizations (resample_from_infostate).
#include <bit>
#include <cstdio>

#include "core/constrained_deal.h"
#include "core/hash.h"
#include "games/gnomi/gnomi.h"

namespace ts {

using gnomi::kGnomes;
using gnomi::kMushrooms;

namespace {

std::string seat(int s) {
  std::string out = s < 0 ? "-" : "P";
  if (s >= 0) out += std::to_string(s);
  return out;
}

std::string seats(uint8_t mask) {
  std::string out;
  for (int s = 0; mask >> s; ++s) {
    if (!((mask >> s) & 1)) continue;
    if (!out.empty()) out += ',';
    out += seat(s);
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string GnomiState::face_name(bool mushroom, int id) const {
  return mushroom ? kMushrooms[mush_.face[id]].colour : kGnomes[gnome_.face[id]].id;
}

std::string GnomiState::action_to_string(Action a) const {
  return action_words(a, phase_, effect_, colour_, true);
}

// The words for action `a` taken in `phase` (with `effect` and `colour`): cards by number, and with
// their faces if `faces` (a move as everyone saw it names only what everyone knows).
std::string GnomiState::action_words(Action a, Phase phase, Effect effect, int colour, bool faces) const {
  auto card = [&](bool mushroom, int id) {
    const std::string number = (mushroom ? "m" : "g") + std::to_string(id);
    return faces ? face_name(mushroom, id) + " (" + number + ")" : number;
  };
  auto m_name = [&](int m) { return (m >= 0 && m < kM) ? card(true, m) : std::string("?"); };
  auto g_name = [&](int g) { return (g >= 0 && g < kG) ? card(false, g) : std::string("?"); };
  if (a == kHiddenChoice) return "golden gnome: taken or declined in secret";
  if (a < 0 || a >= kNumActions) return "invalid action " + std::to_string(a);
  if (phase == kSteal) return "random steal: m" + std::to_string(a - kPickMushroom);
  if (a < kUse2) return "use 1 " + m_name(a - kUse1);
  if (a < kUseGnome) return "use 2: " + m_name(a - kUse2);
  if (a < kPassMushroom) return "use " + g_name(a - kUseGnome);
  if (a < kPassGnome) return "pass: compost " + m_name(a - kPassMushroom);
  if (a < kTarget) return "pass: sleep " + g_name(a - kPassGnome);
  if (a < kPickMushroom) {
    const std::string who = seat(a - kTarget);
    if (phase == kUse1Target && colour >= 0)
      return std::string("use 1 ") + kMushrooms[colour].colour + " -> " + who;
    if (phase == kUse2Target) return "use 2 -> " + who;
    return std::string(kEffectNames[effect]) + " -> " + who;
  }
  if (a < kPickGnome) {
    const int m = a - kPickMushroom;
    switch (phase) {
      case kUse2Second:
        return "use 2: and " + m_name(m);
      case kSproutPick:
        return "sprout " + m_name(m);
      case kPeekReveal:
        return "reveal " + m_name(m);
      case kPeekTake:
        return "take " + m_name(m);
      case kCompostChoice:
        return "compost " + m_name(m);
      default:
        return "mushroom " + m_name(m);
    }
  }
  if (a < kColour) {
    const int g = a - kPickGnome;
    switch (phase) {
      case kReact:
        return "earmuffs (g" + std::to_string(g) + "): cancel";
      case kWakePick:
        return "wake " + g_name(g);
      case kLullabyChoice:
        return "sleep " + g_name(g);
      default:
        return "gnome " + g_name(g);
    }
  }
  if (a < kDone) return std::string("hans: name ") + kMushrooms[a - kColour].colour;
  if (a == kDone) return "sprout: done";
  if (a == kTakeGolden) return "take the golden gnome";
  if (a == kDeclineGolden) return "decline the golden gnome";
  return "no reaction";
}

// The public moves, one line each ("move 3: P1 use 1 m5"), or the digest where they were not kept.
std::string GnomiState::moves_text() const {
  if (!record_) {
    char digest[20];
    std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(history_hash_));
    return std::string("\nmoves not kept, digest ") + digest;
  }
  std::string out;
  for (size_t i = 0; i < record_->size(); ++i) {
    const PublicMove move = PublicMove::of((*record_)[i]);
    out += "\nmove " + std::to_string(i + 1) + ": " +
           (move.mover == kChancePlayer ? "chance" : seat(move.mover)) + " " +
           action_words(move.action, move.phase, move.effect, move.colour, false);
  }
  return out;
}

std::string GnomiState::card_label(bool mushroom, int id, int viewer) const {
  const uint8_t known = mushroom ? mush_.known[id] : gnome_.known[id];
  std::string out = mushroom ? "m" : "g";
  out += std::to_string(id);
  out += ' ';
  // Who knows a card is public (every reveal and steal is seen); the face only if the viewer knows it.
  if (viewer >= 0 && !((known >> viewer) & 1)) {
    out += '?';
  } else {
    out += face_name(mushroom, id);
  }
  if (mushroom && not_colour_[id] && known != all_mask()) {  // public: what absence revealed
    out += "(not";
    for (int c = 0; c < kColours; ++c) {
      if ((not_colour_[id] >> c) & 1) out += std::string(" ") + kMushrooms[c].colour;
    }
    out += ')';
  }
  out += '{';
  out += seats(known);
  out += '}';
  return out;
}

// One text for both views: viewer < 0 shows every face; otherwise the faces the viewer knows and
// "?" for the others, then the public moves so far for perfect recall. Both show who knows each
// card.
std::string GnomiState::describe(int viewer) const {
  std::string out = "gnomi";
  if (viewer >= 0) out += " | view of " + seat(viewer);
  out += " | game " + std::to_string(game_ + 1) + " of " + (golden_ ? std::to_string(kMatchGames) : "1");
  out += " | round " + std::to_string(round_ + 1) + " of " + std::to_string(max_rounds_);
  out += " | first " + seat(first_) + " | turn " + seat(turn_);
  out += " | phase " + std::string(kPhaseNames[phase_]) + " effect " + kEffectNames[effect_];
  out += " target " + seat(target_) + " colour " + (colour_ >= 0 ? kMushrooms[colour_].colour : "-");
  out += " pick " + std::to_string(pick_) + " peek " + std::to_string(peek_[0]) + "," +
         std::to_string(peek_[1]) + " steals " + std::to_string(steals_left_);
  out += " | out " + seats(out_) + " last out " + seats(last_out_) + " before " + seats(prev_out_);
  if (phase_ == kGameOver) out += " | winners " + seats(winners_);
  if (golden_) out += " | golden offers " + offers_text(viewer) + " awaiting " + seats(awaiting_);
  out += "\n";
  for (int s = 0; s < n_; ++s) {
    out += seat(s) + (in_game(s) ? "" : " (out)");
    const char* groups[] = {": mushrooms up ", " | composted ", " | gnomes awake ", " | asleep "};
    for (int group = 0; group < 4; ++group) {
      out += groups[group];
      const bool mushroom = group < 2;
      const int n = mushroom ? kM : kG;
      bool any = false;
      for (int id = 0; id < n; ++id) {
        const bool held = mushroom ? mush_.holder[id] == s : gnome_.holder[id] == s;
        const bool up = mushroom ? mush_.up[id] : gnome_.up[id];
        if (!held || up != (group % 2 == 0)) continue;
        out += (any ? ", " : "") + card_label(mushroom, id, viewer);
        any = true;
      }
      if (!any) out += "-";
    }
    out += "\n";
  }
  int pool_m = 0, pool_g = 0, reserve_m = 0, reserve_g = 0;
  for (int m = 0; m < kM; ++m) pool_m += mush_.holder[m] == kPool, reserve_m += mush_.holder[m] == kReserve;
  for (int g = 0; g < kG; ++g) pool_g += gnome_.holder[g] == kPool, reserve_g += gnome_.holder[g] == kReserve;
  out += "pool " + std::to_string(pool_m) + " mushrooms, " + std::to_string(pool_g) + " gnomes";
  if (golden_)
    out += " | reserve " + std::to_string(reserve_m) + " golden mushrooms, " + std::to_string(reserve_g) +
           " golden gnomes";
  if (viewer < 0) {
    out += "\npool mushrooms:";
    for (int m = 0; m < kM; ++m) {
      if (mush_.holder[m] == kPool) out += ' ', out += card_label(true, m, -1);
    }
    out += "\npool gnomes:";
    for (int g = 0; g < kG; ++g) {
      if (gnome_.holder[g] == kPool) out += ' ', out += card_label(false, g, -1);
    }
  }
  if (viewer >= 0) out += moves_text();  // perfect recall: how the position was reached
  return out;
}

// The golden offers in order, "P1 took" / "P1 declined" where the viewer knows (its own offers;
// viewer < 0: all), "P1 ?" elsewhere; settled ones before a "|".
std::string GnomiState::offers_text(int viewer) const {
  std::string out;
  for (int i = 0; i < offers(); ++i) {
    const int s = offer_seat_[i];
    if (!out.empty()) out += i == settled_ ? " | " : ", ";
    out += seat(s);
    if (viewer >= 0 && viewer != s) {
      out += " ?";
    } else {
      out += (offer_kept_ >> i) & 1 ? " took" : " declined";
    }
  }
  return out.empty() ? "-" : out;
}

std::string GnomiState::to_string() const { return describe(-1); }
std::string GnomiState::information_state_string(int player) const { return describe(player); }

uint64_t GnomiState::information_state_key(int player) const {
  // What describe(player) shows, fed to a hash without building the text: the public fields, the
  // digest of the public moves (for the moves), and every held card's holder, side, who knows it,
  // its face if `player` knows it, and the colours it is publicly known not to be; cards out of
  // play only as counts.
  KeyHasher h;
  auto byte = [](int v) { return static_cast<uint64_t>(static_cast<uint8_t>(v)); };
  h.add(byte(player) | byte(game_) << 8 | byte(golden_) << 16 |
        static_cast<uint64_t>(static_cast<uint16_t>(round_)) << 24 |
        static_cast<uint64_t>(static_cast<uint16_t>(max_rounds_)) << 40 | byte(first_) << 56);
  h.add(byte(turn_) | byte(phase_) << 8 | byte(effect_) << 16 | byte(target_) << 24 | byte(colour_) << 32 |
        byte(pick_) << 40 | byte(peek_[0]) << 48 | byte(peek_[1]) << 56);
  h.add(byte(steals_left_) | byte(out_) << 8 | byte(last_out_) << 16 | byte(prev_out_) << 24 |
        byte(phase_ == kGameOver ? winners_ : 0) << 32);
  h.add(history_hash_);
  // The offers: who, and what the player knows of each (its own: taken or not; others': -1).
  for (int i = 0; i < gnomi::kGoldenGnomes; ++i) {
    const int kept = offer_seat_[i] == player ? (offer_kept_ >> i) & 1 : -1;
    h.add(byte(offer_seat_[i]) | byte(kept) << 8 | byte(i) << 16 | byte(settled_) << 24 |
          byte(awaiting_) << 32);
  }
  int pool_m = 0, pool_g = 0, reserve_m = 0, reserve_g = 0;
  for (int m = 0; m < kM; ++m) {
    if (mush_.holder[m] < 0) {
      pool_m += mush_.holder[m] == kPool, reserve_m += mush_.holder[m] == kReserve;
      continue;
    }
    const uint8_t known = mush_.known[m];
    const bool shows_not = not_colour_[m] && known != all_mask();
    h.add(byte(m) | byte(mush_.holder[m]) << 8 | byte(mush_.up[m] != 0) << 16 | byte(known) << 24 |
          byte((known >> player) & 1 ? mush_.face[m] : -1) << 32 |
          byte(shows_not ? not_colour_[m] : 0) << 40);
  }
  for (int g = 0; g < kG; ++g) {
    if (gnome_.holder[g] < 0) {
      pool_g += gnome_.holder[g] == kPool, reserve_g += gnome_.holder[g] == kReserve;
      continue;
    }
    const uint8_t known = gnome_.known[g];
    h.add(byte(g) | byte(gnome_.holder[g]) << 8 | byte(gnome_.up[g] != 0) << 16 | byte(known) << 24 |
          byte((known >> player) & 1 ? gnome_.face[g] : -1) << 32 | uint64_t{1} << 48);
  }
  h.add(byte(pool_m) | byte(pool_g) << 8 | byte(golden_ ? reserve_m : 0) << 16 |
        byte(golden_ ? reserve_g : 0) << 24);
  return h.value();
}

void GnomiState::observation_tensor(int player, float* out) const {
  using Obs = SeatObservation;
  const int decider = current_player();
  for (int r = 0; r < n_; ++r) {
    const int s = (player + r) % n_;
    float* b = out + r * Obs::kSize;
    b[Obs::kInGame] = in_game(s);
    b[Obs::kTurn] =
        s == turn_ && phase_ != kGameOver && phase_ != kGoldenChoice;  // between games: no one's turn
    b[Obs::kDeciding] = s == decider;
    for (int m = 0; m < kM; ++m) {
      if (mush_.holder[m] != s) continue;
      const int slot = mush_.knows(m, player) ? mush_.face[m] : kColours;
      b[(mush_.up[m] ? Obs::kUpMushrooms : Obs::kComposted) + slot] += 1;
    }
    for (int g = 0; g < kG; ++g) {
      if (gnome_.holder[g] != s) continue;
      const int slot = gnome_.knows(g, player) ? gnome_.face[g] : gnomi::kNumGnomeFaces;
      b[(gnome_.up[g] ? Obs::kAwakeGnomes : Obs::kSleeping) + slot] += 1;
    }
    for (int i = 0; i < gnomi::kGoldenGnomes; ++i) b[Obs::kGoldenOffered] += offer_seat_[i] == s;
  }
  float* g = out + n_ * Obs::kSize;
  if (phase_ < kNumPhases) g[phase_] = 1;
  g += kNumPhases;
  if (colour_ >= 0) g[colour_] = 1;
  g += kColours;
  g[game_] = 1;
  g[kMatchGames] = static_cast<float>(round_) / max_rounds_;
  g += kMatchGames + 1;
  g[effect_] = 1;
  g += kEffects;
  if (target_ >= 0) g[(target_ - player + n_) % n_] = 1;
  g += n_;
  // One block per card, its face shown only to an observer who knows it.
  const auto card = [&](int holder, bool up, uint8_t known, int face, int faces) {
    using Card = CardObservation;
    if (holder >= 0) g[(holder - player + n_) % n_] = 1;
    float* c = g + n_;
    c[Card::kUp] = up && holder >= 0;
    c[Card::kKnownToAll] = (known & all_mask()) == all_mask();
    c[Card::kFace + ((known >> player) & 1 ? face : faces)] = 1;
    g += Card::size(n_, faces);
  };
  for (int m = 0; m < kM; ++m) card(mush_.holder[m], mush_.up[m], mush_.known[m], mush_.face[m], kColours);
  for (int i = 0; i < kG; ++i)
    card(gnome_.holder[i], gnome_.up[i], gnome_.known[i], gnome_.face[i], gnomi::kNumGnomeFaces);
}

// A world for `player`: every face the player does not know is re-drawn uniformly from the faces
// the player has not seen, among the assignments that respect the public exclusions, so that it
// agrees with everything the player saw. Only public data (holders, sides, knowledge masks, who
// was offered a golden gnome), the player's known faces and its own golden choices are read.
// The others' golden choices are drawn first (draw_offers_kept); then each seat's golden gnomes
// (those it took at earlier games) go to random cards of its hand the player does not know, the
// golden gnomes offered and not in a hand to random pool cards, and the other gnome faces the
// player has not seen to the remaining unknown cards. The history's golden choices are rewritten
// to the world's.
GnomiState GnomiState::resample_from_infostate(int player, Rng& rng, std::vector<Action>* history) const {
  GnomiState w = *this;
  const uint8_t me = static_cast<uint8_t>(1u << player);

  // Mushrooms: the faces not seen, over the slots not known, each slot avoiding the colours
  // everyone knows it is not (uniform over the assignments that agree with all of it).
  std::vector<int> unseen_m(kColours);
  for (int f = 0; f < kColours; ++f) unseen_m[f] = kMushrooms[f].copies;
  std::array<int8_t, kM> slots_m{};
  const int nm = mush_.unknown_to(player, slots_m.data(), unseen_m.data());
  std::vector<uint8_t> allowed_m;
  for (int i = 0; i < nm; ++i)
    allowed_m.push_back(static_cast<uint8_t>(~not_colour_[slots_m[i]] & ((1u << kColours) - 1)));
  std::array<int8_t, kM> faces_m{};
  ConstrainedDeal::sample(unseen_m, allowed_m, rng, faces_m.data());
  for (int i = 0; i < nm; ++i) w.mush_.face[slots_m[i]] = faces_m[i];

  // Gnomes: golden ones where the world's choices put them, then the others.
  w.offer_kept_ = draw_offers_kept(player, rng);
  std::array<int, gnomi::kNumGnomeFaces> unseen_g{};
  for (int f = 0; f < gnomi::kNumGnomeFaces; ++f) unseen_g[f] = kGnomes[f].copies;
  std::array<int, kSeats + 1> golden_needed{};  // per seat, and (last) in the pool
  golden_needed[kSeats] = offers();
  for (int s = 0; s < n_; ++s) {
    const int in_hand = std::popcount(static_cast<unsigned>(w.kept_by(s) & ((1u << settled_) - 1)));
    golden_needed[s] = in_hand;
    golden_needed[kSeats] -= in_hand;
  }
  for (int g = 0; g < kG; ++g) {
    if (!(gnome_.known[g] & me)) continue;
    --unseen_g[gnome_.face[g]];
    if (gnome_.holder[g] >= 0 && gnomi::golden_gnome(gnome_.face[g])) --golden_needed[gnome_.holder[g]];
  }
  std::array<bool, kG> filled{};
  for (int place = 0; place <= kSeats; ++place) {  // a uniform subset of the unknown cards: partial shuffle
    const int holder = place < kSeats ? place : kPool;
    std::array<int8_t, kG> hidden{};
    int nh = 0;
    for (int g = 0; g < kG; ++g) {
      if (gnome_.holder[g] == holder && !(gnome_.known[g] & me)) hidden[nh++] = static_cast<int8_t>(g);
    }
    for (int i = 0; i < golden_needed[place] && i < nh; ++i) {
      const int j = i + static_cast<int>(rng.below(static_cast<uint32_t>(nh - i)));
      std::swap(hidden[i], hidden[j]);
      w.gnome_.face[hidden[i]] = static_cast<int8_t>(gnomi::kGoldenGnomeFace);
      --unseen_g[gnomi::kGoldenGnomeFace];
      filled[hidden[i]] = true;
    }
  }
  std::array<int8_t, kG> faces_g{};
  int k = 0;
  for (int f = 0; f < gnomi::kNumGnomeFaces; ++f) {
    if (gnomi::golden_gnome(f)) continue;  // placed above
    for (int c = 0; c < unseen_g[f]; ++c) faces_g[k++] = static_cast<int8_t>(f);
  }
  rng.shuffle(faces_g.data(), k);
  int next = 0;
  for (int g = 0; g < kG; ++g) {
    if ((gnome_.known[g] & me) || filled[g]) continue;
    if (next < k) w.gnome_.face[g] = faces_g[next++];
  }
  if (history) {  // the i-th golden choice is offer i's
    int i = 0;
    for (Action& a : *history) {
      if (a == kTakeGolden || a == kDeclineGolden)
        a = (w.offer_kept_ >> i++) & 1 ? kTakeGolden : kDeclineGolden;
    }
  }
  w.deal_seed_ = rng.next();  // future re-deals are unknown to everyone
  return w;
}

// The deal puts the cards into the hands, the pool and the reserve by their numbers
// (deal_hands): deals of the first game differ only in the faces, so this state's faces on any
// first deal are its world's start. The hidden re-deal seed is the world's own.
std::optional<GnomiState> GnomiState::world_start() const {
  if (game_ != 0) return std::nullopt;
  GnomiState start(n_, golden_, max_rounds_, 0);
  start.mush_.face = mush_.face;
  start.gnome_.face = gnome_.face;
  start.deal_seed_ = deal_seed_;
  return start;
}

// The world's golden choices for `player`: its own as they were; the others' drawn as fair coins
// (the choice was theirs), weighted by how likely each outcome makes what the player saw of the
// takers' hands. A seat that took h golden gnomes at earlier games holds them among its n gnome
// cards at random; the player knows k of those cards to be golden and u cards not at all, so the
// chance of what it saw is C(u, h - k) / C(n, h) (zero if h < k or h - k > u). Choices at the
// game just over change no hand yet: even odds.
uint8_t GnomiState::draw_offers_kept(int player, Rng& rng) const {
  const int k = offers();
  unsigned hidden = 0;
  for (int i = 0; i < k; ++i) hidden |= offer_seat_[i] != player ? 1u << i : 0u;
  if (!hidden) return offer_kept_;
  const uint8_t me = static_cast<uint8_t>(1u << player);
  std::array<int, kSeats> known_golden{}, unknown{}, cards{};
  for (int g = 0; g < kG; ++g) {
    const int h = gnome_.holder[g];
    if (h < 0) continue;
    ++cards[h];
    if (!(gnome_.known[g] & me)) {
      ++unknown[h];
    } else if (gnomi::golden_gnome(gnome_.face[g])) {
      ++known_golden[h];
    }
  }
  auto choose = [](int n, int r) {
    double c = 1;
    for (int i = 0; i < r; ++i) c = c * (n - i) / (i + 1);
    return r < 0 || r > n ? 0.0 : c;
  };
  std::array<double, 1 << gnomi::kGoldenGnomes> weight{};
  double total = 0;
  for (unsigned kept = 0; kept < (1u << k); ++kept) {
    if ((kept & ~hidden) != (offer_kept_ & ~hidden & ((1u << k) - 1))) continue;  // the player's own
    double p = 1;
    for (int s = 0; s < n_ && p > 0; ++s) {
      if (s == player) continue;
      int held = 0;
      for (int i = 0; i < settled_; ++i) held += offer_seat_[i] == s && ((kept >> i) & 1);
      const double placements = choose(cards[s], held);
      p *= placements > 0 ? choose(unknown[s], held - known_golden[s]) / placements : 0.0;
    }
    weight[kept] = p;
    total += p;
  }
  double u = rng.uniform() * total;
  unsigned pick = offer_kept_;
  for (unsigned kept = 0; kept < (1u << k); ++kept) {
    if (weight[kept] <= 0) continue;
    pick = kept;
    if (u < weight[kept]) break;
    u -= weight[kept];
  }
  return static_cast<uint8_t>(pick);
}

}  // namespace ts
