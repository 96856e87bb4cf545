// `cardsim analyze`: the exact combinatorial analysis of a blackjack rule set
// (fresh shoe each round): dealer table, computed basic strategy, exact EVs.
// Parsing, calling blackjack::analyze and printing; the JSON and the report
// are io/analysis_result's.
#include "cardsim/blackjack/analyze.hpp"

#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cardsim/io/analysis_result.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

struct AnalyzeOptions {
  std::shared_ptr<ConfigOptions> game = std::make_shared<ConfigOptions>();
  std::string out;
  std::string write_chart;
  bool composition_dependent = false;
  std::string post_split = blackjack::post_split_name(blackjack::PostSplit::cdp1);
  bool quiet = false;
};

void run_analyze(const AnalyzeOptions& options) {
  io::InputRegistry inputs;
  const io::SimConfig config = resolve_config(*options.game, inputs);
  blackjack::AnalysisOptions analysis;
  analysis.basic_name = io::computed_basic_name(config.rules);
  // A strategy other than "basic" is evaluated beside the computed one.
  if (config.strategy != io::BASIC_STRATEGY) analysis.strategy = resolve_strategy(*options.game, config, inputs);
  analysis.composition_dependent = options.composition_dependent;
  for (std::size_t k = 0; k < blackjack::POST_SPLIT_NAMES.size(); ++k) {
    if (options.post_split == blackjack::POST_SPLIT_NAMES[k])
      analysis.post_split = static_cast<blackjack::PostSplit>(k);
  }
  read_config_files(*options.game, config, inputs);
  Outputs outputs("analyze", inputs);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.output("--write-chart", options.write_chart);
  outputs.check();

  const blackjack::AnalysisResult result = blackjack::analyze(config.rules, analysis);
  outputs.write("--write-chart", io::analysis_chart_file(result));
  const std::string result_text = io::analysis_result_json(config, result).dump(2) + "\n";
  outputs.write("--out", result_text);
  if (!options.quiet) std::fputs(io::analysis_report(result).c_str(), outputs.summary_stream());
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
  analyze->add_flag("-q,--quiet", options->quiet, "No report on the terminal");
  // The game: --config and a flag per config key, as `sim`. A --strategy other
  // than basic is evaluated beside the computed basic strategy.
  add_config_options(*analyze, options->game, RULE_KEYS | STRATEGY_KEYS);
  analyze->callback([options] { run_analyze(*options); });
}

}  // namespace cardsim::cli
