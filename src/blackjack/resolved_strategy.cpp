#include "cardsim/blackjack/resolved_strategy.hpp"

#include <string>
#include <vector>

#include "cardsim/blackjack/analysis_dealer.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {
namespace {

const char* upcard_name(int upcard) { return CARD_NAMES[static_cast<std::size_t>(upcard)]; }

// The move a chart action stands for on a hand of two cards or of more, where
// a double is or is not possible (`can_double`: the rules allow doubling this
// hand; three or more cards only under double_any_cards, and only D+ / Ds+
// double them); no split or surrender (those are decided apart).
Move resolve_simple(ChartAction action, bool two_cards, bool can_double) {
  switch (action) {
    case ChartAction::hit:
    case ChartAction::surrender_else_hit:
    case ChartAction::split_if_das_else_hit: return Move::hit;
    case ChartAction::stand:
    case ChartAction::surrender_else_stand: return Move::stand;
    case ChartAction::hit_two_stand_more: return two_cards ? Move::hit : Move::stand;
    case ChartAction::stand_two_hit_more: return two_cards ? Move::stand : Move::hit;
    case ChartAction::double_else_hit: return two_cards && can_double ? Move::double_down : Move::hit;
    case ChartAction::double_else_stand: return two_cards && can_double ? Move::double_down : Move::stand;
    case ChartAction::double_any_else_hit: return can_double ? Move::double_down : Move::hit;
    case ChartAction::double_any_else_stand: return can_double ? Move::double_down : Move::stand;
    default: return Move::stand;  // split actions are handled by the caller
  }
}

bool is_surrender(ChartAction action) {
  return action == ChartAction::surrender_else_hit || action == ChartAction::surrender_else_stand ||
         action == ChartAction::surrender_else_split;
}

// The chart cell for a hand of two or more cards in `state` (not a pair).
ChartAction total_cell(const StrategyChart& chart, HandState state, int upcard) {
  if (is_soft(state)) return chart.soft[static_cast<std::size_t>(best_total(state))][static_cast<std::size_t>(upcard)];
  const int low = low_total(state);
  if (low < HARD_MIN) return ChartAction::hit;  // unreachable with two cards
  return chart.hard[static_cast<std::size_t>(low)][static_cast<std::size_t>(upcard)];
}

void require_complete(const StrategyChart& chart) {
  auto check = [&](const ChartRows& rows, int from, int to, const char* part) {
    for (int row = from; row <= to; ++row) {
      for (int up = 1; up <= CARD_VALUES; ++up) {
        if (rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(up)] == ChartAction::invalid) {
          throw Error("strategy '" + chart.name + "': no action for " + part + " " + std::to_string(row) + " against " +
                      upcard_name(up));
        }
      }
    }
  };
  check(chart.hard, HARD_MIN, HARD_MAX, "hard");
  check(chart.soft, SOFT_MIN, SOFT_MAX, "soft");
  check(chart.pairs, 1, CARD_VALUES, "pair");
}

}  // namespace

Move chart_move(const Rules& rules, ChartAction action, DecisionPoint point, HandState state) {
  const bool two_cards = point != DecisionPoint::more_cards;
  const bool can_double =
      (two_cards || rules.double_any_cards) && may_double_after_split(rules, point == DecisionPoint::split_two, state);
  return resolve_simple(action, two_cards, can_double);
}

RescueTable double_rescue_table(const Rules& rules) {
  RescueTable table{};
  if (!rules.double_rescue) return table;
  const DealerModel model(rules.h17);
  const ShoeComposition shoe = ShoeComposition::of(rules);
  for (int up = 1; up <= CARD_VALUES; ++up) {
    CardCounts removed{};
    removed[static_cast<std::size_t>(up)] = 1;
    double twenty_two = 0;
    const DealerProbabilities unconditioned =
        model.probabilities(shoe, removed, up, rules.dealer_22_pushes ? &twenty_two : nullptr);
    const double no_blackjack = 1 - unconditioned[static_cast<std::size_t>(DealerFinal::blackjack)];
    const DealerProbabilities p = condition_on_no_blackjack(unconditioned);
    for (int s = 0; s < HAND_STATES; ++s) {
      const auto state = static_cast<HandState>(s);
      if (is_bust(state) || low_total(state) == 0) continue;
      const int total = best_total(state);
      double stand =
          add_stand_results(p[static_cast<std::size_t>(DealerFinal::bust)] - twenty_two / no_blackjack, total, p);
      if (rules.player_21_wins && total == 21) stand = 1;
      // The doubled wager (2 bets) standing against 1 bet surrendered.
      table[state][static_cast<std::size_t>(up)] = 2 * stand < -1;
    }
  }
  return table;
}

ResolvedStrategy::ResolvedStrategy(const Rules& rules, const StrategyChart& chart) {
  require_complete(chart);
  for (int point = 0; point < DECISION_POINTS; ++point) {
    for (int s = 0; s < HAND_STATES; ++s) {
      const auto state = static_cast<HandState>(s);
      for (int up = 1; up <= CARD_VALUES; ++up) {
        Move move = Move::stand;
        if (!is_bust(state) && best_total(state) < 21 && low_total(state) > 0) {
          move = chart_move(rules, total_cell(chart, state, up), static_cast<DecisionPoint>(point), state);
        }
        moves_[static_cast<std::size_t>(point)][state][static_cast<std::size_t>(up)] = move;
      }
    }
  }
  rescue_ = double_rescue_table(rules);
  for (int point = 0; point < 2; ++point) {
    const bool after_split = point == static_cast<int>(DecisionPoint::split_two);
    for (int card = 1; card <= CARD_VALUES; ++card) {
      const HandState state = two_card_hand(card, card);
      const bool can_double = may_double_after_split(rules, after_split, state);
      for (int up = 1; up <= CARD_VALUES; ++up) {
        const ChartAction action = chart.pairs[static_cast<std::size_t>(card)][static_cast<std::size_t>(up)];
        Move move = resolve_simple(action, true, can_double);
        if (action == ChartAction::split || action == ChartAction::surrender_else_split ||
            (action == ChartAction::split_if_das_else_hit && rules.double_after_split)) {
          move = Move::split;
        }
        pair_moves_[static_cast<std::size_t>(point)][static_cast<std::size_t>(card)][static_cast<std::size_t>(up)] =
            move;
        pair_surrender_[static_cast<std::size_t>(card)][static_cast<std::size_t>(up)] = is_surrender(action);
      }
    }
  }
  for (int s = 0; s < HAND_STATES; ++s) {
    const auto state = static_cast<HandState>(s);
    for (int up = 1; up <= CARD_VALUES; ++up) {
      surrender_[state][static_cast<std::size_t>(up)] =
          !is_bust(state) && low_total(state) > 0 && is_surrender(total_cell(chart, state, up));
    }
  }
}

namespace {

// An index action as a move at a decision point; `chart` is the chart's move.
Move resolve_index(IndexAction action, bool can_double, Move chart) {
  switch (action) {
    case IndexAction::hit: return Move::hit;
    case IndexAction::stand: return Move::stand;
    case IndexAction::double_else_hit: return can_double ? Move::double_down : Move::hit;
    case IndexAction::double_else_stand: return can_double ? Move::double_down : Move::stand;
    case IndexAction::split: return Move::split;
    default: return chart;
  }
}

IndexedMove indexed_move(const IndexPlay& play, bool can_double, Move chart) {
  IndexedMove m;
  m.index = static_cast<std::int8_t>(play.index);
  m.at_or_above = resolve_index(play.at_or_above, can_double, chart);
  m.below = resolve_index(play.below, can_double, chart);
  m.active = m.at_or_above != m.below;
  return m;
}

// Surrender and insurance lines: "-" means do not (not "as the chart says").
IndexedChoice indexed_choice(const IndexPlay& play, IndexAction yes) {
  IndexedChoice c;
  c.index = static_cast<std::int8_t>(play.index);
  c.at_or_above = play.at_or_above == yes;
  c.below = play.below == yes;
  c.active = c.at_or_above != c.below;
  return c;
}

std::string index_name(const IndexPlay& play) {
  const std::string hand = play.hand == IndexHand::soft   ? "soft " + std::to_string(play.value)
                           : play.hand == IndexHand::pair ? std::string("pair ") + upcard_name(play.value)
                           : play.hand == IndexHand::hard ? std::to_string(play.value)
                                                          : "insurance";
  return "index play " + hand + " against " + upcard_name(play.upcard);
}

}  // namespace

ResolvedIndices::ResolvedIndices(const Rules& rules, const ResolvedStrategy& strategy,
                                 const std::vector<IndexPlay>& plays) {
  // Cells without an index line hold the chart's move (or surrender choice) on
  // both sides: a counted decision reads one table.
  for (int point = 0; point < DECISION_POINTS; ++point) {
    for (int s = 0; s < HAND_STATES; ++s) {
      for (int up = 1; up <= CARD_VALUES; ++up) {
        const Move chart = strategy.move(static_cast<DecisionPoint>(point), static_cast<HandState>(s), up);
        moves_[static_cast<std::size_t>(point)][static_cast<std::size_t>(s)][static_cast<std::size_t>(up)] =
            IndexedMove{false, 0, chart, chart};
      }
    }
  }
  for (int point = 0; point < 2; ++point) {
    for (int card = 1; card <= CARD_VALUES; ++card) {
      for (int up = 1; up <= CARD_VALUES; ++up) {
        const Move chart = strategy.pair_move(static_cast<DecisionPoint>(point), card, up);
        pair_moves_[static_cast<std::size_t>(point)][static_cast<std::size_t>(card)][static_cast<std::size_t>(up)] =
            IndexedMove{false, 0, chart, chart};
      }
    }
  }
  for (int up = 1; up <= CARD_VALUES; ++up) {
    const auto u = static_cast<std::size_t>(up);
    for (int s = 0; s < HAND_STATES; ++s) {
      const bool chart = strategy.surrenders(static_cast<HandState>(s), 0, up);
      surrender_[static_cast<std::size_t>(s)][u] = IndexedChoice{false, 0, chart, chart};
    }
    for (int card = 1; card <= CARD_VALUES; ++card) {
      const bool chart = strategy.surrenders(two_card_hand(card, card), card, up);
      pair_surrender_[static_cast<std::size_t>(card)][u] = IndexedChoice{false, 0, chart, chart};
    }
  }
  for (const IndexPlay& play : plays) {
    const auto up = static_cast<std::size_t>(play.upcard);
    const bool surrender_line = play.at_or_above == IndexAction::surrender || play.below == IndexAction::surrender;
    if (play.hand == IndexHand::insurance) {
      insurance_ = indexed_choice(play, IndexAction::insure);
      continue;
    }
    if (surrender_line && rules.surrender == Surrender::none) continue;  // never offered: the line never applies
    if (play.hand == IndexHand::pair) {
      if (rules.split_hands < 2 && !surrender_line) continue;  // a pair is played as its total
      const auto card = static_cast<std::size_t>(play.value);
      if (surrender_line) {
        pair_surrender_[card][up] = indexed_choice(play, IndexAction::surrender);
        continue;
      }
      for (int point = 0; point < 2; ++point) {
        const auto p = static_cast<DecisionPoint>(point);
        const HandState state = two_card_hand(play.value, play.value);
        const bool can_double = may_double_after_split(rules, p == DecisionPoint::split_two, state);
        pair_moves_[static_cast<std::size_t>(point)][card][up] =
            indexed_move(play, can_double, strategy.pair_move(p, play.value, play.upcard));
      }
      continue;
    }
    if (play.at_or_above == IndexAction::split || play.below == IndexAction::split) {
      throw Error(index_name(play) + ": P (split) belongs to pair lines");
    }
    for (int s = 0; s < HAND_STATES; ++s) {
      const auto state = static_cast<HandState>(s);
      if (is_bust(state) || low_total(state) == 0 || best_total(state) >= 21) continue;
      const bool soft = is_soft(state);
      const int total = soft ? best_total(state) : low_total(state);
      if (soft != (play.hand == IndexHand::soft) || total != play.value) continue;
      if (surrender_line) {
        surrender_[state][up] = indexed_choice(play, IndexAction::surrender);
        continue;
      }
      for (int point = 0; point < DECISION_POINTS; ++point) {
        const auto p = static_cast<DecisionPoint>(point);
        const bool two_cards = p != DecisionPoint::more_cards;
        const bool can_double = two_cards && may_double_after_split(rules, p == DecisionPoint::split_two, state);
        moves_[static_cast<std::size_t>(point)][state][up] =
            indexed_move(play, can_double, strategy.move(p, state, play.upcard));
      }
    }
  }
}

}  // namespace cardsim::blackjack
