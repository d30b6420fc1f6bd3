// The Gummiland tile set as data (docs/rules/gummiland.md, "Tiles"): one row per kind of tile
// with its count. Replacing the rows with the real tiles changes no code; the static checks below
// say what the rules code relies on.
//
// Tile ids are the rows expanded in order: row 0's copies first, then row 1's, and so on. For the
// starting rows (one copy per player colour), copy k belongs to player k.
#pragma once
#include <array>
#include <cstdint>

namespace ts::gummiland {

// What a tile's trained side gives. Values 1-4 are fruits (they pay for captures), 5-10 specials.
enum Reward : uint8_t {
  kNoReward = 0,  // a greedy tile
  kS = 1,         // strawberry
  kA = 2,         // apple
  kL = 3,         // lemon
  kM = 4,         // multi-flavoured: pays any one fruit
  kTaste = 5,
  kGum = 6,  // Chewing gum
  kExchange = 7,
  kTidyUp = 8,
  kDoublon = 9,
  kSelection = 10,
};
inline constexpr int kNumRewards = 11;
// A reward as tiles print it ("SS>L:2"), and in words.
inline constexpr std::array<const char*, kNumRewards> kRewardShort = {
    "", "S", "A", "L", "M", "Taste", "Gum", "Exchange", "TidyUp", "Doublon", "Selection"};

enum class Kind : uint8_t { kStandard, kExoticWild, kStarting, kExoticStarting };

// The Adventure Mode regions, in the order of the `regions` parameter's choices.
inline constexpr int kNumRegions = 3;
inline constexpr std::array<const char*, kNumRegions> kRegionName = {"pineapple", "orange", "blackberry"};

struct TileRow {
  Kind kind;
  int8_t region;    // 0..2 for exotic tiles, -1 otherwise
  uint8_t cost[3];  // wild side: strawberries, apples, lemons (zeros on starting tiles)
  uint8_t gummiz;
  Reward reward;
  uint8_t count;  // copies; starting rows have one per player colour (4)
};

inline constexpr TileRow kTileRows[] = {
    // 32 standard tiles. One-fruit (1 Gummiz).
    {Kind::kStandard, -1, {1, 0, 0}, 1, kA, 2},
    {Kind::kStandard, -1, {0, 1, 0}, 1, kL, 2},
    {Kind::kStandard, -1, {0, 0, 1}, 1, kS, 2},
    // Two-fruit (2 Gummiz).
    {Kind::kStandard, -1, {2, 0, 0}, 2, kA, 1},
    {Kind::kStandard, -1, {2, 0, 0}, 2, kL, 1},
    {Kind::kStandard, -1, {0, 2, 0}, 2, kL, 1},
    {Kind::kStandard, -1, {0, 2, 0}, 2, kS, 1},
    {Kind::kStandard, -1, {0, 0, 2}, 2, kS, 1},
    {Kind::kStandard, -1, {0, 0, 2}, 2, kA, 1},
    {Kind::kStandard, -1, {1, 1, 0}, 2, kL, 1},
    {Kind::kStandard, -1, {1, 1, 0}, 2, kM, 1},
    {Kind::kStandard, -1, {1, 0, 1}, 2, kA, 1},
    {Kind::kStandard, -1, {1, 0, 1}, 2, kM, 1},
    {Kind::kStandard, -1, {0, 1, 1}, 2, kS, 1},
    {Kind::kStandard, -1, {0, 1, 1}, 2, kM, 1},
    // Three-fruit (3 Gummiz).
    {Kind::kStandard, -1, {1, 1, 1}, 3, kM, 3},
    {Kind::kStandard, -1, {2, 1, 0}, 3, kS, 1},
    {Kind::kStandard, -1, {0, 2, 1}, 3, kA, 1},
    {Kind::kStandard, -1, {1, 0, 2}, 3, kL, 1},
    // Greedy (no reward): 4 Gummiz, then 5.
    {Kind::kStandard, -1, {3, 0, 0}, 4, kNoReward, 1},
    {Kind::kStandard, -1, {0, 3, 0}, 4, kNoReward, 1},
    {Kind::kStandard, -1, {0, 0, 3}, 4, kNoReward, 1},
    {Kind::kStandard, -1, {1, 1, 1}, 4, kNoReward, 2},
    {Kind::kStandard, -1, {2, 1, 1}, 5, kNoReward, 1},
    {Kind::kStandard, -1, {1, 2, 1}, 5, kNoReward, 1},
    {Kind::kStandard, -1, {1, 1, 2}, 5, kNoReward, 1},
    // Exotic wild tiles, per region: SA and AL (2 Gummiz), SAL twice (3 Gummiz).
    {Kind::kExoticWild, 0, {1, 1, 0}, 2, kTidyUp, 1},
    {Kind::kExoticWild, 0, {0, 1, 1}, 2, kTidyUp, 1},
    {Kind::kExoticWild, 0, {1, 1, 1}, 3, kTidyUp, 2},
    {Kind::kExoticWild, 1, {1, 1, 0}, 2, kDoublon, 1},
    {Kind::kExoticWild, 1, {0, 1, 1}, 2, kDoublon, 1},
    {Kind::kExoticWild, 1, {1, 1, 1}, 3, kDoublon, 2},
    {Kind::kExoticWild, 2, {1, 1, 0}, 2, kSelection, 1},
    {Kind::kExoticWild, 2, {0, 1, 1}, 2, kSelection, 1},
    {Kind::kExoticWild, 2, {1, 1, 1}, 3, kSelection, 2},
    // Starting tiles, one per player colour (1 Gummiz).
    {Kind::kStarting, -1, {0, 0, 0}, 1, kS, 4},
    {Kind::kStarting, -1, {0, 0, 0}, 1, kA, 4},
    {Kind::kStarting, -1, {0, 0, 0}, 1, kL, 4},
    {Kind::kStarting, -1, {0, 0, 0}, 1, kTaste, 4},
    {Kind::kStarting, -1, {0, 0, 0}, 1, kGum, 4},
    {Kind::kStarting, -1, {0, 0, 0}, 1, kExchange, 4},
    // Exotic starting tiles, one per player colour per region (1 Gummiz).
    {Kind::kExoticStarting, 0, {0, 0, 0}, 1, kTidyUp, 4},
    {Kind::kExoticStarting, 1, {0, 0, 0}, 1, kDoublon, 4},
    {Kind::kExoticStarting, 2, {0, 0, 0}, 1, kSelection, 4},
};

inline constexpr int kNumRows = static_cast<int>(std::size(kTileRows));

constexpr bool is_wild_kind(Kind k) { return k == Kind::kStandard || k == Kind::kExoticWild; }

constexpr int count_tiles() {
  int n = 0;
  for (const auto& row : kTileRows) n += row.count;
  return n;
}
inline constexpr int kNumTiles = count_tiles();

constexpr int count_wild_rows() {
  int n = 0;
  for (const auto& row : kTileRows) n += is_wild_kind(row.kind) ? 1 : 0;
  return n;
}
// Rows that can lie in a pile; they come first, so a pile tile's row is below this.
inline constexpr int kNumWildRows = count_wild_rows();

constexpr bool table_is_well_formed() {
  for (int r = 0; r < kNumRows; ++r) {
    const TileRow& row = kTileRows[r];
    const bool wild = is_wild_kind(row.kind);
    if (wild != (r < kNumWildRows)) return false;  // wild rows first
    if (!wild && row.count != 4) return false;     // one per colour
    if (wild && row.cost[0] + row.cost[1] + row.cost[2] == 0) return false;
    if (row.cost[0] + row.cost[1] + row.cost[2] > 4) return false;  // payments fit kMaxPending
    if ((row.kind == Kind::kStandard || row.kind == Kind::kStarting) != (row.region < 0)) return false;
    if (row.region >= kNumRegions) return false;
    if (row.reward == kGum && row.kind != Kind::kStarting) return false;  // one gum per player
    if (!wild && row.reward == kNoReward) return false;                   // greedy tiles are wild
  }
  return true;
}
static_assert(table_is_well_formed(), "the tile table breaks an assumption of the rules code");
static_assert(kNumTiles <= 127, "tile ids are stored in int8_t");

struct TileInfo {
  uint8_t row;
  int8_t owner;  // the player colour of a starting tile, -1 for wild tiles
};

constexpr std::array<TileInfo, kNumTiles> expand_tiles() {
  std::array<TileInfo, kNumTiles> out{};
  int id = 0;
  for (int r = 0; r < kNumRows; ++r) {
    for (int k = 0; k < kTileRows[r].count; ++k) {
      out[id].row = static_cast<uint8_t>(r);
      out[id].owner = static_cast<int8_t>(is_wild_kind(kTileRows[r].kind) ? -1 : k);
      ++id;
    }
  }
  return out;
}
inline constexpr std::array<TileInfo, kNumTiles> kTiles = expand_tiles();

inline const TileRow& row_of(int tile) { return kTileRows[kTiles[tile].row]; }
inline Reward reward_of(int tile) { return row_of(tile).reward; }
inline bool is_wild_tile(int tile) { return is_wild_kind(row_of(tile).kind); }

}  // namespace ts::gummiland
