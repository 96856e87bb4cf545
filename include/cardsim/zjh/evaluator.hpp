// The fast three-card evaluator: one table lookup per hand.
//
// A hand's Strength is its dense rank among all 22,100 hands under one rule
// set: 0 for the weakest, levels() - 1 for the strongest, equal strengths for
// hands that tie. Categories occupy contiguous ranges of strengths, so the
// category of a strength, "is a leopard" and "is a mixed-suit 2-3-5" are one
// compare or one small lookup each.
//
// The one non-transitive rule, "2-3-5 of mixed suits beats a leopard, and only
// a leopard", cannot live in a single number: a 2-3-5 stays the weakest high
// card in its Strength, and the exception is applied at comparison time by
// showdown_key(): when a leopard is in the showdown, every mixed 2-3-5 is lifted
// above all other hands. Heads up this is exactly the rule; in a multi-way
// showdown it resolves the cycle (leopard > pair > 2-3-5 > leopard) in favour
// of the 2-3-5, which "kills" the leopard that would have won.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/rules.hpp"

namespace cardsim::zjh {

// Categories, in their fixed index order (not their strength order, which
// depends on Rules::straight_above_flush).
enum class Category : std::uint8_t {
  high_card = 0,       // 单张
  pair = 1,            // 对子
  straight = 2,        // 顺子
  flush = 3,           // 金花
  straight_flush = 4,  // 顺金
  leopard = 5,         // 豹子, three of a kind
};
inline constexpr unsigned CATEGORY_COUNT = 6;

// "high_card", "pair", ... (JSON keys).
std::string_view category_key(Category category);
// "high card", "pair", "straight flush", ...
std::string_view category_english(Category category);
// "单张", "对子", "顺子", "金花", "顺金", "豹子" (UTF-8).
std::string_view category_chinese(Category category);
// "danzhang", "duizi", "shunzi", "jinhua", "shunjin", "baozi" (for ASCII terminals).
std::string_view category_pinyin(Category category);
// The categories from strongest to weakest under `rules`.
std::array<Category, CATEGORY_COUNT> categories_by_strength(const Rules& rules);

using Strength = std::uint16_t;
// Stored in the table for deals that repeat a card.
inline constexpr Strength INVALID_STRENGTH = 0xFFFF;

class Evaluator {
 public:
  // Builds the table for `rules` (about 280 KB, a few milliseconds).
  explicit Evaluator(const Rules& rules);

  // The strength of the hand {a, b, c}, in any order; a, b, c distinct and
  // < 52 (not checked; a repeated card gives INVALID_STRENGTH).
  //
  // Table layout: table_[(a * 52 + b) * 52 + c], one uint16_t per ordered
  // deal, 52^3 = 140,608 entries, the same value for all six orders.
  Strength evaluate(Card a, Card b, Card c) const {
    return table_[(static_cast<unsigned>(a) * DECK_SIZE + b) * DECK_SIZE + c];
  }
  Strength evaluate(const Hand& hand) const { return evaluate(hand[0], hand[1], hand[2]); }

  Category category(Strength strength) const { return category_of_level_[strength]; }
  bool is_leopard(Strength strength) const { return strength >= leopard_floor_; }
  // True for a mixed-suit 2-3-5 when Rules::special_235 is on.
  bool beats_leopards(Strength strength) const { return strength < killer_end_; }

  // The key that orders hands in a showdown: the strength itself, or, when a
  // leopard is present and the 2-3-5 rule is on, strength + levels() for a
  // mixed 2-3-5 (above every hand). Higher wins, equal ties.
  std::uint32_t showdown_key(Strength strength, bool leopard_present) const {
    return (leopard_present && beats_leopards(strength)) ? strength + levels_ : strength;
  }

  // > 0 if a beats b, 0 on a tie, < 0 if b beats a, applying the 2-3-5 rule.
  int compare(Strength a, Strength b) const {
    const bool leopard = is_leopard(a) || is_leopard(b);
    const std::uint32_t ka = showdown_key(a, leopard);
    const std::uint32_t kb = showdown_key(b, leopard);
    return (ka > kb) - (ka < kb);
  }

  // The number of distinct strengths (741 with ties split, 22,100 with suits).
  std::uint32_t levels() const { return levels_; }
  const Rules& rules() const { return rules_; }
  // The table itself, for benchmarks (52^3 entries, see evaluate()).
  const std::vector<Strength>& table() const { return table_; }

 private:
  Rules rules_;
  std::vector<Strength> table_;
  std::vector<Category> category_of_level_;
  std::uint32_t levels_ = 0;
  Strength leopard_floor_ = 0;
  Strength killer_end_ = 0;
};

}  // namespace cardsim::zjh
