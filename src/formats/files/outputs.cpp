#include "cardsim/io/outputs.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <utility>

#include "cardsim/core/error.hpp"
#include "cardsim/io/files.hpp"

namespace cardsim::io {
namespace {

// What an output path names, to compare it with other files: standard
// output, an existing file, or the absolute path of a file to be created.
struct FileKey {
  bool standard_output = false;
  std::optional<FileIdentity> identity;
  std::string new_path;
};

FileKey key_of(const std::string& path) {
  FileKey key;
  if (path == "-") {
    key.standard_output = true;
    key.identity = standard_output_identity();
    return key;
  }
  key.identity = file_identity(path);
  if (!key.identity) {
    std::error_code ec;
    const std::string target = resolve_output(path).path;
    key.new_path = std::filesystem::weakly_canonical(std::filesystem::absolute(target, ec), ec).string();
  }
  return key;
}

// Whether writing `a` would write over `b`; two writes to one character
// device (/dev/null) harm nothing.
bool same_file(const FileKey& a, const FileKey& b) {
  if (a.standard_output && b.standard_output) return true;
  if (a.identity && b.identity) return *a.identity == *b.identity && !a.identity->character_device;
  return !a.new_path.empty() && a.new_path == b.new_path;
}

std::string named(const std::string& what, const std::string& path) { return what + " '" + excerpt(path) + "'"; }

}  // namespace

Outputs::Outputs(std::string command, const InputRegistry& inputs, void (*written)())
    : command_(std::move(command)), inputs_(inputs), written_(written) {}

void Outputs::may_update(const std::string& path, const std::string& flag) {
  if (!path.empty()) updatable_.push_back({flag, path, false});
}

void Outputs::output(const std::string& flag, const std::string& path, bool result) {
  if (!path.empty()) outputs_.push_back({flag, path, result});
}

void Outputs::check() {
  std::vector<FileKey> keys;
  for (const File& out : outputs_) {
    try {
      check_output(out.path);
    } catch (const Error& e) {
      throw Error(out.flag + ": " + e.what());
    }
    keys.push_back(key_of(out.path));
  }
  for (std::size_t o = 0; o < outputs_.size(); ++o) {
    for (std::size_t other = 0; other < o; ++other) {
      if (same_file(keys[o], keys[other])) {
        throw Error(named(outputs_[other].flag, outputs_[other].path) + " and " +
                    named(outputs_[o].flag, outputs_[o].path) +
                    " are the same file; give each output a file of its own");
      }
    }
    for (const InputFile& in : inputs_.files()) {
      if (!in.identity || !same_file(keys[o], FileKey{false, in.identity, ""})) continue;
      const bool allowed = std::any_of(updatable_.begin(), updatable_.end(), [&](const File& u) {
        return u.flag == outputs_[o].flag && file_identity(u.path) == in.identity;
      });
      if (allowed) continue;
      const std::string input = (in.what.starts_with("--") ? "" : "the ") + in.what;
      throw Error(named(outputs_[o].flag, outputs_[o].path) + " is the same file as " + named(input, in.path) +
                  ": an output never overwrites an input; choose another name");
    }
  }
  // Each output locked once, for as long as this object lives.
  while (locks_.size() < outputs_.size()) {
    const File& out = outputs_[locks_.size()];
    try {
      locks_.emplace_back(out.path, "cardsim " + command_);
    } catch (const Error& e) {
      throw Error(out.flag + ": " + e.what());
    }
  }
}

bool Outputs::given(const std::string& flag) const {
  for (const File& out : outputs_) {
    if (out.flag == flag) return true;
  }
  return false;
}

std::FILE* Outputs::summary_stream() const {
  const auto standard_output = standard_output_identity();
  for (const File& out : outputs_) {
    if (out.path == "-") return stderr;
    const auto identity = file_identity(out.path);
    if (identity && standard_output && *identity == *standard_output && !identity->character_device) return stderr;
  }
  return stdout;
}

void Outputs::write(const std::string& flag, const std::string& content) {
  for (const File& out : outputs_) {
    if (out.flag != flag) continue;
    try {
      write_output(out.path, content);
      if (out.result) {
        result_written_ = true;
        if (out.path != "-") result_file_ = out.path;
      }
    } catch (const ReaderClosed&) {
      // The reader took what it wanted and closed the pipe: nothing to report,
      // and no fallback to save (`--out - | head -c1` exits 0).
      if (out.result) result_written_ = true;
    } catch (const Error& e) {
      failures_.push_back(flag + ": " + e.what());
    }
  }
}

void Outputs::finish(const std::string& result, const std::string& interrupted) const {
  if (failures_.empty() && written_ != nullptr) written_();
  std::string failures;
  for (const std::string& failure : failures_) failures += (failures.empty() ? "" : "; ") + failure;
  if (!failures.empty() && !result.empty() && !result_written_) {
    try {
      failures += "; the result was saved to '" + save_fallback(command_, result) + "'";
    } catch (const Error& e) {
      failures += std::string("; the result was not saved either: ") + e.what();
    }
  }
  if (!interrupted.empty()) {
    throw Interrupted(interrupted + (result_file_.empty() ? "" : "; the partial result is in " + result_file_) +
                      (failures.empty() ? "" : "; " + failures));
  }
  if (!failures.empty()) throw Error(failures);
}

}  // namespace cardsim::io
