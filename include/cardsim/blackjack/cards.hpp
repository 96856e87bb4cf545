// The cards of blackjack as the simulator deals them: values 1..10 (ace = 1,
// ten and faces = 10), a 52-card deck of four suits of thirteen ranks, and the
// two ways a game draws them (a finite shoe of decks, or an infinite deck).
// The engine, the table game, the analyzer, the counting code, the tests and
// the benchmarks all take these from here.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "cardsim/core/rng.hpp"

namespace cardsim::blackjack {

// Card values of blackjack: ace = 1, two..nine = 2..9, ten and faces = 10.
inline constexpr int ACE = 1;
inline constexpr int TEN = 10;
inline constexpr int CARD_VALUES = 10;

// A card value's name, [value] for 1..10: "A", "2".."9", "T" (any ten);
// [0] "?". Charts, count files, index plays and result keys all use these.
inline constexpr std::array<const char*, CARD_VALUES + 1> CARD_NAMES{"?", "A", "2", "3", "4", "5",
                                                                     "6", "7", "8", "9", "T"};

// One deck: RANKS ranks (ace, 2..10, jack, queen, king) in SUITS suits.
inline constexpr int RANKS = 13;
inline constexpr int SUITS = 4;
inline constexpr int DECK_CARDS = RANKS * SUITS;  // 52
inline constexpr int HALF_DECK_CARDS = DECK_CARDS / 2;
// Cards of each value in one deck: four of each ace..nine, sixteen tens.
inline constexpr int CARDS_PER_VALUE = SUITS;
inline constexpr int TENS_PER_DECK = SUITS * (RANKS - 9);

// The blackjack value of rank 1..13 (ace = 1, ten, jack, queen and king = 10).
constexpr std::uint8_t value_of_rank(int rank) { return static_cast<std::uint8_t>(rank < TEN ? rank : TEN); }

// The values of the ranks, [rank - 1]: what an infinite deck draws from.
inline constexpr std::array<std::uint8_t, RANKS> RANK_VALUES = [] {
  std::array<std::uint8_t, RANKS> values{};
  for (int rank = 1; rank <= RANKS; ++rank) values[static_cast<std::size_t>(rank - 1)] = value_of_rank(rank);
  return values;
}();

// One card of an infinite deck: a rank drawn uniformly (one bounded random
// number), so value v with probability 1/13 for v = 1..9 and 4/13 for ten.
// The engine and the table game both draw this way, so the same stream deals
// the same cards.
inline std::uint8_t draw_infinite(core::Rng& rng) { return RANK_VALUES[core::bounded(rng, RANKS)]; }

// The values of a finite shoe of `decks` decks in the order a fresh core::Shoe
// starts from (deck by deck, rank by rank, the four suits of a rank together),
// each deck without its first `removed_tens` ten-valued cards (4: the ten
// pips, a Spanish deck). That order is part of what a seed deals: changing it
// changes every result.
inline std::vector<std::uint8_t> shoe_values(int decks, int removed_tens = 0) {
  std::vector<std::uint8_t> cards;
  cards.reserve(static_cast<std::size_t>(decks) * DECK_CARDS);
  for (int d = 0; d < decks; ++d) {
    int removed = 0;
    for (int rank = 1; rank <= RANKS; ++rank) {
      for (int suit = 0; suit < SUITS; ++suit) {
        if (rank >= TEN && removed < removed_tens) {
          ++removed;
          continue;
        }
        cards.push_back(value_of_rank(rank));
      }
    }
  }
  return cards;
}

}  // namespace cardsim::blackjack
