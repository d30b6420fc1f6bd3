// Card components shared by games with hidden cards (after TAG's Deck and PartialObservableDeck):
//
// - CardSet<N>: N cards with public identities (card i is always card i: who holds it and which
//   side is up are public) whose faces only some players know. It tracks who knows each face, so
//   resampling redraws exactly the faces a player does not know, and its fields serialize it.
// - Deck<N>: an ordered pile of up to N cards (bottom first), such as a draw pile, a hand or a box,
//   whose order a game may keep secret in part (resampling shuffles that part: shuffle_prefix).
//
// Both are plain value types (fixed arrays, small integers), copied with the state.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "core/fields.h"
#include "core/rng.h"

namespace ts {

template <int N>
struct CardSet {
  std::array<int8_t, N> face{};    // the card's face: a row of the game's component table
  std::array<int8_t, N> holder{};  // a seat, or a place the game names below 0 (a pool, a reserve)
  std::array<uint8_t, N> up{};     // 1: right side up
  std::array<uint8_t, N> known{};  // bit p: player p knows the face

  bool knows(int card, int player) const { return (known[card] >> player) & 1; }
  void place(int card, int8_t f, int8_t h, uint8_t is_up, uint8_t knowers) {
    face[card] = f;
    holder[card] = h;
    up[card] = is_up;
    known[card] = knowers;
  }
  // The card goes to `to`; its new holder (a seat) and `learners` see its face.
  void move(int card, int to, uint8_t learners) {
    holder[card] = static_cast<int8_t>(to);
    known[card] |= learners | (to >= 0 ? static_cast<uint8_t>(1u << to) : uint8_t{0});
  }
  void reveal(int card, uint8_t everyone) { known[card] = everyone; }

  // The cards whose face `player` does not know, written to `cards` (returns how many), and, in
  // `unseen` (copies per face on entry), the copies of each face among them.
  int unknown_to(int player, int8_t* cards, int* unseen) const {
    int n = 0;
    for (int c = 0; c < N; ++c) {
      if (knows(c, player)) {
        --unseen[face[c]];
      } else {
        cards[n++] = static_cast<int8_t>(c);
      }
    }
    return n;
  }

  // Declares the fields <prefix>_face (a row of `face_type`, of `faces` rows), <prefix>_holder
  // (a seat below `players`, or a place from `lowest_place` up to -1), <prefix>_up and
  // <prefix>_known (a mask of seats).
  void fields(FieldVisitor& v, const std::string& prefix, const std::string& face_type, int faces,
              int lowest_place, int players) {
    v.array(prefix + "_face", face, 0, faces - 1, face_type);
    v.array(prefix + "_holder", holder, lowest_place, players - 1, "holder");
    v.array(prefix + "_up", up, 0, 1, "bool");
    v.array(prefix + "_known", known, 0, (1 << players) - 1, "seats");
  }
};

template <int N>
struct Deck {
  int8_t size = 0;
  std::array<int8_t, N> t{};  // bottom first

  void push(int card) { t[size++] = static_cast<int8_t>(card); }
  int remove_at(int i) {
    const int card = t[i];
    for (int j = i; j + 1 < size; ++j) t[j] = t[j + 1];
    --size;
    return card;
  }
  int top() const { return t[size - 1]; }
  bool empty() const { return size == 0; }

  // Shuffles the first `n` cards (a part whose order is secret) from a canonical order, so that
  // the result depends only on which cards they are and on the generator.
  void shuffle_prefix(int n, Rng& rng) { shuffle_canonical(t.data(), n, rng); }

  // Declares the field `name`: the cards bottom first, each a number in [0, cards).
  void fields(FieldVisitor& v, const std::string& name, int cards, const std::string& type) {
    v.list(name, t.data(), size, N, 0, cards - 1, type);
  }

  template <class T>
  static void shuffle_canonical(T* first, int n, Rng& rng) {
    std::sort(first, first + n);
    rng.shuffle(first, n);
  }
};

}  // namespace ts
