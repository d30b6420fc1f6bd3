// Candy Land's description (core/description.h): the track, its colours, pictures, shortcuts
// and sticky spaces, the card kinds and deck profiles, and the observation layout, from the
// tables the rules use (candyland_data.h).
#include <numeric>
#include <string>
#include <vector>

#include "games/candyland/candyland.h"

namespace ts {

namespace cl = candyland;

GameDescription CandyLand::description() const {
  GameDescription d;
  d.constant("start", cl::kStart).constant("castle", cl::kCastle).constant("track", std::string(cl::kTrack));
  d.constant("colour letters", std::string(cl::kColourLetters));
  d.enumeration("colour", cl::kColourNames);
  std::vector<int> kinds(cl::kNumKinds);
  std::iota(kinds.begin(), kinds.end(), 0);
  d.table("cards", {"colour", "double", "picture"}, kinds, [](int kind) {
    const char* picture = cl::is_picture(kind) ? cl::kPictures[kind - cl::kFirstPicture].character : "";
    return std::vector<DescValue>{cl::kColourNames[cl::card_colour(kind)], int64_t{cl::is_double(kind)},
                                  picture};
  });
  d.table("pictures", {"cell", "character", "picture"}, cl::kPictures,
          [](const cl::Picture& p) { return std::vector<DescValue>{p.cell, p.character, p.picture}; });
  d.table("shortcuts", {"entry", "exit", "name"}, cl::kShortcuts,
          [](const cl::Shortcut& s) { return std::vector<DescValue>{s.entry, s.exit, s.name}; });
  d.table("sticky", {"cell", "colour", "name"}, cl::kPenalties, [](const cl::Penalty& p) {
    return std::vector<DescValue>{p.cell, cl::kColourNames[p.colour], p.name};
  });
  d.table("decks", {"name", "counts"}, cl::kDecks, [](const cl::DeckProfile& deck) {
    return std::vector<DescValue>{deck.name, std::vector<int64_t>(deck.counts.begin(), deck.counts.end())};
  });
  d.action_range("draw", State::kDraw, 1);
  d.observe("cell", cl::kNumCells, players_).observe("draw pile", cl::kNumKinds, 1);
  d.observe("turn", players_).observe("drawing", 1);
  return d;
}

}  // namespace ts
