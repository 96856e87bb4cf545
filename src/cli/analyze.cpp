// `cardsim analyze`: the exact combinatorial analysis of a blackjack rule set
// (fresh shoe each round): dealer table, computed basic strategy, exact EVs.
// Parsing, wiring and printing only; the analysis lives in blackjack/analysis.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/version.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

namespace bj = blackjack;
using nlohmann::json;

// Version of the JSON layout of `analyze` (docs/results.md, "analyze").
constexpr int ANALYSIS_SCHEMA_VERSION = 1;
constexpr double PERCENT = 100.0;

struct AnalyzeOptions {
  std::shared_ptr<ConfigOptions> game = std::make_shared<ConfigOptions>();
  std::string out;
  std::string write_chart;
  bool composition_dependent = false;
  bool quiet = false;
};

constexpr std::array<const char*, bj::CARD_VALUES + 1> UPCARD_NAMES{"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T"};
// Columns in the usual order: 2..9, T, A.
constexpr std::array<int, bj::CARD_VALUES> COLUMNS{2, 3, 4, 5, 6, 7, 8, 9, 10, 1};
constexpr std::array<const char*, bj::DEALER_FINALS> FINAL_KEYS{"17", "18", "19", "20", "21", "bust", "blackjack"};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

json number_or_null(double x) { return std::isnan(x) ? json(nullptr) : json(x); }

json dealer_json(const bj::DealerTable& table) {
  json by_upcard = json::object();
  for (const int up : COLUMNS) {
    json before = json::object(), after = json::object();
    for (int k = 0; k < bj::DEALER_FINALS; ++k) {
      before[FINAL_KEYS[at(k)]] = table.unconditioned[at(up)][at(k)];
      after[FINAL_KEYS[at(k)]] = table.no_blackjack[at(up)][at(k)];
    }
    by_upcard[UPCARD_NAMES[at(up)]] = {
        {"probability", table.upcard_probability[at(up)]}, {"before_peek", before}, {"no_blackjack", after}};
  }
  return by_upcard;
}

json strategy_ev_json(const bj::StrategyChart& chart, const bj::StrategyEv& ev) {
  json by_upcard = json::object();
  for (const int up : COLUMNS) {
    by_upcard[UPCARD_NAMES[at(up)]] = {{"probability", ev.upcard_probability[at(up)]},
                                       {"ev", ev.upcard_ev[at(up)]},
                                       {"contribution", ev.upcard_contribution[at(up)]}};
  }
  return {{"name", chart.name},
          {"ev", ev.ev},
          {"house_edge_percent", io::percent(-ev.ev)},
          {"insurance_contribution", ev.insurance},
          {"by_upcard", by_upcard},
          {"chart", io::format_strategy_chart(chart)}};
}

json hands_json(const bj::InitialHandTable& table) {
  json hands = json::array();
  for (int up = 1; up <= bj::CARD_VALUES; ++up) {
    for (int a = 1; a <= bj::CARD_VALUES; ++a) {
      for (int b = a; b <= bj::CARD_VALUES; ++b) {
        const bj::DecisionEvs& e = table.evs[at(a)][at(b)][at(up)];
        hands.push_back({{"cards", std::string(UPCARD_NAMES[at(a)]) + UPCARD_NAMES[at(b)]},
                         {"upcard", UPCARD_NAMES[at(up)]},
                         {"probability", table.probability[at(a)][at(b)][at(up)]},
                         {"stand", number_or_null(e.stand)},
                         {"hit", number_or_null(e.hit)},
                         {"double", number_or_null(e.double_down)},
                         {"split", number_or_null(e.split)},
                         {"surrender", number_or_null(e.surrender)}});
      }
    }
  }
  return hands;
}

// The readable report: dealer table, chart, EVs by up card.
void print_report(const io::SimConfig& config, const bj::Analyzer& analyzer, const bj::StrategyChart& basic,
                  const bj::StrategyEv& basic_ev, const bj::StrategyChart* given, const bj::StrategyEv* given_ev,
                  const bj::CompositionDependentEv* cd, double elapsed, std::FILE* out) {
  std::fprintf(out, "cardsim analyze: %s\n\n", io::describe_rules(config.rules).c_str());
  std::fprintf(out, "Dealer final totals by up card (before the peek; bust* = bust given no blackjack)\n");
  std::fprintf(out, " up   P(up)      17       18       19       20       21     bust  blackjack   bust*\n");
  const bj::DealerTable& d = analyzer.dealer();
  for (const int up : COLUMNS) {
    const auto& p = d.unconditioned[at(up)];
    std::fprintf(out, "  %s  %.6f", UPCARD_NAMES[at(up)], d.upcard_probability[at(up)]);
    for (int k = 0; k < bj::DEALER_FINALS; ++k) std::fprintf(out, " %8.6f", p[at(k)]);
    std::fprintf(out, " %8.6f\n", d.no_blackjack[at(up)][static_cast<std::size_t>(bj::DealerFinal::bust)]);
  }
  std::fprintf(out, "\nOptimal total-dependent basic strategy for these rules\n%s",
               io::format_strategy_chart(basic).c_str());
  auto print_ev = [&](const char* title, const bj::StrategyEv& ev) {
    std::fprintf(out, "\n%s\n up   P(up)     EV|up      contribution\n", title);
    for (const int up : COLUMNS) {
      std::fprintf(out, "  %s  %.6f  %+9.5f%%  %+9.5f%%\n", UPCARD_NAMES[at(up)], ev.upcard_probability[at(up)],
                   PERCENT * ev.upcard_ev[at(up)], PERCENT * ev.upcard_contribution[at(up)]);
    }
    std::fprintf(out, "  expected value %+.7f%% per initial bet (house edge %.7f%%)\n", PERCENT * ev.ev, -PERCENT * ev.ev);
  };
  print_ev("Exact expected value of the basic strategy", basic_ev);
  if (given != nullptr) print_ev(("Exact expected value of strategy '" + given->name + "'").c_str(), *given_ev);
  if (cd != nullptr) {
    std::fprintf(out, "\nComposition-dependent optimum: %+.7f%% (%+.7f%% over the basic strategy)\n", PERCENT * cd->ev,
                 PERCENT * (cd->ev - basic_ev.ev));
  }
  std::fprintf(out,
               "\nSplits are the one approximation: each split hand sees the up card and the pair cards\n"
               "dealt so far removed, not the other split hands' draws (exact without resplits).\n"
               "Analysis time %.3f s.\n",
               elapsed);
}

void run_analyze(const AnalyzeOptions& options) {
  const io::SimConfig config = resolve_config(*options.game);
  // A strategy other than "basic" is evaluated beside the computed one.
  std::unique_ptr<bj::StrategyChart> given;
  if (config.strategy != "basic") given = std::make_unique<bj::StrategyChart>(resolve_strategy(*options.game, config));
  Outputs outputs("analyze");
  add_config_inputs(outputs, *options.game, config);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.output("--write-chart", options.write_chart);
  outputs.check();

  const auto start = std::chrono::steady_clock::now();
  bj::Analyzer analyzer(config.rules);
  const bj::StrategyChart basic = analyzer.optimal_chart("basic (computed for " + io::describe_rules(config.rules) + ")");
  const bj::StrategyEv basic_ev = analyzer.evaluate(basic);
  const bj::InitialHandTable hands = analyzer.initial_hand_table(basic);
  bj::StrategyEv given_ev;
  if (given) given_ev = analyzer.evaluate(*given);
  bj::CompositionDependentEv cd;
  if (options.composition_dependent) cd = analyzer.composition_dependent(basic);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  outputs.write("--write-chart",
                io::format_strategy_chart(basic, "Computed by cardsim analyze " + std::string(VERSION) + " for: " +
                                                     io::describe_rules(config.rules) + "\nExact EV " +
                                                     std::to_string(PERCENT * basic_ev.ev) + "% per initial bet (fresh shoe)."));
  json result;
  result["schema_version"] = ANALYSIS_SCHEMA_VERSION;
  result["tool"] = io::tool_json();
  result["command"] = "analyze";
  result["config"] = io::to_json(config);
  result["rules"] = io::describe_rules(config.rules);
  result["method"] = {
      {"shoe", "fresh shoe each round, card removal of the up card and every player card"},
      {"peek", "peek games: values given no dealer blackjack where the player decides; EVs over all rounds"},
      {"splits", "split hands play the chart (DAS doubles); each sees the up card and the pair cards dealt so far "
                 "removed, not the other split hands' draws; exact without resplits"},
      {"strategy", "total-dependent: one action per total, up card and two/3+ cards, maximizing the EV summed over "
                   "every composition reaching it (unsplit hands)"}};
  result["dealer"] = dealer_json(analyzer.dealer());
  result["basic_strategy"] = strategy_ev_json(basic, basic_ev);
  if (given) result["strategy"] = strategy_ev_json(*given, given_ev);
  if (options.composition_dependent) {
    json by_upcard = json::object();
    for (const int up : COLUMNS) by_upcard[UPCARD_NAMES[at(up)]] = cd.upcard_ev[at(up)];
    result["composition_dependent"] = {{"ev", cd.ev}, {"house_edge_percent", io::percent(-cd.ev)}, {"ev_by_upcard", by_upcard}};
  }
  result["initial_hands"] = hands_json(hands);
  result["performance"] = {{"elapsed_seconds", elapsed}, {"dealer_distributions", analyzer.dealer_evaluations()}};

  const std::string result_text = result.dump(2) + "\n";
  outputs.write("--out", result_text);
  if (!options.quiet) {
    print_report(config, analyzer, basic, basic_ev, given.get(), given ? &given_ev : nullptr,
                 options.composition_dependent ? &cd : nullptr, elapsed, outputs.summary_stream());
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
  analyze->add_flag("--composition-dependent", options->composition_dependent,
                    "Also compute the composition-dependent optimum");
  analyze->add_flag("-q,--quiet", options->quiet, "No report on the terminal");
  // The game: --config and a flag per config key, as `sim`. A --strategy other
  // than basic is evaluated beside the computed basic strategy.
  add_config_options(*analyze, options->game);
  analyze->callback([options] { run_analyze(*options); });
}

}  // namespace cardsim::cli
