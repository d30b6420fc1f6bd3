#include "games/connect_four/connect_four.h"

namespace ts {

int ConnectFourState::cell_owner(int row, int col) const {
  const uint64_t bit = uint64_t{1} << (col * 7 + row);
  if (pieces_[0] & bit) return 0;
  if (pieces_[1] & bit) return 1;
  return -1;
}

void ConnectFourState::returns(double* out) const {
  out[0] = out[1] = 0;
  if (winner_ >= 0) {
    out[winner_] = 1;
    out[1 - winner_] = -1;
  }
}

std::string ConnectFourState::action_to_string(Action column) const {
  return std::string(1, (moves_ & 1) ? 'o' : 'x') + std::to_string(column);
}

// Top row first, as OpenSpiel prints it.
std::string ConnectFourState::to_string() const {
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    for (int col = 0; col < kCols; ++col) {
      const int owner = cell_owner(row, col);
      out += owner < 0 ? '.' : (owner == 0 ? 'x' : 'o');
    }
    out += '\n';
  }
  return out;
}

// OpenSpiel's planes: 0 player 0 (x), 1 player 1 (o), 2 empty; rows bottom first; the same for
// every observer.
void ConnectFourState::observation_tensor(int, float* out) const {
  for (int row = 0; row < kRows; ++row) {
    for (int col = 0; col < kCols; ++col) {
      const int owner = cell_owner(row, col);
      out[(owner < 0 ? 2 : owner) * kRows * kCols + row * kCols + col] = 1.0f;
    }
  }
}

GameDescription ConnectFour::description() const {
  constexpr int kRows = State::kRows, kCols = State::kCols;
  GameDescription d;
  d.constant("rows", kRows).constant("columns", kCols);
  d.action_range("column", 0, kCols, "column");
  d.observe("player", kRows * kCols, 2).observe("empty", kRows * kCols);  // rows bottom first
  return d;
}

}  // namespace ts
