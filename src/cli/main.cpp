// cardsim: dispatches to the subcommands and turns errors into exit codes
// (docs/cli.md, "Exit codes and errors", documents them):
//   0    success;
//   1    a run error: a bad input file (config, chart, count or index file,
//        shard, checkpoint), an output that cannot be written, values that do
//        not go together;
//   2    a usage error: no command, an unknown command or flag, a flag value
//        outside what it allows (checked by CLI11, or with the config for the
//        config keys' flags);
//   130  interrupted by SIGINT, 143 by SIGTERM (128 + the signal; signals.hpp).
// Every error is one line "error: ..." on stderr; under MPI only rank 0
// prints it (every rank meets the same bad input).
#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/version.hpp"
#include "commands.hpp"
#include "signals.hpp"

namespace {

constexpr int EXIT_RUN_ERROR = 1;
constexpr int EXIT_USAGE = 2;

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// Where the command line leaves the command tree: the deepest (sub)command it
// names, and the word after it that names none (empty if it stops at a flag,
// a command without subcommands, or the end).
struct CommandWalk {
  const CLI::App* command = nullptr;
  std::string path = "cardsim";
  std::string unknown;
  bool ended = false;  // nothing after `command`
};

CommandWalk walk_commands(const CLI::App& app, int argc, char** argv) {
  CommandWalk walk;
  walk.command = &app;
  const auto all = [](const CLI::App*) { return true; };
  for (int i = 1;; ++i) {
    const auto subcommands = walk.command->get_subcommands(all);
    if (subcommands.empty()) return walk;
    if (i == argc) {
      walk.ended = true;
      return walk;
    }
    const std::string word = argv[i];
    if (word.empty() || word.front() == '-') return walk;
    const auto found =
        std::find_if(subcommands.begin(), subcommands.end(), [&](const CLI::App* s) { return s->get_name() == word; });
    if (found == subcommands.end()) {
      walk.unknown = word;
      return walk;
    }
    walk.command = *found;
    walk.path += " " + word;
  }
}

// "unknown command 'simm'; did you mean sim? The commands: ...".
std::string unknown_command_message(const CommandWalk& walk) {
  std::string names;
  std::string nearest;
  std::size_t best = walk.unknown.size();
  for (const CLI::App* s : walk.command->get_subcommands([](const CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + s->get_name();
    const std::size_t d = edit_distance(walk.unknown, s->get_name());
    if (d < best) {
      best = d;
      nearest = s->get_name();
    }
  }
  // A suggestion only when it is near: at most 2 edits, and fewer than half the word.
  const bool near = !nearest.empty() && best <= 2 && 2 * best < std::max(walk.unknown.size(), nearest.size());
  const std::string kind = walk.path == "cardsim" ? "command" : walk.path.substr(8) + " command";
  return "unknown " + kind + " '" + cardsim::excerpt(walk.unknown) + "'" +
         (near ? "; did you mean " + nearest + "?" : ".") + " The " + kind + "s are: " + names;
}

}  // namespace

int main(int argc, char** argv) {
  const bool print = cardsim::run::launched_rank() == 0;
  cardsim::cli::install_signal_handler(print);
  const auto report = [print](int code, const std::string& message) {
    // One line: control characters in a quoted input are escaped.
    if (print) std::fprintf(stderr, "error: %s\n", cardsim::excerpt(message, message.size()).c_str());
    return code;
  };

  CLI::App app{"cardsim: fast, exact, reproducible casino card game simulation", "cardsim"};
  app.set_version_flag("--version", std::string("cardsim ") + cardsim::VERSION + " (" + cardsim::GIT_REVISION + ")");
  app.require_subcommand(1);
  cardsim::cli::setup_sim(app);
  cardsim::cli::setup_chart(app);
  cardsim::cli::setup_compare(app);
  cardsim::cli::setup_sweep(app);
  cardsim::cli::setup_report(app);
  cardsim::cli::setup_zjh(app);
  cardsim::cli::setup_analyze(app);
  cardsim::cli::setup_play(app);
  cardsim::cli::setup_merge(app);
  cardsim::cli::setup_sidebet(app);
  cardsim::cli::setup_indices(app);
  cardsim::cli::setup_ramp(app);
  if (argc > 1 && std::string(argv[1]) == "docs") {
    return cardsim::cli::run_docs(app, std::vector<std::string>(argv + 2, argv + argc));
  }

  const CommandWalk walk = walk_commands(app, argc, argv);
  if (walk.ended) {
    // `cardsim` or `cardsim zjh` alone: the usage and the commands.
    if (print) {
      std::fprintf(stderr, "usage: %s COMMAND [FLAGS]; `%s COMMAND --help` lists a command's flags\n\n%s",
                   walk.path.c_str(), walk.path.c_str(), walk.command->help().c_str());
    }
    return EXIT_USAGE;
  }
  if (!walk.unknown.empty()) return report(EXIT_USAGE, unknown_command_message(walk));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return report(EXIT_USAGE, e.what());
  } catch (const cardsim::cli::UsageError& e) {
    return report(EXIT_USAGE, e.what());
  } catch (const cardsim::cli::Interrupted& e) {
    return report(cardsim::cli::interrupted_exit_code(), e.what());
  } catch (const cardsim::Error& e) {
    return report(EXIT_RUN_ERROR, e.what());
  } catch (const std::exception& e) {
    return report(EXIT_RUN_ERROR, std::string("internal: ") + e.what());
  }
  return 0;
}
