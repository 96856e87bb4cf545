#include "cardsim/io/files.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "cardsim/core/error.hpp"

namespace cardsim::io {
namespace fs = std::filesystem;

namespace {

// Symbolic links followed from an output path before giving up (Linux's own
// limit, as for ELOOP).
constexpr int MAX_LINK_HOPS = 40;
// statfs() f_type of /proc (linux/magic.h): a link there (/proc/self/fd/1,
// which /dev/stdout names) is not a path to rename at but an open file.
constexpr long PROC_SUPER_MAGIC_NUMBER = 0x9fa0;
// File names longer than this are refused where pathconf() does not say.
constexpr long DEFAULT_NAME_MAX = 255;
// mkstemp()'s suffix: a temporary file is ".<name>.XXXXXX".
constexpr std::size_t TEMPORARY_EXTRA_CHARS = 8;

std::string folder_of(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

bool inside_proc(const std::string& folder) {
  struct statfs info {};
  return ::statfs(folder.c_str(), &info) == 0 && static_cast<long>(info.f_type) == PROC_SUPER_MAGIC_NUMBER;
}

std::string read_link(const std::string& path) {
  std::string target(PATH_MAX, '\0');
  const ssize_t n = ::readlink(path.c_str(), target.data(), target.size());
  if (n < 0) throw Error("cannot read the link '" + path + "': " + std::strerror(errno));
  target.resize(static_cast<std::size_t>(n));
  return target;
}

// Writes all of `content` to `fd`; 0 on success, else the errno.
int write_all(int fd, const std::string& content) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : EIO;
    written += static_cast<std::size_t>(n);
  }
  return 0;
}

long name_max(const std::string& folder) {
  const long limit = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  return limit > 0 ? limit : DEFAULT_NAME_MAX;
}

// The first of the folders leading to `folder` that exists and is not a
// folder (for "'a.txt' is a file, not a folder"); empty if none.
std::string file_among_folders(const std::string& folder) {
  fs::path prefix;
  for (const fs::path& part : fs::path(folder)) {
    prefix /= part;
    struct stat st {};
    if (::stat(prefix.c_str(), &st) == 0 && !S_ISDIR(st.st_mode)) return prefix.string();
  }
  return {};
}

// ".<name>." of the file `path` in `folder`, the name shortened so that the
// stem and TEMPORARY_EXTRA_CHARS - 2 more fit the folder's limit: what the
// temporaries (".<name>.XXXXXX") and the lock file (".<name>.lock") of an
// output start with.
std::string hidden_stem(const std::string& path, const std::string& folder) {
  std::string name = fs::path(path).filename().string();
  const auto room = static_cast<std::size_t>(name_max(folder)) - TEMPORARY_EXTRA_CHARS;
  if (name.size() > room) name.resize(room);
  return "." + name + ".";
}

// The temporary file of the atomic write in progress, for
// remove_unfinished_temporary(): 0 none, 1 being set, 2 set.
std::atomic<int> g_unfinished_state{0};
char g_unfinished_path[PATH_MAX + 1];

bool hold_unfinished(const std::string& path) {
  int expected = 0;
  if (path.size() > PATH_MAX || !g_unfinished_state.compare_exchange_strong(expected, 1)) return false;
  std::memcpy(g_unfinished_path, path.c_str(), path.size() + 1);
  g_unfinished_state.store(2);
  return true;
}

}  // namespace

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read '" + path + "': " + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw Error("cannot read '" + path + "'");
  return text.str();
}

OutputTarget resolve_output(const std::string& path) {
  if (path == "-") return {OutputMode::standard_output, path};
  // (The system would take the name up to the NUL: another file.)
  if (path.find('\0') != std::string::npos) {
    throw Error("cannot write '" + excerpt(path) + "': a file name cannot hold a NUL character");
  }
  std::string current = path;
  for (int hop = 0; hop <= MAX_LINK_HOPS; ++hop) {
    struct stat st {};
    if (::lstat(current.c_str(), &st) != 0) return {OutputMode::atomic, current};  // a new file
    if (!S_ISLNK(st.st_mode)) {
      return S_ISREG(st.st_mode) ? OutputTarget{OutputMode::atomic, current} : OutputTarget{OutputMode::in_place, path};
    }
    if (inside_proc(folder_of(current))) return {OutputMode::in_place, path};
    const fs::path target = read_link(current);
    current = target.is_absolute() ? target.string() : (fs::path(current).parent_path() / target).string();
  }
  throw Error("cannot write '" + path + "': more than " + std::to_string(MAX_LINK_HOPS) + " symbolic links in a row");
}

void check_output(const std::string& path) {
  if (path.empty()) throw Error("the output path is empty");
  const OutputTarget target = resolve_output(path);
  const std::string& file = target.path;
  const auto fail = [&](const std::string& why) {
    throw Error("cannot write '" + path + "'" + (file == path ? "" : " (a link to '" + file + "')") + ": " + why);
  };
  struct stat st {};
  switch (target.mode) {
    case OutputMode::standard_output: return;
    case OutputMode::in_place:
      if (::stat(path.c_str(), &st) != 0) fail(std::strerror(errno));
      if (S_ISDIR(st.st_mode)) fail("it is a folder");
      if (S_ISSOCK(st.st_mode)) fail("it is a socket; outputs are files, devices or FIFOs");
      if (S_ISBLK(st.st_mode)) fail("it is a block device (a disk); cardsim does not write onto disks");
      if (::access(path.c_str(), W_OK) != 0) fail("it is not writable");
      return;
    case OutputMode::atomic: break;
  }
  const std::string name = fs::path(file).filename().string();
  if (name.empty() || name == "." || name == "..") fail("it names a folder, not a file");
  const std::string folder = folder_of(file);
  if (::stat(folder.c_str(), &st) != 0) {
    if (errno == ENOTDIR) fail("'" + file_among_folders(folder) + "' is a file, not a folder");
    if (errno == ENOENT) fail("folder '" + folder + "' does not exist");
    fail("folder '" + folder + "': " + std::strerror(errno));
  }
  if (!S_ISDIR(st.st_mode)) fail("'" + folder + "' is a file, not a folder");
  if (file.size() >= PATH_MAX) {
    fail("the path is " + std::to_string(file.size()) + " bytes long; at most " + std::to_string(PATH_MAX - 1));
  }
  const long limit = name_max(folder);
  if (static_cast<long>(name.size()) > limit) {
    fail("the file name is " + std::to_string(name.size()) + " bytes long; folder '" + folder + "' allows at most " +
         std::to_string(limit));
  }
  if (::access(folder.c_str(), W_OK) != 0) fail("folder '" + folder + "' is not writable");
  if (::lstat(file.c_str(), &st) == 0 && ::access(file.c_str(), W_OK) != 0) fail("the file is not writable");
}

void write_output(const std::string& path, const std::string& content) {
  const OutputTarget target = resolve_output(path);
  switch (target.mode) {
    case OutputMode::standard_output: {
      // Through stdio, so that it keeps its place among the other printed text.
      const bool ok = std::fwrite(content.data(), 1, content.size(), stdout) == content.size();
      if (std::fflush(stdout) != 0 || !ok) {
        const int err = errno;
        const std::string message = std::string("cannot write to standard output: ") + std::strerror(err);
        if (err == EPIPE) throw ReaderClosed(message);
        throw Error(message);
      }
      return;
    }
    case OutputMode::in_place: {
      // O_APPEND: through /dev/stdout onto a file a shell opened with >>, the
      // result goes after what is there, as a write to standard output would.
      const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC);
      if (fd < 0) throw Error("cannot write '" + path + "': " + std::strerror(errno));
      int err = write_all(fd, content);
      if (::close(fd) != 0 && err == 0) err = errno;
      if (err == EPIPE) throw ReaderClosed("cannot write '" + path + "': " + std::strerror(err));
      if (err != 0) throw Error("cannot write '" + path + "': " + std::strerror(err));
      return;
    }
    case OutputMode::atomic: write_file_atomically(target.path, content); return;
  }
}

void write_file_atomically(const std::string& path, const std::string& content) {
  const std::string folder = folder_of(path);
  const auto fail = [&](int err) { throw Error("cannot write '" + path + "': " + std::strerror(err)); };
  struct stat folder_stat {};
  if (::stat(folder.c_str(), &folder_stat) != 0) {
    if (errno == ENOENT) throw Error("cannot write '" + path + "': folder '" + folder + "' does not exist");
    fail(errno);
  }
  // A hidden temporary beside the target, "<folder>/.<name>.XXXXXX" for
  // mkstemp, the name shortened if it would pass the folder's limit.
  std::string temp = (fs::path(folder) / (hidden_stem(path, folder) + "XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(errno);
  const bool held = hold_unfinished(temp);
  // An existing file keeps its permissions; a new one gets the usual 0666
  // less the umask (mkstemp creates 0600).
  struct stat old {};
  mode_t mode = 0;
  if (::stat(path.c_str(), &old) == 0) {
    mode = old.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  int err = write_all(fd, content);
  if (err == 0 && ::fchmod(fd, mode) != 0) err = errno;
  if (err == 0 && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && err == 0) err = errno;
  if (err == 0 && std::rename(temp.c_str(), path.c_str()) != 0) err = errno;
  if (err != 0) ::unlink(temp.c_str());
  if (held) g_unfinished_state.store(0);
  if (err != 0) fail(err);
}

std::optional<FileIdentity> file_identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileIdentity{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                      S_ISCHR(st.st_mode)};
}

std::optional<FileIdentity> standard_output_identity() {
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) != 0) return std::nullopt;
  return FileIdentity{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                      S_ISCHR(st.st_mode)};
}

std::string save_fallback(const std::string& stem, const std::string& content) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  const std::string name = "cardsim-" + stem + "-" + stamp + "-" + std::to_string(::getpid()) + ".json";
  const char* tmpdir = std::getenv("TMPDIR");
  const std::string temporary_folder = tmpdir != nullptr && *tmpdir != '\0' ? tmpdir : "/tmp";
  std::string failures;
  for (const std::string& path : {name, (fs::path(temporary_folder) / name).string()}) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    int err = fd < 0 ? errno : write_all(fd, content);
    if (fd >= 0 && err == 0 && ::fsync(fd) != 0) err = errno;
    if (fd >= 0 && ::close(fd) != 0 && err == 0) err = errno;
    if (err == 0) return path;
    if (fd >= 0) ::unlink(path.c_str());
    failures += (failures.empty() ? "'" : ", nor to '") + path + "' (" + std::strerror(err) + ")";
  }
  throw Error("could not save it to " + failures);
}

void remove_unfinished_temporary() noexcept {
  if (g_unfinished_state.load() == 2) ::unlink(g_unfinished_path);
}

namespace {

// Times a lock is tried again when the lock file was replaced between its
// open and its lock (its holder released it then).
constexpr int LOCK_ATTEMPTS = 10;
// The most of a lock file's text quoted in a message.
constexpr std::size_t HOLDER_TEXT_LIMIT = 200;

// Who holds the lock open at `fd` (its text), for the message.
std::string holder_of(int fd) {
  char text[HOLDER_TEXT_LIMIT + 1] = {};
  const ssize_t n = ::pread(fd, text, HOLDER_TEXT_LIMIT, 0);
  std::string holder(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
  for (char& c : holder) {
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  }
  return holder.empty() ? std::string("another cardsim run") : holder;
}

// The temporaries ".<name>.XXXXXX" (mkstemp's six letters and digits) of
// `stem` in `folder` that are regular files: left by a writer that was killed.
void remove_stale_temporaries(const std::string& folder, const std::string& stem) {
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.size() != stem.size() + 6 || name.compare(0, stem.size(), stem) != 0) continue;
    const bool letters = std::all_of(name.begin() + static_cast<std::ptrdiff_t>(stem.size()), name.end(),
                                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
    struct stat st {};
    if (letters && ::lstat(entry.path().c_str(), &st) == 0 && S_ISREG(st.st_mode)) ::unlink(entry.path().c_str());
  }
}

}  // namespace

OutputLock::OutputLock(const std::string& path, const std::string& holder) {
  const OutputTarget target = resolve_output(path);
  if (target.mode != OutputMode::atomic) return;
  const std::string folder = folder_of(target.path);
  const std::string stem = hidden_stem(target.path, folder);
  const std::string lock = (fs::path(folder) / (stem + "lock")).string();
  const auto fail = [&](const std::string& why) { throw Error("cannot lock '" + path + "': " + why); };
  for (int attempt = 0; attempt < LOCK_ATTEMPTS; ++attempt) {
    // O_NOFOLLOW and O_NONBLOCK: a link or a FIFO put in the lock file's place
    // is neither followed nor waited on (and refused below).
    const int fd = ::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0644);
    if (fd < 0) {
      if (errno == ELOOP) fail("'" + lock + "' is a symbolic link; remove it");
      // No lock file can be made (the folder was removed, or cannot be
      // written: the write will fail and the result go to a fallback file):
      // the run goes on unlocked, as on a file system without locks.
      return;
    }
    struct stat opened {};
    if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
      ::close(fd);
      fail("'" + lock + "' is not a regular file; remove it");
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      const std::string who = err == EWOULDBLOCK ? holder_of(fd) : "";
      ::close(fd);
      // A file system without locks (some network ones) writes unlocked.
      if (err == ENOLCK || err == EOPNOTSUPP || err == ENOSYS) return;
      if (err == EWOULDBLOCK) {
        throw Error("'" + path + "' is being written by another run (" + who +
                    "); wait for it to end, or choose another file");
      }
      fail(std::strerror(err));
    }
    // The file locked must still be the lock file: a holder that released it
    // between the open and the lock removed it, and a new one may be there.
    struct stat now {};
    if (::lstat(lock.c_str(), &now) != 0 || now.st_dev != opened.st_dev || now.st_ino != opened.st_ino) {
      ::close(fd);
      continue;
    }
    std::time_t started = std::time(nullptr);
    std::tm local{};
    ::localtime_r(&started, &local);
    char since[32];
    std::strftime(since, sizeof since, "%Y-%m-%d %H:%M:%S", &local);
    const std::string text = "pid " + std::to_string(::getpid()) + ": " + holder + ", since " + since + "\n";
    // (Who holds it is only for messages: the lock stands without it.)
    [[maybe_unused]] const bool said = ::ftruncate(fd, 0) == 0 && ::pwrite(fd, text.data(), text.size(), 0) >= 0;
    fd_ = fd;
    lock_path_ = lock;
    remove_stale_temporaries(folder, stem);
    return;
  }
  fail("'" + lock + "' keeps being replaced");
}

OutputLock::OutputLock(OutputLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), lock_path_(std::move(other.lock_path_)) {}

OutputLock::~OutputLock() {
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still holding it, so that no run locks a file about to go
  ::close(fd_);
}

}  // namespace cardsim::io
