#include "games/tic_tac_toe/tic_tac_toe.h"

namespace ts {
namespace {
constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                              {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
constexpr char kMarks[] = {'x', 'o'};
}  // namespace

int TicTacToeState::legal_actions(Action* out) const {
  int n = 0;
  for (int cell = 0; cell < 9; ++cell) {
    if (board_[cell] < 0) out[n++] = cell;
  }
  return n;
}

void TicTacToeState::apply_action(Action cell) {
  const int8_t player = moves_ % 2;
  board_[cell] = player;
  ++moves_;
  for (const auto& line : kLines) {
    if (board_[line[0]] == player && board_[line[1]] == player && board_[line[2]] == player) {
      winner_ = player;
    }
  }
}

void TicTacToeState::returns(double* out) const {
  out[0] = out[1] = 0;
  if (winner_ >= 0) {
    out[winner_] = 1;
    out[1 - winner_] = -1;
  }
}

std::string TicTacToeState::action_to_string(Action cell) const {
  const int player = moves_ % 2;
  return std::string(1, kMarks[player]) + "(" + std::to_string(cell / 3) + "," + std::to_string(cell % 3) +
         ")";
}

std::string TicTacToeState::to_string() const {
  std::string out;
  for (int cell = 0; cell < 9; ++cell) {
    out += board_[cell] < 0 ? '.' : kMarks[board_[cell]];
    if (cell % 3 == 2 && cell < 8) out += '\n';
  }
  return out;
}

// OpenSpiel's planes: 0 empty, 1 o (player 1), 2 x (player 0); the same for every observer.
void TicTacToeState::observation_tensor(int, float* out) const {
  for (int cell = 0; cell < 9; ++cell) {
    const int plane = board_[cell] < 0 ? 0 : 2 - board_[cell];
    out[plane * 9 + cell] = 1.0f;
  }
}

GameDescription TicTacToe::description() const {
  GameDescription d;
  d.constant("rows", 3).constant("columns", 3);
  d.table("lines", {"cells"}, kLines, [](const int (&line)[3]) {
    return std::vector<DescValue>{std::vector<int64_t>(std::begin(line), std::end(line))};
  });
  d.action_range("cell", 0, 9, "cell");
  d.observe("empty", 9).observe("player 1", 9).observe("player 0", 9);  // the planes, in order
  return d;
}

}  // namespace ts
