// `cardsim chart`: writes the strategy chart a config plays, in the chart file
// format, so that a named or generated strategy can be edited and fed back.
#include <cstdio>
#include <string>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

// Blackjack Switch: how the exchange is decided, as comment lines after the
// chart: the values the engine compares (SwitchValues), in % of a bet.
std::string switch_comment(const blackjack::Rules& rules, const blackjack::StrategyChart& chart) {
  const blackjack::SwitchValues v = blackjack::Analyzer(rules).switch_values(chart);
  static const char* const CARD[] = {"?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T"};
  std::string out =
      "#\n# [switch] The second cards are exchanged when the exchanged hands' values sum higher than the\n"
      "# dealt hands' (ties keep the hands). Values in % of a bet, given no dealer blackjack, of each\n"
      "# two-card hand played by the chart above against each up card; the other hand's cards are left in\n"
      "# the shoe (approximate). \"A,T sw\" is an A,T made by the exchange: 21, not a blackjack.\n";
  auto row = [&](const std::string& label, const blackjack::SwitchValues::Table& table, int a, int b) {
    std::string line = "# " + label;
    line.resize(9, ' ');
    for (int up : {2, 3, 4, 5, 6, 7, 8, 9, 10, 1}) {
      char cell[16];
      std::snprintf(
          cell, sizeof cell, "%7.1f",
          100 * table[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)][static_cast<std::size_t>(up)]);
      line += cell;
    }
    out += line + "\n";
  };
  std::string head = "#        ";
  for (int up : {2, 3, 4, 5, 6, 7, 8, 9, 10, 1}) head += std::string(6, ' ') + CARD[up];
  out += head + "\n";
  for (int a = 1; a <= blackjack::CARD_VALUES; ++a) {
    for (int b = a; b <= blackjack::CARD_VALUES; ++b) row(std::string(CARD[a]) + "," + CARD[b], v.dealt, a, b);
  }
  row("A,T sw", v.switched, 1, blackjack::TEN);
  return out;
}

struct ChartOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  std::string out = "-";
};

void run_chart(const ChartOptions& options) {
  io::InputRegistry inputs;
  const io::SimConfig config = resolve_config(*options.config, inputs);
  read_config_files(*options.config, config, inputs);
  Outputs outputs("chart", inputs);
  outputs.output("--out", options.out);
  outputs.check();
  const blackjack::StrategyChart chart = resolve_strategy(*options.config, config, inputs);
  std::string text =
      io::format_strategy_chart(chart, "strategy: " + chart.name + "\nrules: " + io::describe_rules(config.rules));
  if (config.rules.switch_hands) text += switch_comment(config.rules, chart);
  outputs.write("--out", text);
  outputs.finish("");
}

}  // namespace

void setup_chart(CLI::App& app) {
  auto options = std::make_shared<ChartOptions>();
  CLI::App* command = app.add_subcommand("chart", "Write the strategy chart a config plays (chart file format)");
  add_config_options(*command, options->config, RULE_KEYS | STRATEGY_KEYS);
  command->add_option("-o,--out", options->out, "Write the chart to FILE ('-': stdout)")->capture_default_str();
  command->callback([options] { run_chart(*options); });
}

}  // namespace cardsim::cli
