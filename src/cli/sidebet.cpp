// `cardsim sidebet NAME_OR_FILE`: the exact PAR sheet of a blackjack side bet
// (configs/sidebets/*.json) for a fresh shoe, by combinatorics. Parsing,
// wiring and printing only; the counting lives in blackjack/side_bet and the
// file format and report in io/side_bet_file.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

constexpr int DEFAULT_DECKS = 6;

struct SidebetOptions {
  std::string bet;
  int decks = DEFAULT_DECKS;
  bool h17 = false;
  std::string out;
  bool quiet = false;
};

// --decks N: a whole number of decks, 1..MAX_DECKS.
int sheet_decks(const std::string& text) {
  const nlohmann::json value = io::flag_value_to_json(text);
  if (!value.is_number_unsigned() || value.get<std::uint64_t>() < 1 ||
      value.get<std::uint64_t>() > static_cast<std::uint64_t>(blackjack::MAX_DECKS)) {
    throw Error("'" + excerpt(text) + "' is not allowed; expected 1.." + std::to_string(blackjack::MAX_DECKS) +
                " (a PAR sheet is for a finite shoe)");
  }
  return value.get<int>();
}

// --h17 [BOOL]: alone (""), true or false.
bool flag_true(const std::string& text) {
  const nlohmann::json value = io::flag_value_to_json(text);
  if (!value.is_boolean()) throw Error("'" + excerpt(text) + "' is not allowed; expected true or false");
  return value.get<bool>();
}

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
  result["schema_version"] = io::SIDEBET_SCHEMA_VERSION;
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
  // --decks and --h17 read as sim's flags of the same keys read them
  // (io::flag_value_to_json), with cardsim's one-line errors; a PAR sheet is
  // for a finite shoe.
  sidebet
      ->add_option_function<std::string>(
          "--decks", [options](const std::string& text) { options->decks = sheet_decks(text); }, "Decks in the shoe")
      ->check(error_check([](const std::string& text) { sheet_decks(text); }))
      ->check(CLI::Range(1, blackjack::MAX_DECKS))  // (never fails after sheet_decks: names the range in --help)
      ->type_name("N")
      ->default_str(std::to_string(DEFAULT_DECKS));
  sidebet
      ->add_option_function<std::string>(
          "--h17", [options](const std::string& text) { options->h17 = flag_true(text); },
          "The dealer hits soft 17 (bets on the dealer's final hand); alone, or true or false")
      ->check(error_check([](const std::string& text) { flag_true(text); }))
      ->expected(0, 1)
      ->type_name("[BOOL]");
  sidebet->add_option("-o,--out", options->out, "Write the PAR sheet as JSON to FILE ('-': stdout)");
  sidebet->add_flag("-q,--quiet", options->quiet, "No table on the terminal");
  sidebet->callback([options] { run_sidebet(*options); });
}

}  // namespace cardsim::cli
