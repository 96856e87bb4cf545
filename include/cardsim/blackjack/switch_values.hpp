// Blackjack Switch's values, which the engine's switch decision reads and
// the analyzer computes (Analyzer::switch_values, analysis.hpp).
#pragma once

#include <array>
#include <cstddef>

#include "cardsim/blackjack/cards.hpp"

namespace cardsim::blackjack {

// Blackjack Switch (Rules::switch_hands): what the switch decision compares.
// The value per bet of each two-card hand against each up card, played by the
// chart, given that the dealer has no blackjack (the exchange comes after the
// peek): as dealt (an A+T is a natural) and after an exchange (an A+T is a
// 21 that stands). Composition-dependent on the hand's own cards and the up
// card only: the other hand's two cards are not removed from the shoe (the
// approximation of the switch decision, see docs/variants.md).
struct SwitchValues {
  using Table = std::array<std::array<std::array<double, CARD_VALUES + 1>, CARD_VALUES + 1>, CARD_VALUES + 1>;
  Table dealt{};     // [first][second][upcard], symmetric in the two cards
  Table switched{};  // the same after an exchange
  // Whether hands (a1, b1) and (a2, b2) dealt against `up` exchange their
  // second cards: when the exchanged hands' values sum higher. The engine and
  // the analyzer both decide here.
  bool switches(int a1, int b1, int a2, int b2, int up) const {
    const auto at = [](const Table& t, int first, int second, int upcard) {
      return t[static_cast<std::size_t>(first)][static_cast<std::size_t>(second)][static_cast<std::size_t>(upcard)];
    };
    return at(switched, a1, b2, up) + at(switched, a2, b1, up) > at(dealt, a1, b1, up) + at(dealt, a2, b2, up);
  }
};

}  // namespace cardsim::blackjack
