#include "signals.hpp"

#include <algorithm>
#include <csignal>
#include <cstring>

#include <unistd.h>

#include "cardsim/io/files.hpp"

namespace cardsim::cli {
namespace {

// What the handler reads; written before g_flag publishes them. Lock-free
// atomics and plain buffers only: the handler may run on any thread.
std::atomic<std::atomic<bool>*> g_flag{nullptr};
std::atomic<const std::atomic<std::uint64_t>*> g_done{nullptr};
std::uint64_t g_done_before = 0;
std::atomic<int> g_signal{SIGINT};
std::atomic<bool> g_outputs_written{false};
std::atomic<bool> g_checkpoint_written{false};
bool g_print = true;
bool g_clear_line = false;  // stderr is a terminal: clear a progress bar first

constexpr std::size_t MESSAGE_BYTES = 1024;
struct Message {
  char text[MESSAGE_BYTES] = {};
  std::size_t size = 0;
  void set(const std::string& line) {
    size = std::min(line.size(), MESSAGE_BYTES - 1);
    std::memcpy(text, line.data(), size);
    text[size - 1] = '\n';
  }
};
// Each message with and without the checkpoint kept ([1]: kept).
Message g_outside_run;
Message g_after_outputs;
Message g_nothing_done[2];
Message g_again[2];

[[noreturn]] void end_now(const Message& message) {
  io::remove_unfinished_temporary();
  if (g_print) {
    if (g_clear_line) (void)!::write(STDERR_FILENO, "\r\033[K", 4);
    (void)!::write(STDERR_FILENO, message.text, message.size);
  }
  ::_exit(128 + g_signal.load());
}

extern "C" void on_stop_signal(int signal) {
  g_signal.store(signal);
  const std::size_t kept = g_checkpoint_written.load() ? 1 : 0;
  std::atomic<bool>* flag = g_flag.load();
  if (flag == nullptr) end_now(g_outputs_written.load() ? g_after_outputs : g_outside_run);
  if (flag->load()) end_now(g_again[kept]);
  const std::atomic<std::uint64_t>* done = g_done.load();
  if (done != nullptr && done->load() == g_done_before) end_now(g_nothing_done[kept]);
  flag->store(true);
}

// `restart`: reads and writes a signal interrupts resume (SA_RESTART);
// without, a read waiting for input returns (EINTR).
void handle_signals(bool restart) {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = restart ? SA_RESTART : 0;
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

}  // namespace

int interrupted_exit_code() { return 128 + g_signal.load(); }

void install_signal_handler(bool print) {
  g_print = print;
  g_clear_line = ::isatty(STDERR_FILENO) == 1;
  g_outside_run.set("error: interrupted; nothing was written\n");
  g_after_outputs.set("error: interrupted after the outputs were written (they are complete)\n");
  std::signal(SIGPIPE, SIG_IGN);
  handle_signals(true);
}

void note_outputs_written() { g_outputs_written.store(true); }

void note_checkpoint_written() { g_checkpoint_written.store(true); }

StopOnSignal::StopOnSignal(run::RunControl& control, const std::string& unit, std::uint64_t chunk_items,
                           const std::string& checkpoint) {
  for (std::size_t kept = 0; kept < 2; ++kept) {
    const std::string tail = kept == 1 && !checkpoint.empty() ? "; the checkpoint '" + checkpoint + "' is kept" : "";
    g_nothing_done[kept].set("error: interrupted before the first chunk (" + std::to_string(chunk_items) + " " + unit +
                             ") was completed: no result to write, as part of a chunk is not a result" + tail + "\n");
    g_again[kept].set("error: interrupted again: stopped at once without writing the result" + tail + "\n");
  }
  g_done_before = control.items_done.load();
  g_done.store(&control.items_done);
  g_flag.store(&control.stop_requested);
}

StopOnSignal::StopOnSignal(std::atomic<bool>& flag) {
  for (Message& again : g_again) again.set("error: interrupted again: stopped at once\n");
  g_done.store(nullptr);
  g_flag.store(&flag);
  handle_signals(false);
}

StopOnSignal::~StopOnSignal() {
  g_flag.store(nullptr);
  g_done.store(nullptr);
  handle_signals(true);
}

}  // namespace cardsim::cli
