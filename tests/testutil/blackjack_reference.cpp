#include "testutil/blackjack_reference.hpp"

namespace cardsim::testutil {
namespace {

constexpr int BUST = 5;
constexpr int BLACKJACK = 6;

// Final distribution of a dealer now holding `low` (aces as 1) with `ace`.
std::array<double, 7> dealer_from(int low, bool ace, bool h17) {
  std::array<double, 7> result{};
  const bool soft = ace && low + 10 <= 21;
  const int total = soft ? low + 10 : low;
  if (total > 21) {
    result[BUST] = 1;
    return result;
  }
  const bool stands = total >= 18 || (total == 17 && !(h17 && soft));
  if (stands) {
    result[static_cast<std::size_t>(total - 17)] = 1;
    return result;
  }
  for (int v = 1; v <= 10; ++v) {
    const auto next = dealer_from(low + v, ace || v == 1, h17);
    for (std::size_t i = 0; i < result.size(); ++i) result[i] += infinite_deck_probability(v) * next[i];
  }
  return result;
}

// Player's final totals (index 0..21; 22 = bust) from `low`/`ace`, hitting
// below the thresholds.
std::array<double, 23> player_from(int low, bool ace, int hard_stand, int soft_stand) {
  std::array<double, 23> result{};
  const bool soft = ace && low + 10 <= 21;
  const int total = soft ? low + 10 : low;
  if (total > 21) {
    result[22] = 1;
    return result;
  }
  if (total >= (soft ? soft_stand : hard_stand) || total == 21) {
    result[static_cast<std::size_t>(total)] = 1;
    return result;
  }
  for (int v = 1; v <= 10; ++v) {
    const auto next = player_from(low + v, ace || v == 1, hard_stand, soft_stand);
    for (std::size_t i = 0; i < result.size(); ++i) result[i] += infinite_deck_probability(v) * next[i];
  }
  return result;
}

}  // namespace

NaiveHandValue naive_hand_value(const std::vector<int>& cards) {
  int sum = 0;
  bool ace = false;
  for (const int c : cards) {
    sum += c;
    ace = ace || c == 1;
  }
  NaiveHandValue value;
  value.soft = ace && sum + 10 <= 21;
  value.total = value.soft ? sum + 10 : sum;
  value.bust = value.total > 21;
  return value;
}

double infinite_deck_probability(int value) { return value == 10 ? 4.0 / 13.0 : 1.0 / 13.0; }

std::array<double, 7> infinite_dealer_final(int upcard, bool h17, bool no_blackjack) {
  std::array<double, 7> result{};
  double mass = 0;
  for (int hole = 1; hole <= 10; ++hole) {
    const double p = infinite_deck_probability(hole);
    const bool blackjack = upcard + hole == 11 && (upcard == 1 || hole == 1);
    if (blackjack) {
      if (!no_blackjack) {
        result[BLACKJACK] += p;
        mass += p;
      }
      continue;
    }
    const auto next = dealer_from(upcard + hole, upcard == 1 || hole == 1, h17);
    for (std::size_t i = 0; i < result.size(); ++i) result[i] += p * next[i];
    mass += p;
  }
  for (double& r : result) r /= mass;
  return result;
}

double infinite_threshold_strategy_ev(int hard_stand, int soft_stand, bool h17, double blackjack_pays) {
  // The player's hand is independent of the dealer's in an infinite deck.
  double p_natural = 0;
  std::array<double, 23> player{};  // non-natural hands' final totals
  for (int a = 1; a <= 10; ++a) {
    for (int b = 1; b <= 10; ++b) {
      const double p = infinite_deck_probability(a) * infinite_deck_probability(b);
      if (a + b == 11 && (a == 1 || b == 1)) {
        p_natural += p;
        continue;
      }
      const auto next = player_from(a + b, a == 1 || b == 1, hard_stand, soft_stand);
      for (std::size_t i = 0; i < player.size(); ++i) player[i] += p * next[i];
    }
  }
  double ev = 0;
  for (int up = 1; up <= 10; ++up) {
    const double p_up = infinite_deck_probability(up);
    const double p_dealer_bj = infinite_dealer_final(up, h17, false)[BLACKJACK];
    const auto dealer = infinite_dealer_final(up, h17, true);
    double ev_no_bj = p_natural * blackjack_pays;
    for (int total = 4; total <= 22; ++total) {
      const double p = player[static_cast<std::size_t>(total)];
      if (p == 0) continue;
      double result = 0;
      if (total == 22) {
        result = -1;
      } else {
        result += dealer[BUST];
        for (int d = 17; d <= 21; ++d) {
          const double q = dealer[static_cast<std::size_t>(d - 17)];
          result += total > d ? q : total < d ? -q : 0.0;
        }
      }
      ev_no_bj += p * result;
    }
    // Against a dealer blackjack a natural pushes and every other hand loses.
    ev += p_up * (p_dealer_bj * -(1 - p_natural) + (1 - p_dealer_bj) * ev_no_bj);
  }
  return ev;
}

}  // namespace cardsim::testutil
