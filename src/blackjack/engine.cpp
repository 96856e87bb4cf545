#include "cardsim/blackjack/engine.hpp"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/analysis_dealer.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/shoe.hpp"

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

// An infinite deck (draw_infinite) with the interface of core::Shoe for the
// engine.
struct InfiniteDeck {
  std::uint8_t draw(core::Rng& rng) { return draw_infinite(rng); }
  // As core::Shoe::lookahead(): the draws from a copy of the generator.
  InfiniteDeck lookahead() const { return *this; }
  template <class Take>
  void look(core::Rng rng, Take&& take) const {
    while (take(draw_infinite(rng))) {
    }
  }
};

// The shoe of a run with side bets: a core::Shoe of suited cards (0..51,
// shoe_suited_cards(), in the order of shoe_values()) that deals their
// values, so the engine plays it as a plain shoe; the same random numbers
// deal the same values as a shoe of shoe_values(). The side bets read the
// round's suited cards afterwards (round_cards()). Only runs with side bets
// deal from it: the others pay nothing for suits.
inline constexpr auto SUITED_VALUES = [] {
  std::array<std::uint8_t, SUITED_CARDS> values{};
  for (int c = 0; c < SUITED_CARDS; ++c)
    values[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(value_of(static_cast<SuitedCard>(c)));
  return values;
}();

class SuitedShoe : public core::Shoe {
 public:
  using core::Shoe::Shoe;
  std::uint8_t draw(core::Rng& rng) { return SUITED_VALUES[core::Shoe::draw(rng)]; }
  // As core::Shoe::lookahead(), by value.
  struct Lookahead {
    core::Shoe::Lookahead suited;
    template <class Take>
    void look(core::Rng rng, Take&& take) const {
      suited.look(rng, [&](std::uint8_t card) { return take(SUITED_VALUES[card]); });
    }
  };
  Lookahead lookahead() { return {core::Shoe::lookahead()}; }
  // This round's suited cards in deal order (an exhaustion reshuffle keeps
  // them together), and how many.
  const SuitedCard* round_cards() const { return dealt_cards() + round_start(); }
  std::uint32_t round_size() const { return dealt() - round_start(); }
};

// The blackjack value of a card as `Deck` holds it.
template <class Deck>
std::uint8_t value_in(std::uint8_t card) {
  if constexpr (std::is_same_v<Deck, SuitedShoe>) return SUITED_VALUES[card];
  return card;
}

// The cards of a fresh `Deck` of `decks` decks, in its starting order.
template <class Deck>
std::vector<std::uint8_t> deck_cards(int decks, int removed_tens) {
  if constexpr (std::is_same_v<Deck, SuitedShoe>) return shoe_suited_cards(decks, removed_tens);
  return shoe_values(decks, removed_tens);
}

// A fixed sequence of cards, for play_stacked_round().
// For counted rounds it answers like a Shoe: the cards left (`remaining`
// before the deal).
class StackedCards {
 public:
  explicit StackedCards(std::span<const std::uint8_t> cards, int remaining = 0)
      : cards_(cards), remaining_(remaining) {}
  std::uint8_t draw(core::Rng& /*rng*/) {
    if (next_ == cards_.size())
      throw Error("stacked round: the round needs more than " + std::to_string(cards_.size()) + " cards");
    return cards_[next_++];
  }
  std::uint32_t remaining() const {
    return static_cast<std::uint32_t>(std::max(0, remaining_ - static_cast<int>(next_)));
  }
  // As core::Shoe::lookahead(): the cards not yet drawn; a look stops where
  // they end.
  struct Lookahead {
    std::span<const std::uint8_t> rest;
    template <class Take>
    void look(core::Rng /*rng*/, Take&& take) const {
      for (std::size_t i = 0; i < rest.size() && take(rest[i]); ++i) {
      }
    }
  };
  Lookahead lookahead() const { return {cards_.subspan(next_)}; }

 private:
  std::span<const std::uint8_t> cards_;
  int remaining_;
  std::size_t next_ = 0;
};

// Stacked suited cards (play_stacked_suited_round): deals their values, and
// answers like the suited shoe for the round's suited cards.
class SuitedStackedCards {
 public:
  explicit SuitedStackedCards(std::span<const SuitedCard> cards) : cards_(cards) {}
  std::uint8_t draw(core::Rng& /*rng*/) {
    if (next_ == cards_.size())
      throw Error("stacked round: the round needs more than " + std::to_string(cards_.size()) + " cards");
    return static_cast<std::uint8_t>(value_of(cards_[next_++]));
  }
  struct Lookahead {
    std::span<const SuitedCard> rest;
    template <class Take>
    void look(core::Rng /*rng*/, Take&& take) const {
      for (std::size_t i = 0; i < rest.size() && take(static_cast<std::uint8_t>(value_of(rest[i]))); ++i) {
      }
    }
  };
  Lookahead lookahead() const { return {cards_.subspan(next_)}; }
  const SuitedCard* round_cards() const { return cards_.data(); }
  std::uint32_t round_size() const { return static_cast<std::uint32_t>(next_); }

 private:
  std::span<const SuitedCard> cards_;
  std::size_t next_ = 0;
};

// Whether a card source deals suited cards (round_cards()).
template <class CardSource>
inline constexpr bool SUITED_SOURCE =
    std::is_same_v<CardSource, SuitedShoe> || std::is_same_v<CardSource, SuitedStackedCards>;

// One hand at the table during a round.
// (rescued: a doubled hand surrendered for its original bet, double_rescue.)
enum class HandStatus : std::uint8_t { live, bust, surrendered, surrendered_early, natural, rescued };

// Trivially constructible on purpose: a round's array of hands is not zeroed,
// each hand is set in full when it is dealt (zeroing it was 15% of a round).
struct TableHand {
  HandState state;
  std::uint8_t seat;    // the box (the seat, but under Blackjack Switch)
  std::uint8_t first;   // first card's value
  std::uint8_t second;  // second card's value (0: a split hand waiting for it)
  bool from_split;
  bool insured;  // seat's insurance bet (initial hands only)
  HandStatus status;
  std::int64_t wager;
  std::int64_t house_stake;  // the free bets in `wager` (Free Bet): a loss costs wager - house_stake
  std::int64_t seat_net;     // the seat's net this round (initial hands only)
  // Spanish 21's bonuses (set only under spanish_bonuses): the hand's cards,
  // the suits of its first two (0..3), and a bit per suit of all its cards.
  std::uint8_t cards;
  std::uint8_t first_suit;
  std::uint8_t second_suit;
  std::uint8_t suits;
};

inline constexpr int MAX_TABLE_HANDS = MAX_SEATS * 2 * MAX_SPLIT_HANDS;  // two boxes a seat under Switch

// The bonus of a hand (spanish_bonuses followed): a three-card 21 without an
// ace whose first two cards are 6-8, different or both 7, is a 6-7-8 or 7-7-7
// (the third card makes 21).
Bonus21 bonus_of(const TableHand& hand) {
  const auto six_to_eight = [](int card) { return card >= 6 && card <= 8; };
  const bool pattern = hand.cards == 3 && !has_ace(hand.state) && six_to_eight(hand.first) &&
                       six_to_eight(hand.second) && (hand.first != hand.second || hand.first == 7);
  return bonus_21(hand.cards, pattern, hand.suits);
}

// How a dealer's hand that stood or busted ended, by state (one load, no
// branch; states under 17 never reach the table).
inline constexpr auto DEALER_FINAL_OF = [] {
  std::array<std::uint8_t, HAND_STATES> table{};
  for (int s = 0; s < HAND_STATES; ++s) {
    table[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(dealer_final(static_cast<HandState>(s)));
  }
  return table;
}();

// What a hand is compared with at settlement, by state: its best total, and
// for a busted hand -1 (player: loses to anything) or 0 (dealer: loses to any
// standing hand). One load and a subtraction instead of branches on busts.
constexpr std::array<std::int8_t, HAND_STATES> scores(int bust_score) {
  std::array<std::int8_t, HAND_STATES> table{};
  for (int s = 0; s < HAND_STATES; ++s) {
    const auto state = static_cast<HandState>(s);
    table[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(is_bust(state) ? bust_score : best_total(state));
  }
  return table;
}
inline constexpr auto PLAYER_SCORES = scores(-1);
inline constexpr auto DEALER_SCORES = scores(0);

}  // namespace

Move chart_move(const Rules& rules, ChartAction action, DecisionPoint point, HandState state) {
  const bool two_cards = point != DecisionPoint::more_cards;
  const bool can_double = (two_cards || rules.double_any_cards) &&
                          (point != DecisionPoint::split_two || rules.double_after_split) &&
                          double_allowed(rules.double_rule, state);
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
      const bool can_double = (!after_split || rules.double_after_split) && double_allowed(rules.double_rule, state);
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
        const bool can_double = (point == 0 || rules.double_after_split) && double_allowed(rules.double_rule, state);
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
        const bool can_double = two_cards && (p != DecisionPoint::split_two || rules.double_after_split) &&
                                double_allowed(rules.double_rule, state);
        moves_[static_cast<std::size_t>(point)][state][up] =
            indexed_move(play, can_double, strategy.move(p, state, play.upcard));
      }
    }
  }
}

Engine::Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting)
    : rules_(rules),
      strategy_(rules, chart),
      bet_(rules.bet_units()),
      half_bet_(bet_ / 2),
      blackjack_win_(rules.blackjack_win_units()),
      counting_(counting) {
  for (std::size_t b = 0; b < BONUS_21_PAYS.size(); ++b)
    bonus_21_units_[b] = bet_ * BONUS_21_PAYS[b].num / BONUS_21_PAYS[b].den;
  if (rules_.switch_hands) {
    if (rules_.hole_card != HoleCard::peek || rules_.surrender == Surrender::early ||
        rules_.insurance != Insurance::never || rules_.spanish_bonuses) {
      throw Error(
          "Blackjack Switch (switch) is played with hole_card \"peek\", no early surrender, no insurance and no "
          "Spanish 21 bonuses");
    }
    switch_values_ = std::make_shared<const SwitchValues>(Analyzer(rules_).switch_values(chart));
  }
  for (int s = 0; s < HAND_STATES; ++s) {
    const auto state = static_cast<HandState>(s);
    dealer_stands_[state] = dealer_stands(state, rules.h17);
  }
  if (counting_.enabled) {
    if (rules_.infinite()) throw Error("card counting needs a finite shoe, not an infinite deck");
    indices_ = ResolvedIndices(rules_, strategy_, counting_.indices);
    has_indices_ = !counting_.indices.empty();
    wongs_ = counting_.has_wong_in || counting_.has_wong_out;
    tags_ = counting_.system.tags;
    tags_[0] = 0;
    for (int b = 0; b < TRUE_COUNT_BUCKETS; ++b) {
      ramp_units_[static_cast<std::size_t>(b)] = counting_.units_at(b - TRUE_COUNT_LIMIT);
    }
    // true_count() as running x factor / divisor(remaining cards).
    const DeckEstimate estimate = counting_.deck_estimate;
    const int factor = estimate == DeckEstimate::exact ? DECK_CARDS : estimate == DeckEstimate::half_deck ? 2 : 1;
    twice_factor_ = 2 * factor;
    for (int remaining = 0; remaining <= rules_.shoe_cards(); ++remaining) {
      const int cards = std::max(remaining, 1);
      int decks = 1;
      if (estimate == DeckEstimate::exact) decks = cards;
      if (estimate == DeckEstimate::half_deck) decks = std::max(1, (cards + HALF_DECK_CARDS / 2) / HALF_DECK_CARDS);
      if (estimate == DeckEstimate::whole_deck) decks = std::max(1, (cards + DECK_CARDS / 2) / DECK_CARDS);
      TrueCountDivisor& d = divisors_[static_cast<std::size_t>(remaining)];
      const std::int32_t half = counting_.system.scale * decks;  // the divisor
      const std::int64_t twice = 2 * std::int64_t{half};
      if (twice >= std::int64_t{1} << TRUE_COUNT_DIVISOR_BITS) {  // scale <= 100 and 8 decks keep it below
        throw Error("counting: the true count's divisor " + std::to_string(half) + " is too large");
      }
      d.magic = ((std::uint64_t{1} << TRUE_COUNT_SHIFT) + static_cast<std::uint64_t>(twice) - 1) /
                static_cast<std::uint64_t>(twice);
      d.twice_divisor = static_cast<std::int32_t>(twice);
      d.lowest = static_cast<std::int32_t>(-TRUE_COUNT_LIMIT * twice);
      d.highest = static_cast<std::int32_t>((TRUE_COUNT_LIMIT + 1) * twice - 1);
      switch (counting_.rounding) {
        case TrueCountRounding::truncate: d.add_if_negative = 2 * half - 2; break;
        case TrueCountRounding::round:
          d.add_if_positive = half;
          d.add_if_negative = half - 1;
          break;
        default: break;  // floor
      }
    }
  }
}

namespace {
const Counting& no_counting() {
  static const Counting none{};
  return none;
}
}  // namespace

Engine::Engine(const Rules& rules, const StrategyChart& chart) : Engine(rules, chart, no_counting()) {}

Engine::Engine(const Rules& rules, const StrategyChart& chart, const Counting& counting, std::vector<SideBet> side_bets)
    : Engine(rules, chart, counting) {
  if (side_bets.empty()) return;
  if (rules_.infinite()) throw Error("side bets need a finite shoe (decks 1..8), not an infinite deck");
  if (rules_.switch_hands) throw Error("side bets are not dealt with Blackjack Switch (switch)");
  if (rules_.remove_tens_per_deck != 0) {
    throw Error("side bets are priced on full 52-card decks, not with " + std::to_string(rules_.remove_tens_per_deck) +
                " tens removed per deck");
  }
  if (side_bets.size() > static_cast<std::size_t>(MAX_SIDE_BETS)) {
    throw Error(std::to_string(side_bets.size()) + " side bets; a run carries at most " +
                std::to_string(MAX_SIDE_BETS));
  }
  for (const SideBet& bet : side_bets) {
    validate_side_bet(bet);
    if (bet.outcomes.size() > static_cast<std::size_t>(MAX_SIDE_BET_OUTCOMES)) {
      throw Error("side bet '" + bet.name + "' has " + std::to_string(bet.outcomes.size()) +
                  " outcomes; the simulator settles at most " + std::to_string(MAX_SIDE_BET_OUTCOMES));
    }
    side_bet_pays_.push_back(side_bet_pays(bet));
    side_bet_tables_.emplace_back(bet);
    dealer_plays_out_ = dealer_plays_out_ || bet.cards == SideBetCards::dealer_final;
  }
  side_bets_ = std::move(side_bets);
}

// The same value as true_count() (a test checks every case), clamped; the
// divisor for each number of remaining cards is precomputed.
int Engine::true_count_of(int running_count, int remaining_cards) const {
  return fast_true_count(running_count, std::clamp(remaining_cards, 0, rules_.shoe_cards()));
}

// true_count_of() for 0 <= remaining_cards <= the shoe's cards, inlined in
// the rounds, without branches. With x the running count in the divisor's
// units, d the divisor and D = 2d, every rounding is one floor division:
// floor(x/d) = floor(2x/D); truncated, for x < 0, ceil(x/d) = floor((2x +
// D - 2)/D); rounded half away from zero, floor((2x + d)/D) for x >= 0 and
// floor((2x + d - 1)/D) for x < 0 (the add_if_* of the divisor). Clamping
// the numerator to [-L*D, (L+1)*D) clamps the quotient to [-L, L]. The
// numerator shifted by L*D, a, is then below (2L+1)*D < 2^23 and is divided
// by one 64-bit multiplication: a / D = (a * ceil(2^F / D)) >> F is exact
// for every a < 2^N when F >= N + log2(D) (Lemire, Kaser and Kurz, "Faster
// Remainder by Direct Computation", Software: Practice and Experience 2019,
// theorem 1); with N = 23 and D < 2^17, F = 40 and the product stays below
// 2^63.
inline int Engine::fast_true_count(int running_count, int remaining_cards) const {
  const TrueCountDivisor& d = divisors_[static_cast<std::size_t>(remaining_cards)];
  const std::int64_t numerator = std::clamp<std::int64_t>(true_count_numerator(running_count, d), d.lowest, d.highest);
  const auto shifted = static_cast<std::uint64_t>(numerator - d.lowest);
  return static_cast<int>((shifted * d.magic) >> TRUE_COUNT_SHIFT) - TRUE_COUNT_LIMIT;
}

// The numerator of fast_true_count() before its clamp: 2x plus what the
// rounding adds. The sign picks the addend by a mask, not a branch (the
// running count's sign is a coin toss for a branch predictor).
inline std::int64_t Engine::true_count_numerator(int running_count, const TrueCountDivisor& d) const {
  const std::int32_t negative = running_count >> 31;  // -1 if negative, else 0
  const std::int32_t add = d.add_if_positive + (negative & (d.add_if_negative - d.add_if_positive));
  return std::int64_t{running_count} * twice_factor_ + add;
}

bool Engine::true_count_at_least(int running_count, int remaining_cards, int index) const {
  return fast_true_count_at_least(running_count, std::clamp(remaining_cards, 0, rules_.shoe_cards()), index);
}

// Whether the true count is at least `index` (|index| < TRUE_COUNT_LIMIT),
// with no division at all: the true count is floor(numerator / D), and
// floor(n / D) >= k exactly when n >= k * D. (The clamp changes no answer for
// such an index.)
inline bool Engine::fast_true_count_at_least(int running_count, int remaining_cards, int index) const {
  const TrueCountDivisor& d = divisors_[static_cast<std::size_t>(remaining_cards)];
  return true_count_numerator(running_count, d) >= std::int64_t{index} * d.twice_divisor;
}

// The running count of a counted round (tag units): play_round adds each card
// as it is drawn, and reports the dealer's cards and the round's result.
struct Engine::RoundCount {
  int running = 0;  // before the round, then with every card drawn (hole card included)
  int upcard = 0;
  int hole = 0;
  int insurance_true_count = 0;  // with an ace up: the true count when insurance is offered
  std::int64_t net = 0;          // the table's result of the round (money units, flat bet)
  std::int64_t wagered = 0;      // the table's wagers: bets, doubles, splits, insurance
};

bool Engine::play_chunk(std::uint64_t rounds, core::Rng& rng, Tally& tally, const std::atomic<bool>* stop) const {
  const Tally before = tally;
  // One seat, the common case, is compiled apart: its seat loops vanish (15%
  // of a round's time).
  const bool one_seat = one_seat_round();
  bool played = false;
  if (!side_bets_.empty() || rules_.spanish_bonuses) {  // suited cards (the seat loops kept)
    if (!counting_.enabled) {
      played = play_rounds<false, false, false, SuitedShoe>(rounds, rng, tally, stop);
    } else if (has_indices_) {
      played = play_rounds<true, true, false, SuitedShoe>(rounds, rng, tally, stop);
    } else {
      played = play_rounds<true, false, false, SuitedShoe>(rounds, rng, tally, stop);
    }
  } else if (counting_.enabled) {
    if (has_indices_) {
      played = one_seat ? play_rounds<true, true, true>(rounds, rng, tally, stop)
                        : play_rounds<true, true, false>(rounds, rng, tally, stop);
    } else {
      played = one_seat ? play_rounds<true, false, true>(rounds, rng, tally, stop)
                        : play_rounds<true, false, false>(rounds, rng, tally, stop);
    }
  } else {
    played = one_seat ? play_rounds<false, false, true>(rounds, rng, tally, stop)
                      : play_rounds<false, false, false>(rounds, rng, tally, stop);
  }
  if (!played) return false;
  add_derived_counts(before, tally);
  // (Apart from the rounds' code on purpose: folded into add_counter_money,
  // inlined there, it slowed counted rounds by 1.6%.)
  if (counting_.enabled) add_chunk_sums(static_cast<std::int64_t>(rounds), before.counting, tally.counting);
  return true;
}

// Counts that follow from others, added up once per chunk rather than hand by
// hand (the same integers): every seat plays every round, so its hands are
// the rounds plus its splits; each hand is won, lost, pushed or surrendered;
// each hand's wager is a bet, or two if doubled, and insurance is half a bet;
// (Blackjack Switch: every seat is dealt two hands each round)
// the table's net is the seats' nets, and with one seat the table is the seat.
void Engine::add_derived_counts(const Tally& before, Tally& tally) const {
  const std::int64_t rounds = tally.rounds - before.rounds;
  for (std::size_t s = 0; s < static_cast<std::size_t>(rules_.seats); ++s) {
    SeatTally& seat = tally.seats[s];
    const SeatTally& was = before.seats[s];
    const std::int64_t hands = rounds * rules_.hands_per_seat() + (seat.splits - was.splits);
    seat.hands += hands;
    seat.pushes += hands - (seat.wins - was.wins) - (seat.losses - was.losses) - (seat.surrenders - was.surrenders);
    seat.wagered += bet_ * (hands + (seat.doubles - was.doubles)) + half_bet_ * (seat.insurances - was.insurances);
    tally.table_net += seat.net - was.net;
  }
  if (rules_.seats == 1) tally.table_net_squared += tally.seats[0].net_squared - before.seats[0].net_squared;
}

// A counter at the table through a chunk: the running count before the next
// round (tag units) and whether the counter is playing (wonging) or watching.
struct Engine::Counter {
  int running = 0;
  bool in = true;
};

// The rounds the counter played through a chunk, by true count bucket, at a
// flat bet of one base bet per seat (money units). The ramp's bet depends on
// the bucket alone, so the counter's money follows from these sums once per
// chunk (add_counter_money) rather than round by round: the same integers.
// A counter who never wongs plays every round: then only `wagered` is summed
// round by round, the rest is the buckets' own tally.
struct Engine::PlayedRounds {
  PlayedBuckets buckets{};
};

// The counter's money of the rounds in `played` (the chunk's rounds since
// `before`), at the ramp's bets.
void Engine::add_counter_money(const PlayedRounds& played, const CountingTally& before, Tally& tally) const {
  PlayedBuckets buckets = played.buckets;
  if (!wongs_) {  // every round played: the buckets' own sums
    for (std::size_t b = 0; b < buckets.size(); ++b) {
      const TrueCountTally& now = tally.counting.by_true_count[b];
      const TrueCountTally& was = before.by_true_count[b];
      buckets[b].rounds = now.rounds - was.rounds;
      buckets[b].net = now.net - was.net;
      buckets[b].net_squared = now.net_squared - was.net_squared;
    }
  }
  blackjack::add_counter_money(buckets, ramp_units_, tally.counting);
}

template <bool COUNTING, bool INDEXED, bool ONE_SEAT, class Deck>
bool Engine::play_rounds(std::uint64_t rounds, core::Rng& rng_state, Tally& tally,
                         const std::atomic<bool>* stop) const {
  const auto stop_now = [stop](std::uint64_t r) {
    return stop != nullptr && r % STOP_POLL_ROUNDS == STOP_POLL_ROUNDS - 1 && stop->load(std::memory_order_relaxed);
  };
  // A local copy of the generator: its address never escapes, so it can stay in
  // registers instead of being reloaded after every store to a card or tally.
  core::Rng rng = rng_state;
  // Every shoe (every round of an infinite deck) starts at its own point of the
  // chunk's stream, SHOE_STRIDE_LOG2 apart: see core/rng.hpp.
  core::Rng next_shoe = rng;
  const core::Rng::Jump shoe_stride = rng.jump_of(std::uint64_t{1} << core::SHOE_STRIDE_LOG2);
  auto start_shoe = [&] {
    rng = next_shoe;
    next_shoe.jump(shoe_stride);
  };
  if (rules_.infinite()) {  // never counted (the constructor refuses it)
    InfiniteDeck deck;
    for (std::uint64_t r = 0; r < rounds; ++r) {
      if (stop_now(r)) return false;
      start_shoe();
      play_round<InfiniteDeck, false, false, ONE_SEAT>(deck, rng, tally, nullptr);
    }
  } else {
    Deck shoe(deck_cards<Deck>(rules_.decks, rules_.remove_tens_per_deck), rules_.cut_card_position(),
              rules_.burn_cards);
    const bool every_round = rules_.reshuffle == Reshuffle::every_round;
    [[maybe_unused]] Counter counter;
    [[maybe_unused]] PlayedRounds played;
    [[maybe_unused]] const CountingTally counted_before = COUNTING ? tally.counting : CountingTally{};
    for (std::uint64_t r = 0; r < rounds; ++r) {
      if (stop_now(r)) return false;
      if (r == 0 || every_round || shoe.cut_card_out()) {
        start_shoe();
        shoe.shuffle(rng);
        if constexpr (COUNTING) counter = Counter{counting_.system.initial_running_count, !counting_.has_wong_in};
      }
      shoe.begin_round();
      if constexpr (COUNTING) {
        play_counted_round<INDEXED, ONE_SEAT>(shoe, rng, tally, counter, played);
      } else {
        play_round<Deck, false, false, ONE_SEAT>(shoe, rng, tally, nullptr);
      }
    }
    if constexpr (COUNTING) add_counter_money(played, counted_before, tally);
    tally.shoes += static_cast<std::int64_t>(shoe.shoes());
    tally.exhaustion_reshuffles += static_cast<std::int64_t>(shoe.exhaustion_reshuffles());
  }
  rng_state = rng;
  return true;
}

// One round with a counter at the table: the true count before the deal sets
// the bet and wonging decides whether the round is the counter's money; after
// it every card of the round (hole card included, burn cards never) goes into
// the running count. The seats play every round, so the cards dealt are the
// same whatever the ramp and wonging do: the flat-bet tally is that of every
// round; the counter's rounds go to `played`, its money to tally.counting at
// the end of the chunk (add_counter_money).
template <bool INDEXED, bool ONE_SEAT, class Deck>
inline void Engine::play_counted_round(Deck& shoe, core::Rng& rng, Tally& tally, Counter& counter,
                                       PlayedRounds& played) const {
  const int tc = fast_true_count(counter.running, static_cast<int>(shoe.remaining()));
  if (wongs_) {
    if (counter.in && counting_.has_wong_out && tc < counting_.wong_out) {
      counter.in = false;
    } else if (!counter.in && counting_.has_wong_in && tc >= counting_.wong_in) {
      counter.in = true;
    }
  }

  const std::uint64_t reshuffles_before = shoe.exhaustion_reshuffles();
  RoundCount count{counter.running, 0, 0, 0, 0, 0};
  [[maybe_unused]] std::array<std::int64_t, MAX_SIDE_BETS> side_nets{};
  if constexpr (std::is_same_v<Deck, SuitedShoe>) {
    for (std::size_t b = 0; b < side_bets_.size(); ++b) side_nets[b] = tally.side_bets[b].net;
  }
  play_round<Deck, true, INDEXED, ONE_SEAT>(shoe, rng, tally, &count);
  if constexpr (std::is_same_v<Deck, SuitedShoe>) {  // each side bet's table net, by the true count
    for (std::size_t b = 0; b < side_bets_.size(); ++b) {
      const std::int64_t net = tally.side_bets[b].net - side_nets[b];
      SideBetTrueCountTally& at = tally.side_bets[b].by_true_count[static_cast<std::size_t>(tc + TRUE_COUNT_LIMIT)];
      at.net += net;
      at.net_squared += net * net;
    }
  }

  CountingTally& counted = tally.counting;
  const std::int64_t net = count.net;
  TrueCountTally& bucket = counted.by_true_count[static_cast<std::size_t>(tc + TRUE_COUNT_LIMIT)];
  ++bucket.rounds;
  bucket.net += net;
  bucket.net_squared += net * net;
  if (count.upcard == ACE) {
    TrueCountTally& at_insurance =
        counted.by_true_count[static_cast<std::size_t>(count.insurance_true_count + TRUE_COUNT_LIMIT)];
    ++at_insurance.ace_up;
    at_insurance.ten_in_hole += count.hole == TEN;
  }
  if (counter.in) {
    PlayedBucket& mine = played.buckets[static_cast<std::size_t>(tc + TRUE_COUNT_LIMIT)];
    mine.wagered += count.wagered;
    if (wongs_) {
      ++mine.rounds;
      mine.net += net;
      mine.net_squared += net * net;
    }
  }

  // Every card of the round is seen now. After a mid-round reshuffle of the
  // discards the count starts again from the cards on the table.
  counter.running = count.running;
  if (shoe.exhaustion_reshuffles() != reshuffles_before) [[unlikely]] {
    counter.running = counting_.system.initial_running_count;
    const std::uint8_t* dealt = shoe.dealt_cards();
    for (std::uint32_t i = shoe.round_start(); i < shoe.dealt(); ++i)
      counter.running += tags_[value_in<Deck>(dealt[i])];
  }
}

core::Shoe Engine::make_shoe() const {
  if (rules_.infinite()) throw Error("an infinite deck has no shoe to look at");
  return core::Shoe(shoe_values(rules_.decks, rules_.remove_tens_per_deck), rules_.cut_card_position(),
                    rules_.burn_cards);
}

void Engine::play_shoe_round(core::Shoe& shoe, core::Rng& rng, Tally& tally, int& running_count) const {
  if (!counting_.enabled) throw Error("a counted shoe round needs counting on");
  if (rules_.spanish_bonuses) throw Error("a counted shoe round deals no suits: Spanish 21's bonuses need them");
  Counter counter{running_count, true};
  PlayedRounds played;  // the counter's money: not wanted here
  shoe.begin_round();
  if (one_seat_round()) {
    play_counted_round<false, true>(shoe, rng, tally, counter, played);
  } else {
    play_counted_round<false, false>(shoe, rng, tally, counter, played);
  }
  running_count = counter.running;
}

void Engine::play_stacked_suited_round(std::span<const SuitedCard> cards, Tally& tally) const {
  SuitedStackedCards stacked(cards);
  core::Rng unused;
  const Tally before = tally;
  play_round<SuitedStackedCards, false, false, false>(stacked, unused, tally, nullptr);
  add_derived_counts(before, tally);
}

void Engine::play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally) const {
  if (rules_.spanish_bonuses)
    throw Error("stacked round: Spanish 21's bonuses need suited cards (play_stacked_suited_round)");
  StackedCards stacked(cards);
  core::Rng unused;
  const Tally before = tally;
  play_round<StackedCards, false, false, false>(stacked, unused, tally, nullptr);
  add_derived_counts(before, tally);
}

void Engine::play_stacked_round(std::span<const std::uint8_t> cards, Tally& tally, int running_count,
                                int remaining_cards) const {
  if (!counting_.enabled) throw Error("stacked counted round: counting is off");
  if (remaining_cards < 0 || remaining_cards > rules_.shoe_cards()) {
    throw Error("stacked counted round: " + std::to_string(remaining_cards) + " cards left in a shoe of " +
                std::to_string(rules_.shoe_cards()) + " (allowed: 0.." + std::to_string(rules_.shoe_cards()) + ")");
  }
  StackedCards stacked(cards, remaining_cards);
  core::Rng unused;
  const Tally before = tally;
  RoundCount count{running_count, 0, 0, 0, 0, 0};
  if (has_indices_) {
    play_round<StackedCards, true, true, false>(stacked, unused, tally, &count);
  } else {
    play_round<StackedCards, true, false, false>(stacked, unused, tally, &count);
  }
  add_derived_counts(before, tally);
}

// Out of line and cold: only the rounds that leave the dealer nothing to play
// for with a hand short of 17 call it (one in nine, 6 decks, basic strategy).
// The generator is a copy and the cards go back, so nothing the game deals or
// counts later changes. Even so the rounds pay for it (about 8% more
// instructions: 13 a round in the look, 17 in the round's own code, whose
// register allocation moves with the call; and 6-10% of their time): inlined,
// noting the hand in the round and completing it later from the next rounds'
// cards (no draws of its own), the call made by the rounds' loop after the
// round (or by an outer loop), the look passed by value in registers, or the
// look not cold, cost as much or more; see docs/performance.md.
template <class CardSource>
HandState Engine::play_out_unneeded(CardSource& cards, core::Rng rng, HandState dealer) const {
  cards.lookahead().look(rng, [&](std::uint8_t card) {
    dealer = add_card(dealer, card);
    return !dealer_stands_[dealer];
  });
  return dealer;
}

template <class CardSource, bool COUNTING, bool INDEXED, bool ONE_SEAT>
inline void Engine::play_round(CardSource& cards, core::Rng& rng, Tally& tally,
                               [[maybe_unused]] RoundCount* count) const {
  static_assert(COUNTING || !INDEXED, "index plays need the count");
  // Suited cards: dealt when side bets or Spanish 21's bonuses need suits.
  constexpr bool SUITED = SUITED_SOURCE<CardSource>;
  const int seats = ONE_SEAT ? 1 : rules_.seats;
  // The variant settlement rules (Free Bet, Spanish 21, Blackjack Switch) are
  // checked only in the general round: one_seat_round() sends their runs there.
  constexpr bool VARIANTS = !ONE_SEAT;
  // The hands dealt ("boxes"): one a seat, or two under Blackjack Switch; box b
  // belongs to seat b >> box_shift.
  const int box_shift = VARIANTS && rules_.switch_hands ? 1 : 0;
  const int boxes = seats << box_shift;
  const bool peek = rules_.hole_card == HoleCard::peek;

  // The deal: a card to each box, the dealer's up card, a second card to each
  // box, and (peek games) the dealer's hole card. hands[b] is box b's
  // initial hand; split hands are appended after the boxes' hands.
  // Every card comes from draw(); a counted round counts it as it comes.
  auto draw = [&] {
    const std::uint8_t card = cards.draw(rng);
    if constexpr (COUNTING) count->running += tags_[card];
    return card;
  };
  std::array<TableHand, MAX_TABLE_HANDS> hands;  // not zeroed: see TableHand
  for (int s = 0; s < boxes; ++s) hands[static_cast<std::size_t>(s)].first = draw();
  const int up = draw();
  for (int s = 0; s < boxes; ++s) {
    TableHand& hand = hands[static_cast<std::size_t>(s)];
    hand.second = draw();
    hand.state = two_card_hand(hand.first, hand.second);
    hand.seat = static_cast<std::uint8_t>(s);
    hand.from_split = false;
    hand.insured = false;
    hand.status = best_total(hand.state) == 21 ? HandStatus::natural : HandStatus::live;
    hand.wager = bet_;
    hand.house_stake = 0;
    hand.seat_net = 0;
    if (VARIANTS && rules_.spanish_bonuses) {
      hand.cards = 2;
      hand.first_suit = 0;
      hand.second_suit = 0;
      if constexpr (SUITED) {
        hand.first_suit = static_cast<std::uint8_t>(suit_of(cards.round_cards()[s]));
        hand.second_suit = static_cast<std::uint8_t>(suit_of(cards.round_cards()[boxes + 1 + s]));
      }
      hand.suits = static_cast<std::uint8_t>((1U << hand.first_suit) | (1U << hand.second_suit));
    }
  }
  int hole = peek ? draw() : 0;
  int hand_count = boxes;

  ++tally.rounds;
  ++tally.upcard_rounds[static_cast<std::size_t>(up)];

  auto pair_card = [&](const TableHand& hand) {
    return hand.first == hand.second && rules_.split_hands > 1 ? hand.first : 0;
  };
  // Counting: the running count now, from every card seen: all drawn but the
  // hole card (face down in peek games until the dealer plays).
  [[maybe_unused]] auto running_now = [&] {
    return count->running - (peek ? tags_[static_cast<std::size_t>(hole)] : 0);
  };
  // An index cell's side by the true count now; a cell without an active
  // line holds the chart's choice on both sides.
  // (Generic in the card source, so that it is only compiled for the counted
  // card sources, which know their remaining cards; neither holds more than
  // the shoe, so the unclamped fast forms apply.)
  [[maybe_unused]] auto by_index = [&](const auto& source, const auto& index) {
    return index.active && fast_true_count_at_least(running_now(), static_cast<int>(source.remaining()), index.index)
               ? index.at_or_above
               : index.below;
  };
  auto surrenders = [&](const TableHand& hand) {
    if constexpr (INDEXED) return by_index(cards, indices_.surrender(hand.state, pair_card(hand), up));
    return strategy_.surrenders(hand.state, pair_card(hand), up);
  };
  // Surrender as the chart (and the index plays) say; marks the hands.
  auto offer_surrender = [&](HandStatus surrendered_as) {
    for (int s = 0; s < boxes; ++s) {
      TableHand& hand = hands[static_cast<std::size_t>(s)];
      if (hand.status == HandStatus::live && surrenders(hand)) hand.status = surrendered_as;
    }
  };
  // The chart's move (or the index play's, by the true count now) for a hand
  // in `state` at `point`, or, if `pair` is nonzero, for a pair of `pair`s
  // that may be split.
  auto decide = [&](DecisionPoint point, HandState state, int pair) {
    if constexpr (INDEXED) {
      return by_index(cards, pair != 0 ? indices_.pair_move(point, pair, up) : indices_.move(point, state, up));
    }
    return pair != 0 ? strategy_.pair_move(point, pair, up) : strategy_.move(point, state, up);
  };

  bool insure = rules_.insurance == Insurance::always;
  if constexpr (COUNTING) {
    if (up == ACE) {
      count->insurance_true_count = fast_true_count(running_now(), static_cast<int>(cards.remaining()));
      const IndexedChoice& index = indices_.insurance();
      if (index.active) insure = count->insurance_true_count >= index.index ? index.at_or_above : index.below;
    }
  }

  // Early surrender comes before anything else the dealer does.
  if (rules_.surrender == Surrender::early) offer_surrender(HandStatus::surrendered_early);
  if (insure && up == ACE) {
    for (int s = 0; s < boxes; ++s) {
      TableHand& hand = hands[static_cast<std::size_t>(s)];
      if (hand.status == HandStatus::surrendered_early) continue;
      hand.insured = true;
      ++tally.seats[static_cast<std::size_t>(s >> box_shift)].insurances;
    }
  }

  // Whether the dealer holds a blackjack with this hole card (in no-hole-card
  // games the hole card is drawn after the players' turn and this is asked then).
  auto dealer_blackjack_with = [&](int hole_card) { return best_total(two_card_hand(up, hole_card)) == 21; };
  bool dealer_blackjack = peek && dealer_blackjack_with(hole);
  int live_hands = 0;  // hands still needing the dealer's total

  // The suit of the card just drawn (suited sources), for the bonuses.
  [[maybe_unused]] auto last_suit = [&]() -> unsigned {
    if constexpr (SUITED) return static_cast<unsigned>(suit_of(cards.round_cards()[cards.round_size() - 1]));
    return 0;
  };
  // A card drawn to a hand (its first card is never drawn here); under
  // spanish_bonuses its cards and suits are followed.
  auto take_card = [&](TableHand& hand) {
    const int card = draw();
    hand.state = add_card(hand.state, card);
    if (VARIANTS && rules_.spanish_bonuses) {
      const unsigned suit = last_suit();
      if (hand.cards == 1) hand.second_suit = static_cast<std::uint8_t>(suit);
      ++hand.cards;
      hand.suits = static_cast<std::uint8_t>(hand.suits | (1U << suit));
    }
    return card;
  };
  // A double: the wager doubles and the hand takes one card; free if the
  // house's (two cards only); under double_rescue the player may then give
  // up the hand for the original bet.
  auto double_hand = [&](TableHand& hand, bool two_cards, SeatTally& seat_tally) {
    ++seat_tally.doubles;
    if (VARIANTS && two_cards && rules_.free_double(hand.state))
      hand.house_stake += hand.wager;  // the house matches the hand's bet
    hand.wager *= 2;
    take_card(hand);
    if (VARIANTS && rules_.double_rescue && !is_bust(hand.state) && strategy_.rescues(hand.state, up)) [[unlikely]]
      hand.status = HandStatus::rescued;
  };
  // A hand after its two-card decision `move` (not a split) takes its cards:
  // one for a double; for a hit, cards until the chart stands (it stands on 21
  // and on a bust), or doubles (double_any_cards).
  auto finish_hand = [&](TableHand& hand, Move move, SeatTally& seat_tally) {
    if (move == Move::double_down) {
      double_hand(hand, true, seat_tally);
    } else if (move == Move::hit) {
      do {
        take_card(hand);
        move = decide(DecisionPoint::more_cards, hand.state, 0);
      } while (move == Move::hit);
      if (VARIANTS && move == Move::double_down) double_hand(hand, false, seat_tally);
    }
    const bool bust = is_bust(hand.state);
    if (bust) hand.status = HandStatus::bust;
    live_hands += VARIANTS ? hand.status == HandStatus::live : !bust;
  };
  // Box s's initial hand split: its hands are the initial one, then those
  // its splits append, each deciding again on its two cards (the initial
  // hand's first decision is made again: the same split).
  // (Always inlined: an out-of-line call would take the generator out of registers.)
  auto play_split_seat = [&](int s) __attribute__((always_inline)) {
    SeatTally& seat_tally = tally.seats[static_cast<std::size_t>(s >> box_shift)];
    int seat_hands = 1;
    const int split_from = hand_count;
    for (int h = s; h == s || h < hand_count; h = h == s ? split_from : h + 1) {
      TableHand& hand = hands[static_cast<std::size_t>(h)];
      Move move;
      for (;;) {
        if (hand.second == 0) {  // a split hand takes its second card
          hand.second = static_cast<std::uint8_t>(take_card(hand));
        }
        const bool split_ace = hand.from_split & (hand.first == ACE);
        const bool can_split =
            (hand.first == hand.second) & (seat_hands < rules_.split_hands) & (!split_ace | rules_.resplit_aces);
        move = decide(hand.from_split ? DecisionPoint::split_two : DecisionPoint::first_two, hand.state,
                      can_split ? hand.first : 0);
        if (move != Move::split) {
          if (split_ace && !rules_.hit_split_aces) move = Move::stand;  // one card to each split ace
          break;
        }
        ++seat_hands;
        ++seat_tally.splits;
        TableHand& other = hands[static_cast<std::size_t>(hand_count++)];
        other = hand;
        other.state = add_card(EMPTY_HAND, hand.first);
        other.second = 0;
        other.from_split = true;
        other.insured = false;
        other.house_stake = VARIANTS && rules_.free_split(hand.first) ? bet_ : 0;  // a free split: the house's bet
        hand.state = other.state;
        hand.second = 0;
        hand.from_split = true;
        if (VARIANTS && rules_.spanish_bonuses) {  // each keeps one card: the other takes the second
          other.first_suit = hand.second_suit;
          other.suits = static_cast<std::uint8_t>(1U << other.first_suit);
          hand.suits = static_cast<std::uint8_t>(1U << hand.first_suit);
          hand.cards = other.cards = 1;
        }
      }
      finish_hand(hand, move, seat_tally);
    }
  };

  if (!dealer_blackjack) {
    // Blackjack Switch: each seat exchanges its hands' second cards when the
    // analyzer's values of the exchanged hands sum higher; a 21 made so is
    // not a natural.
    if (VARIANTS && rules_.switch_hands) [[unlikely]] {
      for (int b = 0; b < boxes; b += 2) {
        TableHand& one = hands[static_cast<std::size_t>(b)];
        TableHand& two = hands[static_cast<std::size_t>(b + 1)];
        if (!switch_values_->switches(one.first, one.second, two.first, two.second, up)) continue;
        std::swap(one.second, two.second);
        for (TableHand* hand : {&one, &two}) {
          hand->state = two_card_hand(hand->first, hand->second);
          hand->status = HandStatus::live;
        }
      }
    }
    if (rules_.surrender == Surrender::late) offer_surrender(HandStatus::surrendered);
    for (int s = 0; s < boxes; ++s) {
      TableHand& hand = hands[static_cast<std::size_t>(s)];
      if (hand.status != HandStatus::live) continue;
      const Move move = decide(DecisionPoint::first_two, hand.state, pair_card(hand));
      if (move == Move::split) [[unlikely]] {
        play_split_seat(s);
      } else {
        finish_hand(hand, move, tally.seats[static_cast<std::size_t>(s >> box_shift)]);
      }
    }
  }

  // The dealer: no hole card yet in no-hole-card games; draws only while some
  // hand still needs the dealer's total.
  if (!peek) {
    hole = draw();
    dealer_blackjack = dealer_blackjack_with(hole);
  }
  HandState dealer = two_card_hand(up, hole);
  [[maybe_unused]] std::uint32_t dealer_from = 0;  // side bets: where the dealer's hits start in the round's cards
  if constexpr (SUITED) dealer_from = cards.round_size();
  bool dealer_22 = false;  // dealer_22_pushes: the dealer drew to exactly 22
  auto& finals = tally.dealer_final[static_cast<std::size_t>(up)];
  if (dealer_blackjack) {
    ++tally.dealer_blackjacks;
    ++finals[static_cast<std::size_t>(DealerFinal::blackjack)];
  } else if (live_hands > 0) {
    if (VARIANTS && rules_.dealer_22_pushes) [[unlikely]] {
      // A bust comes from a hard total (a soft one cannot bust on one card):
      // the exact total is the last hard total plus the last card.
      int last_hard = 0;
      int last_card = 0;
      while (!dealer_stands_[dealer]) {
        last_hard = low_total(dealer);
        last_card = draw();
        dealer = add_card(dealer, last_card);
      }
      dealer_22 = is_bust(dealer) && last_hard + last_card == BUST_TOTAL;
    } else {
      while (!dealer_stands_[dealer]) dealer = add_card(dealer, draw());
    }
    ++finals[DEALER_FINAL_OF[dealer]];
  } else if (SUITED && dealer_plays_out_) {
    // A bet on the dealer's final hand is on: the dealer plays out with real
    // cards, as that game's rules say (a hand no player needed, as below).
    while (!dealer_stands_[dealer]) dealer = add_card(dealer, draw());
    ++tally.dealer_final_unneeded[static_cast<std::size_t>(up)][DEALER_FINAL_OF[dealer]];
  } else {
    // No hand needs the dealer: the hand is completed for the statistics
    // only, in dealer_final_unneeded (unless a stacked round's cards end).
    const HandState completed = dealer_stands_[dealer] ? dealer : play_out_unneeded(cards, rng, dealer);
    if (dealer_stands_[completed])
      ++tally.dealer_final_unneeded[static_cast<std::size_t>(up)][DEALER_FINAL_OF[completed]];
  }
  // What a played hand is compared with: the dealer's total, 0 if busted (every
  // standing hand beats it), 22 for a blackjack (every hand loses to it). A
  // busted hand scores -1: it loses whatever the dealer has.
  const int dealer_score = dealer_blackjack ? BUST_TOTAL : DEALER_SCORES[dealer];

  // Settlement, hand by hand, into each box's initial hand's seat_net. A
  // dealer blackjack (in peek games it ends the round before anyone plays)
  // takes every wager of a hand that is neither a natural nor surrendered; under
  // OBO only one original bet per seat, charged to the seat's initial hand
  // hands[seat], while its split hands and doubles are returned (pushes).
  const bool original_bets_only = rules_.hole_card == HoleCard::enhc_obo;
  for (int h = 0; h < hand_count; ++h) {
    const TableHand& hand = hands[static_cast<std::size_t>(h)];
    const std::size_t seat = ONE_SEAT ? 0 : hand.seat;  // the box
    SeatTally& seat_tally = tally.seats[seat >> box_shift];
    std::int64_t result = 0;
    if (hand.status == HandStatus::live || hand.status == HandStatus::bust) [[likely]] {
      const int difference = PLAYER_SCORES[hand.state] - dealer_score;
      result = hand.wager * ((difference > 0) - (difference < 0));
      if (VARIANTS && dealer_22 && hand.status == HandStatus::live) result = 0;
      if (VARIANTS && rules_.player_21_wins && hand.status == HandStatus::live && best_total(hand.state) == 21 &&
          !dealer_blackjack) [[unlikely]] {
        result = hand.wager;
      }
      if (VARIANTS && rules_.spanish_bonuses && result > 0 && hand.wager == bet_ && best_total(hand.state) == 21)
          [[unlikely]] {
        result = bonus_21_units_[static_cast<std::size_t>(bonus_of(hand))];
      }
      if (original_bets_only && dealer_blackjack) result = h == hand.seat ? -bet_ : 0;
      seat_tally.busts += hand.status == HandStatus::bust;
      seat_tally.wins += result > 0;
      seat_tally.losses += result < 0;  // a lost hand, even if its bets were all free
      if (VARIANTS && result < 0) result += hand.house_stake;
    } else if (hand.status == HandStatus::natural) {
      ++seat_tally.blackjacks;
      result = dealer_blackjack && !(VARIANTS && rules_.blackjack_beats_blackjack) ? 0 : blackjack_win_;
      seat_tally.wins += result > 0;
    } else if (VARIANTS && hand.status == HandStatus::rescued) {  // counted as a surrender
      ++seat_tally.surrenders;
      result = -hand.wager / 2;
    } else {  // surrendered: counted apart, not as a loss
      ++seat_tally.surrenders;
      // Late surrender in a no-hole-card game does not escape a dealer blackjack.
      result = hand.status == HandStatus::surrendered && dealer_blackjack ? -hand.wager : -half_bet_;
    }
    hands[seat].seat_net += result;
    if constexpr (COUNTING) count->wagered += hand.wager;
  }

  std::int64_t table = 0;
  for (int s = 0; s < seats; ++s) {
    SeatTally& seat_tally = tally.seats[static_cast<std::size_t>(s)];
    std::int64_t seat_net = 0;
    for (int b = s << box_shift; b < (s + 1) << box_shift; ++b) {  // the seat's boxes
      TableHand& initial = hands[static_cast<std::size_t>(b)];
      if (initial.insured) {
        seat_tally.insurance_wins += dealer_blackjack;
        initial.seat_net += dealer_blackjack ? bet_ : -half_bet_;  // half a bet at 2:1
        if constexpr (COUNTING) count->wagered += half_bet_;
      }
      seat_net += initial.seat_net;
    }
    seat_tally.net += seat_net;
    seat_tally.net_squared += seat_net * seat_net;
    table += seat_net;
  }
  // (hands, pushes, wagers and the table's net: add_derived_counts)
  if (seats > 1) tally.table_net_squared += table * table;
  if constexpr (COUNTING) {
    count->upcard = up;
    count->hole = hole;
    count->net = table;
  }
  if constexpr (SUITED) {
    if (!side_bets_.empty())
      settle_side_bets(cards.round_cards(), cards.round_size(), dealer_from, seats, dealer, tally);
  }
}

// The round's cards in deal order: a first card to each seat, the up card, a
// second card to each seat, the hole card (peek games), the players' draws,
// the hole card (no-hole-card games) and the dealer's hits (from
// dealer_from). (Out of line: once a round, and only with side bets.)
void Engine::settle_side_bets(const SuitedCard* round, std::uint32_t size, std::uint32_t dealer_from, int seats,
                              HandState dealer, Tally& tally) const {
  const auto at = [&](int i) { return round[static_cast<std::size_t>(i)]; };
  SideBetDeal deal;
  deal.upcard = at(seats);
  deal.hole = rules_.hole_card == HoleCard::peek ? at(2 * seats + 1) : at(static_cast<int>(dealer_from) - 1);
  deal.dealer_cards = 2 + static_cast<int>(size - dealer_from);
  deal.dealer_bust = is_bust(dealer);
  for (std::size_t b = 0; b < side_bets_.size(); ++b) {
    const SideBetPays& pays = side_bet_pays_[b];
    SideBetTally& bet = tally.side_bets[b];
    std::int64_t table = 0;
    for (int s = 0; s < seats; ++s) {
      deal.player = {at(s), at(seats + 1 + s)};
      const int outcome = side_bet_tables_[b].classify(deal);
      if (outcome == NO_OUTCOME) {
        table -= pays.unit;
      } else {
        table += pays.outcomes[static_cast<std::size_t>(outcome)];
        ++bet.wins[static_cast<std::size_t>(outcome)];
      }
    }
    bet.bets += seats;
    bet.net += table;
    bet.net_squared += table * table;
  }
}

}  // namespace cardsim::blackjack
