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
// prints it (every rank meets the same bad input; another rank waits for it,
// and speaks only if rank 0 did not stop).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/version.hpp"
#include "commands.hpp"
#include "help/help.hpp"
#include "signals.hpp"

namespace {

constexpr int EXIT_RUN_ERROR = 1;
constexpr int EXIT_USAGE = 2;
// How long a rank other than 0 waits before it exits on an error (main).
constexpr int RANK_ERROR_GRACE_SECONDS = 5;

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

// "unknown command 'simm'; did you mean sim? The commands are: ...".
std::string unknown_command_message(const CommandWalk& walk) {
  std::string names;
  std::vector<std::string> words;
  for (const CLI::App* s : walk.command->get_subcommands([](const CLI::App*) { return true; })) {
    names += (names.empty() ? "" : ", ") + s->get_name();
    words.push_back(s->get_name());
  }
  const std::string kind = walk.path == "cardsim" ? "command" : walk.path.substr(8) + " command";
  const std::string suggestion = cardsim::io::did_you_mean(walk.unknown, words);
  return "unknown " + kind + " '" + cardsim::excerpt(walk.unknown) + "'" + (suggestion.empty() ? "." : suggestion) +
         " The " + kind + "s are: " + names;
}

// For CLI11's "The following arguments were not expected": the first word
// after the command that looks like a flag and is none of the command's, as
// "unknown flag '--deck' for `cardsim sim`; did you mean --decks? ...", or
// "" if there is none (the extra word is a stray value).
std::string unknown_flag_message(const CommandWalk& walk, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    const bool flag = word.size() > 1 && word[0] == '-' &&
                      (std::isalpha(static_cast<unsigned char>(word[1])) != 0 || (word[1] == '-' && word.size() > 2));
    if (!flag) continue;
    const std::string name = word.substr(0, word.find('='));
    if (walk.command->get_option_no_throw(name) != nullptr) continue;
    return "unknown flag '" + cardsim::excerpt(name) + "' for `" + walk.path + "`" +
           cardsim::cli::nearest_flag(*walk.command, name) + " (`" + walk.path + " --help` lists its flags)";
  }
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  const bool print = cardsim::run::launched_rank() == 0;
  cardsim::cli::install_signal_handler(print);
  const auto report = [print](int code, const std::string& message) {
    // One line: control characters in a quoted input are escaped.
    const std::string line = cardsim::excerpt(message, message.size());
    if (print) {
      std::fprintf(stderr, "error: %s\n", line.c_str());
    } else {
      // Another rank under mpirun: rank 0 meets the same bad input and says
      // it. Exiting first would let mpirun stop rank 0 before it printed (its
      // line would read "interrupted"), so wait for it; if rank 0 is still
      // running after the grace (an error of this rank alone), say it here.
      std::this_thread::sleep_for(std::chrono::seconds(RANK_ERROR_GRACE_SECONDS));
      std::fprintf(stderr, "error: rank %d: %s\n", cardsim::run::launched_rank(), line.c_str());
    }
    return code;
  };

  CLI::App app{"cardsim: fast, exact, reproducible casino card game simulation", "cardsim"};
  // "cardsim 0.2.0 (commit 0123456789ab)" when built from a git checkout,
  // "cardsim 0.2.0" from a release's source tarball.
  const std::string revision = cardsim::GIT_REVISION;
  app.set_version_flag(
      "-V,--version",
      std::string("cardsim ") + cardsim::VERSION + (revision == "unknown" ? "" : " (commit " + revision + ")"),
      "Print the version and exit");
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
  cardsim::cli::setup_bench(app);
  cardsim::cli::organize_help(app);
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
  if (walk.command == &app) {
    // A flag before any command: cardsim's own (-V, --help) or an unknown one
    // ("--versio: did you mean --version?"), not "A subcommand is required".
    const std::string flag = unknown_flag_message(walk, argc, argv);
    if (!flag.empty()) return report(EXIT_USAGE, flag);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ExtrasError& e) {
    const std::string flag = unknown_flag_message(walk, argc, argv);
    return report(EXIT_USAGE, flag.empty() ? e.what() : flag);
  } catch (const CLI::ParseError& e) {
    return report(EXIT_USAGE, e.what());
  } catch (const cardsim::cli::UsageError& e) {
    return report(EXIT_USAGE, e.what());
  } catch (const cardsim::Interrupted& e) {
    return report(cardsim::cli::interrupted_exit_code(), e.what());
  } catch (const cardsim::Error& e) {
    return report(EXIT_RUN_ERROR, e.what());
  } catch (const std::bad_alloc&) {
    return report(EXIT_RUN_ERROR, "not enough memory for `" + walk.path +
                                      "` as asked: lower --rounds or raise --chunk-rounds (fewer chunks to hold), or "
                                      "play fewer variants, side bets or threads");
  } catch (const std::exception& e) {
    return report(EXIT_RUN_ERROR, std::string("internal: ") + e.what());
  }
  return 0;
}
