// Reading and writing whole files, the only file I/O of the core library.
#pragma once

#include <string>

namespace cardsim::io {

// The whole content of `path`; throws Error naming the path if it cannot be read.
std::string read_file(const std::string& path);

// Throws Error if `path` could not be written: its folder is missing or not
// writable, or it is a folder. Call before a long run, so that a bad --out fails
// at once. Creates nothing.
void check_writable(const std::string& path);

// Writes `content` to `path` atomically: a temporary file in the same folder,
// flushed, then renamed over `path`. A reader never sees a half-written file;
// on failure `path` is untouched and Error is thrown.
void write_file_atomically(const std::string& path, const std::string& content);

}  // namespace cardsim::io
