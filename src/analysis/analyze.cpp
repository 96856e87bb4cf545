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
  // Every figure is exact but Blackjack Switch's game value (SwitchValues).
  const double error_bound = rules.switch_hands ? SWITCH_EV_ERROR_BOUND : 0.0;
  result.basic.error_bound = error_bound;
  if (options.strategy) result.strategy = ChartEv{*options.strategy, analyzer.evaluate(*options.strategy), error_bound};
  if (options.composition_dependent)
    result.composition_dependent = analyzer.composition_dependent(result.basic.chart, options.post_split);
  result.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.dealer_evaluations = analyzer.dealer_evaluations();
  return result;
}

}  // namespace cardsim::blackjack
