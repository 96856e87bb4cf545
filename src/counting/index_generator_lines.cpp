// A line of an index set as the generator compares it: the play at or above
// the index and the play below it on each of the line's two-card hands (and,
// for hit-or-stand total lines, on hands of three or more cards), and a
// play's value for the whole round in which the hand is dealt.
#include <cstdint>
#include <utility>
#include <vector>

#include "index_generator_impl.hpp"

namespace cardsim::blackjack::index_generation {

Play play_of(Move move) {
  switch (move) {
    case Move::hit: return Play::hit;
    case Move::double_down: return Play::double_down;
    case Move::split: return Play::split;
    case Move::surrender: return Play::surrender;
    default: return Play::stand;
  }
}

bool splits_allowed(const Rules& rules) { return rules.split_hands > 1; }

std::vector<std::pair<int, int>> line_hands(const Rules& rules, const IndexPlay& line) {
  std::vector<std::pair<int, int>> hands;
  for (int a = 1; a <= CARD_VALUES; ++a) {
    for (int b = a; b <= CARD_VALUES; ++b) {
      const HandState s = two_card_hand(a, b);
      switch (line.hand) {
        case IndexHand::insurance: hands.emplace_back(a, b); break;
        case IndexHand::pair:
          if (a == b && a == line.value) hands.emplace_back(a, b);
          break;
        default: {
          if (a == b && splits_allowed(rules)) break;
          const bool soft = line.hand == IndexHand::soft;
          if (best_total(s) < 21 && is_soft(s) == soft && best_total(s) == line.value) hands.emplace_back(a, b);
        }
      }
    }
  }
  return hands;
}

namespace {

// An index action as the play it stands for with this hand: `chart` is the
// chart's own move for it (no surrender).
Play resolve(IndexAction action, bool can_double, Play chart, bool insurance_line) {
  switch (action) {
    case IndexAction::hit: return Play::hit;
    case IndexAction::stand: return Play::stand;
    case IndexAction::double_else_hit: return can_double ? Play::double_down : Play::hit;
    case IndexAction::double_else_stand: return can_double ? Play::double_down : Play::stand;
    case IndexAction::split: return Play::split;
    case IndexAction::surrender: return Play::surrender;
    case IndexAction::insure: return Play::insure;
    default: return insurance_line ? Play::no_insurance : chart;
  }
}

}  // namespace

bool idle_line(const Rules& rules, const IndexPlay& line) {
  const bool surrender_line = line.at_or_above == IndexAction::surrender || line.below == IndexAction::surrender;
  if (surrender_line) return rules.surrender == Surrender::none;
  return line.hand == IndexHand::pair && !splits_allowed(rules);
}

Comparison resolve_line(const Rules& rules, const ResolvedStrategy& strategy, const IndexPlay& line) {
  Comparison c;
  c.upcard = line.upcard;
  c.insurance = line.hand == IndexHand::insurance;
  if (idle_line(rules, line)) return c;  // no hands: nothing to value
  for (const auto& [a, b] : line_hands(rules, line)) {
    const HandState s = two_card_hand(a, b);
    const bool pair = a == b && splits_allowed(rules);
    const Play chart = play_of(pair ? strategy.pair_move(DecisionPoint::first_two, a, line.upcard)
                                    : strategy.move(DecisionPoint::first_two, s, line.upcard));
    const bool can_double = double_allowed(rules.double_rule, s);
    c.hands.push_back({a, b, resolve(line.at_or_above, can_double, chart, c.insurance),
                       resolve(line.below, can_double, chart, c.insurance)});
  }
  // At three or more cards a D falls back to a hit, Ds to a stand, "-" to the
  // chart's more-card move (hit or stand).
  const bool total_line = line.hand == IndexHand::hard || line.hand == IndexHand::soft;
  const bool surrender_line = line.at_or_above == IndexAction::surrender || line.below == IndexAction::surrender;
  if (total_line && !surrender_line) {
    c.soft = line.hand == IndexHand::soft;
    c.total = line.value;
    const auto state = static_cast<HandState>(c.soft ? (line.value - 10) | ACE_BIT : line.value);
    const Play chart = play_of(strategy.move(DecisionPoint::more_cards, state, line.upcard));
    c.more_high = resolve(line.at_or_above, false, chart, false);
    c.more_low = resolve(line.below, false, chart, false);
    c.more_cards = c.more_high != c.more_low;
  }
  return c;
}

double round_value(const Rules& rules, const InitialHandValues& hand, Play play) {
  const bool peek = rules.hole_card == HoleCard::peek;
  const double bj = hand.dealer_blackjack;
  const DecisionEvs& e = hand.evs;
  if (play == Play::surrender) {
    if (rules.surrender == Surrender::early) return -HALF;
    return peek ? -HALF * (1 - bj) - bj : e.surrender;
  }
  double v = e.stand;
  if (play == Play::hit) v = e.hit;
  if (play == Play::double_down) v = e.double_down;
  if (play == Play::split) v = e.split;
  return peek ? (1 - bj) * v - bj : v;
}

}  // namespace cardsim::blackjack::index_generation
