// `cardsim chart`: writes the strategy chart a config plays, in the chart file
// format, so that a named or generated strategy can be edited and fed back.
#include <cstdio>

#include "cardsim/io/files.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "commands.hpp"
#include "config_options.hpp"

namespace cardsim::cli {
namespace {

struct ChartOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  std::string out;
};

void run_chart(const ChartOptions& options) {
  const io::SimConfig config = resolve_config(*options.config);
  if (!options.out.empty()) io::check_writable(options.out);
  const blackjack::StrategyChart chart = resolve_strategy(*options.config, config);
  const std::string text =
      io::format_strategy_chart(chart, "strategy: " + chart.name + "\nrules: " + io::describe_rules(config.rules));
  if (options.out.empty()) {
    std::fputs(text.c_str(), stdout);
  } else {
    io::write_file_atomically(options.out, text);
  }
}

}  // namespace

void setup_chart(CLI::App& app) {
  auto options = std::make_shared<ChartOptions>();
  CLI::App* command = app.add_subcommand("chart", "Write the strategy chart a config plays (chart file format)");
  add_config_options(*command, options->config);
  command->add_option("-o,--out", options->out, "Write the chart to FILE instead of stdout");
  command->callback([options] { run_chart(*options); });
}

}  // namespace cardsim::cli
