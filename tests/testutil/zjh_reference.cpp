#include "testutil/zjh_reference.hpp"

#include <algorithm>

namespace cardsim::testutil {
namespace {

// Points of a rank: 2..14, ace high.
int points(zjh::Card card) { return static_cast<int>(zjh::rank_of(card)) + 2; }
int suit(zjh::Card card) { return static_cast<int>(zjh::suit_of(card)); }

// Categories from weakest to strongest.
std::vector<zjh::Category> category_ladder(const zjh::Rules& rules) {
  using zjh::Category;
  if (rules.straight_above_flush) {
    return {Category::high_card, Category::pair,           Category::flush,
            Category::straight,  Category::straight_flush, Category::leopard};
  }
  return {Category::high_card, Category::pair,           Category::straight,
          Category::flush,     Category::straight_flush, Category::leopard};
}

// The straights as their points high to low, from weakest to strongest.
std::vector<std::vector<int>> straight_ladder(const zjh::Rules& rules) {
  std::vector<std::vector<int>> ladder;
  for (int top = 4; top <= 14; ++top) ladder.push_back({top, top - 1, top - 2});
  const std::vector<int> a23 = {14, 3, 2};
  if (rules.a23 == zjh::LowStraight::lowest) {
    ladder.insert(ladder.begin(), a23);
  } else {
    ladder.insert(ladder.end() - 1, a23);
  }
  return ladder;
}

int compare_lists(const std::vector<int>& x, const std::vector<int>& y) {
  if (x < y) return -1;
  if (y < x) return 1;
  return 0;
}

}  // namespace

ZjhReferenceValue zjh_reference_evaluate(const zjh::Rules& rules, zjh::Card a, zjh::Card b, zjh::Card c) {
  std::vector<zjh::Card> cards = {a, b, c};
  // High to low by points, spades before hearts before diamonds before clubs.
  std::sort(cards.begin(), cards.end(), [](zjh::Card x, zjh::Card y) {
    if (points(x) != points(y)) return points(x) > points(y);
    return suit(x) > suit(y);
  });
  std::vector<int> pts = {points(cards[0]), points(cards[1]), points(cards[2])};
  const bool same_suit = suit(cards[0]) == suit(cards[1]) && suit(cards[1]) == suit(cards[2]);

  const auto ladder = straight_ladder(rules);
  int straight_index = -1;
  for (std::size_t i = 0; i < ladder.size(); ++i) {
    if (ladder[i] == pts) straight_index = static_cast<int>(i);
  }

  ZjhReferenceValue value;
  std::vector<zjh::Card> order = cards;  // the cards in the order they are compared
  if (pts[0] == pts[1] && pts[1] == pts[2]) {
    value.category = zjh::Category::leopard;
    value.ranks = {pts[0]};
  } else if (straight_index >= 0) {
    value.category = same_suit ? zjh::Category::straight_flush : zjh::Category::straight;
    value.ranks = {straight_index};
    if (pts == std::vector<int>{14, 3, 2} && rules.a23 == zjh::LowStraight::lowest) {
      order = {cards[1], cards[2], cards[0]};  // the ace counts as 1: 3, 2, A
    }
  } else if (pts[0] == pts[1] || pts[1] == pts[2]) {
    value.category = zjh::Category::pair;
    if (pts[0] == pts[1]) {
      value.ranks = {pts[0], pts[2]};
    } else {
      value.ranks = {pts[1], pts[0]};
      order = {cards[1], cards[2], cards[0]};
    }
  } else {
    value.category = same_suit ? zjh::Category::flush : zjh::Category::high_card;
    value.ranks = pts;
    value.beats_leopards = rules.special_235 && !same_suit && pts == std::vector<int>{5, 3, 2};
  }
  const auto categories = category_ladder(rules);
  value.category_strength =
      static_cast<int>(std::find(categories.begin(), categories.end(), value.category) - categories.begin());
  for (const zjh::Card card : order) value.suits.push_back(suit(card));
  return value;
}

int zjh_reference_compare_plain(const zjh::Rules& rules, const ZjhReferenceValue& x, const ZjhReferenceValue& y) {
  if (x.category_strength != y.category_strength) return x.category_strength > y.category_strength ? 1 : -1;
  const int by_ranks = compare_lists(x.ranks, y.ranks);
  if (by_ranks != 0) return by_ranks;
  if (rules.ties == zjh::TieRule::suits) return compare_lists(x.suits, y.suits);
  return 0;
}

int zjh_reference_compare(const zjh::Rules& rules, const ZjhReferenceValue& x, const ZjhReferenceValue& y) {
  if (x.beats_leopards && y.category == zjh::Category::leopard) return 1;
  if (y.beats_leopards && x.category == zjh::Category::leopard) return -1;
  return zjh_reference_compare_plain(rules, x, y);
}

}  // namespace cardsim::testutil
