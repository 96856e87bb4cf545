#include "cardsim/app/analyze_job.hpp"

#include <chrono>
#include <vector>

#include "cardsim/blackjack/rule_effects.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/analysis_result.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::app {
namespace bj = blackjack;

std::size_t rule_change_count(const AnalyzeRequest& request) {
  return request.rule_effects ? bj::single_rule_changes(request.config.rules).size() : 0;
}

AnalyzeOutcome run_analyze_job(const AnalyzeRequest& request, run::RunControl& control) {
  const auto start = std::chrono::steady_clock::now();
  bj::AnalysisOptions options = request.options;
  options.basic_name = io::computed_basic_name(request.config.rules);
  AnalyzeOutcome outcome{bj::analyze(request.config.rules, options), {}};
  bj::AnalysisResult& analysis = outcome.analysis;
  if (request.rule_effects) {
    const std::vector<bj::RuleChange> changes = bj::single_rule_changes(request.config.rules);
    analysis.rule_effects.resize(changes.size());
    const auto analyze_change = [&](std::size_t i) {
      analysis.rule_effects[i] = bj::rule_effect(changes[i], analysis.basic.chart);
    };
    if (!run::run_jobs(changes.size(), run::resolve_threads(request.threads), analyze_change, control)) {
      throw Error("interrupted: the rule effects were not all analyzed, so none is reported");
    }
  }
  analysis.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  outcome.result = io::analysis_result_json(request.config, analysis);
  return outcome;
}

}  // namespace cardsim::app
