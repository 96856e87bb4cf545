// The library call behind `cardsim analyze`: the exact analysis of a rule set
// (fresh shoe each round) in one call, its results as plain structs. The
// Analyzer (analysis.hpp) does the work; io/analysis_result.hpp converts the
// result to JSON and to the text report.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/analysis_dealer.hpp"
#include "cardsim/blackjack/rule_effects.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"

namespace cardsim::blackjack {

// What analyze() does besides the dealer table and the basic strategy.
struct AnalysisOptions {
  // The name given to the computed basic strategy chart.
  std::string basic_name = "basic";
  // A chart to evaluate exactly beside the computed one (absent: none).
  std::optional<StrategyChart> strategy;
  // Also the composition-dependent optimum (a few times the rest's cost),
  // split hands deciding as `post_split` says.
  bool composition_dependent = false;
  PostSplit post_split = PostSplit::cdp1;
};

// A chart and its expected value: exact (error_bound 0), or within
// error_bound of the exact value per initial bet (Blackjack Switch).
struct ChartEv {
  StrategyChart chart;
  StrategyEv ev;
  double error_bound = 0;
};

struct AnalysisResult {
  Rules rules;                      // as given
  DealerTable dealer;               // the dealer's final totals by up card
  ChartEv basic;                    // the optimal total-dependent basic strategy and its EV
  std::optional<ChartEv> strategy;  // AnalysisOptions::strategy and its EV
  // The decision EVs of every two-card hand, playing on with the basic chart.
  InitialHandTable initial_hands;
  std::optional<CompositionDependentEv> composition_dependent;  // if asked for
  // The effect of each single rule change (rule_effects.hpp), if asked for:
  // filled by the caller (the app's analyze job runs them on threads).
  std::vector<RuleEffect> rule_effects;
  double elapsed_seconds = 0;          // wall time of the analysis
  std::size_t dealer_evaluations = 0;  // dealer distributions computed (Analyzer::dealer_evaluations)
};

// Analyzes `rules` (Analyzer: only the rules that change expectations are
// read): the dealer table, the optimal basic strategy with its exact EV and
// its initial hands' decision EVs, and what `options` asks for. Throws Error
// if options.strategy has an empty cell. No printing, no files.
AnalysisResult analyze(const Rules& rules, const AnalysisOptions& options = {});

}  // namespace cardsim::blackjack
