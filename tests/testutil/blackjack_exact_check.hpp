// The simulator against the analyzer, for the tests of rule variants: a fresh
// shoe each round, a fixed seed, the analyzer's basic strategy for the rules.
#pragma once

#include <cstdint>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/core/estimate.hpp"

namespace cardsim::testutil {

struct SimulatedAndExact {
  core::MeanEstimate edge;  // simulated, per initial wager (blackjack::table_edge)
  double exact = 0;         // Analyzer::evaluate of the same chart
  blackjack::Tally tally;
};

// Plays `rounds` rounds of `rules` with a fresh shoe each round (seed 2026,
// chunk 0) by the analyzer's optimal chart for them, beside its exact value.
SimulatedAndExact simulate_against_exact(blackjack::Rules rules, std::uint64_t rounds);

}  // namespace cardsim::testutil
