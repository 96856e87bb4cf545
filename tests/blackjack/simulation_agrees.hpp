// A check shared by the variant tests: the simulated edge, fresh shoe each
// round, against the analyzer's exact value for the same (optimal) chart.
#pragma once

#include <cstdint>

#include <gtest/gtest.h>

#include "cardsim/blackjack/rules.hpp"
#include "testutil/blackjack_exact_check.hpp"

namespace cardsim::blackjack {

// Plays `rounds` rounds (fixed seed) of `rules` with a fresh shoe each round
// by the analyzer's optimal chart (testutil::simulate_against_exact) and
// expects the edge per initial wager within 3 standard errors of the chart's
// exact value. Returns the SE.
inline double expect_simulation_agrees(Rules rules, std::uint64_t rounds) {
  const testutil::SimulatedAndExact run = testutil::simulate_against_exact(rules, rounds);
  EXPECT_NEAR(run.edge.mean, run.exact, 3 * run.edge.se)
      << "exact " << run.exact << " simulated " << run.edge.mean << " SE " << run.edge.se << " ("
      << (run.edge.mean - run.exact) / run.edge.se << " SE)";
  return run.edge.se;
}

// `rules` on one deck, S17, split to 4 hands, aces resplit too: where card
// removal counts most and resplitting is most often cut short by the shoe
// (the analyzer's split values are exact for any number of hands).
inline Rules one_deck_resplit_to_four(Rules rules) {
  rules.decks = 1;
  rules.h17 = false;
  rules.split_hands = 4;
  rules.resplit_aces = true;
  return rules;
}

}  // namespace cardsim::blackjack
