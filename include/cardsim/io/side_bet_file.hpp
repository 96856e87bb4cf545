// Side bet files (configs/sidebets/*.json) <-> blackjack::SideBet, and the
// PAR sheet of a bet as JSON and as a terminal table.
//
// A side bet file is a JSON object:
//   {"name": "Perfect Pairs 25/12/6",
//    "description": "...",                      (optional, documentation)
//    "cards": "first_two",
//    "outcomes": [{"name": "Perfect pair", "kind": "perfect_pair", "pays": 25}, ...],
//    "published": [{"decks": 8, "house_edge_percent": "4.0964", "source": "..."}],
//    "pays_for_decks": [6, 8]}                 (optional)
// "cards" says which cards the bet looks at: first_two (the seat's first two
// cards), first_two_upcard (and the dealer's up card), first_two_dealer_two
// (and the dealer's up and hole cards) or dealer_final (the dealer's final
// hand). Outcomes are tried in the order listed; the first that matches pays
// "pays" to one (a whole number, or "A:B" for A to B), and a deal matching
// none loses. An outcome's "kind" is one of blackjack::OutcomeKind's names,
// with its parameters:
//   total, suited_total, ranked_total, matched_total,
//   low_total_under, low_total_over          "total": 2..21 (low totals 2..20)
//   card_pair, holds_card                    "rank": A, 2..10, J, Q, K; "suit" (optional):
//                                            clubs, diamonds, hearts, spades
//   upcard_match                             "suited", "unsuited": 0..2 (1 or 2 together)
//   dealer_bust                              "min_cards": 3.., "max_cards" (optional)
//   pair, mixed_pair, colored_pair, perfect_pair, flush, straight,
//   straight_flush, trips, suited_trips      none
// and, on any kind but dealer_bust, "dealer_blackjack": true to require a
// dealer blackjack as well (then "cards" must be first_two_dealer_two).
// "published" lists house edges from the literature for a number of decks
// (and, for dealer_final, "h17": true or false), each with its "source"; the
// percentage is a string so that its digits keep the published precision.
// "pays_for_decks" lists the shoes (numbers of decks) the pay table was
// published for: a pay table set for two decks can be a player's bet at six
// (Match the Dealer 4/19), so a shoe of another size gets a warning
// (pays_for_decks_note). Every shipped file has it.
// An unknown key, a wrong type or a value out of range is an error that
// names the file, the key and what is allowed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/io/inputs.hpp"

namespace cardsim::io {

// Version of the JSON layout of `cardsim sidebet --out` (docs/results.md,
// "sidebet"; par_sheet_json below with the command, tool and method).
inline constexpr int SIDEBET_SCHEMA_VERSION = 1;

// A house edge that a source published for one shoe.
struct PublishedEdge {
  int decks = 0;
  bool h17 = false;                // the dealer's rule (dealer_final bets only)
  std::string house_edge_percent;  // as published, e.g. "6.21"
  std::string source;
  std::string note;
  double percent() const;
  // Half a unit of the last published digit: how far a figure rounded to
  // that precision can be from the exact one.
  double rounding() const;
};

struct SideBetFile {
  blackjack::SideBet bet;
  std::string description;
  std::vector<PublishedEdge> published;
  std::vector<int> pays_for_decks;  // the shoes the pay table was published for (empty: not said)
  std::string path;                 // the file read ("" if parsed from text)
};

// Parses a side bet file's text; `source` names it in errors.
SideBetFile parse_side_bet(std::string_view json_text, const std::string& source);

// The side bet `name_or_path`: a file path (relative to `folder`, that of the
// config that names it; to the working folder if empty),
// or a name in the data folder's sidebets/ (io/data_dir.hpp), with or without
// ".json"; read through `inputs`. Throws Error naming the shipped bets if
// there is no such file.
SideBetFile load_side_bet(const std::string& name_or_path, InputRegistry& inputs, const std::string& folder = "");
// The same through a registry of its own (a test, a one-off look-up).
SideBetFile load_side_bet(const std::string& name_or_path);

// The side bets of a config (SimConfig::side_bets), each as load_side_bet.
std::vector<SideBetFile> load_side_bets(const std::vector<std::string>& names, InputRegistry& inputs,
                                        const std::string& folder = "");
std::vector<SideBetFile> load_side_bets(const std::vector<std::string>& names);
// Their bets alone, in order (for blackjack::Engine).
std::vector<blackjack::SideBet> bets_of(const std::vector<SideBetFile>& files);

// The names of the bets in the data folder's sidebets/, sorted; empty if
// there is no data folder.
std::vector<std::string> shipped_side_bets();

// A bet as a side bet file's "cards" and "outcomes" (every parameter
// explicit), which parse_side_bet reads back to the same bet.
nlohmann::json side_bet_to_json(const blackjack::SideBet& bet);

// The whole file as JSON (bet, description, published figures, pays_for_decks;
// not its path), which parse_side_bet reads back to the same file: how
// checkpoints and shard results carry the bets a run played, so that resuming
// and merging need neither the files nor the folder they were in.
nlohmann::json side_bet_file_to_json(const SideBetFile& file);

// "" if `file` says nothing of its shoes or lists `decks`; else a warning
// that its pays were published for other shoes, e.g. "side bet 'Match the
// Dealer 4/19': its pays were published for 2 decks, not 6; its house edge
// at 6 decks is its own (cardsim sidebet ... --decks 6)".
std::string pays_for_decks_note(const SideBetFile& file, int decks);

// The PAR sheet as JSON: counts as decimal strings, exact probabilities and
// house edge as reduced fractions "a/b", decimals beside them, and the file's
// published figures for this shoe with the difference.
nlohmann::json par_sheet_json(const SideBetFile& file, const blackjack::ParSheet& sheet);

// The PAR sheet as a table for a terminal.
std::string format_par_sheet(const SideBetFile& file, const blackjack::ParSheet& sheet);

}  // namespace cardsim::io
