// Ctrl-C (SIGINT) and SIGTERM during a run: ask the runner to stop after the
// chunks in progress, so the partial result can still be reported and written.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

#include "cardsim/core/error.hpp"

namespace cardsim::cli {

// Thrown when a run was stopped by a signal; main() exits with 130.
class Interrupted : public Error {
 public:
  using Error::Error;
};

// While alive, SIGINT and SIGTERM set `flag` instead of killing the process.
class StopOnSignal {
 public:
  explicit StopOnSignal(std::atomic<bool>& flag);
  ~StopOnSignal();
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;
};

}  // namespace cardsim::cli
