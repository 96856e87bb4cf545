// The compiled core of the Python package `cardsim` (python/cardsim/ is the
// Python layer users call). One register_* per concept; every function takes
// and returns JSON text, which the Python layer turns into dicts, so that a
// result is the very JSON `cardsim ... --out -` writes.
#include <pybind11/pybind11.h>

#include "cardsim/core/error.hpp"
#include "cardsim/version.hpp"
#include "register.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_cardsim, m) {
  m.doc() = "cardsim's compiled core; use the package `cardsim`, not this module";
  m.attr("__version__") = cardsim::VERSION;
  // A bad config, chart, count or value: the CLI's message as a ValueError.
  // (Other C++ exceptions become RuntimeError, pybind11's default.)
  py::register_exception_translator([](std::exception_ptr failure) {
    try {
      if (failure) std::rethrow_exception(failure);
    } catch (const cardsim::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  cardsim::python::register_blackjack(m);
  cardsim::python::register_zjh(m);
  cardsim::python::register_bench(m);
}
