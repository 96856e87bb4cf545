#include "watch.hpp"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

namespace py = pybind11;

namespace cardsim::python {
namespace {

// How often the watcher wakes: Ctrl-C is seen within this, and a progress
// callback is called at this rate.
constexpr std::chrono::milliseconds POLL_INTERVAL{100};

}  // namespace

py::tuple run_watched(run::RunControl& control, const std::atomic<std::uint64_t>& total, const py::object& progress,
                      const std::function<std::string()>& work) {
  std::mutex mutex;
  std::condition_variable finished_cv;
  bool finished = false;
  std::string text;
  std::exception_ptr failure;
  std::thread worker([&] {
    try {
      text = work();
    } catch (...) {
      failure = std::current_exception();
    }
    const std::lock_guard lock(mutex);
    finished = true;
    finished_cv.notify_all();
  });
  const auto wait_for_worker = [&](bool forever) {
    const py::gil_scoped_release release;
    std::unique_lock lock(mutex);
    if (forever) {
      finished_cv.wait(lock, [&] { return finished; });
      return true;
    }
    return finished_cv.wait_for(lock, POLL_INTERVAL, [&] { return finished; });
  };
  const auto report = [&] {
    const std::uint64_t items = total.load();
    if (!progress.is_none() && items > 0) progress(control.items_done.load(), items);
  };

  py::object stopped = py::none();
  bool done = false;
  while (!done) {
    done = wait_for_worker(!stopped.is_none());
    if (!stopped.is_none()) continue;
    try {
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      report();
    } catch (py::error_already_set& e) {
      control.stop_requested = true;
      stopped = e.value();
    } catch (...) {
      control.stop_requested = true;
      wait_for_worker(true);
      worker.join();
      throw;
    }
  }
  worker.join();
  if (failure) std::rethrow_exception(failure);
  return py::make_tuple(text, stopped);
}

}  // namespace cardsim::python
