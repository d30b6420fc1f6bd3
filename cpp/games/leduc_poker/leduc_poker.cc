#include "games/leduc_poker/leduc_poker.h"

#include <algorithm>
#include <bit>

#include "core/hash.h"

namespace ts {
namespace {

std::string card_name(int card) { return card < 0 ? "-" : std::to_string(card); }

std::string join_chips(const std::array<int8_t, LeducPokerState::kMaxSeats>& values, int n, int base) {
  std::string out;
  for (int p = 0; p < n; ++p) {
    if (p) out += ' ';
    out += std::to_string(base - values[p]);
  }
  return out;
}

}  // namespace

LeducPokerState::LeducPokerState(int num_players)
    : num_players_(static_cast<int8_t>(num_players)), remaining_(static_cast<int8_t>(num_players)) {
  cards_.fill(-1);
  ante_.fill(0);
  for (int p = 0; p < num_players; ++p) ante_[p] = kAnte;
}

int LeducPokerState::legal_actions(Action* out) const {
  if (terminal_) return 0;
  int n = 0;
  if (cur_player_ == kChancePlayer) {
    for (int c = 0; c < num_cards(); ++c) {
      if (!(used_cards_ >> c & 1)) out[n++] = c;
    }
    return n;
  }
  if (stakes_ > ante_[cur_player_]) out[n++] = kFold;  // folding is only allowed facing a bet
  out[n++] = kCall;
  if (num_raises_ < 2) out[n++] = kRaise;
  return n;
}

int LeducPokerState::chance_outcomes(ChanceOutcome* out) const {
  if (terminal_ || cur_player_ != kChancePlayer) return 0;
  const double p = 1.0 / (num_cards() - std::popcount(used_cards_));
  int n = 0;
  for (int c = 0; c < num_cards(); ++c) {
    if (!(used_cards_ >> c & 1)) out[n++] = {c, p};
  }
  return n;
}

Action LeducPokerState::sample_chance(Rng& rng) const {
  uint32_t left = rng.below(static_cast<uint32_t>(num_cards() - std::popcount(used_cards_)));
  for (int c = 0;; ++c) {
    if (!(used_cards_ >> c & 1) && left-- == 0) return c;
  }
}

void LeducPokerState::deal(int card) {
  used_cards_ |= uint32_t{1} << card;
  if (dealing_private()) {
    cards_[dealt_++] = static_cast<int8_t>(card);
    if (!dealing_private()) cur_player_ = 0;
  } else {
    public_card_ = static_cast<int8_t>(card);
    cur_player_ = static_cast<int8_t>(next_player(num_players_ - 1));
  }
}

void LeducPokerState::append_bet(Action action) {
  const int r = round_ - 1;
  bets_[r][num_bets_[r]++] = static_cast<int8_t>(action);
}

int LeducPokerState::next_player(int from) const {
  for (int i = 1; i <= num_players_; ++i) {
    const int p = (from + i) % num_players_;
    if (!folded_[p]) return p;
  }
  return from;  // unreachable: at least one player is always in
}

void LeducPokerState::apply_action(Action action) {
  if (cur_player_ == kChancePlayer) {
    deal(action);
    return;
  }
  const int p = cur_player_;
  append_bet(action);
  if (action == kFold) {
    folded_[p] = true;
    --remaining_;
  } else if (action == kCall) {
    ante_[p] = stakes_;
    ++num_calls_;
  } else {
    stakes_ = static_cast<int8_t>(stakes_ + kRaiseSizes[round_ - 1]);
    ante_[p] = stakes_;
    ++num_raises_;
    num_calls_ = 0;
  }
  const bool round_over = action != kRaise && ready_for_next_round();
  if (remaining_ == 1 || (round_ == 2 && round_over)) {
    terminal_ = true;
  } else if (round_over) {
    round_ = 2;
    num_raises_ = 0;
    num_calls_ = 0;
    cur_player_ = kChancePlayer;  // the public card
  } else {
    cur_player_ = static_cast<int8_t>(next_player(p));
  }
}

// OpenSpiel's ranking: a pair beats every unpaired hand; unpaired hands compare the higher
// card's rank, then the lower one's.
int LeducPokerState::hand_rank(int player) const {
  int lo = public_card_, hi = cards_[player];
  if (lo > hi) std::swap(lo, hi);
  const int n = num_cards();
  if (lo % 2 == 0 && hi == lo + 1) return n * n + lo;
  return (hi / 2) * n + lo / 2;
}

void LeducPokerState::returns(double* out) const {
  const int n = num_players_;
  for (int p = 0; p < n; ++p) out[p] = 0;
  if (!terminal_) return;
  int pot = 0;
  for (int p = 0; p < n; ++p) pot += ante_[p];
  bool winner[kMaxSeats] = {};
  int num_winners = 0;
  if (remaining_ == 1) {
    for (int p = 0; p < n; ++p) winner[p] = !folded_[p];
    num_winners = 1;
  } else {
    int best = -1;
    for (int p = 0; p < n; ++p) {
      if (!folded_[p]) best = std::max(best, hand_rank(p));
    }
    for (int p = 0; p < n; ++p) {
      winner[p] = !folded_[p] && hand_rank(p) == best;
      num_winners += winner[p];
    }
  }
  for (int p = 0; p < n; ++p) {
    out[p] = -ante_[p] + (winner[p] ? static_cast<double>(pot) / num_winners : 0.0);
  }
}

std::string LeducPokerState::action_to_string(Action action) const {
  if (cur_player_ == kChancePlayer && !terminal_) {
    if (action < 0 || action >= num_cards()) return "Action(" + std::to_string(action) + ")";
    return (dealing_private() ? "Deal " : "Public ") + card_name(action);
  }
  switch (action) {
    case kFold:
      return "Fold";
    case kCall:
      return "Call";
    case kRaise:
      return "Raise";
    default:
      return "Action(" + std::to_string(action) + ")";
  }
}

std::string LeducPokerState::sequence(int round) const {
  std::string out;
  for (int i = 0; i < num_bets_[round]; ++i) {
    if (i) out += ' ';
    out += std::to_string(bets_[round][i]);
  }
  return out;
}

std::string LeducPokerState::to_string() const {
  int pot = 0;
  for (int p = 0; p < num_players_; ++p) pot += ante_[p];
  std::string out = "Round: " + std::to_string(round_) + "\nPlayer: " + std::to_string(current_player()) +
                    "\nPot: " + std::to_string(pot) +
                    "\nMoney: " + join_chips(ante_, num_players_, kStartingMoney) +
                    "\nPublic: " + card_name(public_card_) + "\nPrivate:";
  for (int p = 0; p < num_players_; ++p) {
    out += ' ';
    out += card_name(cards_[p]);
  }
  out += "\nRound 1 sequence: " + sequence(0) + "\nRound 2 sequence: " + sequence(1) + "\n";
  return out;
}

// What `player` knows: its own card, how many private cards have been dealt, the public card and
// every bet. Pot, money and the player to move follow from the bets; they are shown for reading.
std::string LeducPokerState::information_state_string(int player) const {
  int pot = 0;
  for (int p = 0; p < num_players_; ++p) pot += ante_[p];
  return "[Observer: " + std::to_string(player) + "][Private: " + card_name(cards_[player]) +
         "][Dealt: " + std::to_string(dealt_) + "][Round " + std::to_string(round_) +
         "][Player: " + std::to_string(current_player()) + "][Pot: " + std::to_string(pot) +
         "][Money: " + join_chips(ante_, num_players_, kStartingMoney) +
         "][Public: " + card_name(public_card_) + "][Round1: " + sequence(0) + "][Round2: " + sequence(1) +
         "]";
}

uint64_t LeducPokerState::information_state_key(int player) const {
  // The same fields as information_state_string; pot and money follow from the bets.
  KeyHasher h;
  h.add(static_cast<uint64_t>(player) | static_cast<uint64_t>(cards_[player] + 1) << 8 |
        static_cast<uint64_t>(dealt_) << 16 | static_cast<uint64_t>(round_) << 24 |
        static_cast<uint64_t>(public_card_ + 1) << 32 | static_cast<uint64_t>(current_player() & 0xFF) << 40);
  for (int r = 0; r < 2; ++r) {
    uint64_t word = static_cast<uint64_t>(num_bets_[r]);  // 2 bits per bet after the count
    int shift = 8;
    for (int i = 0; i < num_bets_[r]; ++i) {
      if (shift == 64) {
        h.add(word);
        word = 0;
        shift = 0;
      }
      word |= static_cast<uint64_t>(bets_[r][i]) << shift;
      shift += 2;
    }
    h.add(word);
  }
  return h.value();
}

void LeducPokerState::observation_tensor(int player, float* out) const {
  const int n = num_players_, cards = num_cards();
  std::fill(out, out + 2 * n + 2 * cards, 0.0f);
  out[player] = 1;
  if (cards_[player] >= 0) out[n + cards_[player]] = 1;
  if (public_card_ >= 0) out[n + cards + public_card_] = 1;
  for (int p = 0; p < n; ++p) out[n + 2 * cards + p] = ante_[p];
}

LeducPokerState LeducPokerState::resample_from_infostate(int player, Rng& rng,
                                                         std::vector<Action>* history) const {
  // The cards `player` has not seen, in card order: what an opponent may hold.
  int unseen[2 * (kMaxSeats + 1)];
  int num_unseen = 0;
  for (int c = 0; c < num_cards(); ++c) {
    if (c != cards_[player] && c != public_card_) unseen[num_unseen++] = c;
  }
  LeducPokerState world = *this;
  world.used_cards_ = public_card_ >= 0 ? uint32_t{1} << public_card_ : 0;
  for (int p = 0; p < dealt_; ++p) {
    if (p != player) {
      const int pick = static_cast<int>(rng.below(static_cast<uint32_t>(num_unseen)));
      world.cards_[p] = static_cast<int8_t>(unseen[pick]);
      unseen[pick] = unseen[--num_unseen];
    }
    world.used_cards_ |= uint32_t{1} << world.cards_[p];
    // The first entries of the history are the private deals, to players 0, 1, ... in turn.
    if (history && p < static_cast<int>(history->size())) (*history)[p] = world.cards_[p];
  }
  return world;
}

Action LeducPokerState::observed_action(int observer, Action action) const {
  if (!terminal_ && cur_player_ == kChancePlayer && dealing_private() && dealt_ != observer)
    return hidden_card();
  return action;
}

GameDescription LeducPoker::description() const {
  using S = LeducPokerState;
  const int n = num_players_, cards = 2 * (n + 1);
  GameDescription d;
  d.constant("ante", S::kAnte).constant("starting money", S::kStartingMoney).constant("suits", S::kSuits);
  d.constant("raise sizes", std::vector<int64_t>(S::kRaiseSizes.begin(), S::kRaiseSizes.end()));
  d.enumeration("bet", S::kBetNames)
      .action_range("bet", S::kFold, static_cast<int>(S::kBetNames.size()), "bet");
  d.observe("observer", n)
      .observe("private card", cards)
      .observe("public card", cards)
      .observe("chips in", n);
  return d;
}

}  // namespace ts
