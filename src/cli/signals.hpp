// Ctrl-C (SIGINT) and SIGTERM, for the whole process. main() installs the
// handler before anything else, and ignores SIGPIPE: a write to a pipe whose
// reader has gone fails with EPIPE, which the outputs take as the reader's
// choice (io::ReaderClosed: nothing said, nothing saved, the run's other
// outputs still written), not a death by signal (exit 141). A signal ends the
// process with 128 + its number (130 for SIGINT, 143 for SIGTERM):
// - outside a run (reading configs and charts, computing strategies and exact
//   EVs, sweep cells, merge, report...) a signal ends the process at once with
//   one line "error: interrupted...": an atomic write in progress leaves the
//   old file and no temporary, and the line says whether the outputs were
//   already written;
// - during a run (a StopOnSignal alive) the first signal asks the run to stop
//   after the chunks in progress, so the partial result is still reported and
//   written; if no chunk has been completed yet it ends the process at once
//   instead (a part of a chunk is not a result). A second signal ends the
//   process at once (a checkpoint written before is kept).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "cardsim/core/error.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::cli {

// 128 + the number of the last stop signal received (130 if none).
int interrupted_exit_code();

// Installs the handler of SIGINT and SIGTERM and ignores SIGPIPE. `print`:
// whether the process prints the line when it ends at once (false on MPI
// ranks other than 0).
void install_signal_handler(bool print);

// Outputs::finish calls this once the command's outputs are written, so that
// a signal after it does not claim that nothing was.
void note_outputs_written();

// The checkpoint of the run in progress exists (written, or resumed from), so
// that a signal's message says it is kept only then.
void note_checkpoint_written();

// While alive, a signal asks a run or a session to stop (see the top).
class StopOnSignal {
 public:
  // For a run: the first signal sets control.stop_requested, unless
  // control.items_done has not grown since now (no chunk completed). `unit`
  // ("rounds", "deals") and `chunk_items` describe a chunk and `checkpoint`
  // (empty: none) the file that is kept, in the messages.
  StopOnSignal(run::RunControl& control, const std::string& unit, std::uint64_t chunk_items,
               const std::string& checkpoint);
  // For an interactive session: the first signal sets `flag` and interrupts a
  // read waiting for input, so the session can end with its summary.
  explicit StopOnSignal(std::atomic<bool>& flag);
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
};

}  // namespace cardsim::cli
