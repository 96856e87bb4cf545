// `cardsim indices`: index plays generated for the configured rules and count
// (blackjack/index_generator): the result JSON (the differences by true
// count) to --out as every command's, the index file ready for --indices to
// --write-indices. Parsing, wiring and printing only.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/index_generator.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/index_result.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

namespace bj = blackjack;

// Unless the config or a flag says otherwise: rounds valued, and rounds per
// chunk (small enough for the batch-means errors' dozens of chunks).
constexpr std::uint64_t INDICES_DEFAULT_ROUNDS = 2'000'000;
constexpr std::uint64_t INDICES_DEFAULT_CHUNK_ROUNDS = 20'000;
constexpr const char* DEFAULT_HANDS = "illustrious18-fab4-s17";

struct IndicesOptions {
  std::shared_ptr<ConfigOptions> game = std::make_shared<ConfigOptions>();
  std::string hands;
  std::string out;
  std::string write_indices;
  unsigned threads = 0;
  std::string states_per_true_count = std::to_string(bj::IndexRunPlan{}.states_per_true_count);
  bool quiet = false;
};

void run_indices(const IndicesOptions& options) {
  io::InputRegistry inputs;
  const io::SimConfig config =
      resolve_counting_config(*options.game, inputs, "indices", INDICES_DEFAULT_ROUNDS, INDICES_DEFAULT_CHUNK_ROUNDS);
  const bj::StrategyChart chart = resolve_strategy(*options.game, config, inputs);
  // The lines: --hands, else the config's index set, else the Illustrious 18
  // and Fab 4 (their lines; the numbers are generated).
  const std::string hands_name = !options.hands.empty()              ? options.hands
                                 : config.counting.indices != "none" ? config.counting.indices
                                                                     : DEFAULT_HANDS;
  const std::string folder = options.hands.empty() ? naming_folder(*options.game, "indices") : "";
  const io::IndexHands hands = io::load_index_hands(hands_name, folder, inputs);
  io::SimConfig counted = config;
  counted.counting.indices = "none";  // the lines come from --hands
  const bj::Counting counting = resolve_counting(*options.game, counted, inputs);
  const std::vector<bj::IndexPlay> lines =
      hands.from_list ? bj::candidate_deviations(config.rules, chart, hands.lines) : hands.lines;

  // The files, checked before the run: the index file given by --hands is an
  // input too (no output may write over it).
  read_config_files(*options.game, config, inputs);
  Outputs outputs("indices", inputs);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.output("--write-indices", options.write_indices);
  outputs.check();

  run::RunControl control;
  const bj::IndexRunPlan plan{config.rounds, config.chunk_rounds, config.seed, run::resolve_threads(options.threads),
                              count_value(options.states_per_true_count, "--states-per-count", /*zero_allowed=*/true)};
  const auto start = std::chrono::steady_clock::now();
  bj::IndexRun run;
  {
    const StopOnSignal stop_on_signal(control, "rounds", config.chunk_rounds, "");
    // Two passes over the shoes: dealing (fast), then valuing.
    const ProgressBar progress(control.items_done, 2 * config.rounds, "rounds",
                               !options.quiet && ProgressBar::stderr_is_terminal());
    run = bj::generate_indices(config.rules, chart, counting, lines, plan, control);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!run.complete) throw Interrupted("interrupted after " + std::to_string(run.rounds) + " rounds; nothing written");
  const std::vector<bj::GeneratedIndex> generated = hands.from_list ? bj::choose_deviations(run.lines) : run.lines;

  const std::string index_file = io::format_generated_index_file(
      generated, io::generated_index_header(config, chart.name, run, hands), !hands.from_list);
  const nlohmann::json result = io::index_run_json(config, run, generated, hands, plan.threads, elapsed);
  const std::string result_text = result.dump(2) + "\n";
  outputs.write("--write-indices", index_file);
  outputs.write("--out", result_text);
  if (!options.quiet) {
    std::fprintf(outputs.summary_stream(), "%s", io::index_summary(result, generated, !hands.from_list).c_str());
  }
  outputs.finish(result_text);
}

}  // namespace

void setup_indices(CLI::App& app) {
  auto options = std::make_shared<IndicesOptions>();
  CLI::App* indices = app.add_subcommand(
      "indices", "Generate index plays (the true count at which a play changes) for the configured rules and count");
  indices
      ->add_option("--hands", options->hands,
                   "The lines: an index file or a name in the data folder's indices/ (its hands and plays; the "
                   "numbers are generated), or cells such as 16vT,s18v2,TTv6,R15vT,insurance (plays from the chart); "
                   "default: the config's indices, else illustrious18-fab4-s17")
      ->type_name("FILE|LIST");
  indices->add_option(
      "-o,--out", options->out,
      "Write the result JSON (differences by true count with standard errors) to FILE ('-': "
      "stdout), as every command's --out (in cardsim 0.2.0 it wrote the index file: now --write-indices)");
  indices->add_option("--write-indices", options->write_indices,
                      "Write the generated index file (for --indices) to FILE ('-': stdout)");
  indices
      ->add_option("--states-per-count", options->states_per_true_count,
                   "Round starts valued per true count (before the deal), about: a state at true count t is valued "
                   "with probability min(1, N / states at t); 0: every state")
      ->type_name("N")
      ->check(count_check("--states-per-count", /*zero_allowed=*/true))
      ->capture_default_str();
  add_threads_option(*indices, options->threads);
  indices->add_flag("-q,--quiet", options->quiet, "No progress bar and no table");
  // The game and the count: --config and a flag per config key. --rounds
  // (default 2M here) counts the round starts dealt.
  io::SimConfig defaults;  // the help's defaults: the command's own rounds
  defaults.rounds = INDICES_DEFAULT_ROUNDS;
  defaults.chunk_rounds = INDICES_DEFAULT_CHUNK_ROUNDS;
  add_config_options(*indices, options->game, ALL_KEYS & ~SIDE_BET_KEYS & ~CONTROL_KEY, defaults);
  indices->callback([options] { run_indices(*options); });
}

}  // namespace cardsim::cli
