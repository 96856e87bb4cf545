// Placeholder until the Zha Jin Hua subcommand lands (issue 6).
#include "commands.hpp"

namespace cardsim::cli {
void setup_zjh(CLI::App& /*app*/) {}
}  // namespace cardsim::cli
