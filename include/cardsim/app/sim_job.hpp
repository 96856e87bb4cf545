// One blackjack simulation job, as every front end runs it (`cardsim sim`,
// Python's cardsim.sim): the config and every file it names read once
// through one io::InputRegistry (or a checkpoint, for a resumed run), the Engine
// built once, then the chunks played on threads with an optional target
// standard error, periodic checkpoints, a shard of the run and a share per
// MPI rank; the end is the result JSON (a shard result when sharded), the
// checkpoint's text and the summary line, all from io. A front end supplies
// what it read (flags, keyword arguments), watches the run (progress, the
// stop flag in blackjack::SimulationControl) and writes the outputs (through
// io::Outputs, which keeps every output off the inputs).
//
//   app::SimJob job(config, folders, inputs);       // or SimJob::resumed(path, inputs)
//   job.prepare(options);                          // checks, the chunks to play
//   job.play(control);                             // returns on the end or the stop flag
//   const app::SimJobEnd end = job.finish();        // result, checkpoint, summary
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/app/settings.hpp"
#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/run/shard.hpp"

namespace cardsim::app {

// The one place an Engine is built from a config: its rules, `chart`,
// `counting`, the side bets played and the control variate `control`;
// with `coordinate`, the control's buckets follow it (a paired run's
// variants share the baseline's: ControlValues::coordinate()).
std::unique_ptr<blackjack::Engine> make_engine(const io::SimConfig& config, const blackjack::StrategyChart& chart,
                                               const blackjack::Counting& counting,
                                               const std::vector<io::PlayedSideBet>& side_bets,
                                               blackjack::ControlVariate control,
                                               const blackjack::CardProbabilities* coordinate = nullptr);

// The config file at `path` (none if empty), read through `inputs` as
// `what` (the CLI's names: "--config" for sim and sweep, "config" for each
// of compare's files), with `keys` set on top: the config object a job starts from.
nlohmann::json config_object(const std::string& path, const nlohmann::json& keys, io::InputRegistry& inputs,
                             const std::string& what = "--config");

// The folder a relative file name of config key `key` ("strategy", "count",
// "indices", "side_bets") is found from: "" for the working folder.
using KeyFolder = std::function<std::string(const std::string& key)>;

// Seconds in a duration such as "60s", "5m", "1h", "90" (seconds); 0 if the
// text is not a positive duration (below 1e9 seconds).
double parse_duration(const std::string& text);

// How a job runs (the same for a fresh and a resumed job).
struct SimJobOptions {
  unsigned threads = 0;    // 0: every core
  double target_se = 0;    // stop at this standard error per initial wager; 0: play every round
  std::string checkpoint;  // the file checkpoints go to ("" none; a resumed job: its own file unless given)
  double checkpoint_seconds = 60;
  // Called after each periodic checkpoint written (the CLI's signal messages say it is kept).
  std::function<void()> checkpoint_written;
  // The MPI ranks sharing the run (null: this process alone).
  const run::MpiSession* mpi = nullptr;
  // How the front end names the settings in messages.
  const SettingNames* names = &CLI_SETTINGS;
};

// A job as a front end asks for it: a fresh one of a config, or one resumed
// from a checkpoint, and how it runs. The front end only translates its
// flags or keywords into this; SimJob::start() makes the choice.
struct SimRequest {
  std::string resume;  // a checkpoint to continue ("" a fresh job)
  // A fresh job's config, made when it is needed (the front end's flags or
  // keywords over a config file); not called for a resumed job.
  std::function<io::SimConfig()> config;
  bool config_given = false;  // whether the front end was given any config or config key
  KeyFolder folder;           // where a fresh job's relative file names are found
  std::string shard;          // "i/N": one shard of the run ("" the whole run)
  // How it runs. A resumed job's checkpoints go on to its own file unless
  // options.checkpoint names another.
  SimJobOptions options;
};

// The end of a job on the rank that writes (rank 0).
struct SimJobEnd {
  io::RunInfo info;
  blackjack::Tally tally;   // every chunk done: the checkpoint's and this run's
  std::string result;       // the result JSON's text, as `--out` writes it (empty if no round was played)
  std::string checkpoint;   // the checkpoint's text (empty without a checkpoint)
  std::string summary;      // the summary lines (sim_summary)
  std::string interrupted;  // empty, or "interrupted after N of M rounds[; resume with --resume FILE]"
};

class SimJob {
 public:
  // A fresh job of `config` (validated): its chart, count, index list and
  // side bets read through `inputs`, relative names from `folder(key)`;
  // `shard` "i/N" plays one shard of the run ("": the whole run).
  SimJob(io::SimConfig config, const KeyFolder& folder, io::InputRegistry& inputs, const std::string& shard = "");
  // The job saved in the checkpoint at `path` (read through `inputs`): its
  // config, chart, counting, side bets, shard and the chunks it has done.
  static SimJob resumed(const std::string& path, io::InputRegistry& inputs);
  // The job `request` asks for, prepared: resumed if it names a checkpoint
  // (then it may give no config and no shard: Error), else fresh. Every file
  // is read through `inputs`.
  static SimJob start(const SimRequest& request, io::InputRegistry& inputs);

  SimJob(SimJob&&) noexcept;
  SimJob& operator=(SimJob&&) noexcept;
  ~SimJob();

  const io::SimConfig& config() const;
  const std::vector<io::PlayedSideBet>& side_bets() const;
  // The checkpoint the job was resumed from ("" for a fresh job).
  const std::string& resumed_from() const;
  // After prepare(): the file its checkpoints go to ("" none): the options'
  // checkpoint, else a resumed job's own.
  const std::string& checkpoint_file() const;

  // Checks `options` against the job (a target SE plays chunks in order: not
  // with a shard, checkpoint, resume or MPI; checkpoints in one process) and
  // works out the chunks this process plays. Throws Error.
  void prepare(SimJobOptions options);
  // Rounds done before play() (a checkpoint's) and when this process has played its chunks.
  std::uint64_t rounds_done() const;
  std::uint64_t rounds_total() const;

  // Plays the prepared chunks (checkpoints at intervals while it plays);
  // returns at the end, at the target or once control.run.stop_requested is
  // set. Rethrows a worker's exception.
  void play(blackjack::SimulationControl& control);

  // After play(): gathers the ranks' tallies (collective under MPI) and, on
  // rank 0, the result; nullopt on the other ranks.
  std::optional<SimJobEnd> finish();

 private:
  struct State;
  explicit SimJob(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace cardsim::app
