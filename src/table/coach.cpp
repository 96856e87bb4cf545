#include "cardsim/blackjack/coach.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cardsim::blackjack {
namespace {

constexpr double UNSET = std::numeric_limits<double>::quiet_NaN();
// An insurance bet is half the initial bet and pays 2:1.
constexpr double INSURANCE_STAKE = 0.5;
constexpr double INSURANCE_WIN = 1.0;
constexpr double SURRENDER_VALUE = -0.5;

std::size_t at(int i) { return static_cast<std::size_t>(i); }
std::size_t at(Action a) { return static_cast<std::size_t>(a); }

Action to_action(Move move) {
  switch (move) {
    case Move::hit: return Action::hit;
    case Move::stand: return Action::stand;
    case Move::double_down: return Action::double_down;
    case Move::split: return Action::split;
    case Move::surrender: return Action::surrender;
  }
  return Action::stand;
}

// The pair card the engine's surrender lookup uses: the first two cards'
// value when they are equal and splitting exists at all.
int pair_card(const PlayerHand& hand, const Rules& rules) {
  return hand.cards.size() == 2 && hand.cards[0].value == hand.cards[1].value && rules.split_hands > 1
             ? hand.cards[0].value
             : 0;
}

CardCounts counts_of(const PlayerHand& hand) {
  CardCounts counts{};
  for (const TableCard& card : hand.cards) ++counts[card.value];
  return counts;
}

// The chart's move for the hand, without surrender.
Action playing_action(const TableGame& game, const ResolvedStrategy& strategy) {
  const TableSeat& seat = game.seats()[at(game.current_seat())];
  const PlayerHand& hand = seat.hands[at(game.current_hand())];
  const ActionSet legal = game.legal_actions();
  const int up = game.upcard();
  const DecisionPoint point = hand.cards.size() > 2 ? DecisionPoint::more_cards
                              : hand.from_split     ? DecisionPoint::split_two
                                                    : DecisionPoint::first_two;
  Move move = legal.contains(Action::split) ? strategy.pair_move(point, hand.cards[0].value, up)
                                            : strategy.move(point, hand.state, up);
  if (!legal.contains(Action::hit) && move != Move::split) move = Move::stand;  // split aces
  if (move == Move::double_down && !legal.contains(Action::double_down)) {
    move = strategy.move(DecisionPoint::more_cards, hand.state, up);  // D -> hit, Ds -> stand
  }
  return to_action(move);
}

}  // namespace

Action chart_action(const TableGame& game, const ResolvedStrategy& strategy, bool insure) {
  const TableSeat& seat = game.seats()[at(game.current_seat())];
  const Rules& rules = game.rules();
  switch (game.phase()) {
    case TablePhase::early_surrender: {
      const PlayerHand& hand = seat.hands.front();
      return strategy.surrenders(hand.state, pair_card(hand, rules), game.upcard()) ? Action::surrender
                                                                                    : Action::decline;
    }
    case TablePhase::insurance: return insure ? Action::insure : Action::decline;
    case TablePhase::between_rounds: return Action::stand;
    case TablePhase::player: break;
  }
  const PlayerHand& hand = seat.hands[at(game.current_hand())];
  if (game.legal_actions().contains(Action::surrender) &&
      strategy.surrenders(hand.state, pair_card(hand, rules), game.upcard())) {
    return Action::surrender;
  }
  return playing_action(game, strategy);
}

Coach::Coach(const Rules& rules, const StrategyChart& chart)
    : rules_(rules), evaluator_(rules, chart), table_(std::make_unique<InitialHandTable>()) {
  *table_ = Analyzer(rules).initial_hand_table(chart);
}

Coach::~Coach() = default;

Advice Coach::advise(const TableGame& game) const {
  Advice advice;
  advice.ev.fill(UNSET);
  advice.recommended = chart_action(game, strategy(), false);
  const TableSeat& seat = game.seats()[at(game.current_seat())];
  const int up = game.upcard();
  const ActionSet legal = game.legal_actions();

  // The table's values for a seat's first two cards, by action.
  auto initial_values = [&](const PlayerHand& hand) {
    const int low = std::min(hand.cards[0].value, hand.cards[1].value);
    const int high = std::max(hand.cards[0].value, hand.cards[1].value);
    const DecisionEvs& evs = (*table_).evs[at(low)][at(high)][at(up)];
    std::array<double, ACTIONS> values{};
    values.fill(UNSET);
    values[at(Action::stand)] = evs.stand;
    values[at(Action::hit)] = evs.hit;
    values[at(Action::double_down)] = evs.double_down;
    values[at(Action::split)] = evs.split;
    values[at(Action::surrender)] = evs.surrender;
    return values;
  };

  switch (game.phase()) {
    case TablePhase::between_rounds: return advice;
    case TablePhase::insurance: {
      const double p = evaluator_.dealer_blackjack_probability(counts_of(seat.hands.front()), up);
      advice.ev[at(Action::insure)] = p * INSURANCE_WIN - (1 - p) * INSURANCE_STAKE;
      advice.ev[at(Action::decline)] = 0;
      advice.initial_hand = true;
      return advice;
    }
    case TablePhase::early_surrender: {
      // Declining: the dealer's blackjack now (a lost bet), else the chart's
      // play given no blackjack (peek games; no-hole-card games' table values
      // already include the blackjack).
      const PlayerHand& hand = seat.hands.front();
      const std::array<double, ACTIONS> values = initial_values(hand);
      const int pair = pair_card(hand, rules_);
      const Move move = pair != 0 ? strategy().pair_move(DecisionPoint::first_two, pair, up)
                                  : strategy().move(DecisionPoint::first_two, hand.state, up);
      const double play = values[at(to_action(move))];
      double decline = play;
      if (rules_.hole_card == HoleCard::peek) {
        const double p = evaluator_.dealer_blackjack_probability(counts_of(hand), up);
        decline = -p + (1 - p) * play;
      }
      advice.ev[at(Action::surrender)] = SURRENDER_VALUE;
      advice.ev[at(Action::decline)] = decline;
      advice.initial_hand = true;
      return advice;
    }
    case TablePhase::player: break;
  }
  const PlayerHand& hand = seat.hands[at(game.current_hand())];
  std::array<double, ACTIONS> values{};
  values.fill(UNSET);
  if (game.current_hand() == 0 && seat.hands.size() == 1 && !hand.from_split && hand.cards.size() == 2) {
    values = initial_values(hand);
    advice.initial_hand = true;
  } else {
    const DecisionEvs evs =
        evaluator_.evaluate(counts_of(hand), up, legal.contains(Action::double_down), game.current_hand() == 0);
    values[at(Action::stand)] = evs.stand;
    values[at(Action::hit)] = evs.hit;
    values[at(Action::double_down)] = evs.double_down;
  }
  for (int a = 0; a < ACTIONS; ++a) {
    if (legal.contains(static_cast<Action>(a))) advice.ev[at(a)] = values[at(a)];
  }
  return advice;
}

}  // namespace cardsim::blackjack
