// Zha Jin Hua's rules, tallies and results as JSON (the game layer, zjh/,
// holds the structs; this file only converts them).
#pragma once

#include <nlohmann/json.hpp>

#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::io {

// {"ties": "split", "a23": "lowest", "special_235": false,
//  "straight_above_flush": false}
nlohmann::json zjh_rules_to_json(const zjh::Rules& rules);

// Reads the keys present in `j` over `base` (absent keys keep base's value).
// An unknown key, a wrong type or an unknown value is a cardsim::Error that
// names the key and the allowed values.
zjh::Rules zjh_rules_from_json(const nlohmann::json& j, zjh::Rules base = {});

// The raw tally (integers only, so results merge exactly) and back; a missing
// or mistyped field is a cardsim::Error.
nlohmann::json zjh_tally_to_json(const zjh::SimTally& tally);
zjh::SimTally zjh_tally_from_json(const nlohmann::json& j);

// The deterministic part of a `zjh sim` result: the resolved config, chunk
// count, per-category rates of seat 1 with standard errors, the distribution
// of the winning category, and the raw tally. Identical for any thread count.
nlohmann::json zjh_sim_report(const zjh::SimConfig& config, const zjh::SimTally& tally);

// A `zjh exact` result: counts, exact fractions ("1083/978775") and decimals.
nlohmann::json zjh_exact_report(const zjh::ExactResult& result);

}  // namespace cardsim::io
