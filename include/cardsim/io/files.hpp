// Reading and writing whole files, the only file I/O of the core library.
//
// Every output of cardsim goes through write_output(), which treats a path as
// coreutils treat outputs:
//   "-"                      standard output;
//   an existing file that is not a regular file (a character device such as
//   /dev/null, a FIFO, or a link into /proc/self/fd such as /dev/stdout)
//                            opened and written in place, never replaced;
//   a symbolic link          followed: the file it names is replaced
//                            atomically, and the link stays a link;
//   a regular file, a new name  replaced atomically: a temporary file in the
//                            same folder, flushed, then renamed over it (a
//                            reader never sees half a file; a failure leaves
//                            the old file as it was).
// An output is locked for the run's life (OutputLock), so that two runs
// never write one file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "cardsim/core/error.hpp"

namespace cardsim::io {

// The whole content of `path`; throws Error naming the path if it cannot be read.
std::string read_file(const std::string& path);

// How write_output() writes to a path.
enum class OutputMode {
  standard_output,  // "-"
  in_place,         // an existing device, FIFO or /proc link: opened and written
  atomic,           // a regular file or a new name: temporary file, then rename
};

struct OutputTarget {
  OutputMode mode = OutputMode::atomic;
  // Where the bytes go: for `atomic`, the file at the end of the path's
  // symbolic links (perhaps not existing yet); else the path as given.
  std::string path;
};

// How `path` is written (see the top of this file); throws Error if its
// symbolic links cannot be read or loop.
OutputTarget resolve_output(const std::string& path);

// Throws Error ("cannot write 'PATH': why") if `path` could not be written:
// its folder is missing, is a file, or is not writable; the file name is too
// long for its folder; it is a folder, a socket or a block device; or it
// exists and is not writable. Call before a long run, so that a bad output
// fails at once. Creates and opens nothing (a FIFO is not opened).
void check_output(const std::string& path);

// A write to a pipe (standard output, a FIFO) whose reader has closed it
// (EPIPE): the reader's choice (`--out - | head -c1`), not a failure to report.
class ReaderClosed : public Error {
 public:
  using Error::Error;
};

// Writes `content` to `path` as resolve_output() says. Throws Error naming the
// path if it fails (ReaderClosed if it is a pipe whose reader has closed it);
// a file that was to be replaced atomically is then left as it was.
void write_output(const std::string& path, const std::string& content);

// Replaces the file `path` (not following a symbolic link: write_output does
// that) atomically with `content`. An existing file keeps its permissions; a
// new one gets 0666 less the umask. Throws Error on failure, `path` untouched.
void write_file_atomically(const std::string& path, const std::string& content);

// The identity of a file, to tell whether two paths name the same file.
struct FileIdentity {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  bool character_device = false;  // /dev/null and the like: writing one twice harms nothing
  bool operator==(const FileIdentity& other) const { return device == other.device && inode == other.inode; }
};

// The identity of the file `path` names (symbolic links followed); nullopt if
// there is none.
std::optional<FileIdentity> file_identity(const std::string& path);

// The identity of the file standard output is; nullopt if it is closed.
std::optional<FileIdentity> standard_output_identity();

// Saves `content` to a new file "cardsim-STEM-YYYYMMDD-HHMMSS-PID.json" in the
// current folder or, if that fails, in $TMPDIR (else /tmp), for a result that
// could not be written where asked. Returns its path; throws Error naming both
// failures if neither works.
std::string save_fallback(const std::string& stem, const std::string& content);

// Removes the temporary file of an atomic write in progress, if any. For a
// signal handler that ends the process at once: async-signal-safe.
void remove_unfinished_temporary() noexcept;

// An advisory lock on the destination of an output, held for as long as the
// object lives, so that two runs never write one file in turn (the last
// writer would win silently; a checkpoint would alternate between two runs).
// The lock is flock() on a lock file beside the destination,
// "<folder>/.<name>.lock" (the file a symbolic link names), which holds who
// holds it and is removed when the lock is released; standard output, a
// device or a FIFO is not locked (written in place, never replaced), nor is
// a file whose lock file cannot be made (its folder removed, a file system
// without locks): such a run goes on unlocked.
// Holding the lock, it removes the temporaries ".<name>.XXXXXX" that a run
// killed while writing the same file left behind: no live writer has one.
class OutputLock {
 public:
  // Locks the output `path`; `holder` says who holds it (the command), for
  // the message another run gets. Throws Error if another process holds it
  // ("being written by another run (pid N: HOLDER, since TIME)") or a
  // symbolic link, a device or a FIFO stands where the lock file goes.
  OutputLock(const std::string& path, const std::string& holder);
  OutputLock(OutputLock&& other) noexcept;
  OutputLock& operator=(OutputLock&&) = delete;
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;
  ~OutputLock();

  // The lock file ("" when the output is not locked: standard output, a device, a FIFO).
  const std::string& lock_path() const { return lock_path_; }

 private:
  int fd_ = -1;
  std::string lock_path_;
};

}  // namespace cardsim::io
