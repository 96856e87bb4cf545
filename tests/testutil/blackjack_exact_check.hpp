// The simulator against the analyzer, for the tests of rule variants: a fresh
// shoe each round, a fixed seed, the analyzer's basic strategy for the rules.
#pragma once

#include <cstdint>
#include <optional>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"

namespace cardsim::testutil {

struct SimulatedAndExact {
  core::MeanEstimate edge;  // simulated, per initial wager (blackjack::table_edge)
  double exact = 0;         // Analyzer::evaluate of the same chart
  blackjack::Tally tally;
};

// Plays `rounds` rounds of `rules` with a fresh shoe each round (chunk 0 of
// `seed`) by `chart`, by default the analyzer's optimal chart for them, beside
// the chart's exact value.
SimulatedAndExact simulate_against_exact(blackjack::Rules rules, std::uint64_t rounds,
                                         std::optional<blackjack::StrategyChart> chart = {}, std::uint64_t seed = 2026);

}  // namespace cardsim::testutil
