// One Zha Jin Hua simulation job (`cardsim zjh sim`, Python's
// cardsim.zjh.sim), as blackjack's SimJob: a fresh job of a config or one
// resumed from its checkpoint, its chunks (or a shard's) played on threads
// with periodic checkpoints, and at the end the result JSON (a shard result
// when sharded), the checkpoint's text and the summary. The front end
// translates its flags or keywords into a ZjhSimRequest, watches the run
// (progress and the stop flag in run::RunControl) and writes the outputs.
//
//   app::ZjhSimJob job = app::ZjhSimJob::start(request, inputs);
//   job.play(control);
//   const app::ZjhSimJobEnd end = job.finish();
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "cardsim/app/settings.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/run/runner.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::app {

struct ZjhSimRequest {
  std::string resume;  // a checkpoint to continue ("" a fresh job)
  // A fresh job's config (the front end's game, players and run keys), made
  // when needed; not called for a resumed job.
  std::function<zjh::SimConfig()> config;
  bool config_given = false;  // whether any config, rule or run key was given
  std::string shard;          // "i/N" ("" the whole run)
  unsigned threads = 0;       // 0: every core
  std::string checkpoint;     // where checkpoints go ("" none; a resumed job: its own file unless given)
  double checkpoint_seconds = 60;
  std::function<void()> checkpoint_written;  // called after each periodic checkpoint
  const SettingNames* names = &CLI_SETTINGS;
};

struct ZjhSimJobEnd {
  zjh::SimConfig config;
  zjh::SimTally tally;      // every chunk done: the checkpoint's and this run's
  std::string result;       // the result JSON (a shard result when sharded; empty if no deal was played)
  std::string checkpoint;   // the checkpoint's text (empty without a checkpoint)
  std::string summary;      // the summary lines (io::zjh_sim_summary), for a result written to `out`
  std::string interrupted;  // empty, or "interrupted after N of M deals[; resume with ...]"
};

class ZjhSimJob {
 public:
  // The job `request` asks for: resumed if it names a checkpoint (then no
  // config, key or shard may be given: Error), else fresh; files read through
  // `inputs`. Throws Error.
  static ZjhSimJob start(const ZjhSimRequest& request, io::InputRegistry& inputs);

  ZjhSimJob(ZjhSimJob&&) noexcept;
  ZjhSimJob& operator=(ZjhSimJob&&) noexcept;
  ~ZjhSimJob();

  const zjh::SimConfig& config() const;
  const std::string& checkpoint_file() const;
  std::uint64_t deals_done() const;   // before play(): a checkpoint's
  std::uint64_t deals_total() const;  // when this process has played its chunks
  std::uint64_t chunk_deals() const;

  // Plays the chunks left (checkpoints at intervals); returns at the end or
  // once control.stop_requested is set.
  void play(run::RunControl& control);
  // The result (`out` names where it goes, for the summary), the checkpoint, the summary.
  ZjhSimJobEnd finish(const std::string& out) const;

 private:
  struct State;
  explicit ZjhSimJob(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace cardsim::app
