#include "progress.hpp"

#include <cstdio>

#include <unistd.h>

namespace cardsim::cli {

bool ProgressBar::stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

ProgressBar::ProgressBar(const std::atomic<std::uint64_t>& done, std::uint64_t total, std::string unit, bool enabled)
    : done_(done), total_(total), unit_(std::move(unit)), start_(std::chrono::steady_clock::now()), enabled_(enabled) {
  if (!enabled_) return;
  thread_ = std::thread([this] {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; })) draw();
  });
}

ProgressBar::~ProgressBar() {
  if (!enabled_) return;
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

void ProgressBar::draw() const {
  constexpr int WIDTH = 30;
  const std::uint64_t done = done_.load(std::memory_order_relaxed);
  const double fraction = total_ > 0 ? static_cast<double>(done) / static_cast<double>(total_) : 1.0;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0;
  std::string bar(static_cast<std::size_t>(fraction * WIDTH), '#');
  bar.resize(WIDTH, '.');
  std::fprintf(stderr, "\r[%s] %5.1f%%  %.1f M %s/s  ETA %.0f s\033[K", bar.c_str(), 100 * fraction, rate / 1e6,
               unit_.c_str(), eta);
  std::fflush(stderr);
}

}  // namespace cardsim::cli
