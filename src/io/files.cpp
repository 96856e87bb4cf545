#include "cardsim/io/files.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardsim/core/error.hpp"

namespace cardsim::io {
namespace fs = std::filesystem;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error("cannot read '" + path + "'");
  return text.str();
}

namespace {
fs::path folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? fs::path(".") : parent;
}
}  // namespace

void check_writable(const std::string& path) {
  if (path.empty()) throw Error("output path is empty");
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw Error("cannot write '" + path + "': it is a folder");
  const fs::path folder = folder_of(path);
  if (!fs::is_directory(folder, ec)) {
    throw Error("cannot write '" + path + "': folder '" + folder.string() + "' does not exist");
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    throw Error("cannot write '" + path + "': folder '" + folder.string() + "' is not writable");
  }
  if (fs::exists(path, ec) && ::access(path.c_str(), W_OK) != 0) {
    throw Error("cannot write '" + path + "': the file is not writable");
  }
}

void write_file_atomically(const std::string& path, const std::string& content) {
  check_writable(path);
  // A hidden temporary beside the target: "<folder>/.<name>.XXXXXX" for mkstemp.
  std::string temp_name = ".";
  temp_name += fs::path(path).filename().string();
  temp_name += ".XXXXXX";
  std::string temp = (folder_of(path) / temp_name).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) throw Error("cannot write '" + path + "': " + std::strerror(errno));
  std::size_t written = 0;
  bool ok = true;
  while (ok && written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) written += static_cast<std::size_t>(n);
  }
  const int saved_errno = errno;
  ok = ok && ::fsync(fd) == 0;
  ok = (::close(fd) == 0) && ok;
  // mkstemp creates 0600; give the result the usual permissions (umask applies).
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ok = ok && ::chmod(temp.c_str(), 0666 & ~mask) == 0;
  if (!ok || std::rename(temp.c_str(), path.c_str()) != 0) {
    const int err = ok ? errno : saved_errno;
    ::unlink(temp.c_str());
    throw Error("cannot write '" + path + "': " + std::strerror(err != 0 ? err : EIO));
  }
}

}  // namespace cardsim::io
