// `cardsim chart`: writes the strategy chart a config plays, in the chart file
// format, so that a named or generated strategy can be edited and fed back.
#include <cstdio>

#include "cardsim/io/strategy_file.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

struct ChartOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  std::string out = "-";
};

void run_chart(const ChartOptions& options) {
  const io::SimConfig config = resolve_config(*options.config);
  Outputs outputs("chart");
  add_config_inputs(outputs, *options.config, config);
  outputs.output("--out", options.out);
  outputs.check();
  const blackjack::StrategyChart chart = resolve_strategy(*options.config, config);
  outputs.write("--out", io::format_strategy_chart(
                             chart, "strategy: " + chart.name + "\nrules: " + io::describe_rules(config.rules)));
  outputs.finish("");
}

}  // namespace

void setup_chart(CLI::App& app) {
  auto options = std::make_shared<ChartOptions>();
  CLI::App* command = app.add_subcommand("chart", "Write the strategy chart a config plays (chart file format)");
  add_config_options(*command, options->config);
  command->add_option("-o,--out", options->out, "Write the chart to FILE ('-': stdout)")->capture_default_str();
  command->callback([options] { run_chart(*options); });
}

}  // namespace cardsim::cli
