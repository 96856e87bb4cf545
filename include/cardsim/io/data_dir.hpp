// Where cardsim's shipped data is: the configs/ folder of the sources
// (strategies/, counts/, indices/, sidebets/, zjh/ and the rule-set configs),
// installed as <prefix>/share/cardsim. Every lookup of a named chart, count,
// index set, side bet or rule set goes through find_data_file().
#pragma once

#include <string>
#include <vector>

namespace cardsim::io {

// The environment variable that names the data folder, overriding the search.
inline constexpr const char* DATA_DIR_VARIABLE = "CARDSIM_DATA_DIR";

// Sets the data folder this program reads (empty: back to the search below).
// A program that links cardsim and ships or knows its data calls it; a
// program built against an installed cardsim with find_package(cardsim) has
// it called before main() with the package's cardsim_DATA_DIR
// (cardsimConfig.cmake). $CARDSIM_DATA_DIR, when set, still wins. Thread-safe.
void set_data_dir(const std::string& folder);

// The folders looked in for the data, in order:
//   1. $CARDSIM_DATA_DIR alone, if it is set and not empty;
//   2. the folder given to set_data_dir(), if any;
//   3. from where cardsim's code was loaded: the Python module's folder's
//      data/ (a wheel, or the build tree) and the install layout's path from
//      the module to share/cardsim (lib/python3/dist-packages/cardsim/ ->
//      share/cardsim); a shared libcardsim_io's folder's path to
//      share/cardsim (lib/ -> share/cardsim);
//   4. from the running executable: <its folder>/../share/cardsim (an
//      installed cardsim: bin/ -> share/cardsim), then <its folder>/cardsim-data
//      (a cardsim with its data beside it; in the build tree a link to the
//      sources' configs/).
// No path of the machine that built cardsim is compiled in. Reads the
// environment, /proc/self/exe and where this code was loaded from; no other I/O.
std::vector<std::string> data_dir_candidates();

// The first of data_dir_candidates() that is a folder. Throws cardsim::Error
// naming every folder looked in (and CARDSIM_DATA_DIR) if none is.
std::string data_dir();

// The file a config names as `name` for a data file of kind `subfolder`
// ("strategies", "counts", "indices", "sidebets"; "" for the rule sets at
// the top): `name` as a path (absolute,
// or relative to `config_folder`, the folder of the config that names it, or
// to the working folder if that is empty: a name given on the command line),
// or data_dir()/`subfolder`/ `name` or `name` + `extension`. The data folder is
// looked for only if the paths do not exist, so a missing data folder does not
// stop a config that names its files by path. Empty if nothing is found.
std::string find_data_file(const std::string& name, const std::string& config_folder, const std::string& subfolder,
                           const std::string& extension);

// A config argument as the CLI's --config and the Python calls take it: a
// config file's path (`text`, returned as it is), or the name of a file of
// `subfolder` of the data folder ("6d-h17-das": the shipped rule set
// 6d-h17-das.json; "" for the rule sets, "zjh" for Zha Jin Hua's), whose path
// is returned. Throws cardsim::Error for neither, listing the names with the
// nearest.
std::string config_path(const std::string& text, const std::string& subfolder);

// For error messages: "<data folder>/<subfolder>/", or, without a data
// folder, "<subfolder>/ of cardsim's data folder (not found; looked in A, B;
// CARDSIM_DATA_DIR is not set)".
std::string data_subfolder_text(const std::string& subfolder);

// The names of the `extension` files in `subfolder` of the data folder,
// without the extension, sorted; empty without a data folder.
std::vector<std::string> data_names(const std::string& subfolder, const std::string& extension);

// For error messages: "; did you mean NAME?" with the one of `names` nearest
// to `word` (by edits, ignoring case, '-' and '_'), when it is near (at most 2
// edits and fewer than half the word's letters); else the names that begin
// with the word, if 1 to 3 do ("; did you mean A or B?"); else "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& names);

}  // namespace cardsim::io
