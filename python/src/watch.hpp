// Long runs from Python: the run on a thread of its own without the GIL,
// while the calling thread follows it for Python (progress, Ctrl-C).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include <pybind11/pybind11.h>

#include "cardsim/run/runner.hpp"

namespace cardsim::python {

// The indentation of the result JSON the CLI writes (`--out`).
inline constexpr int JSON_INDENT = 2;

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// What a run's work shares with its watcher: the run's control (rounds or
// deals done, the stop flag) and the items it will play once known (0 until
// the work has read its config).
struct Watched {
  run::RunControl control;
  std::atomic<std::uint64_t> total{0};
};

// Runs `work` (C++ alone: it must not touch a Python object) on a thread of
// its own, without the GIL. Meanwhile the calling thread wakes a few times a
// second, takes the GIL, runs Python's signal handlers (PyErr_CheckSignals:
// Ctrl-C raises KeyboardInterrupt there) and calls `progress(done, total)`
// if it is not None (`total`: 0 until known). An exception there asks the run to stop after the
// chunks in progress (control.stop_requested), and the work returns what was
// played. Returns (the work's text, the exception that stopped it or None);
// an exception of the work itself is rethrown here.
pybind11::tuple run_watched(run::RunControl& control, const std::atomic<std::uint64_t>& total,
                            const pybind11::object& progress, const std::function<std::string()>& work);

}  // namespace cardsim::python
