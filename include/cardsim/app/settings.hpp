// The settings a front end gives a job besides its config (where its
// checkpoints go, which shard it plays...), and how each front end names
// them: a job's errors name a setting through the front end's table, so that
// the CLI says "--checkpoint" and Python "checkpoint".
//
//   throw Error(names(Setting::resume) + " takes the config from the checkpoint");
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace cardsim::app {

enum class Setting : std::size_t {
  config,            // the config (a file, a dict) and its keys given on top
  shard,             // play one shard "i/N" of the run
  checkpoint,        // where the finished chunks are saved
  checkpoint_every,  // how often
  resume,            // a checkpoint to continue
  target_se,         // stop at this standard error
  threads,
  vary,          // a sweep's axis
  chunk_rounds,  // rounds per chunk
  chunk_deals,   // deals per chunk (zjh)
  filter,        // bench: the cases to run
  repetitions,   // bench: repetitions of each case
  min_time,      // bench: seconds a repetition
  evaluator,     // bench: an outside evaluator (a plugin)
  timeout,       // bench: the evaluator's time limit
  mpi,           // the MPI launch (mpirun)
};
inline constexpr std::size_t SETTINGS = static_cast<std::size_t>(Setting::mpi) + 1;

// A front end's names of the settings, in the order of Setting.
class SettingNames {
 public:
  constexpr explicit SettingNames(std::array<std::string_view, SETTINGS> names) : names_(names) {}
  std::string operator()(Setting setting) const { return std::string(names_[static_cast<std::size_t>(setting)]); }

 private:
  std::array<std::string_view, SETTINGS> names_;
};

// The CLI's flags ("--checkpoint") and Python's keyword arguments
// ("checkpoint"); mpirun is the CLI's alone.
inline constexpr SettingNames CLI_SETTINGS({"--config", "--shard", "--checkpoint", "--checkpoint-every", "--resume",
                                            "--target-se", "--threads", "--vary", "--chunk-rounds", "--chunk-deals",
                                            "--filter", "--repetitions", "--min-time", "--evaluator", "--timeout",
                                            "mpirun"});
inline constexpr SettingNames PYTHON_SETTINGS({"config", "shard", "checkpoint", "checkpoint_every", "resume",
                                               "target_se", "threads", "vary", "chunk_rounds", "chunk_deals", "filter",
                                               "repetitions", "min_time", "evaluator", "timeout", "mpirun"});

}  // namespace cardsim::app
