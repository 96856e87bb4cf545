#include "cardsim/blackjack/counting.hpp"

#include <algorithm>

namespace cardsim::blackjack {
namespace {

// Cards of each value in one deck: four of ace..nine, sixteen tens.
constexpr int cards_per_deck(int value) { return value == TEN ? 16 : 4; }

}  // namespace

int CountSystem::deck_sum() const {
  int sum = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) sum += cards_per_deck(v) * tags[static_cast<std::size_t>(v)];
  return sum;
}

int Counting::units_at(int tc) const {
  int units = ramp.empty() ? 1 : ramp.front().units;
  for (const RampStep& step : ramp) {
    if (tc >= step.true_count) units = step.units;
  }
  return units;
}

}  // namespace cardsim::blackjack
