// Candy Land's component data, as docs/rules/candyland.md gives it: the 134-space track,
// the picture cells, the shortcuts, the penalty cells and the three deck profiles. A corrected
// board or card list is a change to this file only.
#pragma once
#include <array>
#include <cstdint>

namespace ts::candyland {

// Cell 0 is START; cells 1..134 are the spaces; 134 is the last purple space by the Castle.
inline constexpr int kStart = 0;
inline constexpr int kCastle = 134;
inline constexpr int kNumCells = 135;  // 0..134

// Colours of the spaces; kPink marks the six picture cells.
enum Colour : int8_t { kRed, kPurple, kYellow, kBlue, kOrange, kGreen, kPink };
inline constexpr int kNumColours = 6;
inline constexpr char kColourLetters[] = "RPYBOGK";
inline constexpr const char* kColourNames[] = {"red", "purple", "yellow", "blue", "orange", "green", "pink"};

// Cells 1..134, one letter each (R P Y B O G, K for a pink picture cell).
inline constexpr char kTrack[] =
    "RPYBOGRPKYBOGRPYBKOGRPYBOGRPYB"  //   1- 30
    "OGRPYBOGRPYBKOGRPYBOGRPYBOGRPY"  //  31- 60
    "BOGRPYBOGRPYBOKGRPYBOGRPYBOGRP"  //  61- 90
    "YBOGRKPYBOGRPKYBOGRPYBOGRPYBOG"  //  91-120
    "RPYBOGRPYBOGRP";                 // 121-134
static_assert(sizeof(kTrack) - 1 == kCastle, "the track has 134 spaces");

// Card kinds, which are also the chance outcomes: 0-5 single colour (R P Y B O G),
// 6-11 double colour (same order), 12-17 picture cards in track order.
inline constexpr int kNumKinds = 18;
inline constexpr int kFirstDouble = 6;
inline constexpr int kFirstPicture = 12;
inline constexpr int kNumPictures = 6;

struct Picture {
  int cell;
  const char* character;
  const char* picture;
};
inline constexpr std::array<Picture, kNumPictures> kPictures{{
    {9, "Plumpy", "plum"},
    {18, "Mr. Mint", "candy cane"},
    {43, "Jolly", "gumdrop"},
    {75, "Gramma Nutt", "nut"},
    {96, "Princess Lolly", "lollipop"},
    {104, "Queen Frostine", "snowflake"},
}};

// Taken only by a move that ends exactly on `entry`.
struct Shortcut {
  int entry;
  int exit;
  const char* name;
};
inline constexpr std::array<Shortcut, 2> kShortcuts{{
    {5, 59, "Rainbow Trail"},
    {34, 47, "Gumdrop Pass"},
}};

// A piece here ignores every card without `colour` (picture cards included).
struct Penalty {
  int cell;
  Colour colour;
  const char* name;
};
inline constexpr std::array<Penalty, 3> kPenalties{{
    {48, kYellow, "Gooey Gumdrops"},
    {86, kBlue, "Lost in the Lollipop Woods"},
    {121, kRed, "Stuck in the Molasses Swamp"},
}};

// Card counts per kind (kind order above).
struct DeckProfile {
  const char* name;
  std::array<uint8_t, kNumKinds> counts;
};
inline constexpr std::array<DeckProfile, 3> kDecks{{
    {"64", {8, 8, 8, 8, 7, 7, /**/ 2, 2, 2, 2, 2, 2, /**/ 1, 1, 1, 1, 1, 1}},
    {"66", {8, 8, 8, 8, 8, 8, /**/ 2, 2, 2, 2, 2, 2, /**/ 1, 1, 1, 1, 1, 1}},
    {"64-later", {6, 6, 6, 6, 6, 6, /**/ 4, 4, 4, 4, 3, 3, /**/ 1, 1, 1, 1, 1, 1}},
}};
inline constexpr int kMaxDeckSize = 66;

}  // namespace ts::candyland
