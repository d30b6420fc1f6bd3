// Gummiland's description (core/description.h): the names of its phases, rewards, tile classes
// and regions, its tile table, action ranges and observation layout, from the constants the
// rules use.
#include "games/gummiland/gummiland.h"

namespace ts {

using namespace gummiland;

GameDescription Gummiland::description() const {
  constexpr std::array<const char*, 4> kKinds = {"standard", "exotic wild", "starting", "exotic starting"};
  GameDescription d;
  d.constant("piles", kNumPiles).constant("active gum", kActiveGum).constant("wild rows", kNumWildRows);
  d.enumeration("phase", kPhaseNames).enumeration("reward", kRewardShort).enumeration("class", kClassName);
  d.enumeration("region", kRegionName).enumeration("kind", kKinds);
  d.enumeration("special", std::vector<std::string>(kRewardShort.begin() + kTaste, kRewardShort.end()));
  d.table("tiles", {"kind", "region", "cost", "gummiz", "reward", "count"}, kTileRows,
          [&](const TileRow& row) {
            return std::vector<DescValue>{kKinds[static_cast<int>(row.kind)],
                                          row.region,
                                          std::vector<int64_t>(row.cost, row.cost + 3),
                                          row.gummiz,
                                          kRewardShort[row.reward],
                                          row.count};
          });
  d.action_range("end", kEndAction, 1).action_range("pile", kPileAction, kNumPiles, "pile");
  d.action_range("use special", kUseAction, kSelection - kTaste + 1, "special");
  d.action_range("tile class", kClassAction, kNumClasses, "class");
  d.action_range("player", kPlayerAction, kMaxSeats, "seat");
  d.action_range("tile kind", kTypeAction, kNumWildRows, "tiles");
  using Own = State::PlayerObservation;
  using Pile = State::PileObservation;
  d.observe("player", Own::kSize, players_,
            {{"front by class", Own::kFront, kNumClasses},
             {"box size", Own::kBoxSize, 1},
             {"box unknown", Own::kBoxUnknown, 1},
             {"box known by reward", Own::kBoxKnown, kNumRewards},
             {"box next two", Own::kBoxNext, 2 * kNumRewards},
             {"gummiz", Own::kGummiz, 1},
             {"specials", Own::kSpecials, 1}});
  d.observe("pile", Pile::kBlock, kNumPiles,
            {{"size", Pile::kSize, 1},
             {"top cost", Pile::kTopCost, 3},
             {"top gummiz", Pile::kTopGummiz, 1},
             {"top reward", Pile::kTopReward, kNumRewards},
             {"order known", Pile::kOrderKnown, 1}});
  d.observe("to move", players_).observe("phase", kNumPhases);
  d.observe(
      "turn", State::kTurnFloats, 1,
      {{"captures left", 0, 1}, {"doublon used", 1, 1}, {"rounds played", 2, 1}, {"end triggered", 3, 1}});
  d.observe("pending by reward", kNumRewards).observe("fruits paid", State::kFruits);
  d.observe("target pile", kNumPiles).observe("tile in use", kNumRewards).observe("exchanged", 1);
  return d;
}

}  // namespace ts
