// The error type of cardsim: a bad input (config, flag, file) or an impossible
// request. Its message is one line that names the problem and what is allowed;
// the CLI prints it as "error: <message>" and exits non-zero.
#pragma once

#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cardsim {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// A run stopped before its end (Ctrl-C, SIGTERM, a stop flag): what was done
// is reported and written, and the message says where it is. The CLI exits
// with 128 + the signal's number.
class Interrupted : public Error {
 public:
  using Error::Error;
};

// Characters of an input quoted in an error message, at most.
inline constexpr std::size_t EXCERPT_CHARS = 80;

// `text` (bytes of an input: a file, a value) as an error message may quote
// it: control characters escaped (\n, \t, \r, \xNN) so the message stays one
// line, and cut after `max_chars` characters with "..." so that a file is
// never echoed whole. A UTF-8 character is never cut in two.
inline std::string excerpt(std::string_view text, std::size_t max_chars = EXCERPT_CHARS) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool continuation = (byte & 0xC0) == 0x80;
    if (!continuation && chars == max_chars) return out + "...";
    if (!continuation) ++chars;
    if (byte == '\n') {
      out += "\\n";
    } else if (byte == '\t') {
      out += "\\t";
    } else if (byte == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7F) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02X", byte);
      out += hex;
    } else {
      out += static_cast<char>(byte);
    }
  }
  return out;
}

}  // namespace cardsim
