#include "cardsim/zjh/exact.hpp"

#include <numeric>
#include <string>

namespace cardsim::zjh {

std::string Fraction::text() const { return std::to_string(numerator) + "/" + std::to_string(denominator); }

Fraction make_fraction(std::uint64_t numerator, std::uint64_t denominator) {
  const std::uint64_t divisor = std::gcd(numerator, denominator);
  if (divisor == 0) return {0, 1};
  return {numerator / divisor, denominator / divisor};
}

std::uint64_t ExactResult::total_wins() const { return std::accumulate(wins.begin(), wins.end(), std::uint64_t{0}); }
std::uint64_t ExactResult::total_ties() const { return std::accumulate(ties.begin(), ties.end(), std::uint64_t{0}); }
std::uint64_t ExactResult::total_losses() const {
  return std::accumulate(losses.begin(), losses.end(), std::uint64_t{0});
}

ExactAnalysis::ExactAnalysis(const Evaluator& evaluator) : evaluator_(evaluator), levels_(evaluator.levels()) {
  const std::size_t stride = levels_ + 1;
  std::vector<std::uint32_t> at_all(stride, 0);
  std::vector<std::uint32_t> at_card(DECK_SIZE * stride, 0);
  for (unsigned a = 0; a < DECK_SIZE; ++a) {
    for (unsigned b = a + 1; b < DECK_SIZE; ++b) {
      for (unsigned c = b + 1; c < DECK_SIZE; ++c) {
        const Strength s = evaluator.evaluate(static_cast<Card>(a), static_cast<Card>(b), static_cast<Card>(c));
        ++at_all[s + 1];
        ++at_card[a * stride + s + 1];
        ++at_card[b * stride + s + 1];
        ++at_card[c * stride + s + 1];
      }
    }
  }
  // Prefix sums: entry s counts the hands with strength < s.
  for (std::size_t s = 1; s < stride; ++s) at_all[s] += at_all[s - 1];
  for (std::size_t card = 0; card < DECK_SIZE; ++card) {
    for (std::size_t s = 1; s < stride; ++s) at_card[card * stride + s] += at_card[card * stride + s - 1];
  }
  below_all_ = std::move(at_all);
  below_card_ = std::move(at_card);
}

// Inclusion-exclusion over the subsets T of the hand's cards: the opponents
// sharing no card are sum over T of (-1)^|T| * #(hands containing T). Hands
// containing one card come from the per-card prefix sums, hands containing two
// of the cards are the 50 completions of that pair (counted directly), and the
// only hand containing all three is the hand itself.
std::uint64_t ExactAnalysis::count_disjoint(const Hand& hand, std::uint32_t low, std::uint32_t high) const {
  if (low >= high) return 0;
  const std::size_t stride = levels_ + 1;
  std::int64_t count = std::int64_t{below_all_[high]} - below_all_[low];
  for (const Card card : hand) {
    count -= std::int64_t{below_card_[card * stride + high]} - below_card_[card * stride + low];
  }
  for (unsigned i = 0; i < HAND_SIZE; ++i) {
    for (unsigned j = i + 1; j < HAND_SIZE; ++j) {
      for (unsigned e = 0; e < DECK_SIZE; ++e) {
        if (e == hand[i] || e == hand[j]) continue;
        const Strength s = evaluator_.evaluate(hand[i], hand[j], static_cast<Card>(e));
        count += (s >= low && s < high) ? 1 : 0;
      }
    }
  }
  const Strength own = evaluator_.evaluate(hand);
  count -= (own >= low && own < high) ? 1 : 0;
  return static_cast<std::uint64_t>(count);
}

HandOdds ExactAnalysis::odds(const Hand& hand) const {
  const Strength x = evaluator_.evaluate(hand);
  // The 2-3-5 rule: mixed 2-3-5s are the levels [0, killer_end), leopards the
  // levels [leopard_floor, levels); each beats the other range.
  std::uint32_t killer_end = 0;
  while (killer_end < levels_ && evaluator_.beats_leopards(static_cast<Strength>(killer_end))) ++killer_end;
  std::uint32_t leopard_floor = levels_;
  while (leopard_floor > 0 && evaluator_.is_leopard(static_cast<Strength>(leopard_floor - 1))) --leopard_floor;

  HandOdds odds;
  odds.ties = count_disjoint(hand, x, x + 1u);
  if (evaluator_.beats_leopards(x)) {
    odds.wins = count_disjoint(hand, 0, x) + count_disjoint(hand, leopard_floor, levels_);
    odds.losses = count_disjoint(hand, x + 1u, leopard_floor);
  } else if (evaluator_.is_leopard(x) && killer_end > 0) {
    odds.wins = count_disjoint(hand, killer_end, x);
    odds.losses = count_disjoint(hand, x + 1u, levels_) + count_disjoint(hand, 0, killer_end);
  } else {
    odds.wins = count_disjoint(hand, 0, x);
    odds.losses = count_disjoint(hand, x + 1u, levels_);
  }
  return odds;
}

ExactResult ExactAnalysis::result() const {
  ExactResult result;
  result.rules = evaluator_.rules();
  result.levels = levels_;
  for (unsigned a = 0; a < DECK_SIZE; ++a) {
    for (unsigned b = a + 1; b < DECK_SIZE; ++b) {
      for (unsigned c = b + 1; c < DECK_SIZE; ++c) {
        const Hand hand = {static_cast<Card>(a), static_cast<Card>(b), static_cast<Card>(c)};
        const auto category = static_cast<unsigned>(evaluator_.category(evaluator_.evaluate(hand)));
        const HandOdds hand_odds = odds(hand);
        ++result.hands[category];
        result.wins[category] += hand_odds.wins;
        result.ties[category] += hand_odds.ties;
        result.losses[category] += hand_odds.losses;
      }
    }
  }
  return result;
}

ExactResult exact_heads_up(const Rules& rules) {
  const Evaluator evaluator(rules);
  return ExactAnalysis(evaluator).result();
}

}  // namespace cardsim::zjh
