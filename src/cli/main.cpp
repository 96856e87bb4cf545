// cardsim: dispatches to the subcommands and turns errors into exit codes.
//   0 success, 1 a run error (bad input, unwritable file), 2 a usage error
//   (unknown flag, bad flag value), 130 interrupted (Ctrl-C).
#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/version.hpp"
#include "commands.hpp"
#include "signals.hpp"

int main(int argc, char** argv) {
  CLI::App app{"cardsim: fast, exact, reproducible casino card game simulation"};
  app.set_version_flag("--version", std::string("cardsim ") + cardsim::VERSION + " (" +
                                        cardsim::GIT_REVISION + ")");
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
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  } catch (const cardsim::cli::Interrupted& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 130;
  } catch (const cardsim::Error& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: internal: %s\n", e.what());
    return 1;
  }
  return 0;
}
