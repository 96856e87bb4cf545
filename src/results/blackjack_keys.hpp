// How blackjack results name card values and dealer finals (internal to io/):
// one table each, shared by the sim and analysis results.
#pragma once

#include <array>

#include "cardsim/blackjack/cards.hpp"
#include "cardsim/blackjack/tally.hpp"

namespace cardsim::io {

// A card value's key, index 1..10 (ace = 1, "T" any ten); index 0 unused.
inline constexpr const auto& CARD_KEYS = blackjack::CARD_NAMES;
// Up cards in the order of a chart's columns: 2..9, T, A.
inline constexpr std::array<int, blackjack::CARD_VALUES> UPCARD_COLUMNS{2, 3, 4, 5, 6, 7, 8, 9, 10, 1};
// A dealer final's key, indexed by blackjack::DealerFinal.
inline constexpr std::array<const char*, blackjack::DEALER_FINALS> FINAL_KEYS{"17", "18",   "19",       "20",
                                                                              "21", "bust", "blackjack"};

}  // namespace cardsim::io
