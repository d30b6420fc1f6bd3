// Wetland as text: the board for a terminal (str(state), also the information state) and the
// names of actions.
#include <string>
#include <vector>

#include "games/wetland/wetland.h"

namespace ts {

using namespace wetland;

namespace {
constexpr const char* kDirNames[4] = {"north", "east", "south", "west"};
constexpr char kSquareLetters[6] = {'R', 'B', 'G', 'Y', '*', '#'};  // C0..C3, colourless, reminder
constexpr int kInner = 12;                                          // characters inside a tile's borders

std::string pad(std::string text, int width) {
  const int left = (width - static_cast<int>(text.size())) / 2;
  text.insert(0, std::string(left > 0 ? left : 0, ' '));
  text.resize(width, ' ');
  return text;
}

void trim_right(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}
}  // namespace

std::string WetlandState::action_to_string(Action action) const {
  if (action >= kRotateBase && action < kRotateBase + kCells) {
    const int cell = action - kRotateBase;
    const std::string name = "rotate tile " + cell_name(cell);
    if (!on_board(cell)) return name + " (no tile there)";
    const int turn = arrow(cell);
    if (turn == 0) return name + " (the special tile never rotates)";
    return name + (turn > 0 ? " clockwise" : " counter-clockwise");
  }
  if (action >= kMoveBase && action < kNumActions) {
    const int token = (action - kMoveBase) / 4;
    return std::string("move ") + (token == 0 ? "A " : "B ") + kDirNames[(action - kMoveBase) % 4];
  }
  return "action " + std::to_string(action) + " (not a Wetland action)";
}

// Each tile is a box of 3 lines: its top squares, its cell and arrow, its bottom squares. A square
// shows its colour letter and the token on it, e.g. "R0A" is player 0's A on a red square. Boxes
// are drawn on a canvas where neighbouring boxes share their borders; a row shifted by half a tile
// (the triangle) starts half a box to the right.
std::string WetlandState::to_string() const {
  constexpr int kBox = kInner + 1;  // a box's width without its right border, which it shares
  const BoardLayout& layout = board();
  auto square_text = [&](int square) {
    std::string text(1, kSquareLetters[colour_[square]]);
    const int token = token_at(square);
    text += token < 0 ? "  " : std::to_string(token / 2) + (token % 2 ? "B" : "A");
    return text;
  };
  std::vector<std::string> canvas(4 * layout.side + 1, std::string(kBox * kGrid + kBox, ' '));
  auto border = [&](int y, int x, char c) {  // corners win over edges
    if (canvas[y][x] != '+') canvas[y][x] = c;
  };
  for (int cell = 0; cell < kCells; ++cell) {
    if (!on_board(cell)) continue;
    const int row = cell / kGrid, y0 = 4 * row;
    const int x0 = kBox * (cell % kGrid) + kBox * layout.row_shift[row] / 2;
    for (int x = x0; x <= x0 + kBox; ++x) {
      const char c = x == x0 || x == x0 + kBox ? '+' : '-';
      border(y0, x, c);
      border(y0 + 4, x, c);
    }
    for (int y = y0 + 1; y < y0 + 4; ++y) {
      border(y, x0, '|');
      border(y, x0 + kBox, '|');
    }
    const int turn = arrow(cell);
    const std::string tile = tile_[cell] == kSpecialTile ? "X" : "t" + std::to_string(tile_[cell] + 1);
    auto squares = [&](int left, int right) {  // two positions of the tile, side by side
      return " " + square_text(square_of(layout, cell, left)) + "    " +
             square_text(square_of(layout, cell, right)) + " ";
    };
    const std::string name = cell_name(cell) + " " + tile + (turn > 0 ? " cw" : turn < 0 ? " ccw" : "");
    const std::string lines[3] = {squares(0, 1), pad(name, kInner), squares(3, 2)};
    for (int part = 0; part < 3; ++part) canvas[y0 + 1 + part].replace(x0 + 1, kInner, lines[part]);
  }
  std::string out;
  for (std::string& line : canvas) {
    trim_right(line);
    out += line + "\n";
  }

  out += "colours R B G Y = players 0 1 2 3; * colourless; # reminder (no entry); 0A = player 0's A\n";
  const int n = players_;
  out += "round " + std::to_string(turns_ / n + (turns_ < max_turns_ ? 1 : 0)) + " of " +
         std::to_string(max_turns_ / n) + ": ";
  if (winner_ >= 0) {
    out += "player " + std::to_string(winner_) + " wins";
  } else if (turns_ >= max_turns_) {
    out += "draw, the round cap is reached";
  } else {
    out += "player " + std::to_string(player_) + " to move, " + std::to_string(actions_left_) +
           (extras_counted_ ? " extra" : "") + (actions_left_ == 1 ? " action" : " actions") + " left";
  }
  return out + "\n";
}

}  // namespace ts
