// What the user's locale allows on the terminal.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>

namespace cardsim::cli {

// UTF-8 output (suit symbols, Chinese names) when the locale says so: LC_ALL,
// else LC_CTYPE, else LANG, the first one set deciding.
inline bool utf8_locale() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    std::string text(value);
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text.find("utf-8") != std::string::npos || text.find("utf8") != std::string::npos;
  }
  return false;
}

}  // namespace cardsim::cli
