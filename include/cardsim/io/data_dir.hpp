// Where cardsim's shipped data is: the configs/ folder of the sources
// (strategies/, counts/, indices/, zjh/ and the rule-set configs), installed
// as <prefix>/share/cardsim. Every lookup of a named chart, count or index set
// goes through find_data_file().
#pragma once

#include <string>
#include <vector>

namespace cardsim::io {

// The environment variable that names the data folder, overriding the search.
inline constexpr const char* DATA_DIR_VARIABLE = "CARDSIM_DATA_DIR";

// The folders looked in for the data, in order: $CARDSIM_DATA_DIR alone if it
// is set and not empty; otherwise, in the Python module, <the module's
// folder>/../../../../share/cardsim (an installed Python package: the path
// from lib/python3/dist-packages/cardsim/ to share/); <folder of the running
// executable>/../share/cardsim (an installed cardsim; the path from bin/ to
// share/ of the install layout) and then the source tree's configs/ (compiled
// in, for a binary run from its build tree). Reads the environment,
// /proc/self/exe and where this code was loaded from; no other I/O.
std::vector<std::string> data_dir_candidates();

// The first of data_dir_candidates() that is a folder. Throws cardsim::Error
// naming every folder looked in (and CARDSIM_DATA_DIR) if none is.
std::string data_dir();

// The file a config names as `name` for a data file of kind `subfolder`
// ("strategies", "counts", "indices", "sidebets"): `name` as a path (absolute,
// or relative to `config_folder`, the folder of the config that names it, or
// to the working folder if that is empty: a name given on the command line),
// or data_dir()/`subfolder`/ `name` or `name` + `extension`. The data folder is
// looked for only if the paths do not exist, so a missing data folder does not
// stop a config that names its files by path. Empty if nothing is found.
std::string find_data_file(const std::string& name, const std::string& config_folder, const std::string& subfolder,
                           const std::string& extension);

// For error messages: "<data folder>/<subfolder>/", or, without a data
// folder, "<subfolder>/ of cardsim's data folder (not found; looked in A, B;
// CARDSIM_DATA_DIR is not set)".
std::string data_subfolder_text(const std::string& subfolder);

}  // namespace cardsim::io
