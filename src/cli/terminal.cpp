#include "terminal.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include <sys/ioctl.h>
#include <unistd.h>

namespace cardsim::cli {

std::size_t terminal_columns() {
  constexpr std::size_t DEFAULT_COLUMNS = 80;  // a pipe: help2man, docs/cli.md, a pager
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0) return static_cast<std::size_t>(value);
  }
  winsize size{};
  if (::isatty(STDOUT_FILENO) == 1 && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  return DEFAULT_COLUMNS;
}

std::size_t display_width(const std::string& text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\033') {  // a color code: ESC [ ... m
      const std::size_t end = text.find('m', i);
      if (end == std::string::npos) break;
      i = end;
      continue;
    }
    if ((byte & 0xC0) == 0x80) continue;
    width += byte >= 0xE3 && byte <= 0xED ? 2 : 1;  // U+3000..U+DFFF: CJK
  }
  return width;
}

std::string wrapped(const std::string& text, std::size_t indent, std::size_t first_width, std::size_t columns) {
  std::istringstream words(text);
  std::string word;
  std::string out;
  std::size_t at = first_width;
  bool line_empty = true;
  while (words >> word) {
    const std::size_t w = display_width(word);
    if (!line_empty && at + 1 + w > columns) {
      out += '\n';
      out.append(indent, ' ');
      at = indent;
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++at;
    }
    out += word;
    at += w;
    line_empty = false;
  }
  return out;
}

void WrappedOutput::write(const std::string& text) {
  constexpr std::size_t HANG = 2;  // the rest of a broken line: indented two more
  std::string out;
  std::size_t blanks = 0;  // written before the next word, unless it starts a new line
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\n') {
      out += '\n';
      at_ = indent_ = blanks = 0;
      leading_ = true;
      ++i;
    } else if (text[i] == ' ') {
      ++blanks;
      if (leading_) ++indent_;
      ++i;
    } else {
      const std::size_t end = std::min(text.find_first_of(" \n", i), text.size());
      const std::string word = text.substr(i, end - i);
      const std::size_t width = display_width(word);
      if (!leading_ && at_ + blanks + width > columns_) {
        at_ = std::min(indent_ + HANG, columns_ / 2);
        out += '\n';
        out.append(at_, ' ');
      } else {
        out.append(blanks, ' ');
        at_ += blanks;
      }
      out += word;
      at_ += width;
      blanks = 0;
      leading_ = false;
      i = end;
    }
  }
  // Blanks at the end (a prompt's) are written, up to the line's end.
  const std::size_t shown = std::min(blanks, columns_ > at_ ? columns_ - at_ : 0);
  out.append(shown, ' ');
  at_ += shown;
  std::fputs(out.c_str(), stdout);
}

}  // namespace cardsim::cli
