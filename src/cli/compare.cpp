// `cardsim compare` and `cardsim sweep`: rule variants played on the same cards
// (common random numbers), each variant's edge and each difference against the
// first variant, the baseline, with a paired standard error. With --shard i/N
// a run plays only that shard's chunks and writes a shard result, which
// `cardsim merge` combines with the others (io/shard.hpp).
#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/app/paired_job.hpp"
#include "cardsim/app/variants.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/run/runner.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {
using nlohmann::json;

// Run settings common to every variant; given on the command line, else taken
// from the baseline config.
struct RunOptions {
  std::string rounds;
  std::string seed;
  std::string chunk_rounds;
  double target_se = 0;  // per initial wager; 0: play all rounds
  unsigned threads = 0;
  std::string out;
  std::string csv;
  bool quiet = false;
  std::string shard;  // "i/N", empty: the whole run
};

void add_run_options(CLI::App& command, RunOptions& run) {
  command.add_option("--rounds", run.rounds,
                     "Rounds each variant plays (1e9, 100M...); default: the baseline config's");
  command.add_option("--seed", run.seed, "Seed (default: the baseline config's)");
  command.add_option("--chunk-rounds", run.chunk_rounds,
                     "Rounds per chunk (default 100000: the paired SE is estimated over chunks)");
  add_target_se_option(command, run.target_se,
                       "Stop once the standard error of every difference (of the edge, for one variant) is at most "
                       "this, per initial wager (e.g. 0.0005); checked every 20 chunks");
  add_threads_option(command, run.threads);
  command.add_option("-o,--out", run.out, "Write the result JSON to FILE ('-': stdout)");
  command.add_option("--csv", run.csv, "Write one CSV row per variant to FILE ('-': stdout)");
  command.add_flag("-q,--quiet", run.quiet, "No progress bar and no summary");
  add_shard_option(command, run.shard);
}

// The run keys of the options, as make_variant applies them to each
// variant, and the names of those given (a bad value of one is a usage error).
app::PairedRunKeys run_keys(const RunOptions& run, std::set<std::string>& flag_keys) {
  app::PairedRunKeys keys;
  if (!run.rounds.empty()) keys.rounds = run.rounds;
  if (!run.seed.empty()) keys.seed = io::flag_value_to_json(run.seed);
  if (!run.chunk_rounds.empty()) keys.chunk_rounds = run.chunk_rounds;
  for (const auto& [key, value] :
       {std::pair{"rounds", &run.rounds}, {"seed", &run.seed}, {"chunk_rounds", &run.chunk_rounds}}) {
    if (!value->empty()) flag_keys.insert(key);
  }
  return keys;
}

// The outputs of a comparison, checked; `outputs` has its config inputs.
void check_outputs(Outputs& outputs, const RunOptions& run) {
  outputs.output("--out", run.out, /*result=*/true);
  outputs.output("--csv", run.csv);
  outputs.check();
}

// Plays the variants paired through app::PairedJob (the chunks of --shard, or
// all), in one go or in batches until --target-se is met, and writes the
// JSON, the CSV and the summary to `outputs` (checked by check_outputs before
// the variants were made; checked again here against the files they name:
// charts, side bets).
void run_variants(const std::string& command, std::vector<app::Variant>& variants,
                  const std::vector<std::string>& varied, const RunOptions& run, Outputs& outputs,
                  io::InputRegistry& inputs) {
  if (!run.shard.empty() && !run.csv.empty()) {
    throw Error("--csv with --shard: a shard's rows would hold one shard's statistics; give --csv to `cardsim merge`");
  }
  app::PairedJob job(command, std::move(variants), varied,
                     {.threads = run.threads, .target_se = run.target_se, .shard = run.shard}, inputs);
  outputs.check();
  run::RunControl control;
  // Ctrl-C here ends the process at once (signals.hpp: outside a run).
  job.set_up(control);
  for (const std::string& warning : job.warnings()) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  {
    const StopOnSignal stop_on_signal(control, "rounds per variant", job.chunk_rounds(), "");
    const ProgressBar progress(control.items_done, job.rounds_total(), "rounds",
                               !run.quiet && ProgressBar::stderr_is_terminal());
    job.play(control);
  }
  const app::PairedJobEnd end = job.finish();
  outputs.write("--out", end.result);
  outputs.write("--csv", end.csv);
  if (!run.quiet) std::fputs(end.summary.c_str(), outputs.summary_stream());
  outputs.finish(end.result, end.interrupted);
}

// ---- compare ---------------------------------------------------------------

struct CompareOptions {
  std::vector<std::string> configs;
  RunOptions run;
};

void run_compare(const CompareOptions& options) {
  run::require_one_rank("compare", "split the run with --shard I/N");
  if (options.configs.size() < 2) throw Error("compare needs at least two config files (the first is the baseline)");
  io::InputRegistry inputs;
  Outputs outputs("compare", inputs);
  std::vector<json> configs;
  for (const auto& path : options.configs) {
    configs.push_back(io::parse_json_object(inputs.read("config", path).bytes, "config '" + path + "'"));
  }
  check_outputs(outputs, options.run);
  std::set<std::string> flag_keys;
  const app::PairedRunKeys keys = run_keys(options.run, flag_keys);
  std::vector<app::Variant> variants =
      flag_errors_as_usage(flag_keys, [&] { return app::compare_variants(configs, options.configs, keys); });
  run_variants("compare", variants, {}, options.run, outputs, inputs);
}

// ---- sweep -----------------------------------------------------------------

struct SweepOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  std::vector<std::string> vary;
  RunOptions run;
};

void run_sweep(const SweepOptions& options) {
  run::require_one_rank("sweep", "split the run with --shard I/N");
  if (options.vary.empty()) throw Error("sweep needs at least one --vary KEY=VALUES (e.g. --vary decks=1,2,6,8)");
  io::InputRegistry inputs;
  Outputs outputs("sweep", inputs);
  const json base = config_json(*options.config, inputs);
  check_outputs(outputs, options.run);
  std::vector<app::SweepAxis> axes;
  for (const auto& spec : options.vary) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      throw Error("--vary '" + spec + "': expected KEY=VALUES, e.g. decks=1,2,6,8 or penetration=0.6:0.9:0.05");
    }
    std::string key = spec.substr(0, eq);
    std::replace(key.begin(), key.end(), '-', '_');
    app::check_sweep_axis(key, axes);
    axes.push_back(
        {key, flag_errors_as_usage({key}, [&] { return app::sweep_axis_values(key, spec.substr(eq + 1)); })});
  }
  // Keys given on the command line: a bad value of one is a usage error.
  std::set<std::string> flag_keys;
  std::vector<std::string> keys;
  for (const auto& axis : axes) keys.push_back(axis.key);
  flag_keys.insert(keys.begin(), keys.end());
  for (const auto& entry : options.config->flags) flag_keys.insert(entry.first);
  const app::PairedRunKeys run_values = run_keys(options.run, flag_keys);
  // The config's file names are relative to its folder; one given on the
  // command line (a flag or a --vary axis), to the working folder.
  const bool named_here = flag_keys.contains("strategy") || flag_keys.contains("side_bets");
  const std::string folder = named_here ? "" : naming_folder(*options.config, "strategy");
  std::vector<app::Variant> variants =
      flag_errors_as_usage(flag_keys, [&] { return app::sweep_variants(base, axes, run_values, folder); });
  run_variants("sweep", variants, keys, options.run, outputs, inputs);
}

}  // namespace

void setup_compare(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* command = app.add_subcommand(
      "compare", "Play rule variants on the same cards; each one's edge and its difference from the first");
  command
      ->add_option("configs", options->configs,
                   "Config files or names of rule sets of the data folder (6d-h17-das); the first is the baseline")
      ->required()
      ->transform(config_file_check());
  add_run_options(*command, options->run);
  command->callback([options] { run_compare(*options); });
}

void setup_sweep(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* command =
      app.add_subcommand("sweep", "Play a grid of rule variants (paired, on the same cards) and write JSON and CSV");
  // The run keys (--rounds, --seed, --chunk-rounds) are the run options, for every cell.
  add_config_options(*command, options->config, RULE_KEYS | STRATEGY_KEYS | SIDE_BET_KEYS | COUNTING_KEYS);
  command
      ->add_option("--vary", options->vary,
                   "KEY=VALUES: a config key and its values, a list (decks=1,2,6,8) or a range "
                   "(penetration=0.6:0.9:0.05); repeat for a grid")
      ->required();
  add_run_options(*command, options->run);
  command->callback([options] { run_sweep(*options); });
}

}  // namespace cardsim::cli
