// The config key table (`cardsim docs config-keys`, docs/config.md): every
// key's kind, allowed values and meaning, and the names of enum values.

#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "config_impl.hpp"

namespace cardsim::io {
namespace config_detail {

namespace {

const std::vector<ConfigKey> KEYS = {
    {"name", "string", "any text", "a name for this rule set, echoed in the result"},
    {"description", "string", "any text", "what this rule set is, echoed in the result"},
    {"decks", "integer", "1..8 or \"infinite\"", "decks in the shoe; \"infinite\" draws with replacement"},
    {"remove_tens_per_deck", "integer", "0..16 (a finite shoe)",
     "ten-valued cards taken out of each deck, 10s first: 4 makes the 48-card Spanish deck"},
    {"penetration", "number", "a fraction in (0,1)", "share of the shoe dealt before the cut card"},
    {"cut_card", "integer", "0 (use penetration) or 1..cards in the shoe - 1",
     "cards dealt before the cut card; overrides penetration when > 0"},
    {"burn_cards", "integer", "0 up to the cut card position - 1", "cards burned after each shuffle"},
    {"reshuffle", "string", names_of(RESHUFFLE_NAMES),
     "reshuffle after the round the cut card came out in, or before every round"},
    {"seats", "integer", "1..7", "players at the table, all playing the same strategy"},
    {"h17", "boolean", "true or false", "dealer hits soft 17 (false: stands, S17)"},
    {"hole_card", "string", names_of(HOLE_CARD_NAMES),
     "dealer peeks for blackjack; or no hole card, losing all bets or the original bet only to a blackjack"},
    {"double", "string", names_of(DOUBLE_NAMES), "which first two cards may be doubled (9-11, 10-11: hard totals)"},
    {"das", "boolean", "true or false", "double after split"},
    {"split_hands", "integer", "1..4", "most hands a player may hold by splitting (1: no splits)"},
    {"resplit_aces", "boolean", "true or false", "split aces may be split again"},
    {"hit_split_aces", "boolean", "true or false", "split aces may be hit (false: one card each)"},
    {"surrender", "string", names_of(SURRENDER_NAMES), "late: after the peek; early: before it"},
    {"insurance", "string", names_of(INSURANCE_NAMES), "insure every hand against an ace (even money on a blackjack)"},
    {"blackjack_pays", "string", "\"p:q\" with whole p, q in 1..100, e.g. \"3:2\", \"6:5\"", "payout of a blackjack"},
    {"dealer_22_pushes", "boolean", "true or false",
     "a dealer total of exactly 22 pushes every hand still live (Free Bet); naturals are paid before"},
    {"free_double", "string", "\"none\" or hard totals 4..20 and ranges, e.g. \"9-11\" or \"9,10,11\"",
     "two-card hard totals doubled on the house (Free Bet): the free bet wins like a real one, loses nothing"},
    {"player_21_wins", "boolean", "true or false",
     "a player's 21 (not a natural) wins against every dealer hand but a blackjack (Spanish 21)"},
    {"blackjack_beats_blackjack", "boolean", "true or false",
     "a player's blackjack is paid against a dealer's blackjack too (Spanish 21)"},
    {"free_split", "string", "\"none\", \"all\" or pair cards A, 2..9, T and ranges, e.g. \"A-9\" (all but tens)",
     "pairs split on the house, resplits included (Free Bet): each added hand's bet is free"},
    {"double_any_cards", "boolean", "true or false (needs das)",
     "a hand of three or more cards may be doubled too, on the totals 'double' allows (Spanish 21)"},
    {"double_rescue", "boolean", "true or false (peek games, no free bets)",
     "after a double the player may give up the hand for the original bet (Spanish 21's rescue)"},
    {"spanish_bonuses", "boolean", "true or false (a finite shoe)",
     "bonus 21s not doubled: 5 cards 3:2, 6 2:1, 7+ 3:1; 6-7-8 / 7-7-7 mixed 3:2, suited 2:1, spades 3:1 (Spanish 21)"},
    {"switch", "boolean", "true or false",
     "Blackjack Switch: each seat plays two hands of one bet and may exchange their second cards (a 21 so made is "
     "not a natural); peek, no insurance or early surrender"},
    {"strategy", "string",
     "\"basic\", \"hit-below-16\", \"mimic-dealer\", \"always-stand\", a chart in configs/strategies/ or a chart file",
     "how the players play"},
    {"rounds", "count", "a whole number >= 1, e.g. 1000000, 1e9, 100M", "rounds to play"},
    {"seed", "integer", "a whole number 0..18446744073709551615 (2^64-1) in decimal digits",
     "the run's seed: the same seed gives the same result"},
    {"chunk_rounds", "count", "a whole number >= 1", "rounds per chunk (unit of work with its own random stream)"},
    {"control_variate", "string", names_of(CONTROL_VARIATE_NAMES),
     "the headline estimate: controlled by the exact values of the chart (docs/control-variates.md), or plain"},
    {"count", "string",
     "\"none\", a count in configs/counts/ (hi-lo, ko, hi-opt-1, hi-opt-2, omega-2, zen, wong-halves) or a count file",
     "card counting system (\"none\": no counting)"},
    {"true_count_decks", "string", names_of(DECK_ESTIMATE_NAMES),
     "remaining decks for the true count: exact, to the nearest half or whole deck, or none (running count)"},
    {"true_count_rounding", "string", names_of(ROUNDING_NAMES), "how running count / decks becomes a whole true count"},
    {"bet_ramp", "string",
     "\"flat\" or steps \"TC:UNITS,...\" with true counts ascending and units 1..1000, e.g. \"1:1,2:2,3:4,4:8,5:12\"",
     "base bets by true count (the first step's units also below it)"},
    {"wong_in", "integer", "\"none\" or a true count -30..30", "watch from the shuffle, play from this true count up"},
    {"wong_out", "integer", "\"none\" or a true count -30..30, at most wong_in", "stop playing below this true count"},
    {"indices", "string",
     "\"none\", a set in configs/indices/ (illustrious18-fab4-s17, illustrious18-fab4-h17, ...) or an index file",
     "index plays: deviations from the chart by true count, insurance and surrender included"},
    {"bankroll_units", "number", "a number of base bets > 0", "bankroll for the risk of ruin, in base bets"},
    {"rounds_per_hour", "number", "a number > 0", "rounds played per hour, for the hours to N0"},
    {"side_bets", "list",
     "a list of up to 4 side bets, each a name in configs/sidebets/ (21-plus-3, buster-blackjack, lucky-ladies, "
     "perfect-pairs-25-12-6, ...) or a side bet file; a single name stands for a list of one, \"none\" for none",
     "side bets every seat places, one unit on each every round (finite shoes only)"},
};

}  // namespace

const ConfigKey& key_info(const std::string& key) {
  for (const auto& k : KEYS) {
    if (k.key == key) return k;
  }
  throw Error("internal: undocumented config key '" + key + "'");
}

std::string key_and_flag(const std::string& key) {
  if (key == "name" || key == "description") return "config key '" + key + "'";
  return "config key '" + key + "' (--" + config_flag(key) + ")";
}

}  // namespace config_detail

using namespace config_detail;
namespace bj = blackjack;

const std::vector<ConfigKey>& config_keys() { return KEYS; }

std::string config_flag(const std::string& key) {
  std::string flag = key;
  for (char& c : flag) c = c == '_' ? '-' : c;
  if (key_info(key).kind == "list") flag.pop_back();  // one item per flag: "side-bets" -> "side-bet"
  return flag;
}

std::string to_string(bj::Reshuffle value) { return name_of(RESHUFFLE_NAMES, value); }
std::string to_string(bj::HoleCard value) { return name_of(HOLE_CARD_NAMES, value); }
std::string to_string(bj::ControlVariate value) { return name_of(CONTROL_VARIATE_NAMES, value); }
std::string to_string(bj::DoubleRule value) { return name_of(DOUBLE_NAMES, value); }
std::string to_string(bj::Surrender value) { return name_of(SURRENDER_NAMES, value); }
std::string to_string(bj::Insurance value) { return name_of(INSURANCE_NAMES, value); }
std::string to_string(bj::DeckEstimate value) { return name_of(DECK_ESTIMATE_NAMES, value); }
std::string to_string(bj::TrueCountRounding value) { return name_of(ROUNDING_NAMES, value); }

}  // namespace cardsim::io
