// The analyze job: the exact analysis of a blackjack rule set (`cardsim
// analyze`, cardsim.analyze): blackjack::analyze, and with rule_effects every
// game one rule away analyzed on threads (blackjack/rule_effects.hpp). The
// front ends resolve the config and the strategy to evaluate (their inputs),
// watch the progress, and write the outputs.
#pragma once

#include <cstddef>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analyze.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::app {

struct AnalyzeRequest {
  io::SimConfig config;
  // The strategy to evaluate beside the computed one, the composition-
  // dependent optimum (basic_name is the job's: io::computed_basic_name).
  blackjack::AnalysisOptions options;
  // Also the effect of each single rule change (the base game's computed
  // basic strategy is the "base strategy" column).
  bool rule_effects = false;
  unsigned threads = 0;  // for the rule changes; 0: every hardware thread
};

struct AnalyzeOutcome {
  blackjack::AnalysisResult analysis;
  nlohmann::json result;  // io::analysis_result_json
};

// The number of rule changes run_analyze_job analyzes for `request` (0
// without rule_effects): a progress bar's total.
std::size_t rule_change_count(const AnalyzeRequest& request);

// Runs the analysis. control.items_done counts the rule changes analyzed;
// a stop request ends the job with an Error (an analysis is all or nothing).
// Throws cardsim::Error for rules the analyzer refuses.
AnalyzeOutcome run_analyze_job(const AnalyzeRequest& request, run::RunControl& control);

}  // namespace cardsim::app
