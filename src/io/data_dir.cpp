#include "cardsim/io/data_dir.hpp"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <system_error>

#include <dlfcn.h>
#include <link.h>

#include "cardsim/core/error.hpp"

// Set by src/io/CMakeLists.txt for this file only (never in a header, so the
// installed headers carry no path of the machine that built them):
//   CARDSIM_BIN_TO_DATA      the install layout's path from bin/ to the data,
//                            "../share/cardsim" by default
//   CARDSIM_SOURCE_DATA_DIR  the source tree's configs/ folder
// and, in a build with the Python module (cmake/Python.cmake):
//   CARDSIM_MODULE_TO_DATA   the install layout's path from the Python
//                            package's folder to the data
#if !defined(CARDSIM_BIN_TO_DATA) || !defined(CARDSIM_SOURCE_DATA_DIR)
#error "CARDSIM_BIN_TO_DATA and CARDSIM_SOURCE_DATA_DIR must be defined by the build"
#endif

namespace cardsim::io {
namespace fs = std::filesystem;

namespace {

bool is_folder(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

std::optional<std::string> find_data_dir() {
  for (const std::string& folder : data_dir_candidates()) {
    if (is_folder(folder)) return folder;
  }
  return std::nullopt;
}

#ifdef CARDSIM_MODULE_TO_DATA
// The path of the shared object this code was loaded from (the Python
// module); empty in an executable, whose own link map has no name.
std::string loaded_module_path() {
  static const char marker = 0;
  Dl_info info{};
  link_map* map = nullptr;
  if (::dladdr1(&marker, &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) == 0 || map == nullptr ||
      map->l_name == nullptr) {
    return {};
  }
  return map->l_name;
}
#endif

// The folders data_dir_candidates() gives, for messages: "A, B; CARDSIM_DATA_DIR
// is not set" or "CARDSIM_DATA_DIR=A".
std::string looked_in() {
  const char* variable = std::getenv(DATA_DIR_VARIABLE);
  if (variable != nullptr && *variable != '\0') return std::string(DATA_DIR_VARIABLE) + "=" + variable;
  std::string text;
  for (const std::string& folder : data_dir_candidates()) text += (text.empty() ? "" : ", ") + folder;
  return text + "; " + DATA_DIR_VARIABLE + " is not set";
}

}  // namespace

std::vector<std::string> data_dir_candidates() {
  const char* variable = std::getenv(DATA_DIR_VARIABLE);
  if (variable != nullptr && *variable != '\0') return {variable};
  std::vector<std::string> candidates;
  std::error_code ec;
  const fs::path executable = fs::read_symlink("/proc/self/exe", ec);
#ifdef CARDSIM_MODULE_TO_DATA
  // In the Python module, its installed data is found from its own folder.
  const std::string module = loaded_module_path();
  if (!module.empty()) {
    candidates.push_back((fs::absolute(module, ec).parent_path() / CARDSIM_MODULE_TO_DATA).lexically_normal().string());
  }
#endif
  if (!executable.empty()) {
    candidates.push_back((executable.parent_path() / CARDSIM_BIN_TO_DATA).lexically_normal().string());
  }
  candidates.emplace_back(CARDSIM_SOURCE_DATA_DIR);
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
  for (const auto& path : {fs::path(*folder) / subfolder / name, fs::path(*folder) / subfolder / (name + extension)}) {
    if (fs::is_regular_file(path, ec)) return path.string();
  }
  return {};
}

std::string data_subfolder_text(const std::string& subfolder) {
  if (const auto folder = find_data_dir()) return *folder + "/" + subfolder + "/";
  return subfolder + "/ of cardsim's data folder (not found; looked in " + looked_in() + ")";
}

}  // namespace cardsim::io
