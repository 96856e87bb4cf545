#include "cardsim/io/data_dir.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <optional>
#include <system_error>

#include <dlfcn.h>
#include <link.h>

#include "cardsim/core/error.hpp"

// Set by src/formats/CMakeLists.txt for this file only, relative paths of the
// install layout (never a path of the machine that built cardsim):
//   CARDSIM_BIN_TO_DATA     from bin/ to the data, "../share/cardsim" by default
//   CARDSIM_LIB_TO_DATA     from lib/ (a shared libcardsim_io) to the data
//   CARDSIM_MODULE_TO_DATA  from the installed Python package's folder to the data
#if !defined(CARDSIM_BIN_TO_DATA) || !defined(CARDSIM_LIB_TO_DATA) || !defined(CARDSIM_MODULE_TO_DATA)
#error "CARDSIM_BIN_TO_DATA, CARDSIM_LIB_TO_DATA and CARDSIM_MODULE_TO_DATA must be defined by the build"
#endif

namespace cardsim::io {
namespace fs = std::filesystem;

namespace {

// The folder set_data_dir() gave (a function's static: set_data_dir may be
// called while other objects are initialised, before main()).
struct Chosen {
  std::mutex mutex;
  std::string folder;
};
Chosen& chosen() {
  static Chosen c;
  return c;
}

bool is_folder(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

// The first candidate that is a folder, with its links resolved (the build
// tree's cardsim-data and the Python package's data name the same folder).
std::optional<std::string> find_data_dir() {
  for (const std::string& folder : data_dir_candidates()) {
    if (!is_folder(folder)) continue;
    std::error_code ec;
    const fs::path resolved = fs::canonical(folder, ec);
    return ec ? folder : resolved.string();
  }
  return std::nullopt;
}

// The path of the shared object this code was loaded from (the Python
// module, or a shared libcardsim_io); empty in an executable, whose own link
// map has no name.
std::string loaded_object_path() {
  static const char marker = 0;
  Dl_info info{};
  link_map* map = nullptr;
  if (::dladdr1(&marker, &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) == 0 || map == nullptr ||
      map->l_name == nullptr) {
    return {};
  }
  return map->l_name;
}

std::string normal(const fs::path& folder, const char* relative) {
  return (folder / relative).lexically_normal().string();
}

// The folders data_dir_candidates() gives, for messages: "A, B; CARDSIM_DATA_DIR
// is not set" or "CARDSIM_DATA_DIR=A".
std::string looked_in() {
  const char* variable = std::getenv(DATA_DIR_VARIABLE);
  if (variable != nullptr && *variable != '\0') return std::string(DATA_DIR_VARIABLE) + "=" + variable;
  std::string text;
  for (const std::string& folder : data_dir_candidates()) text += (text.empty() ? "" : ", ") + folder;
  return text + "; " + DATA_DIR_VARIABLE + " is not set";
}

// A name as did_you_mean compares it: lower case, without '-' and '_'.
std::string folded(const std::string& word) {
  std::string out;
  for (const char c : word) {
    if (c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

void set_data_dir(const std::string& folder) {
  Chosen& c = chosen();
  const std::lock_guard lock(c.mutex);
  c.folder = folder;
}

std::vector<std::string> data_dir_candidates() {
  const char* variable = std::getenv(DATA_DIR_VARIABLE);
  if (variable != nullptr && *variable != '\0') return {variable};
  std::vector<std::string> candidates;
  {
    Chosen& c = chosen();
    const std::lock_guard lock(c.mutex);
    if (!c.folder.empty()) candidates.push_back(c.folder);
  }
  std::error_code ec;
  if (const std::string object = loaded_object_path(); !object.empty()) {
    const fs::path path = fs::absolute(object, ec);
    if (path.filename().string().starts_with("libcardsim_io")) {
      candidates.push_back(normal(path.parent_path(), CARDSIM_LIB_TO_DATA));
    } else {  // the Python module
      candidates.push_back(normal(path.parent_path(), "data"));
      candidates.push_back(normal(path.parent_path(), CARDSIM_MODULE_TO_DATA));
    }
  }
  if (const fs::path executable = fs::read_symlink("/proc/self/exe", ec); !executable.empty()) {
    candidates.push_back(normal(executable.parent_path(), CARDSIM_BIN_TO_DATA));
    candidates.push_back(normal(executable.parent_path(), "cardsim-data"));
  }
  return candidates;
}

std::string data_dir() {
  if (const auto folder = find_data_dir()) return *folder;
  throw Error("cardsim's data folder (strategies/, counts/, indices/) was not found; looked in " + looked_in());
}

std::string find_data_file(const std::string& name, const std::string& config_folder, const std::string& subfolder,
                           const std::string& extension) {
  std::error_code ec;
  // A name in a config is relative to the config's folder, one on the
  // command line to the working folder: never both.
  const fs::path path =
      config_folder.empty() || fs::path(name).is_absolute() ? fs::path(name) : fs::path(config_folder) / name;
  if (fs::is_regular_file(path, ec)) return path.string();
  const auto folder = find_data_dir();
  if (!folder) return {};
  for (const auto& shipped :
       {fs::path(*folder) / subfolder / name, fs::path(*folder) / subfolder / (name + extension)}) {
    if (fs::is_regular_file(shipped, ec)) return shipped.string();
  }
  return {};
}

std::string config_path(const std::string& text, const std::string& subfolder) {
  std::error_code ec;
  if (fs::is_regular_file(text, ec)) return text;
  if (std::string path = find_data_file(text, "", subfolder, ".json"); !path.empty()) return path;
  const std::vector<std::string> names = data_names(subfolder, ".json");
  std::string listed;
  for (const std::string& name : names) listed += (listed.empty() ? "" : ", ") + name;
  throw Error("'" + excerpt(text) + "' is neither a config file nor a rule set in " + data_subfolder_text(subfolder) +
              (listed.empty() ? "" : " (" + listed + ")") + did_you_mean(text, names));
}

std::string data_subfolder_text(const std::string& subfolder) {
  if (const auto folder = find_data_dir()) return *folder + "/" + subfolder + (subfolder.empty() ? "" : "/");
  return subfolder + "/ of cardsim's data folder (not found; looked in " + looked_in() + ")";
}

std::vector<std::string> data_names(const std::string& subfolder, const std::string& extension) {
  std::vector<std::string> names;
  const auto folder = find_data_dir();
  if (!folder) return names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(fs::path(*folder) / subfolder, ec)) {
    if (entry.path().extension() == extension && entry.is_regular_file(ec))
      names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& names) {
  const std::string w = folded(word);
  std::string nearest;
  std::size_t best = w.size() + 1;
  std::vector<std::string> extending;  // the names that begin with the word
  for (const std::string& name : names) {
    const std::string n = folded(name);
    const std::size_t d = edit_distance(w, n);
    if (d < best) {
      best = d;
      nearest = name;
    }
    if (w.size() >= 2 && n.size() > w.size() && n.starts_with(w)) extending.push_back(name);
  }
  if (!nearest.empty() && best <= 2 && 2 * best < std::max(w.size(), folded(nearest).size())) {
    return "; did you mean " + nearest + "?";
  }
  constexpr std::size_t MAX_LISTED = 3;
  if (extending.empty() || extending.size() > MAX_LISTED) return "";
  std::string listed;
  for (std::size_t i = 0; i < extending.size(); ++i) {
    listed += (i == 0 ? "" : i + 1 == extending.size() ? " or " : ", ") + extending[i];
  }
  return "; did you mean " + listed + "?";
}

}  // namespace cardsim::io
