#pragma once
// 128-bit sums (blackjack::WideSum) as JSON text: results, checkpoints and
// PAR sheets write sums that JSON numbers cannot hold as decimal strings.

#include <string>

#include "cardsim/blackjack/tally.hpp"

namespace cardsim::io {

// A 128-bit integer as decimal digits (with '-' if negative).
std::string wide_to_string(blackjack::WideSum value);

}  // namespace cardsim::io
