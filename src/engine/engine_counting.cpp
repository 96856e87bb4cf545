#include "engine_counting.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

#include "cardsim/core/error.hpp"
#include "engine_core.hpp"

namespace cardsim::blackjack {

// The counter's tables: index plays, tags, the ramp's bets by true count
// bucket, and the true count's divisor for every number of cards left.
void EngineCore::set_up_counting() {
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

// The same value as true_count() (a test checks every case), clamped; the
// divisor for each number of remaining cards is precomputed.
int EngineCore::true_count_of(int running_count, int remaining_cards) const {
  return fast_true_count(running_count, std::clamp(remaining_cards, 0, rules_.shoe_cards()));
}

bool EngineCore::true_count_at_least(int running_count, int remaining_cards, int index) const {
  return fast_true_count_at_least(running_count, std::clamp(remaining_cards, 0, rules_.shoe_cards()), index);
}

// The counter's money of the rounds in `played` (the chunk's rounds since
// `before`), at the ramp's bets.
void EngineCore::add_counter_money(const PlayedRounds& played, const CountingTally& before, Tally& tally) const {
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

}  // namespace cardsim::blackjack
