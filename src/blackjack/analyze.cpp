#include "cardsim/blackjack/analyze.hpp"

#include <chrono>

namespace cardsim::blackjack {

AnalysisResult analyze(const Rules& rules, const AnalysisOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  Analyzer analyzer(rules);
  AnalysisResult result;
  result.rules = rules;
  result.dealer = analyzer.dealer();
  result.basic.chart = analyzer.optimal_chart(options.basic_name);
  result.basic.ev = analyzer.evaluate(result.basic.chart);
  result.initial_hands = analyzer.initial_hand_table(result.basic.chart);
  if (options.strategy) result.strategy = ChartEv{*options.strategy, analyzer.evaluate(*options.strategy)};
  if (options.composition_dependent)
    result.composition_dependent = analyzer.composition_dependent(result.basic.chart, options.post_split);
  result.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.dealer_evaluations = analyzer.dealer_evaluations();
  return result;
}

}  // namespace cardsim::blackjack
