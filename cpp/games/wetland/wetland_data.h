// Wetland's components as data (rules page: docs/rules/wetland.md): the 8 tiles, the special
// tile, and the 2-, 3- and 4-player boards with their token placement. Everything else in the game
// reads these tables, so a corrected tile or layout is a change here only.
#pragma once
#include <array>
#include <cstdint>

namespace ts::wetland {

// Square contents: colours C0..C3 (player i plays Ci), then the special tile's squares.
inline constexpr int8_t kColourless = 4;  // any token may stand here
inline constexpr int8_t kReminder = 5;    // the special tile's reminder text: never entered
inline constexpr int8_t kNoSquare = -1;   // outside the board

// A tile's 4 squares clockwise from the top-left [TL, TR, BR, BL] in its base orientation, and
// its arrow: +1 clockwise, -1 counter-clockwise, 0 none (never rotates).
struct TileSpec {
  std::array<int8_t, 4> squares;
  int8_t arrow;
};

inline constexpr int kNumTiles = 8;     // tile ids 0..7 are the page's tiles 1..8
inline constexpr int kSpecialTile = 8;  // the special tile's id
inline constexpr std::array<TileSpec, 9> kTiles = {{
    {{0, 1, 2, 3}, +1},
    {{0, 1, 3, 2}, -1},
    {{0, 2, 1, 3}, +1},
    {{0, 2, 3, 1}, -1},
    {{0, 3, 1, 2}, +1},
    {{0, 3, 2, 1}, -1},
    {{0, 1, 2, 3}, -1},
    {{0, 3, 2, 1}, +1},
    {{kColourless, kReminder, kColourless, kReminder}, 0},
}};

// Tile cells live on a 3x3 grid, cell (row, col) = index 3 * row + col; squares on a 6x6 grid,
// square (row, col) = index 6 * row + col, tile cell (r, c) covering square rows 2r..2r+1 and
// columns 2c..2c+1. Positions within a tile: 0 TL, 1 TR, 2 BR, 3 BL (clockwise).
inline constexpr int kGrid = 3;
inline constexpr int kCells = kGrid * kGrid;
inline constexpr int kSquareGrid = 2 * kGrid;
inline constexpr int kSquares = kSquareGrid * kSquareGrid;
inline constexpr std::array<int8_t, 4> kPosRow = {0, 0, 1, 1};
inline constexpr std::array<int8_t, 4> kPosCol = {0, 1, 1, 0};

// One board: which cells hold tiles (in the order the random tiles are laid), where the special
// tile goes, and each player's A and B cell (the token stands on its owner's colour there).
struct BoardLayout {
  int8_t side;  // the board spans cells (0..side-1, 0..side-1) of the grid
  int8_t num_cells;
  std::array<int8_t, kCells> cells;
  int8_t special_cell;  // -1: no special tile
  std::array<int8_t, 4> a_cell;
  std::array<int8_t, 4> b_cell;
};

// Indexed by players - 2.
inline constexpr std::array<BoardLayout, 3> kBoards = {{
    // 2 players: 2x2 tiles; A on opposite corners, each B on the opponent's A tile.
    {2, 4, {0, 1, 3, 4}, -1, {0, 4}, {4, 0}},
    // 3 players (Reading): the staircase (0,0); (1,0), (1,1); (2,0), (2,1), (2,2). A on the
    // corners (0,0), (2,0), (2,2); B on the middle of the opposite side: (2,1), (1,1), (1,0).
    {3, 6, {0, 3, 4, 6, 7, 8}, -1, {0, 6, 8}, {7, 4, 3}},
    // 4 players: 3x3 tiles, the special tile in the centre; A on the corners (0,0), (0,2),
    // (2,2), (2,0) in seat order, B on the corner diagonally opposite.
    {3, 9, {0, 1, 2, 3, 4, 5, 6, 7, 8}, 4, {0, 2, 8, 6}, {8, 6, 0, 2}},
}};

}  // namespace ts::wetland
