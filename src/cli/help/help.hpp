// How the command line describes itself: each command's --help grouped
// (rules, strategy, counting, run, output...), wrapped to the terminal, with
// readable value names and the command's examples. The CLI11 command tree is
// the one table of flags: --help, the man pages (help2man over --help, with
// the examples as their EXAMPLES section), docs/cli.md and the bash, zsh and
// fish completions (`cardsim docs`) all come from it, and tests/cli/cli_test.sh
// (case docs-agree) checks that they list the same flags.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace cardsim::cli {

// The help groups, in the order --help lists them.
inline const std::vector<std::string>& help_groups() {
  static const std::vector<std::string> groups{"Arguments", "Rules",     "Strategy", "Table", "Counting",
                                               "Run",       "Evaluator", "Output",   "Other"};
  return groups;
}

// After every command is set up: puts each flag of every command in its help
// group, gives value names a reader knows (N, FILE, a|b|c instead of CLI11's
// UINT:INT in [2 - 17]), adds each command's examples to its help and sets the
// formatter. Throws std::logic_error for a flag the group table lacks (a test
// runs --help for every command).
void organize_help(CLI::App& app);

// The examples of a command ("sim", "zjh deal"; "" for cardsim itself): each
// a command line and what it does.
struct Example {
  std::string line;
  std::string what;
};
std::vector<Example> examples_of(const std::string& command_path);

// The nearest flag of `command` to `word` ("--deck" -> "; did you mean
// --decks?"), or "".
std::string nearest_flag(const CLI::App& command, const std::string& word);

}  // namespace cardsim::cli
