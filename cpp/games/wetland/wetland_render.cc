// Wetland as text: the board for a terminal (str(state), also the information state) and the
// names of actions.
#include <string>

#include "games/wetland/wetland.h"

namespace ts {

using namespace wetland;

namespace {
constexpr const char* kDirNames[4] = {"north", "east", "south", "west"};
constexpr char kSquareLetters[6] = {'R', 'B', 'G', 'Y', '*', '#'};  // C0..C3, colourless, reminder
constexpr int kInner = 12;                                          // characters inside a tile's borders

std::string cell_name(int cell) {
  return "(" + std::to_string(cell / kGrid) + "," + std::to_string(cell % kGrid) + ")";
}

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
// shows its colour letter and the token on it, e.g. "R0A" is player 0's A on a red square.
std::string WetlandState::to_string() const {
  const int side = board().side;
  auto exists = [&](int row, int col) {
    return row >= 0 && row < side && col >= 0 && col < side && on_board(row * kGrid + col);
  };
  auto square_text = [&](int square) {
    std::string text(1, kSquareLetters[colour_[square]]);
    const int token = token_at(square);
    text += token < 0 ? "  " : std::to_string(token / 2) + (token % 2 ? "B" : "A");
    return text;
  };
  auto border = [&](int row) {  // the line above tile row `row`
    std::string line;
    for (int col = 0; col <= side; ++col) {
      const bool corner =
          exists(row - 1, col - 1) || exists(row - 1, col) || exists(row, col - 1) || exists(row, col);
      line += corner ? '+' : ' ';
      if (col < side) line += std::string(kInner, exists(row - 1, col) || exists(row, col) ? '-' : ' ');
    }
    trim_right(line);
    return line + "\n";
  };

  std::string out;
  for (int row = 0; row < side; ++row) {
    out += border(row);
    for (int part = 0; part < 3; ++part) {
      std::string line;
      for (int col = 0; col <= side; ++col) {
        line += exists(row, col - 1) || exists(row, col) ? '|' : ' ';
        if (col == side) break;
        const int cell = row * kGrid + col;
        if (!exists(row, col)) {
          line += std::string(kInner, ' ');
        } else if (part == 1) {
          const int turn = arrow(cell);
          const std::string tile = tile_[cell] == kSpecialTile ? "X" : "t" + std::to_string(tile_[cell] + 1);
          line += pad(cell_name(cell) + " " + tile + (turn > 0 ? " cw" : turn < 0 ? " ccw" : ""), kInner);
        } else {
          const int top = (2 * row + (part == 2)) * kSquareGrid + 2 * col;
          line += " " + square_text(top) + "    " + square_text(top + 1) + " ";
        }
      }
      trim_right(line);
      out += line + "\n";
    }
  }
  out += border(side);

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
