// The subcommands of the `cardsim` executable. Each lives in its own file with an
// options struct, a setup_x() that binds its flags and a run_x() that does the
// work; setup_x registers run_x as the subcommand's callback. Errors are thrown
// as cardsim::Error and printed once by main().
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cardsim/core/error.hpp"

namespace cardsim::cli {

// A bad flag value found after parsing (a config key given as a flag, checked
// with the rest of the config): main() exits 2, as for CLI11's own checks.
class UsageError : public Error {
 public:
  using Error::Error;
};

void setup_sim(CLI::App& app);
void setup_chart(CLI::App& app);
void setup_compare(CLI::App& app);
void setup_sweep(CLI::App& app);
void setup_report(CLI::App& app);
void setup_zjh(CLI::App& app);
void setup_analyze(CLI::App& app);
void setup_play(CLI::App& app);
void setup_merge(CLI::App& app);
void setup_sidebet(CLI::App& app);
void setup_indices(CLI::App& app);
void setup_ramp(CLI::App& app);
void setup_bench(CLI::App& app);

// `cardsim docs WHAT` (help/docs.cpp), not a CLI11 subcommand so that --help and
// the list of commands do not show it: prints what the docs, man pages and
// shell completion are generated from. Returns the exit code.
int run_docs(const CLI::App& app, const std::vector<std::string>& args);

}  // namespace cardsim::cli
