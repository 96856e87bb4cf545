// Exact enumeration of Zha Jin Hua: all 22,100 hands and every heads-up
// showdown of two disjoint hands (22,100 * 18,424 = 407,170,400 ordered pairs).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cardsim/zjh/evaluator.hpp"

namespace cardsim::zjh {

// Hands of 3 cards that share no card with a given hand, C(49, 3).
inline constexpr std::uint64_t DISJOINT_HAND_COUNT = 18424;
inline constexpr std::uint64_t ORDERED_PAIR_COUNT = std::uint64_t{HAND_COUNT} * DISJOINT_HAND_COUNT;

// A probability as an exact fraction in lowest terms.
struct Fraction {
  std::uint64_t numerator = 0;
  std::uint64_t denominator = 1;
  double value() const { return static_cast<double>(numerator) / static_cast<double>(denominator); }
  std::string text() const;  // "1083/978775"
  friend bool operator==(const Fraction&, const Fraction&) = default;
};
Fraction make_fraction(std::uint64_t numerator, std::uint64_t denominator);

// Heads-up outcomes of one hand against all 18,424 disjoint hands (exact
// counts, from ExactAnalysis::odds()).
struct HandOdds {
  std::uint64_t wins = 0;
  std::uint64_t ties = 0;
  std::uint64_t losses = 0;
};

struct ExactResult {
  Rules rules;
  std::uint32_t levels = 0;                           // distinct strengths
  std::array<std::uint64_t, CATEGORY_COUNT> hands{};  // of 22,100, by category
  // Ordered pairs (hand, opponent) of disjoint hands by the first hand's
  // category: the first hand wins, ties, loses. Each sums to 407,170,400.
  std::array<std::uint64_t, CATEGORY_COUNT> wins{};
  std::array<std::uint64_t, CATEGORY_COUNT> ties{};
  std::array<std::uint64_t, CATEGORY_COUNT> losses{};

  std::uint64_t total_wins() const;
  std::uint64_t total_ties() const;
  std::uint64_t total_losses() const;
  // Heads-up deals won by a hand of `category` (tied deals count once).
  std::uint64_t winning_deals(Category category) const {
    const auto c = static_cast<unsigned>(category);
    return 2 * wins[c] + ties[c];
  }
};

// Enumerates every hand and every heads-up pair under one rule set; a hand's
// counts come from prefix sums of strengths by card (inclusion-exclusion over
// the cards it shares with the opponent), so the whole analysis takes a few
// milliseconds instead of 407 million comparisons.
class ExactAnalysis {
 public:
  // Keeps a reference to `evaluator`, which must outlive the analysis.
  explicit ExactAnalysis(const Evaluator& evaluator);
  HandOdds odds(const Hand& hand) const;
  ExactResult result() const;

 private:
  // Disjoint opponents of `hand` whose strength lies in [low, high).
  std::uint64_t count_disjoint(const Hand& hand, std::uint32_t low, std::uint32_t high) const;

  const Evaluator& evaluator_;
  std::uint32_t levels_;
  // below_all_[s]: hands with strength < s; below_card_[c * (levels + 1) + s]:
  // hands holding card c with strength < s.
  std::vector<std::uint32_t> below_all_;
  std::vector<std::uint32_t> below_card_;
};

ExactResult exact_heads_up(const Rules& rules);

}  // namespace cardsim::zjh
