// Wetland's serialized fields. read_fields takes untrusted input, so it checks every value and
// that the whole is a position the rules can hold, and leaves the state unchanged on failure.
#include <string>

#include "games/wetland/wetland.h"

namespace ts {

using namespace wetland;

namespace {
std::string cell_name(int cell) {
  return "(" + std::to_string(cell / kGrid) + "," + std::to_string(cell % kGrid) + ")";
}
std::string square_name(int square) {
  return "(" + std::to_string(square / kSquareGrid) + "," + std::to_string(square % kSquareGrid) + ")";
}
}  // namespace

void WetlandState::write_fields(FieldWriter& w) const {
  w.put("tiles", tile_.begin(), tile_.end());
  w.put("orientations", orient_.begin(), orient_.end());
  w.put("tokens", token_.begin(), token_.begin() + 2 * players_);
  w.put("player", player_);
  w.put("actions_left", actions_left_);
  w.put("extras_counted", extras_counted_);
  w.put("turns", turns_);
  w.put("winner", winner_);
}

void WetlandState::read_fields(const FieldReader& r) {
  WetlandState s = *this;  // keeps the player count and the cap
  const BoardLayout& layout = board();
  const std::string board_name = std::to_string(players_) + "-player board";
  const auto& tiles = r.get("tiles", kCells, -1, kSpecialTile);
  const auto& orients = r.get("orientations", kCells, 0, 3);
  bool used[kNumTiles] = {};
  s.colour_.fill(kNoSquare);
  for (int cell = 0; cell < kCells; ++cell) {
    bool on = false;
    for (int i = 0; i < layout.num_cells; ++i) on = on || layout.cells[i] == cell;
    const int tile = static_cast<int>(tiles[cell]);
    const std::string where = "cell " + cell_name(cell) + " (index " + std::to_string(cell) + ")";
    if (!on) {
      if (tile != -1 || orients[cell] != 0) {
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
    s.tile_[cell] = static_cast<int8_t>(tile);
    s.orient_[cell] = static_cast<int8_t>(orients[cell]);
    if (tile >= 0) s.paint(cell);
  }

  const auto& tokens = r.get("tokens", 2 * players_, 0, kSquares - 1);
  for (int i = 0; i < 2 * players_; ++i) {
    const int square = static_cast<int>(tokens[i]);
    const int owner = i / 2;
    const std::string name =
        "token " + std::string(i % 2 ? "B" : "A") + " of player " + std::to_string(owner);
    if (s.colour_[square] != owner && s.colour_[square] != kColourless) {
      fail("field 'tokens': " + name + " stands on square " + square_name(square) +
           ", which is not of its colour " + std::to_string(owner) + " nor colourless");
    }
    for (int j = 0; j < i; ++j) {
      if (tokens[j] == square) fail("field 'tokens': two tokens stand on square " + square_name(square));
    }
    s.token_[i] = static_cast<int8_t>(square);
  }

  s.player_ = static_cast<int8_t>(r.get_one("player", 0, players_ - 1));
  s.actions_left_ = static_cast<int8_t>(r.get_one("actions_left", 1, 2));
  s.extras_counted_ = static_cast<int8_t>(r.get_one("extras_counted", 0, 1));
  s.turns_ = static_cast<int32_t>(r.get_one("turns", 0, max_turns_));
  s.winner_ = static_cast<int8_t>(r.get_one("winner", -1, players_ - 1));
  if (s.player_ != s.turns_ % players_) {
    fail("field 'player': seats take turns in order, so after " + std::to_string(s.turns_) +
         " turns player " + std::to_string(s.turns_ % players_) + " is to move, not " +
         std::to_string(s.player_));
  }

  const int joined = s.joined_winner();
  if (s.winner_ >= 0) {
    if (s.turns_ >= max_turns_)
      fail("field 'winner': a game that reached the round cap is a draw (winner -1)");
    if (joined != s.winner_) {
      fail("field 'winner': " + std::to_string(s.winner_) +
           " disagrees with the tokens; by the tie rule the winner is " + std::to_string(joined));
    }
  } else {
    if (joined >= 0) {
      fail("field 'winner': player " + std::to_string(joined) +
           "'s A and B are joined, so the winner must be " + std::to_string(joined) + ", not -1");
    }
    if (s.extras_counted_ && s.actions_left_ == 2 && !(s.bonus(s.player_, 0) && s.bonus(s.player_, 1))) {
      fail("field 'actions_left': 2 extra actions need another player's token on the tiles of both A and B");
    }
  }
  *this = s;
}

}  // namespace ts
