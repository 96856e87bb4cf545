#include "cardsim/blackjack/rules.hpp"

#include <cmath>
#include <numeric>
#include <string>

namespace cardsim::blackjack {

int Rules::cut_card_position() const {
  if (cut_card > 0) return cut_card;
  return static_cast<int>(std::lround(penetration * shoe_cards()));
}

std::int64_t Rules::bet_units() const { return std::lcm(std::int64_t{2}, std::int64_t{blackjack_pays_den}); }

bool double_allowed(DoubleRule rule, HandState state) {
  const int low = low_total(state);
  switch (rule) {
    case DoubleRule::any: return true;
    case DoubleRule::nine_to_eleven: return !is_soft(state) && low >= 9 && low <= 11;
    case DoubleRule::ten_to_eleven: return !is_soft(state) && low >= 10 && low <= 11;
    default: return false;
  }
}

RulesProblem check_rules(const Rules& r) {
  using enum RulesConflict;
  if (r.remove_tens_per_deck != 0 && r.infinite()) return {tens_removed_from_infinite_deck};
  if (!r.infinite()) {
    const int cut = r.cut_card_position();
    if (cut < 1 || cut >= r.shoe_cards()) return {cut_card_outside_shoe, cut};
    if (r.burn_cards >= cut) return {burn_cards_reach_cut_card, cut};
  }
  const bool peek = r.hole_card == HoleCard::peek;
  if (r.free_bets() && !peek) return {free_bets_without_peek};
  if (r.double_any_cards && !r.double_after_split) return {double_any_cards_without_das};
  if (r.double_rescue && !peek) return {rescue_without_peek};
  if (r.double_rescue && r.free_bets()) return {rescue_with_free_bets};
  if (r.spanish_bonuses && r.infinite()) return {bonuses_without_finite_shoe};
  if (r.switch_hands) {
    if (!peek) return {switch_without_peek};
    if (r.surrender == Surrender::early) return {switch_with_early_surrender};
    if (r.insurance != Insurance::never) return {switch_with_insurance};
    if (r.spanish_bonuses) return {switch_with_bonuses};
  }
  if (r.free_split_pairs != 0 && r.split_hands < 2) return {free_split_without_splits};
  for (int total = 0; total < 32; ++total) {
    if (((r.free_double_totals >> total) & 1U) == 0) continue;
    if (!double_allowed(r.double_rule, static_cast<HandState>(total))) return {free_double_not_doublable, total};
  }
  return {};
}

namespace {

std::string message_of(RulesProblem p, const Rules& r) {
  const std::string cut = std::to_string(p.value);
  switch (p.conflict) {
    case RulesConflict::tens_removed_from_infinite_deck:
      return "removing tens needs a finite shoe, not an infinite deck";
    case RulesConflict::cut_card_outside_shoe:
      return "the cut card falls at card " + cut + " of a " + std::to_string(r.shoe_cards()) +
             "-card shoe; penetration or cut_card must put it inside the shoe";
    case RulesConflict::burn_cards_reach_cut_card:
      return std::to_string(r.burn_cards) + " burn cards reach the cut card at card " + cut + "; expected fewer";
    case RulesConflict::free_bets_without_peek: return "free doubles and free splits (Free Bet) need a peek game";
    case RulesConflict::double_any_cards_without_das:
      return "doubling any number of cards (double_any_cards) needs double after split (das)";
    case RulesConflict::rescue_without_peek: return "the double rescue (double_rescue) needs a peek game";
    case RulesConflict::rescue_with_free_bets:
      return "the double rescue (double_rescue) does not combine with free bets";
    case RulesConflict::bonuses_without_finite_shoe: return "Spanish 21's suited bonuses need a finite shoe";
    case RulesConflict::switch_without_peek:
    case RulesConflict::switch_with_early_surrender:
    case RulesConflict::switch_with_insurance:
    case RulesConflict::switch_with_bonuses:
      return "Blackjack Switch (switch) is played with hole_card \"peek\", no early surrender, no insurance and no "
             "Spanish 21 bonuses";
    case RulesConflict::free_split_without_splits: return "free splits (free_split) need splitting (split_hands >= 2)";
    case RulesConflict::free_double_not_doublable:
      return "a free double on hard " + std::to_string(p.value) + ", which the double rule does not allow";
    default: return "the rules go together";
  }
}

}  // namespace

void validate(const Rules& rules) {
  const RulesProblem problem = check_rules(rules);
  if (problem.conflict != RulesConflict::none) throw RulesError(problem, message_of(problem, rules));
}

}  // namespace cardsim::blackjack
