#include "cardsim/blackjack/decision_ev.hpp"

#include <cstdint>
#include <limits>
#include <unordered_map>

namespace cardsim::blackjack {
namespace {

constexpr double UNSET = std::numeric_limits<double>::quiet_NaN();
// Bits per card value in a packed composition key (counts stay below 32).
constexpr unsigned KEY_BITS = 5;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::uint64_t pack(const CardCounts& counts) {
  std::uint64_t key = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) key = (key << KEY_BITS) | static_cast<std::uint64_t>(counts[at(v)]);
  return key;
}

}  // namespace

// One evaluation: the removed cards (up card and the hand's cards so far) and
// the values of terminal hands, as joint expectations with "no dealer
// blackjack" in peek games (so that the player's draws stay unconditioned;
// exact because the hole card is exchangeable with them) and unconditioned in
// no-hole-card games.
struct DecisionWalk {
  const DecisionEvaluator& ev;
  int upcard;
  bool original_bet;
  CardCounts removed{};
  int removed_total = 0;
  std::unordered_map<std::uint64_t, double> hit_memo;

  bool peek() const { return ev.rules_.hole_card == HoleCard::peek; }

  double blackjack_probability() const {
    if (upcard != ACE && upcard != TEN) return 0;
    return ev.shoe_.draw_probability(upcard == ACE ? TEN : ACE, removed, removed_total);
  }

  // What a dealer blackjack costs a hand of `wager` bets.
  double blackjack_loss(double wager) const {
    switch (ev.rules_.hole_card) {
      case HoleCard::enhc: return -wager;
      case HoleCard::enhc_obo: return original_bet ? -1.0 : 0.0;
      default: return 0.0;  // peek: joint with "no blackjack"
    }
  }

  double bust(double wager) const {
    const double p = blackjack_probability();
    return -wager * (1 - p) + blackjack_loss(wager) * p;
  }

  double stand(HandState state, double wager) const {
    const DealerProbabilities d = ev.dealer_.probabilities(ev.shoe_, removed, upcard);
    const int total = best_total(state);
    double value = d[static_cast<std::size_t>(DealerFinal::bust)] * wager;
    for (int k = 0; k < 5; ++k) {
      const int difference = total - (17 + k);
      value += d[at(k)] * wager * ((difference > 0) - (difference < 0));
    }
    return value + d[static_cast<std::size_t>(DealerFinal::blackjack)] * blackjack_loss(wager);
  }

  // Draw one card to `state` and finish with `finish(new_state)`.
  template <class Finish>
  double draw(HandState state, Finish finish) {
    double value = 0;
    for (int c = 1; c <= CARD_VALUES; ++c) {
      const double p = ev.shoe_.draw_probability(c, removed, removed_total);
      if (p <= 0) continue;
      ++removed[at(c)];
      ++removed_total;
      value += p * finish(add_card(state, c));
      --removed[at(c)];
      --removed_total;
    }
    return value;
  }

  // Hit, then play on by the chart's three-card moves.
  double hit(HandState state) {
    const std::uint64_t key = pack(removed);
    if (const auto found = hit_memo.find(key); found != hit_memo.end()) return found->second;
    const double value = draw(state, [&](HandState next) {
      if (is_bust(next)) return bust(1);
      if (best_total(next) == 21 || ev.strategy_.move(DecisionPoint::more_cards, next, upcard) != Move::hit) {
        return stand(next, 1);
      }
      return hit(next);
    });
    hit_memo.emplace(key, value);
    return value;
  }

  double double_down(HandState state) {
    return draw(state, [&](HandState next) { return is_bust(next) ? bust(2) : stand(next, 2); });
  }
};

DecisionEvaluator::DecisionEvaluator(const Rules& rules, const StrategyChart& chart)
    : rules_(rules), strategy_(rules, chart), shoe_(ShoeComposition::of(rules)), dealer_(rules.h17) {}

double DecisionEvaluator::dealer_blackjack_probability(const CardCounts& seen, int upcard) const {
  DecisionWalk walk{*this, upcard, true, seen, 0, {}};
  ++walk.removed[at(upcard)];
  for (int v = 1; v <= CARD_VALUES; ++v) walk.removed_total += walk.removed[at(v)];
  return walk.blackjack_probability();
}

DecisionEvs DecisionEvaluator::evaluate(const CardCounts& hand, int upcard, bool may_double, bool original_bet) const {
  DecisionEvs evs{UNSET, UNSET, UNSET, UNSET, UNSET};
  DecisionWalk walk{*this, upcard, original_bet, hand, 0, {}};
  HandState state = EMPTY_HAND;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    for (int k = 0; k < hand[at(v)]; ++k) state = add_card(state, v);
    walk.removed_total += hand[at(v)];
  }
  ++walk.removed[at(upcard)];
  ++walk.removed_total;
  if (is_bust(state) || walk.removed_total < 2) return evs;
  // Peek games: divide the joint values by P(no blackjack) now.
  const double scale = walk.peek() ? 1.0 / (1.0 - walk.blackjack_probability()) : 1.0;
  evs.stand = walk.stand(state, 1) * scale;
  evs.hit = walk.hit(state) * scale;
  if (may_double) evs.double_down = walk.double_down(state) * scale;
  return evs;
}

}  // namespace cardsim::blackjack
