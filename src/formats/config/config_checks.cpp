// The relations between config keys, after each key is read: the counting
// keys need a count, the rules' own relations (blackjack::validate, said here
// in config keys and flags), then those of the side bets, the count and the
// chunks.
#include <string>

#include "cardsim/blackjack/rules.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/run/runner.hpp"
#include "config_impl.hpp"

namespace cardsim::io::config_detail {
namespace bj = blackjack;
using nlohmann::json;

namespace {

// A conflict of bj::validate in config keys and flags.
std::string conflict_message(bj::RulesProblem p, const bj::Rules& r) {
  using enum bj::RulesConflict;
  switch (p.conflict) {
    case tens_removed_from_infinite_deck:
      return "config key 'remove_tens_per_deck' (--remove-tens-per-deck): removing tens needs a finite shoe; 'decks' "
             "is \"infinite\"";
    case cut_card_outside_shoe:
      return "the cut card falls at card " + std::to_string(p.value) + " of a " + std::to_string(r.shoe_cards()) +
             "-card shoe; penetration or cut_card must put it inside the shoe";
    case burn_cards_reach_cut_card:
      return "config key 'burn_cards': " + std::to_string(r.burn_cards) + " burn cards reach the cut card at card " +
             std::to_string(p.value) + "; expected fewer";
    case free_bets_without_peek:
      return "config keys 'free_double' and 'free_split' (Free Bet) need hole_card \"peek\", not \"" +
             to_string(r.hole_card) + "\"";
    case double_any_cards_without_das:
      return "config key 'double_any_cards' (--double-any-cards): needs das true (a split hand's later doubles "
             "follow it); 'das' is false";
    case rescue_without_peek:
      return "config key 'double_rescue' (--double-rescue): needs hole_card \"peek\", not \"" + to_string(r.hole_card) +
             "\"";
    case rescue_with_free_bets:
      return "config key 'double_rescue' (--double-rescue): does not combine with 'free_double' or 'free_split'";
    case bonuses_without_finite_shoe:
      return "config key 'spanish_bonuses' (--spanish-bonuses): the suited bonuses need a finite shoe; 'decks' is "
             "\"infinite\"";
    case switch_without_peek:
      return "config key 'switch' (--switch): Blackjack Switch needs hole_card \"peek\", not \"" +
             to_string(r.hole_card) + "\" (the hands are exchanged after the peek)";
    case switch_with_early_surrender:
      return "config key 'switch' (--switch): Blackjack Switch takes surrender \"none\" or \"late\", not \"early\"";
    case switch_with_insurance:
      return "config key 'switch' (--switch): Blackjack Switch takes insurance \"never\", not \"" +
             to_string(r.insurance) + "\"";
    case switch_with_bonuses:
      return "config key 'spanish_bonuses' (--spanish-bonuses): no Spanish 21 bonuses with Blackjack Switch "
             "('switch'): an exchange moves the cards the bonuses look at";
    case free_split_without_splits:
      return "config key 'free_split' (--free-split): free splits need splitting; 'split_hands' is 1";
    case free_double_not_doublable:
      return "config key 'free_double' (--free-double): hard " + std::to_string(p.value) +
             " may not be doubled under double \"" + to_string(r.double_rule) +
             "\"; expected totals the double rule allows";
    default: return "the rules do not go together";
  }
}

}  // namespace

void check_key_relations(const json& j, const SimConfig& c) {
  const bj::Rules& r = c.rules;
  const CountingConfig& k = c.counting;
  if (!k.enabled()) {
    for (const char* key : COUNTING_KEYS) {
      const json defaults = to_json(SimConfig{}, true);
      if (j.contains(key) && std::string(key) != "count" && j.at(key) != defaults.at(key)) {
        throw Error(std::string("config key '") + key +
                    "' needs a count system: give 'count' (--count), e.g. \"hi-lo\"");
      }
    }
  }

  // Relations between keys: the rules' own by bj::validate (said here in
  // config keys and flags), then those of the side bets and the count.
  try {
    bj::validate(r);
  } catch (const bj::RulesError& e) {
    throw Error(conflict_message(e.problem(), r));
  }
  if (!c.side_bets.empty() && r.infinite()) {
    throw Error("config key 'side_bets' (--side-bet): side bets need a finite shoe; 'decks' is \"infinite\"");
  }
  if (!c.side_bets.empty() && r.remove_tens_per_deck != 0) {
    throw Error(
        "config key 'side_bets' (--side-bet): side bets are priced on full 52-card decks; 'remove_tens_per_deck' is " +
        std::to_string(r.remove_tens_per_deck) + " (expected 0 with side bets)");
  }
  if (!c.side_bets.empty() && r.switch_hands)
    throw Error("config key 'side_bets' (--side-bet): no side bets with Blackjack Switch ('switch')");
  if (k.enabled() && r.infinite()) {
    throw Error("config key 'count' (--count): card counting needs a finite shoe; 'decks' is \"infinite\"");
  }
  if (c.chunk_rounds > core::MAX_SHOES_PER_CHUNK) {
    throw BadConfigValue("chunk_rounds",
                         "config key 'chunk_rounds' (--chunk-rounds): " + std::to_string(c.chunk_rounds) +
                             " is not allowed; expected at most " + std::to_string(core::MAX_SHOES_PER_CHUNK) +
                             " (a chunk's stream holds that many shoes)");
  }
  if (c.rounds / c.chunk_rounds >= core::MAX_CHUNKS) {
    throw BadConfigValue("rounds", "config key 'rounds' (--rounds): " + std::to_string(c.rounds) +
                                       " rounds in chunks of " + std::to_string(c.chunk_rounds) + " are " +
                                       std::to_string(run::ChunkPlan(c.rounds, c.chunk_rounds).chunks()) +
                                       " chunks; at most " + std::to_string(core::MAX_CHUNKS - 1) +
                                       ": raise chunk_rounds (--chunk-rounds) or lower rounds");
  }
}

}  // namespace cardsim::io::config_detail
