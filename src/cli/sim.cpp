// `cardsim sim`: the blackjack shoe simulator.
//
// Besides a plain run on all cores: --shard i/N plays one shard of the run
// (merged later by `cardsim merge`), --checkpoint FILE saves the finished
// chunks at intervals and when stopped, --resume FILE plays only what a
// checkpoint lacks, and under `mpirun` (a -DCARDSIM_MPI=ON build) the ranks
// split the chunks and rank 0 writes the result.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "cardsim/app/sim_job.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/run/mpi.hpp"
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

void run_sim(const SimOptions& options) {
  const run::MpiSession mpi;
  // Every file is read once, through `inputs`: a resumed run reads only its
  // checkpoint, which holds what the run read when it started.
  io::InputRegistry inputs;
  app::SimJob job =
      app::SimJob::start({.resume = options.resume,
                          .config = [&] { return resolve_config(*options.config, inputs); },
                          .config_given = !options.config->config_file.empty() || !options.config->flags.empty(),
                          .folder = [&](const std::string& key) { return naming_folder(*options.config, key); },
                          .shard = options.shard,
                          .options = {.threads = options.threads,
                                      .target_se = options.target_se,
                                      .checkpoint = options.checkpoint,
                                      .checkpoint_seconds = app::parse_duration(options.checkpoint_every),
                                      .checkpoint_written = note_checkpoint_written,
                                      .mpi = &mpi,
                                      .names = &app::CLI_SETTINGS}},
                         inputs);
  if (options.resume.empty()) warn_side_bet_decks(job.side_bets(), job.config());
  const std::string& checkpoint_path = job.checkpoint_file();

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
  if (!options.resume.empty() && checkpoint_path == options.resume) note_checkpoint_written();

  blackjack::SimulationControl control;
  {
    // During the run only: a signal while the outputs are written (a FIFO
    // with no reader blocks its open) ends the process at once.
    control.run.items_done = job.rounds_done();
    const StopOnSignal stop_on_signal(control.run, "rounds", job.config().chunk_rounds, checkpoint_path);
    const ProgressBar progress(job.rounds_done(), job.rounds_total(), "rounds",
                               mpi.root() && !options.quiet && ProgressBar::stderr_is_terminal());
    job.play(control);
  }
  const std::optional<app::SimJobEnd> end = job.finish();
  if (!end) {
    if (control.run.stop_requested) throw Interrupted("rank " + std::to_string(mpi.rank()) + " interrupted");
    return;
  }
  outputs.write("--checkpoint", end->checkpoint);
  outputs.write("--out", end->result);
  if (!options.quiet) std::fputs(end->summary.c_str(), outputs.summary_stream());
  outputs.finish(end->result, end->interrupted);
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
  add_checkpoint_options(*sim, options->checkpoint, options->checkpoint_every, options->resume);
  sim->callback([options] { run_sim(*options); });
}

}  // namespace cardsim::cli
