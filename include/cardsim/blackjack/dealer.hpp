// The dealer's rule and how a dealer's hand ends: one definition for the
// engine, the table game and the analyzer.
#pragma once

#include <cstdint>

#include "cardsim/blackjack/hand.hpp"

namespace cardsim::blackjack {

// How the dealer's hand ended, for the final-total distribution.
enum class DealerFinal : std::uint8_t {
  total_17 = 0,
  total_18,
  total_19,
  total_20,
  total_21,
  bust,
  blackjack,
};
inline constexpr int DEALER_FINALS = 7;

// Whether the dealer stands on (or has busted with) a hand in `state`: on 18
// or more, and on 17 unless it is soft and the dealer hits soft 17 (`h17`).
constexpr bool dealer_stands(HandState state, bool h17) {
  const int total = best_total(state);
  return is_bust(state) || total >= 18 || (total == 17 && !(h17 && is_soft(state)));
}

// How a dealer's hand that stood or busted ended: total_17..total_21 or bust
// (a hand under 17, which never stands, maps to total_17). A natural is not a
// state of its own: a caller that knows the hand is two cards says blackjack.
constexpr DealerFinal dealer_final(HandState state) {
  const int total = best_total(state);
  return total > 21 ? DealerFinal::bust : static_cast<DealerFinal>((total > 17 ? total : 17) - 17);
}

}  // namespace cardsim::blackjack
