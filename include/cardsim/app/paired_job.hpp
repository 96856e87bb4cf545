// One paired run of variants, as every front end runs it (`cardsim compare`
// and `sweep`, Python's cardsim.compare and sweep): the variants' files read
// once, their charts, engines and exact EVs set up, the chunks of the run (or
// of a shard) played on the same cards for every variant, in one go or in
// batches until a target standard error; the end is the result JSON (a shard
// result when sharded), the CSV and the summary, all from io. The front end
// makes the variants (app/variants.hpp), watches the run and writes the
// outputs (io::Outputs).
//
//   app::PairedJob job("compare", variants, {}, {.threads = 0, .shard = "0/4"}, inputs);
//   outputs.check();                    // the variants' files are inputs now
//   job.set_up(control);                // charts, engines, exact EVs
//   job.play(control);
//   const app::PairedJobEnd end = job.finish();
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cardsim/app/settings.hpp"
#include "cardsim/app/variants.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::app {

struct PairedJobOptions {
  unsigned threads = 0;                       // 0: every core
  double target_se = 0;                       // stop once every difference's SE is at most this; 0: play every round
  std::string shard;                          // "i/N": one shard of the run ("": the whole run)
  const SettingNames* names = &CLI_SETTINGS;  // how the front end names the settings in messages
};

struct PairedJobEnd {
  std::string result;       // the result JSON's text (empty if no chunk was played)
  std::string csv;          // one row per variant (empty for a shard: its rows would hold one shard's figures)
  std::string summary;      // the summary lines
  std::string interrupted;  // empty, or "interrupted after N rounds per variant"
};

class PairedJob {
 public:
  // `variants` (the first is the baseline) of `command` ("compare", or
  // "sweep" varying the keys `varied`). Reads the files they name through
  // `inputs`, so the outputs can be checked against them. Throws Error.
  PairedJob(std::string command, std::vector<Variant> variants, std::vector<std::string> varied,
            PairedJobOptions options, io::InputRegistry& inputs);
  PairedJob(PairedJob&&) noexcept;
  PairedJob& operator=(PairedJob&&) noexcept;
  ~PairedJob();

  // Each variant's chart, engine and exact EV, on the job's threads; returns
  // false if control.stop_requested stopped it between its jobs.
  bool set_up(run::RunControl& control);
  // Warnings to show before the run, one line each: side bets whose pays were
  // published for another number of decks; too few chunks for a paired SE.
  std::vector<std::string> warnings() const;
  // Rounds each variant plays in this run (the shard's), and per chunk.
  std::uint64_t rounds_total() const;
  std::uint64_t chunk_rounds() const;

  // Plays the run; returns at the end, at the target or once
  // control.stop_requested is set.
  void play(run::RunControl& control);
  PairedJobEnd finish() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace cardsim::app
