// The parts of the compiled module, one per concept (module.cpp calls them).
#pragma once

#include <pybind11/pybind11.h>

namespace cardsim::python {

// sim, compare, sweep, analyze, chart and the config keys.
void register_blackjack(pybind11::module_& m);
// zjh_exact and zjh_sim.
void register_zjh(pybind11::module_& m);
// bench, and the ranking check of a Python evaluator.
void register_bench(pybind11::module_& m);

}  // namespace cardsim::python
