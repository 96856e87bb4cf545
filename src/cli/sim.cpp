// `cardsim sim`: the blackjack shoe simulator.
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/run/runner.hpp"
#include "cardsim/version.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

struct SimOptions {
  std::string config_file;
  std::map<std::string, std::string> flags;  // config key -> flag text, for the flags given
  unsigned threads = 0;
  std::string out;
  bool quiet = false;
};

std::string dashed(std::string key) {
  for (char& c : key) c = c == '_' ? '-' : c;
  return key;
}

void run_sim(const SimOptions& options) {
  // The config: the file, then every flag given on top of it, then validation.
  nlohmann::json j = nlohmann::json::object();
  std::string config_folder;
  if (!options.config_file.empty()) {
    try {
      j = nlohmann::json::parse(io::read_file(options.config_file));
    } catch (const nlohmann::json::parse_error& e) {
      throw Error("config '" + options.config_file + "' is not valid JSON: " + e.what());
    }
    config_folder = std::filesystem::path(options.config_file).parent_path().string();
  }
  for (const auto& [key, text] : options.flags) j[key] = io::flag_value_to_json(text);
  const io::SimConfig config = io::sim_config_from_json(j);
  const blackjack::StrategyChart chart = io::load_strategy(config.strategy, config.rules, config_folder, DATA_DIR);
  const blackjack::Engine engine(config.rules, chart);

  const bool to_stdout = options.out == "-";
  if (!options.out.empty() && !to_stdout) io::check_writable(options.out);

  const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
  const unsigned threads = run::resolve_threads(options.threads);
  run::RunControl control;
  const StopOnSignal stop_on_signal(control.stop_requested);

  const auto start = std::chrono::steady_clock::now();
  run::RunOutcome<blackjack::Tally> outcome;
  {
    const ProgressBar progress(control.items_done, plan.total_items, "rounds",
                               !options.quiet && ProgressBar::stderr_is_terminal());
    outcome = run::run_chunks<blackjack::Tally>(
        plan, run::all_chunks(plan), threads, [] { return blackjack::Tally{}; },
        [&](std::uint64_t chunk, std::uint64_t rounds, blackjack::Tally& tally) {
          core::Rng rng = core::chunk_rng(config.seed, core::StreamPurpose::blackjack_chunk, chunk);
          engine.play_chunk(rounds, rng, tally);
        },
        control);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const io::RunInfo info{chart.name, plan.chunks(), outcome.completed_chunks.size(), threads, elapsed};
  const nlohmann::json result = io::sim_result_json(config, info, outcome.tally);
  if (!options.out.empty() && !to_stdout) io::write_file_atomically(options.out, result.dump(2) + "\n");
  if (to_stdout) std::printf("%s\n", result.dump(2).c_str());
  if (!options.quiet || !outcome.complete) std::fprintf(to_stdout ? stderr : stdout, "%s", io::sim_summary(result).c_str());
  if (!outcome.complete) {
    throw Interrupted("interrupted after " + std::to_string(outcome.tally.rounds) + " of " +
                      std::to_string(config.rounds) + " rounds" +
                      (options.out.empty() || to_stdout ? "" : "; the partial result is in " + options.out));
  }
}

}  // namespace

void setup_sim(CLI::App& app) {
  auto options = std::make_shared<SimOptions>();
  CLI::App* sim = app.add_subcommand("sim", "Simulate blackjack rounds and report the edge and outcome statistics");
  sim->add_option("-c,--config", options->config_file, "Config file (JSON); flags override its keys")
      ->check(CLI::ExistingFile);
  sim->add_option("-t,--threads", options->threads, "Threads (0: all cores)")->capture_default_str();
  sim->add_option("-o,--out", options->out, "Write the result JSON to FILE ('-': stdout)");
  sim->add_flag("-q,--quiet", options->quiet, "No progress bar and no summary");
  const nlohmann::json defaults = io::to_json(io::SimConfig{});
  for (const io::ConfigKey& key : io::config_keys()) {
    if (key.key == "name" || key.key == "description") continue;
    const std::string flag = "--" + dashed(key.key);
    auto* option = sim->add_option_function<std::string>(
        flag, [options, name = key.key](const std::string& text) { options->flags[name] = text; },
        key.help + "; " + key.allowed + " (default " + defaults.at(key.key).dump() + ")");
    if (key.kind == "boolean") option->expected(0, 1);
    option->type_name(key.kind == "boolean" ? "[BOOL]" : "VALUE");
  }
  sim->callback([options] { run_sim(*options); });
}

}  // namespace cardsim::cli
