// Wetland's components as data (rules page: docs/rules/wetland.md): the 8 tiles, the special
// tile, and the 2-, 3- and 4-player boards with their token placement. Everything else in the game
// reads these tables, so a corrected tile or layout is a change here only.
#pragma once
#include <array>
#include <cstdint>
#include <string>

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
// square (row, col) = index 6 * row + col. Tile cell (r, c) covers square rows 2r..2r+1 and
// columns shift + 2c..shift + 2c + 1, where shift is its board row's offset in squares: 0 on the
// square boards; on the triangle, rows are laid brick-fashion, each half a tile (one square) to the
// right of the row below, so a square touches the squares above and below that it overlaps, one
// each. Positions within a tile: 0 TL, 1 TR, 2 BR, 3 BL (clockwise).
inline constexpr int kGrid = 3;
inline constexpr int kCells = kGrid * kGrid;
inline constexpr int kSquareGrid = 2 * kGrid;
inline constexpr int kSquares = kSquareGrid * kSquareGrid;
inline constexpr std::array<int8_t, 4> kPosRow = {0, 0, 1, 1};
inline constexpr std::array<int8_t, 4> kPosCol = {0, 1, 1, 0};

// One board: which cells hold tiles (in the order the random tiles are laid), where the special
// tile goes, each row's offset in squares, and each player's A and B cell (the token stands on
// its owner's colour there), seats clockwise round the board.
struct BoardLayout {
  int8_t side;  // the board spans cells (0..side-1, 0..side-1) of the grid
  int8_t num_cells;
  std::array<int8_t, kCells> cells;
  int8_t special_cell;           // -1: no special tile
  std::array<int8_t, 4> a_cell;  // by seat
  std::array<int8_t, 4> b_cell;
  std::array<int8_t, kGrid> row_shift;  // squares each tile row starts to the right of column 0
};

// Indexed by players - 2.
inline constexpr std::array<BoardLayout, 3> kBoards = {{
    // 2 players: 2x2 tiles; A on opposite corners, each B on the opponent's A tile.
    {2, 4, {0, 1, 3, 4}, -1, {0, 4}, {4, 0}, {0, 0, 0}},
    // 3 players (Reading): a triangle of rows of 1, 2 and 3 tiles laid brick-fashion: (0,0) at the
    // top over (1,0), (1,1), over (2,0), (2,1), (2,2). A on the corners clockwise from the top
    // (seat 0's, the first to move), (0,0), (2,2), (2,0); B on the middle of the opposite side:
    // (2,1), (1,0), (1,1).
    {3, 6, {0, 3, 4, 6, 7, 8}, -1, {0, 8, 6}, {7, 3, 4}, {2, 1, 0}},
    // 4 players: 3x3 tiles, the special tile in the centre; A on the corners (0,0), (0,2),
    // (2,2), (2,0) in seat order, B on the corner diagonally opposite.
    {3, 9, {0, 1, 2, 3, 4, 5, 6, 7, 8}, 4, {0, 2, 8, 6}, {8, 6, 0, 2}, {0, 0, 0}},
}};

// The square at a position (0 TL .. 3 BR clockwise) of a tile cell.
constexpr int square_of(const BoardLayout& board, int cell, int position) {
  const int row = cell / kGrid;
  return (2 * row + kPosRow[position]) * kSquareGrid + board.row_shift[row] + 2 * (cell % kGrid) +
         kPosCol[position];
}

// The tile cell covering a square, or -1 where no cell of the grid does (left of a shifted row,
// or past the grid's last column). Whether a tile lies there is the state's business.
constexpr int cell_of(const BoardLayout& board, int square) {
  const int row = square / kSquareGrid / 2;
  const int col = square % kSquareGrid - board.row_shift[row];
  return col < 0 || col >= 2 * kGrid ? -1 : row * kGrid + col / 2;
}

// The position (0 TL, 1 TR, 2 BR, 3 BL) of a square within its tile.
constexpr int position_of(const BoardLayout& board, int square) {
  const int row = (square / kSquareGrid) % 2;
  const int col = (square % kSquareGrid - board.row_shift[square / kSquareGrid / 2]) % 2;
  return row == 0 ? col : 3 - col;
}

// A cell's name in messages: (row,column).
inline std::string cell_name(int cell) {
  return "(" + std::to_string(cell / kGrid) + "," + std::to_string(cell % kGrid) + ")";
}

}  // namespace ts::wetland
