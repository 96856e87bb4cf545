// Usage: consumer CONFIG CHART [DATA_DIR]. Reads the rule-set config CONFIG
// from the data folder (the installed package's, or DATA_DIR set with
// io::set_data_dir, or $CARDSIM_DATA_DIR), the chart named CHART, and prints
// the chart's exact house edge for those rules, in percent of the initial bet.
// A cardsim::Error (a missing data folder, a bad file) is one line on stderr.
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
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: consumer CONFIG CHART [DATA_DIR]\n");
    return 2;
  }
  try {
    namespace io = cardsim::io;
    if (argc == 4) io::set_data_dir(argv[3]);
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
