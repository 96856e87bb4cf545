// The effect of each rule, exactly: for a base game, every game one rule
// away from it (decks, the dealer's soft 17, doubling, splitting, surrender,
// the blackjack payout, the hole card), each analyzed exactly (Analyzer,
// fresh shoe each round) with its own optimal basic strategy and with the
// base game's strategy played unchanged: the table of rule effects the
// blackjack calculators list, from the combinatorial analyzer. The app's
// analyze job (app/analyze_job.hpp) runs the changes on threads; io's
// analysis result writes them.
#pragma once

#include <cstdint>
#include <vector>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/rules.hpp"
#include "cardsim/blackjack/strategy.hpp"

namespace cardsim::blackjack {

// The rule a change changes, in the order the table lists them.
enum class RuleKind : std::uint8_t {
  decks,
  h17,
  double_rule,
  double_after_split,
  split_hands,
  resplit_aces,
  hit_split_aces,
  surrender,
  blackjack_pays,
  hole_card,
};

struct RuleChange {
  RuleKind kind = RuleKind::decks;
  Rules rules;  // the base game with that one rule changed
};

// Every game one rule away from `base` that check_rules() accepts, by
// RuleKind and then by the rule's values: decks 1..8 (the tens removed per
// deck kept; an absolute cut card dropped for the penetration, which the
// analysis does not read), S17/H17, each other double rule, DAS on/off,
// split hands 1..4, resplitting aces (where split hands >= 3) and hitting
// split aces (where there is a split) on/off, each other surrender, 3:2 and
// 6:5 (whichever the base does not pay), each other hole-card rule. A
// change that check_rules() refuses with the base's other rules (early
// surrender in a Switch game, say) is left out.
std::vector<RuleChange> single_rule_changes(const Rules& base);

struct RuleEffect {
  RuleChange change;
  StrategyChart optimal_chart;  // the changed game's own optimal basic strategy
  StrategyEv optimal;           // its EV
  StrategyEv base_chart;        // the EV of the base game's basic strategy played unchanged in it
  // Both EVs are exact (0) or within this of the exact value per initial bet
  // (Blackjack Switch: SWITCH_EV_ERROR_BOUND).
  double error_bound = 0;
};

// Analyzes `change.rules` (the optimal chart and its EV) and evaluates
// `base_chart` in it. No threads, no printing; a few tenths of a second for a
// six-deck game.
RuleEffect rule_effect(const RuleChange& change, const StrategyChart& base_chart);

}  // namespace cardsim::blackjack
