// `cardsim ramp`: the bet at each true count that maximises a bankroll's
// growth for a given risk (Kelly, capped by the spread), from a counting run
// (blackjack/ramp.hpp), printed in --bet-ramp form with its predicted figures
// and a second run that plays it to confirm them. Parsing, wiring and
// printing only.
#include "cardsim/blackjack/ramp.hpp"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/ramp_result.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

namespace bj = blackjack;

// Unless the config or a flag says otherwise: rounds of the counting run (and
// again of the confirmation), and rounds per chunk (a hundred chunks for the
// batch-means errors).
constexpr std::uint64_t RAMP_DEFAULT_ROUNDS = 20'000'000;
constexpr std::uint64_t RAMP_DEFAULT_CHUNK_ROUNDS = 200'000;

struct RampOptions {
  std::shared_ptr<ConfigOptions> game = std::make_shared<ConfigOptions>();
  std::string spread;
  double bankroll = 0;
  double kelly_fraction = bj::RampSizing{}.kelly_fraction;
  std::string out;
  unsigned threads = 0;
  bool quiet = false;
};

// A check of a number flag's text: a number that `validate` accepts.
CLI::Validator number_check(void (*validate)(double)) {
  return error_check([validate](const std::string& text) {
    const nlohmann::json value = io::flag_value_to_json(text);
    if (!value.is_number()) throw Error("'" + excerpt(text) + "' is not a number");
    validate(value.get<double>());
  });
}

void run_ramp(const RampOptions& options) {
  if (options.game->flags.contains("bankroll_units")) {
    throw UsageError("cardsim ramp sizes its bets for --bankroll; give it instead of --bankroll-units");
  }
  io::InputRegistry inputs;
  io::SimConfig config =
      resolve_counting_config(*options.game, inputs, "ramp", RAMP_DEFAULT_ROUNDS, RAMP_DEFAULT_CHUNK_ROUNDS);
  config.counting.bankroll = options.bankroll;
  config.control_variate = io::control_variate_of(config);  // echoed in the result
  const bj::StrategyChart chart = resolve_strategy(*options.game, config, inputs);
  const bj::Counting counting = resolve_counting(*options.game, config, inputs);

  read_config_files(*options.game, config, inputs);
  Outputs outputs("ramp", inputs);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.check();

  const bj::RampPlan plan{config.seed,
                          config.rounds,
                          config.chunk_rounds,
                          run::resolve_threads(options.threads),
                          {io::parse_bet_spread(options.spread), options.bankroll, options.kelly_fraction},
                          config.counting.rounds_per_hour,
                          *config.control_variate};
  bj::SimulationControl control;
  const auto start = std::chrono::steady_clock::now();
  bj::RampRun run;
  {
    const StopOnSignal stop_on_signal(control.run, "rounds", config.chunk_rounds, "");
    // Two runs: the counting run the ramp is fitted on, then the ramp played.
    const ProgressBar progress(control.run.items_done, 2 * config.rounds, "rounds",
                               !options.quiet && ProgressBar::stderr_is_terminal());
    run = bj::derive_ramp(config.rules, chart, counting, plan, control);
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!run.complete) {
    throw Interrupted("interrupted after " + std::to_string(run.measured.rounds + run.confirmed.rounds) +
                      " rounds; nothing written");
  }
  const nlohmann::json result = io::ramp_result_json(config, plan, run, plan.threads, elapsed);
  const std::string result_text = result.dump(2) + "\n";
  outputs.write("--out", result_text);
  if (!options.quiet) std::fprintf(outputs.summary_stream(), "%s", io::ramp_summary(result).c_str());
  outputs.finish(result_text);
}

}  // namespace

void setup_ramp(CLI::App& app) {
  auto options = std::make_shared<RampOptions>();
  CLI::App* ramp = app.add_subcommand(
      "ramp", "Derive the bet ramp (bet by true count) that maximises growth for a bankroll: Kelly-proportional to the "
              "advantage over the variance, capped by the spread; then play it to confirm its win rate and SD");
  ramp->add_option("--spread", options->spread, "Smallest and largest bet in base bets, e.g. 1-12")
      ->type_name("LOW-HIGH")
      ->required()
      ->check(error_check([](const std::string& text) { io::parse_bet_spread(text); }));
  ramp->add_option("--bankroll", options->bankroll,
                   "Bankroll in base bets the bets are sized for (also the risk of ruin's, as bankroll_units)")
      ->type_name("UNITS")
      ->required()
      ->check(number_check(bj::validate_bankroll));
  ramp->add_option("--kelly-fraction", options->kelly_fraction,
                   "Share of the full Kelly bet, in (0, 1]: 0.5 is half Kelly (half the growth rate's risk)")
      ->type_name("F")
      ->check(number_check(bj::validate_kelly_fraction))
      ->capture_default_str();
  ramp->add_option("-o,--out", options->out,
                   "Write the result JSON to FILE ('-': stdout; a device or FIFO is written in place)");
  add_threads_option(*ramp, options->threads);
  ramp->add_flag("-q,--quiet", options->quiet, "No progress bar and no summary");
  // The game and the count: --config and a flag per config key (and
  // --control-variate: both runs controlled by default). --rounds (default
  // 20M here) is each of the two runs'.
  io::SimConfig defaults;  // the help's defaults: the command's own rounds
  defaults.rounds = RAMP_DEFAULT_ROUNDS;
  defaults.chunk_rounds = RAMP_DEFAULT_CHUNK_ROUNDS;
  add_config_options(*ramp, options->game, ALL_KEYS & ~SIDE_BET_KEYS, defaults);
  ramp->callback([options] { run_ramp(*options); });
}

}  // namespace cardsim::cli
