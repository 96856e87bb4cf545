// `cardsim sim`: the blackjack shoe simulator.
//
// Besides a plain run on all cores: --shard i/N plays one shard of the run
// (merged later by `cardsim merge`), --checkpoint FILE saves the finished
// chunks at intervals and when stopped, --resume FILE plays only what a
// checkpoint lacks, and under `mpirun` (a -DCARDSIM_MPI=ON build) the ranks
// split the chunks and rank 0 writes the result.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/checkpoint.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/run/journal.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/run/runner.hpp"
#include "cardsim/run/shard.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

struct SimOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  unsigned threads = 0;
  std::string out;
  bool quiet = false;
  std::string shard;  // "i/N", empty: the whole run
  std::string checkpoint;
  std::string checkpoint_every = "60s";
  std::string resume;
  double target_se = 0;  // per initial wager; 0: play every round
};

// Seconds in a duration such as "60s", "5m", "1h", "90" (seconds); 0 if the
// text is not a positive duration.
double parse_seconds(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return 0;
  }
  const std::string unit = text.substr(used);
  const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : 0;
  const double seconds = value * scale;
  return seconds > 0 && seconds < 1e9 ? seconds : 0;
}

// What a run plays: the config, chart, counting and side bets, the files they
// came from (their fingerprints), the shard, and what a checkpoint already
// holds (nothing for a fresh run).
struct RunPlan {
  io::SimConfig config;
  blackjack::StrategyChart chart;
  blackjack::Counting counting;
  std::vector<io::PlayedSideBet> side_bets;
  nlohmann::json inputs;  // io::inputs_identity_json() of the files the run read
  run::Shard shard;
  bool sharded = false;
  blackjack::Tally done_tally{};
  std::vector<std::uint64_t> done_chunks;
};

// Every file is read here, once, through `inputs`; a resumed run reads only
// its checkpoint, which holds what the run read when it started.
RunPlan plan_run(const SimOptions& options, io::InputRegistry& inputs) {
  RunPlan plan;
  if (!options.resume.empty()) {
    if (!options.config->config_file.empty() || !options.config->flags.empty() || !options.shard.empty()) {
      throw Error("--resume takes the config and shard from the checkpoint: give no --config, config flag or --shard");
    }
    io::Checkpoint checkpoint =
        io::checkpoint_from_text(inputs.read("checkpoint", options.resume).bytes, options.resume);
    plan.config = std::move(checkpoint.config);
    plan.chart = std::move(checkpoint.chart);
    plan.counting = std::move(checkpoint.counting);
    plan.side_bets = std::move(checkpoint.side_bets);
    plan.inputs = std::move(checkpoint.inputs);
    plan.shard = checkpoint.shard;
    plan.sharded = checkpoint.sharded;
    plan.done_tally = checkpoint.tally;
    plan.done_chunks = std::move(checkpoint.completed_chunks);
  } else {
    plan.config = resolve_config(*options.config, inputs);
    plan.chart = resolve_strategy(*options.config, plan.config, inputs);
    plan.counting = resolve_counting(*options.config, plan.config, inputs);
    plan.side_bets = resolve_side_bets(*options.config, plan.config, inputs);
    plan.inputs = io::inputs_identity_json(inputs.files());
    plan.sharded = !options.shard.empty();
    if (plan.sharded) plan.shard = run::parse_shard(options.shard);
  }
  return plan;
}

// Writes a checkpoint every `interval` from a thread of its own while alive
// (the first after one interval); a failed write is reported on stderr and
// retried at the next interval.
class PeriodicCheckpoint {
 public:
  template <class Save>
  PeriodicCheckpoint(std::chrono::duration<double> interval, Save save)
      : thread_([this, interval, save](std::stop_token stop) {
          std::unique_lock lock(mutex_);
          while (!wake_.wait_for(lock, stop, interval, [] { return false; }) && !stop.stop_requested()) {
            try {
              save();
            } catch (const std::exception& e) {
              std::fprintf(stderr, "warning: checkpoint not saved: %s\n", e.what());
            }
          }
        }) {}

 private:
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;  // last: started after the members it uses, stopped first
};

// One rank's share of an MPI run, as sent to rank 0.
std::string rank_report(const blackjack::SimulationResult& outcome, unsigned threads) {
  return nlohmann::json{{"tally", io::tally_to_json(outcome.tally)},
                        {"chunks", io::chunk_ranges_to_json(outcome.completed_chunks)},
                        {"threads", threads}}
      .dump();
}

void run_sim(const SimOptions& options) {
  const run::MpiSession mpi;
  io::InputRegistry inputs;
  const RunPlan plan = plan_run(options, inputs);
  const io::SimConfig& config = plan.config;
  std::vector<blackjack::SideBet> bets;
  for (const io::PlayedSideBet& b : plan.side_bets) bets.push_back(b.file.bet);
  const blackjack::Engine engine(config.rules, plan.chart, plan.counting, std::move(bets),
                                 io::control_variate_of(config));

  const std::string checkpoint_path = options.checkpoint.empty() ? options.resume : options.checkpoint;
  if (!checkpoint_path.empty() && mpi.size() > 1) {
    throw Error("--checkpoint and --resume work in one process, not under mpirun; give each job a --shard instead");
  }
  if (options.target_se > 0 && (plan.sharded || !checkpoint_path.empty() || mpi.size() > 1)) {
    throw Error("--target-se plays chunks in order until the standard error is small enough; it does not combine "
                "with --shard, --checkpoint, --resume or mpirun");
  }
  const double checkpoint_seconds = parse_seconds(options.checkpoint_every);

  // The files, checked before the long run (on rank 0, which writes). A
  // resumed checkpoint goes on being updated in place unless --checkpoint
  // names another file.
  Outputs outputs("sim", inputs);
  outputs.may_update(options.resume, "--checkpoint");
  outputs.output("--out", options.out, /*result=*/true);
  outputs.output("--checkpoint", checkpoint_path);
  std::string problem;
  if (mpi.root()) {
    try {
      outputs.check();
    } catch (const Error& e) {
      problem = e.what();
    }
  }
  if (!mpi.all_ok(problem.empty())) throw Error(mpi.root() ? problem : "rank 0 could not start the run");
  const double exact_ev = blackjack::Analyzer(config.rules).evaluate(plan.chart).ev;

  const run::ChunkPlan chunk_plan{config.rounds, config.chunk_rounds};
  const std::vector<std::uint64_t> assigned = run::shard_chunks(chunk_plan, plan.shard);
  const std::vector<std::uint64_t> todo =
      run::rank_chunks(run::missing_chunks(assigned, plan.done_chunks), mpi.rank(), mpi.size());
  const unsigned threads = run::threads_used(run::resolve_threads(options.threads), todo.size());
  blackjack::SimulationControl control;
  control.run.items_done = static_cast<std::uint64_t>(plan.done_tally.rounds);
  if (!options.resume.empty() && checkpoint_path == options.resume) note_checkpoint_written();

  // With a checkpoint, each chunk is also recorded in the journal, from which
  // the periodic checkpoints are taken.
  std::optional<run::ChunkJournal<blackjack::Tally>> journal;
  if (!checkpoint_path.empty()) journal.emplace(plan.done_tally, plan.done_chunks);
  const auto checkpoint_text = [&](const blackjack::Tally& tally, const std::vector<std::uint64_t>& completed) {
    const io::Checkpoint checkpoint{config,     plan.chart,   plan.counting, plan.side_bets, plan.inputs,
                                    plan.shard, plan.sharded, completed,     tally};
    return io::checkpoint_to_text(checkpoint);
  };
  if (journal) {
    control.on_chunk = [&](std::uint64_t chunk, const blackjack::Tally& part) { journal->record(chunk, part); };
  }

  const auto start = std::chrono::steady_clock::now();
  blackjack::SimulationResult outcome;
  {
    // During the run only: a signal while the outputs are written (a FIFO
    // with no reader blocks its open) ends the process at once.
    const StopOnSignal stop_on_signal(control.run, "rounds", config.chunk_rounds, checkpoint_path);
    const ProgressBar progress(control.run.items_done, run::items_in(chunk_plan, todo) + control.run.items_done,
                               "rounds", mpi.root() && !options.quiet && ProgressBar::stderr_is_terminal());
    std::optional<PeriodicCheckpoint> periodic;
    if (journal) {
      periodic.emplace(std::chrono::duration<double>(checkpoint_seconds), [&] {
        const auto snapshot = journal->snapshot();
        io::write_output(checkpoint_path, checkpoint_text(snapshot.tally, snapshot.completed));
        note_checkpoint_written();
      });
    }
    outcome = blackjack::simulate(engine, {config.seed, chunk_plan, todo, options.target_se}, threads, control);
  }
  const bool stopped_by_target = outcome.stopped_by == run::StopReason::target_se;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // Rank 0 collects the other ranks' tallies (in an MPI run).
  blackjack::Tally total = plan.done_tally;
  std::vector<std::uint64_t> completed = plan.done_chunks;
  unsigned all_threads = 0;
  const std::vector<std::string> reports = mpi.gather(rank_report(outcome, threads));
  if (!mpi.root()) {
    if (control.run.stop_requested) throw Interrupted("rank " + std::to_string(mpi.rank()) + " interrupted");
    return;
  }
  for (const std::string& report : reports) {
    const auto j = nlohmann::json::parse(report);
    total.merge(io::tally_from_json(j.at("tally")));
    const auto chunks = io::chunk_ranges_from_json(j.at("chunks"), chunk_plan.chunks());
    completed.insert(completed.end(), chunks.begin(), chunks.end());
    all_threads += j.at("threads").get<unsigned>();
  }
  std::sort(completed.begin(), completed.end());
  const bool complete = stopped_by_target || completed.size() == assigned.size();

  // A run stopped by --target-se is complete with the chunks it played.
  const io::RunInfo info{
      .strategy = plan.chart.name,
      .exact_ev = exact_ev,
      .chunks = stopped_by_target ? completed.size() : assigned.size(),
      .chunks_played = completed.size(),
      .threads = all_threads,
      .elapsed_seconds = elapsed,
      // speed counts the rounds this run played, not those a checkpoint held
      .rounds_played = total.rounds - plan.done_tally.rounds,
      .index_plays = io::index_play_lines(plan.counting.indices),
      .target_se = options.target_se,
      .stopped_by = stopped_by_target ? run::StopReason::target_se
                    : complete        ? run::StopReason::rounds
                                      : run::StopReason::interrupted,
      .mpi_ranks = static_cast<unsigned>(mpi.size()),
      .side_bets = plan.side_bets,
  };
  nlohmann::json result = io::sim_result_json(config, info, total);
  if (plan.sharded) {
    io::add_shard_info(result, io::run_identity(config, plan.chart, plan.counting, plan.side_bets, plan.inputs),
                       plan.shard, exact_ev);
  }
  const std::string result_text = result.dump(2) + "\n";
  outputs.write("--checkpoint", checkpoint_text(total, completed));
  outputs.write("--out", result_text);
  if (!options.quiet) std::fputs(io::sim_summary(config, info, total).c_str(), outputs.summary_stream());
  std::string interrupted;
  if (!complete) {
    interrupted = "interrupted after " + std::to_string(total.rounds) + " of " +
                  std::to_string(run::items_in(chunk_plan, assigned)) + " rounds" +
                  (checkpoint_path.empty() ? "" : "; resume with --resume " + checkpoint_path);
  }
  outputs.finish(result_text, interrupted);
}

}  // namespace

void setup_sim(CLI::App& app) {
  auto options = std::make_shared<SimOptions>();
  CLI::App* sim = app.add_subcommand("sim", "Simulate blackjack rounds and report the edge and outcome statistics");
  add_config_options(*sim, options->config);
  add_threads_option(*sim, options->threads);
  sim->add_option("-o,--out", options->out,
                  "Write the result JSON to FILE ('-': stdout; a device or FIFO is written in place)");
  sim->add_flag("-q,--quiet", options->quiet, "No progress bar and no summary");
  add_target_se_option(*sim, options->target_se,
                       "Stop once the standard error of the edge is at most this, per initial wager (e.g. 0.0005): "
                       "chunks are played in order, checked every 20; --rounds is the cap");
  add_shard_option(*sim, options->shard);
  sim->add_option("--checkpoint", options->checkpoint,
                  "Save the finished chunks to FILE at intervals and when stopped (resume with --resume FILE)")
      ->type_name("FILE");
  sim->add_option("--checkpoint-every", options->checkpoint_every,
                  "Interval between checkpoints: seconds, or a number with s, m or h")
      ->type_name("DURATION")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return parse_seconds(text) > 0 ? "" : "'" + text + "' is not a duration such as 60s, 5m, 1h";
          },
          "DURATION"));
  sim->add_option("--resume", options->resume,
                  "Continue the run saved in checkpoint FILE (its config, strategy and shard); checkpoints go on "
                  "to FILE unless --checkpoint says otherwise")
      ->type_name("FILE")
      ->check(CLI::ExistingFile);
  sim->callback([options] { run_sim(*options); });
}

}  // namespace cardsim::cli
