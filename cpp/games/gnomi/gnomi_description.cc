// Gnomi's description (core/description.h): the names of its phases, effects and abilities,
// its card tables, action ranges and observation layout, from the constants the rules use.
#include <tuple>

#include "games/gnomi/gnomi.h"

namespace ts {

using gnomi::kGnomes;
using gnomi::kMushrooms;

GameDescription Gnomi::description() const {
  using S = GnomiState;
  using Obs = S::SeatObservation;
  constexpr int kM = S::kM, kG = S::kG, kFaces = gnomi::kNumGnomeFaces;
  GameDescription d;
  d.constant("pool", S::kPool).constant("reserve", S::kReserve).constant("match games", S::kMatchGames);
  d.constant("hand gnomes", gnomi::kHandGnomes).constant("hand mushrooms", gnomi::kHandMushrooms);
  d.enumeration("phase", S::kPhaseNames).enumeration("effect", S::kEffectNames);
  d.enumeration("ability", gnomi::kAbilityNames);
  d.table("gnomes", {"id", "name", "copies", "ability", "gold"}, kGnomes, [](const gnomi::GnomeSpec& g) {
    return std::vector<DescValue>{g.id, g.name, g.copies, gnomi::kAbilityNames[static_cast<int>(g.ability)],
                                  g.gold};
  });
  d.table("mushrooms", {"colour", "copies", "gold"}, kMushrooms,
          [](const gnomi::MushroomSpec& m) { return std::vector<DescValue>{m.colour, m.copies, m.gold}; });
  d.action_range("use 1", S::kUse1, kM, "mushroom card").action_range("use 2", S::kUse2, kM, "mushroom card");
  d.action_range("use gnome", S::kUseGnome, kG, "gnome card");
  d.action_range("pass mushroom", S::kPassMushroom, kM, "mushroom card");
  d.action_range("pass gnome", S::kPassGnome, kG, "gnome card");
  d.action_range("target", S::kTarget, S::kSeats, "seat");
  d.action_range("pick mushroom", S::kPickMushroom, kM, "mushroom card");
  d.action_range("pick gnome", S::kPickGnome, kG, "gnome card");
  d.action_range("colour", S::kColour, S::kColours, "mushrooms").action_range("done", S::kDone, 1);
  d.action_range("no reaction", S::kNoReaction, 1);
  d.action_range("take golden", S::kTakeGolden, 1).action_range("decline golden", S::kDeclineGolden, 1);
  d.observe("seat", Obs::kSize, players_,
            {{"in game", Obs::kInGame, 1},
             {"whose turn", Obs::kTurn, 1},
             {"deciding now", Obs::kDeciding, 1},
             {"mushrooms up", Obs::kUpMushrooms, S::kColours + 1},
             {"mushrooms composted", Obs::kComposted, S::kColours + 1},
             {"gnomes awake", Obs::kAwakeGnomes, kFaces + 1},
             {"gnomes asleep", Obs::kSleeping, kFaces + 1},
             {"golden gnomes offered", Obs::kGoldenOffered, 1}});
  d.observe("phase", S::kNumPhases).observe("colour", S::kColours).observe("game", S::kMatchGames);
  d.observe("rounds played", 1).observe("effect", S::kEffects).observe("target", players_);
  using Card = S::CardObservation;
  for (const auto& [name, count, faces] :
       {std::tuple{"mushroom card", kM, S::kColours}, {"gnome card", kG, kFaces}}) {
    d.observe(name, Card::size(players_, faces), count,
              {{"held by", 0, players_},
               {"right side up", players_ + Card::kUp, 1},
               {"known to all", players_ + Card::kKnownToAll, 1},
               {"face", players_ + Card::kFace, faces + 1}});
  }
  return d;
}

}  // namespace ts
