// Wetland's serialized fields. Fields are untrusted input: each value is range checked as it is
// read, then check_fields checks that the whole is a position the rules can hold (a failure
// leaves the state unchanged: core/game.h, read_fields).
#include <string>

#include "games/wetland/wetland.h"

namespace ts {

using namespace wetland;

namespace {
std::string square_name(int square) {
  return "(" + std::to_string(square / kSquareGrid) + "," + std::to_string(square % kSquareGrid) + ")";
}
}  // namespace

void WetlandState::fields(FieldVisitor& v) {
  v.array("tiles", tile_, -1, kSpecialTile, "tile");
  v.array("orientations", orient_, 0, 3, "quarter turns");
  v.array("tokens", token_, 0, kSquares - 1, "square", 2 * players_);
  v.one("player", player_, 0, players_ - 1, "seat");
  v.one("actions_left", actions_left_, 1, 2);
  v.one("extras_counted", extras_counted_, 0, 1, "bool");
  v.one("turns", turns_, 0, max_turns_);
  v.one("winner", winner_, -1, players_ - 1, "seat");
}

void WetlandState::check_fields() {
  const BoardLayout& layout = board();
  const std::string board_name = std::to_string(players_) + "-player board";
  bool used[kNumTiles] = {};
  colour_.fill(kNoSquare);
  for (int cell = 0; cell < kCells; ++cell) {
    bool on = false;
    for (int i = 0; i < layout.num_cells; ++i) on = on || layout.cells[i] == cell;
    const int tile = tile_[cell];
    const std::string where = "cell " + cell_name(cell) + " (index " + std::to_string(cell) + ")";
    if (!on) {
      if (tile != -1 || orient_[cell] != 0) {
        fail("field 'tiles'/'orientations': " + where + " is outside the " + board_name +
             ", so its tile must be -1 and orientation 0");
      }
    } else if (cell == layout.special_cell) {
      if (tile != kSpecialTile) fail("field 'tiles': " + where + " holds the special tile (8)");
    } else {
      if (tile < 0 || tile >= kNumTiles) {
        fail("field 'tiles': " + where + " must hold one of the tiles 0-7, got " + std::to_string(tile));
      }
      if (used[tile]) fail("field 'tiles': tile " + std::to_string(tile) + " is laid twice");
      used[tile] = true;
    }
    if (tile >= 0) paint(cell);
  }

  for (int i = 0; i < 2 * players_; ++i) {
    const int square = token_[i];
    const int owner = i / 2;
    const std::string name =
        "token " + std::string(i % 2 ? "B" : "A") + " of player " + std::to_string(owner);
    if (colour_[square] != owner && colour_[square] != kColourless) {
      fail("field 'tokens': " + name + " stands on square " + square_name(square) +
           ", which is not of its colour " + std::to_string(owner) + " nor colourless");
    }
    for (int j = 0; j < i; ++j) {
      if (token_[j] == square) fail("field 'tokens': two tokens stand on square " + square_name(square));
    }
  }

  if (player_ != turns_ % players_) {
    fail("field 'player': seats take turns in order, so after " + std::to_string(turns_) + " turns player " +
         std::to_string(turns_ % players_) + " is to move, not " + std::to_string(player_));
  }
  const int joined = joined_winner();
  if (winner_ >= 0) {
    if (turns_ >= max_turns_) fail("field 'winner': a game that reached the round cap is a draw (winner -1)");
    if (joined != winner_) {
      fail("field 'winner': " + std::to_string(winner_) +
           " disagrees with the tokens; by the tie rule the winner is " + std::to_string(joined));
    }
  } else {
    if (joined >= 0) {
      fail("field 'winner': player " + std::to_string(joined) +
           "'s A and B are joined, so the winner must be " + std::to_string(joined) + ", not -1");
    }
    if (extras_counted_ && actions_left_ == 2 && !(bonus(player_, 0) && bonus(player_, 1))) {
      fail("field 'actions_left': 2 extra actions need another player's token on the tiles of both A and B");
    }
  }
}

}  // namespace ts
