// The files a command reads and writes, named by their flags, so that every
// output flag of every command goes through one mechanism (write_output:
// "-" is stdout, a device or FIFO is written in place, a symbolic link's
// target and a regular file are replaced atomically) with the same rules:
// - every output is checked before the run (check_output);
// - an output is never the same file as an input (any file read through the
//   command's InputRegistry) or as another output (compared as files, by
//   device and inode; character devices such as /dev/null excepted), refused
//   before the run with one line naming both;
// - two runs never write one output: each is locked for the run's life;
// - a finished result is never lost: if it cannot be written, the other
//   outputs and the summary still come, and the result JSON is saved to a
//   fallback file that the error names (save_fallback); but a pipe whose
//   reader closed it (`--out - | head -c1`) took what its reader wanted: no
//   error, no fallback.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/inputs.hpp"

namespace cardsim::io {

class Outputs {
 public:
  // `command` names the fallback file: cardsim-<command>-...json. `inputs`:
  // the files the command reads (read before check(); it must outlive this).
  // `written`, if not null, is called by finish() when every output was
  // written (the CLI's signal handler then no longer says none was).
  Outputs(std::string command, const InputRegistry& inputs, void (*written)() = nullptr);

  // The output `flag` may write over the input `path` (a resumed checkpoint
  // that goes on being updated).
  void may_update(const std::string& path, const std::string& flag);

  // An output flag and its path (empty: not given). `result`: it receives the
  // result JSON; if no such output is written, finish() saves a fallback.
  void output(const std::string& flag, const std::string& path, bool result = false);

  // Before the run: throws Error if an output cannot be written or is the
  // same file as an input or another output, or if another run is writing
  // it; then locks every output (io::OutputLock) until this object is gone.
  void check();

  bool given(const std::string& flag) const;

  // Where the summary goes: stderr if an output is standard output ("-", or
  // the file standard output is), else stdout.
  std::FILE* summary_stream() const;

  // Writes `content` to the output of `flag`, if it was given. A failure is
  // kept for finish(), not thrown, so the other outputs and the summary still
  // come; a pipe whose reader closed it is no failure (io::ReaderClosed).
  void write(const std::string& flag, const std::string& content);

  // Call last, after the summary. If a write failed, throws Error naming it,
  // after saving `result` (unless empty) to a fallback file when no result
  // output was written. If `interrupted` is not empty, throws cardsim::Interrupted
  // with that message, where the partial result is, and any failure.
  void finish(const std::string& result, const std::string& interrupted = "") const;

 private:
  struct File {
    std::string flag;
    std::string path;
    bool result = false;
  };
  std::string command_;
  const InputRegistry& inputs_;
  void (*written_)() = nullptr;
  std::vector<File> updatable_;  // inputs (path) an output (flag) may write over
  std::vector<File> outputs_;
  std::vector<OutputLock> locks_;  // of outputs_[0 .. locks_.size()), once checked
  std::vector<std::string> failures_;
  std::string result_file_;  // the file (not stdout) the result was written to
  bool result_written_ = false;
};

}  // namespace cardsim::io
