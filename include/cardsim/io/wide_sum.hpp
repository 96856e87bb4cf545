#pragma once
// 128-bit sums (blackjack::WideSum) as JSON text: results, checkpoints and
// PAR sheets write sums that JSON numbers cannot hold as decimal strings.

#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/tally.hpp"

namespace cardsim::io {

// A 128-bit integer as decimal digits (with '-' if negative).
std::string wide_to_string(blackjack::WideSum value);

// The inverse, from a JSON string; throws Error "`what` must be a string of
// decimal digits within the 128-bit range, not ..." for anything else.
blackjack::WideSum wide_sum_from_json(const nlohmann::json& j, const std::string& what);

}  // namespace cardsim::io
