// How wide the terminal is, and text wrapped to it at word boundaries (never
// inside a word): --help and `cardsim play` write through these.
#pragma once

#include <cstddef>
#include <string>

namespace cardsim::cli {

// Columns to wrap stdout's text to: $COLUMNS if it is a number > 0, else the
// terminal's width if stdout is one (TIOCGWINSZ), else 80.
std::size_t terminal_columns();

// Display columns of UTF-8 text: one per character, two for the wide CJK
// ones (炸金花), none for ANSI color codes ("\033[31m").
std::size_t display_width(const std::string& text);

// `text`'s words (split at blanks) wrapped to `columns`, its first line after
// `first_width` columns already printed, the next ones indented by `indent`
// spaces. A word wider than the line is not broken.
std::string wrapped(const std::string& text, std::size_t indent, std::size_t first_width, std::size_t columns);

// Text written to stdout wrapped to terminal_columns() as it comes, across
// calls (a prompt, then the echoed answer): a line too long breaks at a
// blank, its rest indented two more than the line; blanks at a break are
// dropped, the rest written as given.
class WrappedOutput {
 public:
  explicit WrappedOutput(std::size_t columns = terminal_columns()) : columns_(columns) {}
  void write(const std::string& text);

 private:
  std::size_t columns_;
  std::size_t at_ = 0;      // the cursor's column
  std::size_t indent_ = 0;  // the line's leading blanks
  bool leading_ = true;     // no word on the line yet
};

}  // namespace cardsim::cli
