// The error type of cardsim: a bad input (config, flag, file) or an impossible
// request. Its message is one line that names the problem and what is allowed;
// the CLI prints it as "error: <message>" and exits non-zero.
#pragma once

#include <stdexcept>
#include <string>

namespace cardsim {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace cardsim
