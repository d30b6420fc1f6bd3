// Candy Land's movement rules (rules page, "Movement"), evaluated once at compile time into a
// table: where a piece on a cell goes on each card kind. Play is then one lookup per card.
#pragma once
#include <array>
#include <cstdint>

#include "games/candyland/candyland_data.h"

namespace ts::candyland {

constexpr Colour colour_of(int cell) {
  if (cell <= kStart || cell > kCastle) return kPink;  // START has no colour
  for (int c = 0; c <= kNumColours; ++c) {
    if (kColourLetters[c] == kTrack[cell - 1]) return static_cast<Colour>(c);
  }
  return kPink;
}

constexpr int penalty_index(int cell) {
  for (int i = 0; i < static_cast<int>(kPenalties.size()); ++i) {
    if (kPenalties[i].cell == cell) return i;
  }
  return -1;
}

constexpr bool is_double(int kind) { return kind >= kFirstDouble && kind < kFirstPicture; }
constexpr bool is_picture(int kind) { return kind >= kFirstPicture; }
constexpr Colour card_colour(int kind) {
  return is_picture(kind) ? kPink : static_cast<Colour>(kind % kFirstDouble);
}

// Ending a move on a cell: the Castle is reached at 134 or beyond (rule 2); a shortcut is taken
// only here, at the end of a move (rule 4).
constexpr int land(int cell) {
  if (cell >= kCastle) return kCastle;
  for (const Shortcut& s : kShortcuts) {
    if (s.entry == cell) return s.exit;
  }
  return cell;
}

// Rules 1-5: the cell a piece on `cell` ends on after drawing a card of `kind`.
constexpr int destination(int cell, int kind) {
  const int penalty = penalty_index(cell);
  if (penalty >= 0 && card_colour(kind) != kPenalties[penalty].colour) return cell;  // rule 5
  if (is_picture(kind)) return land(kPictures[kind - kFirstPicture].cell);           // rule 3
  int steps = is_double(kind) ? 2 : 1;                                               // rule 1
  const Colour colour = card_colour(kind);
  for (int next = cell + 1; next <= kCastle; ++next) {
    if (colour_of(next) == colour && --steps == 0) return land(next);
  }
  return kCastle;  // not enough cells of that colour ahead: the Castle (rule 2)
}

using MoveTable = std::array<std::array<uint8_t, kNumKinds>, kNumCells>;

constexpr MoveTable build_move_table() {
  MoveTable table{};
  for (int cell = 0; cell < kNumCells; ++cell) {
    for (int kind = 0; kind < kNumKinds; ++kind) {
      table[cell][kind] = static_cast<uint8_t>(cell == kCastle ? kCastle : destination(cell, kind));
    }
  }
  return table;
}

inline constexpr MoveTable kMoveTable = build_move_table();

// The data agrees with the rules page: colour counts, picture cells pink, penalties coloured.
constexpr int count_colour(Colour colour) {
  int n = 0;
  for (int cell = 1; cell <= kCastle; ++cell) n += colour_of(cell) == colour;
  return n;
}
static_assert(count_colour(kRed) == 22 && count_colour(kPurple) == 22 && count_colour(kYellow) == 21 &&
              count_colour(kBlue) == 21 && count_colour(kOrange) == 21 && count_colour(kGreen) == 21 &&
              count_colour(kPink) == 6);
constexpr bool data_consistent() {
  for (const Picture& p : kPictures) {
    if (colour_of(p.cell) != kPink) return false;
  }
  for (const Penalty& p : kPenalties) {
    if (colour_of(p.cell) != p.colour) return false;
  }
  return colour_of(kShortcuts[0].entry) == kOrange && colour_of(kShortcuts[1].entry) == kPurple &&
         colour_of(kCastle) == kPurple;
}
static_assert(data_consistent());

}  // namespace ts::candyland
