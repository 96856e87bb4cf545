// The play-out check of the generator's exact values: both plays of a line
// played out on the same shuffled cards (common random numbers), beside the
// exact difference the generator uses.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "index_generator_impl.hpp"

namespace cardsim::blackjack {
using namespace index_generation;  // the generator's inside (index_generator_impl.hpp)

PlayoutCheck check_by_playout(const Rules& rules, const StrategyChart& chart, const IndexPlay& line,
                              const CardCounts& remaining, int first, int second, std::uint64_t rounds,
                              std::uint64_t seed) {
  Rules one_seat = rules;
  one_seat.seats = 1;
  // Two engines that differ only in the line: at true count 0 (every card's
  // tag is 0, so the count never moves) one plays the line's at-or-above play
  // (index 0), the other its below play (index 1).
  Counting counting;
  counting.enabled = true;
  IndexPlay high = line;
  high.index = 0;
  IndexPlay low = line;
  low.index = 1;
  counting.indices = {high};
  const Engine high_engine = make_engine(one_seat, chart, {.counting = counting});
  counting.indices = {low};
  const Engine low_engine = make_engine(one_seat, chart, {.counting = counting});

  // The exact value, as the generator computes it.
  const ResolvedStrategy strategy(one_seat, chart);
  const Comparison comparison = resolve_line(one_seat, strategy, line);
  const auto hand = std::find_if(comparison.hands.begin(), comparison.hands.end(), [&](const Comparison::Hand& h) {
    return h.first == std::min(first, second) && h.second == std::max(first, second);
  });
  if (hand == comparison.hands.end()) throw Error("the play-out check's hand is not one of the line's hands");
  PlayoutCheck check;
  int total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) total += remaining[at(v)];
  if (comparison.insurance) {
    const int tens = remaining[at(TEN)] - (first == TEN) - (second == TEN);
    const double p = static_cast<double>(tens) / (total - 3);
    check.exact = (p * INSURANCE_WIN - (1 - p) * HALF) * (hand->high == Play::insure ? 1 : -1);
  } else {
    Analyzer analyzer(one_seat);
    analyzer.use_chart(chart);
    analyzer.deal_from(remaining);
    const InitialHandValues v = analyzer.initial_hand(first, second, line.upcard);
    check.exact = round_value(one_seat, v, hand->high) - round_value(one_seat, v, hand->low);
  }

  // The rest of the shoe in random order after the hand and up card, the
  // same cards for both plays (common random numbers).
  std::vector<std::uint8_t> rest;
  CardCounts left = remaining;
  for (const int card : {first, line.upcard, second}) {
    if (left[at(card)] <= 0) throw Error("the play-out check's hand is not in the remaining cards");
    --left[at(card)];
  }
  for (int v = 1; v <= CARD_VALUES; ++v)
    rest.insert(rest.end(), static_cast<std::size_t>(left[at(v)]), static_cast<std::uint8_t>(v));
  std::vector<std::uint8_t> cards(3 + rest.size());
  core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::test, 0);
  const double bet = static_cast<double>(one_seat.bet_units());
  double sum = 0, squares = 0;
  for (std::uint64_t r = 0; r < rounds; ++r) {
    cards[0] = static_cast<std::uint8_t>(first);
    cards[1] = static_cast<std::uint8_t>(line.upcard);
    cards[2] = static_cast<std::uint8_t>(second);
    // Fisher-Yates over the rest (Lemire's bounded numbers).
    for (std::size_t i = rest.size(); i > 1; --i) {
      std::swap(rest[i - 1], rest[core::bounded(rng, static_cast<std::uint32_t>(i))]);
    }
    std::copy(rest.begin(), rest.end(), cards.begin() + 3);
    Tally a, b;
    high_engine.play_stacked_round(cards, a, 0, total);
    low_engine.play_stacked_round(cards, b, 0, total);
    const double d = static_cast<double>(a.table_net - b.table_net) / bet;
    sum += d;
    squares += d * d;
  }
  const auto n = static_cast<double>(rounds);
  check.rounds = rounds;
  check.mean = sum / n;
  check.standard_error = rounds > 1 ? std::sqrt(std::max(0.0, squares / n - check.mean * check.mean) / (n - 1)) : 0.0;
  return check;
}

}  // namespace cardsim::blackjack
