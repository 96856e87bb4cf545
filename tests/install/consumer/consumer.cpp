// Usage: consumer CONFIG CHART. Reads the rule-set config CONFIG from the
// data folder (CARDSIM_DATA_DIR), the chart named CHART, and prints the
// chart's exact house edge for those rules, in percent of the initial bet.
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/version.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: consumer CONFIG CHART\n");
    return 2;
  }
  try {
    namespace io = cardsim::io;
    const std::string data = io::data_dir();
    const io::SimConfig config = io::sim_config_from_json(nlohmann::json::parse(io::read_file(data + "/" + argv[1])));
    const cardsim::blackjack::StrategyChart chart = io::load_strategy(argv[2], config.rules, "");
    cardsim::blackjack::Analyzer analyzer(config.rules);
    std::printf("cardsim %s\n", cardsim::VERSION);
    std::printf("data %s\n", data.c_str());
    std::printf("house_edge_percent %.7f\n", -100.0 * analyzer.evaluate(chart).ev);
  } catch (const cardsim::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
