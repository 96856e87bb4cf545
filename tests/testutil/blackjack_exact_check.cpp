#include "testutil/blackjack_exact_check.hpp"

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/rng.hpp"

namespace cardsim::testutil {

SimulatedAndExact simulate_against_exact(blackjack::Rules rules, std::uint64_t rounds,
                                         std::optional<blackjack::StrategyChart> chart, std::uint64_t seed) {
  rules.reshuffle = blackjack::Reshuffle::every_round;
  blackjack::Analyzer analyzer(rules);
  if (!chart) chart = analyzer.optimal_chart();
  SimulatedAndExact result;
  result.exact = analyzer.evaluate(*chart).ev;
  const blackjack::Engine engine = blackjack::make_engine(rules, *chart);
  core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::blackjack_chunk, 0);
  engine.play_chunk(rounds, rng, result.tally);
  result.edge = blackjack::table_edge(result.tally, rules);
  return result;
}

}  // namespace cardsim::testutil
