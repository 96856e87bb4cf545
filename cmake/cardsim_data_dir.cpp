// Compiled into each program that links cardsim::io from an installed
// cardsim package (cardsimConfig.cmake), and into the tests and benchmarks of
// the build tree (cmake/Install.cmake, tests/, bench/): before main() it sets
// the data folder to CARDSIM_PACKAGE_DATA_DIR (the package's cardsim_DATA_DIR;
// the sources' configs/ for the tests), so that named charts, counts and rule
// sets are found wherever the program lies. The program may call
// cardsim::io::set_data_dir() again; $CARDSIM_DATA_DIR wins over both.
#include "cardsim/io/data_dir.hpp"

#ifndef CARDSIM_PACKAGE_DATA_DIR
#error "CARDSIM_PACKAGE_DATA_DIR must be defined (by cardsimConfig.cmake)"
#endif

namespace {
const bool cardsim_package_data_dir_set = (cardsim::io::set_data_dir(CARDSIM_PACKAGE_DATA_DIR), true);
}  // namespace
