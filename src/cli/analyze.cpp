// `cardsim analyze`: the exact combinatorial analysis of a blackjack rule set
// (fresh shoe each round): dealer table, computed basic strategy, exact EVs,
// and with --rule-effects the effect of each single rule change. Parsing,
// calling the analyze job (app/analyze_job.hpp) and printing; the JSON, the
// CSV and the reports are io/analysis_result's.
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cardsim/app/analyze_job.hpp"
#include "cardsim/io/analysis_result.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"
#include "progress.hpp"

namespace cardsim::cli {
namespace {

struct AnalyzeOptions {
  std::shared_ptr<ConfigOptions> game = std::make_shared<ConfigOptions>();
  std::string out;
  std::string write_chart;
  std::string csv;
  bool rule_effects = false;
  unsigned threads = 0;
  bool composition_dependent = false;
  std::string post_split = blackjack::post_split_name(blackjack::PostSplit::cdp1);
  bool quiet = false;
};

void run_analyze(const AnalyzeOptions& options) {
  io::InputRegistry inputs;
  app::AnalyzeRequest request;
  request.config = resolve_config(*options.game, inputs);
  const io::SimConfig& config = request.config;
  // A strategy other than "basic" is evaluated beside the computed one.
  if (config.strategy != io::BASIC_STRATEGY) request.options.strategy = resolve_strategy(*options.game, config, inputs);
  request.options.composition_dependent = options.composition_dependent;
  request.options.post_split = blackjack::post_split_from_name(options.post_split);
  request.rule_effects = options.rule_effects;
  request.threads = options.threads;
  read_config_files(*options.game, config, inputs);
  Outputs outputs("analyze", inputs);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.output("--write-chart", options.write_chart);
  outputs.output("--csv", options.csv);
  outputs.check();

  run::RunControl control;
  app::AnalyzeOutcome outcome;
  {
    const ProgressBar bar(control.items_done, app::rule_change_count(request), "rule changes",
                          !options.quiet && request.rule_effects && ProgressBar::stderr_is_terminal());
    outcome = app::run_analyze_job(request, control);
  }
  const blackjack::AnalysisResult& analysis = outcome.analysis;
  outputs.write("--write-chart", io::analysis_chart_file(analysis));
  if (request.rule_effects) outputs.write("--csv", io::rule_effects_csv(config, analysis));
  const std::string result_text = outcome.result.dump(2) + "\n";
  outputs.write("--out", result_text);
  if (!options.quiet) {
    const std::string report =
        request.rule_effects ? io::rule_effects_report(config, analysis) : io::analysis_report(analysis);
    std::fputs(report.c_str(), outputs.summary_stream());
  }
  outputs.finish(result_text);
}

}  // namespace

void setup_analyze(CLI::App& app) {
  auto options = std::make_shared<AnalyzeOptions>();
  CLI::App* analyze = app.add_subcommand(
      "analyze", "Exact analysis of the configured blackjack game: dealer table, basic strategy, expected values");
  analyze->add_option("-o,--out", options->out, "Write the result JSON to FILE ('-': stdout)");
  analyze->add_option("--write-chart", options->write_chart, "Write the computed basic strategy chart to FILE");
  CLI::Option* cd = analyze->add_flag("--composition-dependent", options->composition_dependent,
                                      "Also compute the composition-dependent optimum");
  analyze
      ->add_option("--post-split", options->post_split,
                   "What split hands' decisions know in the composition-dependent optimum: cdz (CDZ-: as the same "
                   "cards unsplit), cdp1 (CDP1: the other pair card out), cdp (CDP: every pair card split so far)")
      ->check(CLI::IsMember({"cdz", "cdp1", "cdp"}))
      ->needs(cd)
      ->capture_default_str();
  CLI::Option* effects = analyze->add_flag(
      "--rule-effects", options->rule_effects,
      "The exact effect of each single rule change (decks, H17, doubling, splits, surrender, 6:5, hole card) on the "
      "house edge, with each game's optimal strategy and with this game's: the table instead of the report");
  analyze
      ->add_option("--csv", options->csv,
                   "With --rule-effects: write one CSV row per rule change to FILE ('-': stdout)")
      ->needs(effects);
  add_threads_option(*analyze, options->threads);
  analyze->add_flag("-q,--quiet", options->quiet, "No report on the terminal");
  // The game: --config and a flag per config key, as `sim`. A --strategy other
  // than basic is evaluated beside the computed basic strategy.
  add_config_options(*analyze, options->game, RULE_KEYS | STRATEGY_KEYS);
  analyze->callback([options] { run_analyze(*options); });
}

}  // namespace cardsim::cli
