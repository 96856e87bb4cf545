#include "cardsim/blackjack/rules.hpp"

#include <cmath>
#include <numeric>

namespace cardsim::blackjack {

int Rules::cut_card_position() const {
  if (cut_card > 0) return cut_card;
  return static_cast<int>(std::lround(penetration * shoe_cards()));
}

std::int64_t Rules::bet_units() const { return std::lcm(std::int64_t{2}, std::int64_t{blackjack_pays_den}); }

}  // namespace cardsim::blackjack
