// The periodic checkpoints of a job (sim, zjh sim): a thread of their own
// that saves the job's progress at intervals while the job plays.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <mutex>
#include <stop_token>
#include <thread>

namespace cardsim::app {

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

}  // namespace cardsim::app
