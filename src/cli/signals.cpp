#include "signals.hpp"

#include <csignal>

namespace cardsim::cli {
namespace {
std::atomic<bool>* g_stop_flag = nullptr;  // std::atomic<bool> is lock-free: safe in a handler

extern "C" void on_stop_signal(int /*signal*/) {
  if (g_stop_flag != nullptr) g_stop_flag->store(true);
}
}  // namespace

StopOnSignal::StopOnSignal(std::atomic<bool>& flag) {
  g_stop_flag = &flag;
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

StopOnSignal::~StopOnSignal() {
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  g_stop_flag = nullptr;
}

}  // namespace cardsim::cli
