// Wetland's description (core/description.h): the square contents, the action ranges and the
// observation planes, named as wetland.h documents them and laid out as observation_tensor writes
// them (wetland_render.cc), so the drawing reads planes by name.
#include <string>
#include <vector>

#include "games/wetland/wetland.h"

namespace ts {

using namespace wetland;

GameDescription Wetland::description() const {
  const int width = 2 * kBoards[players_ - 2].side, area = width * width;
  const std::vector<std::string> squares = {"colour 0", "colour 1",   "colour 2",
                                            "colour 3", "colourless", "reminder"};
  const std::vector<std::string> moves = {"A north", "A east", "A south", "A west",
                                          "B north", "B east", "B south", "B west"};
  GameDescription d;
  d.constant("board width", width).constant("tile cells per row", kGrid);
  d.enumeration("square", squares).enumeration("move", moves);
  d.action_range("rotate", State::kRotateBase, kCells, "cell");
  d.action_range("move", State::kMoveBase, static_cast<int>(moves.size()), "move");
  // Each stretch is one plane (or one per item) of width x width squares, row by row.
  d.observe("square", area, static_cast<int>(squares.size()));  // one plane per square content
  d.observe("clockwise", area).observe("counter-clockwise", area);
  d.observe("tokens", 2 * area, players_, {{"A", 0, area}, {"B", area, area}});
  d.observe("to move", area, players_);
  d.observe("actions left", area).observe("extras counted", area).observe("rounds", area);
  return d;
}

}  // namespace ts
