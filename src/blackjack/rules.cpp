#include "cardsim/blackjack/rules.hpp"

#include <cmath>
#include <numeric>

namespace cardsim::blackjack {

int Rules::cut_card_position() const {
  if (cut_card > 0) return cut_card;
  return static_cast<int>(std::lround(penetration * shoe_cards()));
}

std::int64_t Rules::bet_units() const { return std::lcm(std::int64_t{2}, std::int64_t{blackjack_pays_den}); }

bool double_allowed(DoubleRule rule, HandState state) {
  const int low = low_total(state);
  switch (rule) {
    case DoubleRule::any: return true;
    case DoubleRule::nine_to_eleven: return !is_soft(state) && low >= 9 && low <= 11;
    case DoubleRule::ten_to_eleven: return !is_soft(state) && low >= 10 && low <= 11;
    default: return false;
  }
}

}  // namespace cardsim::blackjack
