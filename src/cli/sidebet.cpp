// `cardsim sidebet NAME_OR_FILE`: the exact PAR sheet of a blackjack side bet
// (configs/sidebets/*.json) for a fresh shoe, by combinatorics. Parsing,
// wiring and printing only; the counting lives in blackjack/side_bet and the
// file format and report in io/side_bet_file.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "commands.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

// Version of the JSON layout of `sidebet` (docs/results.md, "sidebet").
constexpr int SIDEBET_SCHEMA_VERSION = 1;
constexpr int DEFAULT_DECKS = 6;

struct SidebetOptions {
  std::string bet;
  int decks = DEFAULT_DECKS;
  bool h17 = false;
  std::string out;
  bool quiet = false;
};

void run_sidebet(const SidebetOptions& options) {
  io::InputRegistry inputs;
  const io::SideBetFile file = io::load_side_bet(options.bet, inputs);
  Outputs outputs("sidebet", inputs);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.check();

  const auto start = std::chrono::steady_clock::now();
  const blackjack::ParSheet sheet = blackjack::par_sheet(file.bet, options.decks, options.h17);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  nlohmann::json result;
  result["schema_version"] = SIDEBET_SCHEMA_VERSION;
  result["tool"] = io::tool_json();
  result["command"] = "sidebet";
  result.update(io::par_sheet_json(file, sheet));
  result["method"] = {
      {"deals", "ordered sequences of the cards the bet looks at, drawn without replacement from a fresh shoe; for the "
                "dealer's final hand, the first deal_cards cards the dealer could take (each hand is a prefix of "
                "the same number of them), from the full shoe with no player card removed"},
      {"counts", "exact 128-bit integers, written as decimal strings; probabilities and the house edge as reduced "
                 "fractions"}};
  result["performance"] = {{"elapsed_seconds", elapsed}};

  if (result.contains("note")) std::fprintf(stderr, "warning: %s\n", result.at("note").get<std::string>().c_str());
  const std::string result_text = result.dump(2) + "\n";
  outputs.write("--out", result_text);
  if (!options.quiet) {
    std::fprintf(outputs.summary_stream(), "%sComputed in %.3f s.\n", io::format_par_sheet(file, sheet).c_str(),
                 elapsed);
  }
  outputs.finish(result_text);
}

}  // namespace

void setup_sidebet(CLI::App& app) {
  auto options = std::make_shared<SidebetOptions>();
  CLI::App* sidebet = app.add_subcommand(
      "sidebet", "Exact PAR sheet of a blackjack side bet (configs/sidebets/) for a fresh shoe, by combinatorics");
  sidebet->add_option("bet", options->bet, "A side bet: a name in the data folder's sidebets/ or a side bet file")
      ->required();
  sidebet->add_option("--decks", options->decks, "Decks in the shoe")
      ->check(CLI::Range(1, blackjack::MAX_DECKS))
      ->capture_default_str();
  sidebet->add_flag("--h17", options->h17, "The dealer hits soft 17 (bets on the dealer's final hand)");
  sidebet->add_option("-o,--out", options->out, "Write the PAR sheet as JSON to FILE ('-': stdout)");
  sidebet->add_flag("-q,--quiet", options->quiet, "No table on the terminal");
  sidebet->callback([options] { run_sidebet(*options); });
}

}  // namespace cardsim::cli
