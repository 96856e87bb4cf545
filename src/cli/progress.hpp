// A progress bar on stderr (only when stderr is a terminal): share done, rate
// and ETA, redrawn a few times a second from a thread of its own.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace cardsim::cli {

class ProgressBar {
 public:
  // Watches `done` (items finished) out of `total`; does nothing if `enabled`
  // is false. `unit` names the items ("rounds", "deals").
  ProgressBar(const std::atomic<std::uint64_t>& done, std::uint64_t total, std::string unit, bool enabled);
  ~ProgressBar();  // stops and clears the bar
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // True when stderr is a terminal.
  static bool stderr_is_terminal();

 private:
  void draw() const;

  const std::atomic<std::uint64_t>& done_;
  std::uint64_t total_;
  std::string unit_;
  std::chrono::steady_clock::time_point start_;
  bool enabled_;
  bool stopping_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace cardsim::cli
