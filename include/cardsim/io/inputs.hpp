// The input registry: every file a run reads (config, strategy chart, count,
// index list, side bet table, checkpoint, shard result, result JSON) is read
// once, at the start, through one InputRegistry, which keeps
// - the bytes read, so that nothing is read again later (a figure computed
//   after the run, such as a side bet's PAR value, comes from what the run
//   played, never from the file as it is then);
// - their SHA-256 (nettle), which the run identity of checkpoints and shard
//   results carries (inputs_identity_json), so that `sim --resume` and
//   `merge` refuse pieces whose inputs differ, naming the file;
// - the identity of each file (device and inode), so that an output that is
//   an input is refused before the run (is_input).
// A name a file gives (a config's "strategy", "side_bets", "count",
// "indices") is resolved relative to the folder of that file; a name given
// on the command line or to a library call, relative to the working folder
// (resolve_named). The registry is a plain object that a run (the CLI today,
// a library job later) owns for its duration.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/io/files.hpp"

namespace cardsim::io {

// The largest input read, in bytes: a larger file (or a device such as
// /dev/zero that never ends) is refused, not read without limit.
inline constexpr std::size_t MAX_INPUT_BYTES = std::size_t{256} << 20;

// "sha256:" and 64 hex digits: the SHA-256 of `bytes`.
std::string sha256_fingerprint(std::string_view bytes);

// The path of a file called `name` by `naming_file`: `name` itself if it is
// absolute or `naming_file` is empty (a name given on the command line, for
// the working folder), else `name` in the folder of `naming_file`.
std::string resolve_named(const std::string& name, const std::string& naming_file);

// One file a run read.
struct InputFile {
  std::string what;         // what messages call it: "--config", "side bet", "strategy chart", "shard"...
  std::string name;         // as named (by a flag or a file), for the run identity
  std::string path;         // the path read
  std::string bytes;        // its whole content as read
  std::string fingerprint;  // sha256_fingerprint(bytes)
  std::optional<FileIdentity> identity;
};

class InputRegistry {
 public:
  // Reads the file `path` (at most MAX_INPUT_BYTES) and keeps it, `what` and
  // `name` (empty: the path) naming it. A file read before (the same file by
  // device and inode, or the same path) is not read again: its kept bytes are
  // returned. Throws Error "cannot read 'PATH' (WHAT): why".
  const InputFile& read(const std::string& what, const std::string& path, const std::string& name = "");

  // The input that `path` names (the same file, by device and inode; for a
  // path that does not exist, the same path), if any: an output must not be one.
  const InputFile* find(const std::string& path) const;
  bool is_input(const std::string& path) const { return find(path) != nullptr; }

  // Every file read, in the order first read. (A deque: references stay valid.)
  const std::deque<InputFile>& files() const { return files_; }

 private:
  std::deque<InputFile> files_;
};

// What the run identity keeps of `files`: [{"what", "name", "fingerprint"}],
// in the order read.
nlohmann::json inputs_identity_json(const std::deque<InputFile>& files);

// Compares the "inputs" of two run identities (inputs_identity_json): "" if
// equal, else one line naming the first input that differs, e.g.
// "side bet 'sb.json' differs (sha256:ab12... against sha256:cd34...)".
// Names may differ (a run resumed from another folder) as long as the
// contents are the same.
std::string inputs_difference(const nlohmann::json& mine, const nlohmann::json& theirs);

}  // namespace cardsim::io
