#include "games/candyland/candyland.h"

#include <numeric>

namespace ts {
namespace cl = candyland;

namespace {

constexpr const char* kDoubleNames[] = {"RR", "PP", "YY", "BB", "OO", "GG"};

int deck_index(const std::string& name) {
  for (int i = 0; i < static_cast<int>(cl::kDecks.size()); ++i) {
    if (name == cl::kDecks[i].name) return i;
  }
  fail("unknown Candy Land deck '" + name + "'");
}

std::string card_name(Action kind) {
  if (kind < 0 || kind >= cl::kNumKinds) return "unknown card " + std::to_string(kind);
  if (cl::is_picture(kind)) {
    const cl::Picture& p = cl::kPictures[kind - cl::kFirstPicture];
    return std::string(p.character) + " (" + p.picture + ")";
  }
  const std::string colour = cl::kColourNames[cl::card_colour(kind)];
  return cl::is_double(kind) ? "double " + colour : colour;
}

// Short labels for the pile line of to_string: R, RR, or the picture card's character.
std::string card_label(int kind) {
  if (cl::is_picture(kind)) return cl::kPictures[kind - cl::kFirstPicture].character;
  if (cl::is_double(kind)) return kDoubleNames[kind - cl::kFirstDouble];
  return std::string(1, cl::kColourLetters[kind]);
}

std::string describe_cell(int cell) {
  if (cell == cl::kStart) return "START";
  if (cell == cl::kCastle) return "134, the Candy Castle";
  std::string out = std::to_string(cell) + " (" + cl::kColourNames[cl::colour_of(cell)];
  for (const cl::Picture& p : cl::kPictures) {
    if (p.cell == cell) out += std::string(", ") + p.character;
  }
  const int penalty = cl::penalty_index(cell);
  if (penalty >= 0) {
    out += std::string(", ") + cl::kPenalties[penalty].name + ": stuck until a " +
           cl::kColourNames[cl::kPenalties[penalty].colour] + " card";
  }
  return out + ")";
}

}  // namespace

CandyLandState::CandyLandState(int players, int deck, bool replacement, int32_t max_plies)
    : pile_(cl::kDecks[deck].counts),
      deck_(static_cast<uint8_t>(deck)),
      players_(static_cast<uint8_t>(players)),
      replacement_(replacement),
      max_plies_(max_plies) {
  deck_size_ = static_cast<uint8_t>(std::accumulate(pile_.begin(), pile_.end(), 0));
  pile_size_ = deck_size_;
}

int CandyLandState::chance_outcomes(ChanceOutcome* out) const {
  const Counts& counts = source();
  const double total = source_total();
  int n = 0;
  for (int kind = 0; kind < cl::kNumKinds; ++kind) {
    if (counts[kind] > 0) out[n++] = {kind, counts[kind] / total};
  }
  return n;
}

void CandyLandState::returns(double* out) const {
  for (int p = 0; p < players_; ++p) out[p] = 0;
  if (winner_ < 0 || players_ == 1) return;  // a draw (ply cap) or the solo game: all zero
  for (int p = 0; p < players_; ++p) out[p] = p == winner_ ? 1.0 : -1.0 / (players_ - 1);
}

std::string CandyLandState::action_to_string(Action action) const {
  if (!drawing_) return action == kDraw ? "draw" : "unknown action " + std::to_string(action);
  return card_name(action);
}

std::string CandyLandState::to_string() const {
  std::string out = "Candy Land, deck " + std::string(cl::kDecks[deck_].name) + ", ";
  out += replacement_ ? "drawing with replacement\n" : "drawing from the deck\n";
  for (int p = 0; p < players_; ++p) {
    out += "seat " + std::to_string(p) + ": " + describe_cell(pos_[p]) + "\n";
  }
  if (replacement_) {
    out += "every draw from the full " + std::to_string(deck_size_) + "-card deck\n";
  } else {
    out += "draw pile: " + std::to_string(pile_size_) + " cards (";
    bool first = true;
    for (int kind = 0; kind < cl::kNumKinds; ++kind) {
      if (pile_[kind] == 0) continue;
      out += (first ? "" : ", ") + card_label(kind) + " " + std::to_string(pile_[kind]);
      first = false;
    }
    out += ")";
    out += "\n";
  }
  out += "ply " + std::to_string(plies_) + ": ";
  if (winner_ >= 0) {
    out += "seat " + std::to_string(winner_) + " reached the Candy Castle and wins";
  } else if (plies_ >= max_plies_) {
    out += "the ply cap (" + std::to_string(max_plies_) + ") is reached: a draw";
  } else {
    out += "seat " + std::to_string(turn_) + (drawing_ ? " draws a card" : " to draw");
  }
  return out;
}

void CandyLandState::observation_tensor(int, float* out) const {
  const int base = players_ * cl::kNumCells;
  for (int p = 0; p < players_; ++p) out[p * cl::kNumCells + pos_[p]] = 1.0f;
  const Counts& counts = source();
  for (int kind = 0; kind < cl::kNumKinds; ++kind) out[base + kind] = counts[kind];
  if (!is_terminal()) {
    out[base + cl::kNumKinds + turn_] = 1.0f;
    out[base + cl::kNumKinds + players_] = drawing_ ? 1.0f : 0.0f;
  }
}

std::vector<ParamSpec> CandyLand::parameter_specs() {
  std::vector<std::string> decks;
  for (const cl::DeckProfile& d : cl::kDecks) decks.push_back(d.name);
  return {
      ParamSpec::integer("players", 2, 1, 4, "number of players (1 is the solo setting for analysis)"),
      ParamSpec::choice("deck", "64", decks,
                        "deck profile: 64 (the rulebook's count), 66 (a counted classic set), "
                        "64-later (a later edition's count)"),
      ParamSpec::choice("draw", "deck", {"deck", "replacement"},
                        "deck: draw without replacement, reshuffle the discards when the pile is "
                        "empty; replacement: every draw from the full deck"),
      ParamSpec::integer("max_plies", 10000, 1, 1000000000,
                         "ply cap (draws and cards both count); reaching it ends the game as a draw"),
  };
}

CandyLand::CandyLand(const Params& params)
    : players_(static_cast<int>(param_int(params, "players"))),
      deck_(deck_index(param_string(params, "deck"))),
      replacement_(param_string(params, "draw") == "replacement"),
      max_plies_(static_cast<int32_t>(param_int(params, "max_plies"))) {}

}  // namespace ts
