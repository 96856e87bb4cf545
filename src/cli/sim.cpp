// `cardsim sim`: the blackjack shoe simulator.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/run/runner.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

struct SimOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  unsigned threads = 0;
  std::string out;
  bool quiet = false;
};

void run_sim(const SimOptions& options) {
  const io::SimConfig config = resolve_config(*options.config);
  const blackjack::StrategyChart chart = resolve_strategy(*options.config, config);
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

  const double exact_ev = blackjack::Analyzer(config.rules).evaluate(chart).ev;
  const io::RunInfo info{chart.name, exact_ev, plan.chunks(), outcome.completed_chunks.size(), threads, elapsed};
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
  add_config_options(*sim, options->config);
  sim->add_option("-t,--threads", options->threads, "Threads (0: all cores)")->capture_default_str();
  sim->add_option("-o,--out", options->out, "Write the result JSON to FILE ('-': stdout)");
  sim->add_flag("-q,--quiet", options->quiet, "No progress bar and no summary");
  sim->callback([options] { run_sim(*options); });
}

}  // namespace cardsim::cli
