// cardsim bench from Python: the suite and an evaluator plugin (app/bench.hpp).
// (The ranking check of a Python function is zjh's: register_zjh.cpp.)
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cardsim/app/bench.hpp"
#include "cardsim/core/error.hpp"
#include "register.hpp"
#include "watch.hpp"

namespace py = pybind11;
using nlohmann::json;

namespace cardsim::python {
namespace {

// How bench runs: its keyword arguments.
struct BenchRun {
  std::string filter;
  unsigned repetitions = 5;
  double min_time = 0.2;
  unsigned threads = 0;
  std::string evaluator;  // "" none
  bool time_anyway = false;
  double timeout = 600;
};

// The bench result JSON text, as `cardsim bench --out -` writes it.
py::tuple bench(const BenchRun& how, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&]() -> std::string {
    app::BenchRequest request;
    request.filter = how.filter;
    request.repetitions = how.repetitions;
    request.min_time = how.min_time;
    request.threads = how.threads;
    request.stop = &watched.control.stop_requested;
    request.names = app::PYTHON_SETTINGS;
    request.progress = [&](const std::string&, unsigned repetition, double) {
      if (repetition > 0) watched.control.items_done.fetch_add(1);
    };
    request.evaluator = how.evaluator;
    request.time_anyway = how.time_anyway;
    request.timeout = how.timeout;
    const json result = app::run_bench_job(request);
    return result.dump(JSON_INDENT);
  });
}

}  // namespace

void register_bench(py::module_& m) {
  py::class_<BenchRun>(m, "BenchRun", "How bench runs: filter, repetitions, min_time, threads, evaluator...")
      .def(py::init<std::string, unsigned, double, unsigned, std::string, bool, double>(), py::arg("filter"),
           py::arg("repetitions"), py::arg("min_time"), py::arg("threads"), py::arg("evaluator"),
           py::arg("time_anyway"), py::arg("timeout"));
  m.def("bench", &bench, py::arg("run"), py::arg("progress"), "Runs cardsim bench; returns as sim()");
}

}  // namespace cardsim::python
