// Gnomi's components as data (docs/rules/gnomi.md): the gnome table and the mushroom set.
// The rules code reads abilities from here, so a corrected card sheet is a change to these tables.
// A card's face is its row in the table; golden rows are the expansion's cards.
#pragma once
#include <array>
#include <cstdint>

namespace ts::gnomi {

enum class Ability : int8_t { kHans, kSprout, kWake, kLullaby, kThief, kPeek, kEarmuffs, kCompost };
inline constexpr std::array<const char*, 8> kAbilityNames = {"hans",  "sprout", "wake",     "lullaby",
                                                             "thief", "peek",   "earmuffs", "compost"};

struct GnomeSpec {
  const char* id;
  const char* name;
  int copies;
  Ability ability;
  int gold;  // gold points (golden expansion); 0 for the base cards
};

struct MushroomSpec {
  const char* colour;
  int copies;
  int gold;
};

inline constexpr std::array<GnomeSpec, 9> kGnomes = {{
    {"hans", "Hans the Destroyer", 1, Ability::kHans, 0},
    {"sprout", "Sprouter", 3, Ability::kSprout, 0},
    {"wake", "Alarm Gnome", 3, Ability::kWake, 0},
    {"lullaby", "Lullaby Gnome", 3, Ability::kLullaby, 0},
    {"thief", "Pickpocket", 3, Ability::kThief, 0},
    {"peek", "Peeker", 3, Ability::kPeek, 0},
    {"earmuffs", "Earmuffs", 3, Ability::kEarmuffs, 0},
    {"compost", "Composter", 2, Ability::kCompost, 0},
    // Reading: a golden gnome has the ability of sprout.
    {"golden", "Golden Gnome", 4, Ability::kSprout, 2},
}};

inline constexpr std::array<MushroomSpec, 6> kMushrooms = {{
    {"orange", 5, 0},
    {"white", 5, 0},
    {"blue", 5, 0},
    {"red", 5, 0},
    {"purple", 5, 0},
    // Reading: a golden mushroom is a sixth colour, gold.
    {"gold", 3, 1},
}};

constexpr bool golden_gnome(int face) { return kGnomes[face].gold > 0; }
constexpr bool golden_mushroom(int face) { return kMushrooms[face].gold > 0; }

constexpr int count_cards(bool golden, bool gnomes) {
  int n = 0;
  if (gnomes) {
    for (const auto& g : kGnomes) n += (g.gold > 0) == golden ? g.copies : 0;
  } else {
    for (const auto& m : kMushrooms) n += (m.gold > 0) == golden ? m.copies : 0;
  }
  return n;
}

inline constexpr int kNumGnomeFaces = static_cast<int>(kGnomes.size());
// The golden gnome's face (the expansion has one kind): what the golden match offers its winners.
inline constexpr int kGoldenGnomeFace = [] {
  for (int f = 0; f < kNumGnomeFaces; ++f) {
    if (golden_gnome(f)) return f;
  }
  return -1;
}();
inline constexpr int kNumMushroomFaces = static_cast<int>(kMushrooms.size());
inline constexpr int kRegularGnomes = count_cards(false, true);
inline constexpr int kGoldenGnomes = count_cards(true, true);
inline constexpr int kRegularMushrooms = count_cards(false, false);
inline constexpr int kGoldenMushrooms = count_cards(true, false);
inline constexpr int kGnomeCards = kRegularGnomes + kGoldenGnomes;
inline constexpr int kMushroomCards = kRegularMushrooms + kGoldenMushrooms;

// A hand: dealt right side up, and refilled to these totals before golden games 2 and 3.
inline constexpr int kHandGnomes = 3;
inline constexpr int kHandMushrooms = 4;
inline constexpr int kMaxSeats = 6;

static_assert(kGoldenGnomes <= 8, "an 8-bit mask records which golden gnome offers were taken");
static_assert(kRegularGnomes == 21 && kRegularMushrooms == 25, "the rulebook's component counts");
static_assert(kHandGnomes * kMaxSeats <= kRegularGnomes && kHandMushrooms * kMaxSeats <= kRegularMushrooms,
              "six players must be dealable");

}  // namespace ts::gnomi
