#include "cardsim/blackjack/strategy.hpp"

namespace cardsim::blackjack {
namespace {

// A chart that hits below `hard_stand` and `soft_stand` (soft hands), stands
// otherwise, and never doubles, splits or surrenders; pairs play by their total.
StrategyChart threshold_chart(const char* name, int hard_stand, int soft_stand) {
  StrategyChart chart;
  chart.name = name;
  for (std::size_t up = 1; up <= CARD_VALUES; ++up) {
    for (int t = HARD_MIN; t <= HARD_MAX; ++t) {
      chart.hard[static_cast<std::size_t>(t)][up] = t < hard_stand ? ChartAction::hit : ChartAction::stand;
    }
    for (int t = SOFT_MIN; t <= SOFT_MAX; ++t) {
      chart.soft[static_cast<std::size_t>(t)][up] = t < soft_stand ? ChartAction::hit : ChartAction::stand;
    }
    for (int card = 1; card <= CARD_VALUES; ++card) {
      const int total = card == 1 ? 12 : 2 * card;
      const int stand_at = card == 1 ? soft_stand : hard_stand;
      chart.pairs[static_cast<std::size_t>(card)][up] = total < stand_at ? ChartAction::hit : ChartAction::stand;
    }
  }
  return chart;
}

}  // namespace

StrategyChart hit_below_16_chart() { return threshold_chart("hit-below-16", 16, 16); }

StrategyChart mimic_dealer_chart(const Rules& rules) {
  return threshold_chart("mimic-dealer", 17, rules.h17 ? 18 : 17);
}

StrategyChart always_stand_chart() { return threshold_chart("always-stand", 0, 0); }

}  // namespace cardsim::blackjack
