// A check shared by the variant tests: the simulated edge, fresh shoe each
// round, against the analyzer's exact value for the same (optimal) chart.
#pragma once

#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/rng.hpp"

namespace cardsim::blackjack {

// Plays `rounds` rounds (fixed seed) of `rules` with a fresh shoe each round
// by the analyzer's optimal chart and expects the mean within 3 standard
// errors of the chart's exact value. Returns the SE.
inline double expect_simulation_agrees(Rules rules, std::uint64_t rounds) {
  rules.reshuffle = Reshuffle::every_round;
  Analyzer analyzer(rules);
  const StrategyChart chart = analyzer.optimal_chart();
  const double exact = analyzer.evaluate(chart).ev;
  const Engine engine(rules, chart);
  Tally tally;
  core::Rng rng = core::chunk_rng(2026, core::StreamPurpose::blackjack_chunk, 0);
  engine.play_chunk(rounds, rng, tally);
  const double bet = static_cast<double>(rules.bet_units());
  const double n = static_cast<double>(tally.rounds);
  const double mean = static_cast<double>(tally.table_net) / n / bet;
  const double variance = static_cast<double>(tally.table_net_squared) / n / (bet * bet) - mean * mean;
  const double se = std::sqrt(variance / n);
  EXPECT_NEAR(mean, exact, 3 * se) << "exact " << exact << " simulated " << mean << " SE " << se;
  return se;
}

}  // namespace cardsim::blackjack
