#include "cardsim/zjh/evaluator.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "cardsim/core/error.hpp"

namespace cardsim::zjh {
namespace {

constexpr std::array<std::string_view, CATEGORY_COUNT> CATEGORY_KEYS = {"high_card", "pair",           "straight",
                                                                        "flush",     "straight_flush", "leopard"};
constexpr std::array<std::string_view, CATEGORY_COUNT> CATEGORY_ENGLISH = {"high card", "pair",           "straight",
                                                                           "flush",     "straight flush", "leopard"};
constexpr std::array<std::string_view, CATEGORY_COUNT> CATEGORY_CHINESE = {"单张", "对子", "顺子",
                                                                           "金花", "顺金", "豹子"};
constexpr std::array<std::string_view, CATEGORY_COUNT> CATEGORY_PINYIN = {"danzhang", "duizi",   "shunzi",
                                                                          "jinhua",   "shunjin", "baozi"};

// Layout of the sort key from which the dense strengths are built (only while
// building the table):
//   bits 24..26  the category's position in the strength order (0 = weakest)
//   bits  8..19  the rank key within the category:
//                  leopard          rank
//                  straight (flush) 2 * top rank; A-2-3 is 2 when lowest, 23
//                                   (between K-Q-J = 22 and A-K-Q = 24) when second
//                  pair             pair rank * 16 + kicker rank
//                  flush, high card ranks high to low, 4 bits each
//   bits  0..5   suits of the cards in the order their ranks are compared
//                (2 bits each, first card highest), 0 when ties split
constexpr unsigned CATEGORY_SHIFT = 24;
constexpr unsigned RANK_SHIFT = 8;
constexpr unsigned RANK_BITS = 4;
constexpr unsigned SUIT_BITS = 2;
constexpr unsigned A23_LOWEST_KEY = 2;  // below 4-3-2 (2 * 2)
constexpr unsigned A23_SECOND_KEY = 2 * (ACE - 1) + 1;

unsigned strength_position(Category category, const Rules& rules) {
  switch (category) {
    case Category::high_card: return 0;
    case Category::pair: return 1;
    case Category::straight: return rules.straight_above_flush ? 3 : 2;
    case Category::flush: return rules.straight_above_flush ? 2 : 3;
    case Category::straight_flush: return 4;
    case Category::leopard: return 5;
  }
  return 0;
}

struct HandKey {
  std::uint32_t key = 0;
  Category category = Category::high_card;
  bool beats_leopards = false;
};

HandKey hand_key(const Rules& rules, Card a, Card b, Card c) {
  // Cards high to low by index, i.e. by rank, then by suit.
  if (a < b) std::swap(a, b);
  if (b < c) std::swap(b, c);
  if (a < b) std::swap(a, b);
  std::array<Card, HAND_SIZE> order = {a, b, c};
  const unsigned r0 = rank_of(a), r1 = rank_of(b), r2 = rank_of(c);
  const bool flush = suit_of(a) == suit_of(b) && suit_of(b) == suit_of(c);
  const bool a23 = r0 == ACE && r1 == 1 && r2 == 0;
  const bool run = (r0 == r1 + 1 && r1 == r2 + 1) || a23;

  HandKey key;
  unsigned rank_key = 0;
  if (r0 == r2) {
    key.category = Category::leopard;
    rank_key = r0;
  } else if (run) {
    key.category = flush ? Category::straight_flush : Category::straight;
    if (!a23) {
      rank_key = 2 * r0;
    } else if (rules.a23 == LowStraight::lowest) {
      rank_key = A23_LOWEST_KEY;
      order = {b, c, a};  // 3, 2, then the ace counting low
    } else {
      rank_key = A23_SECOND_KEY;
    }
  } else if (r0 == r1 || r1 == r2) {
    key.category = Category::pair;
    if (r0 == r1) {
      rank_key = r0 * 16 + r2;
    } else {
      rank_key = r1 * 16 + r0;
      order = {b, c, a};  // the pair first, then the kicker
    }
  } else {
    key.category = flush ? Category::flush : Category::high_card;
    rank_key = (r0 << (2 * RANK_BITS)) | (r1 << RANK_BITS) | r2;
    key.beats_leopards = rules.special_235 && !flush && r0 == 3 && r1 == 1 && r2 == 0;
  }
  unsigned suit_key = 0;
  if (rules.ties == TieRule::suits) {
    for (const Card card : order) suit_key = (suit_key << SUIT_BITS) | suit_of(card);
  }
  key.key = (strength_position(key.category, rules) << CATEGORY_SHIFT) | (rank_key << RANK_SHIFT) | suit_key;
  return key;
}

}  // namespace

std::string_view category_key(Category category) { return CATEGORY_KEYS[static_cast<unsigned>(category)]; }
std::string_view category_english(Category category) { return CATEGORY_ENGLISH[static_cast<unsigned>(category)]; }
std::string_view category_chinese(Category category) { return CATEGORY_CHINESE[static_cast<unsigned>(category)]; }
std::string_view category_pinyin(Category category) { return CATEGORY_PINYIN[static_cast<unsigned>(category)]; }

std::array<Category, CATEGORY_COUNT> categories_by_strength(const Rules& rules) {
  std::array<Category, CATEGORY_COUNT> order{};
  for (unsigned c = 0; c < CATEGORY_COUNT; ++c) {
    const auto category = static_cast<Category>(c);
    order[CATEGORY_COUNT - 1 - strength_position(category, rules)] = category;
  }
  return order;
}

Evaluator::Evaluator(const Rules& rules) : rules_(rules) {
  if (rules.ties == TieRule::invalid || rules.a23 == LowStraight::invalid) {
    throw Error("zjh rules are incomplete: ties must be split or suits, a23 lowest or second");
  }
  // 1. The sort key of every unordered hand.
  std::vector<HandKey> keys;
  keys.reserve(HAND_COUNT);
  for (unsigned a = 0; a < DECK_SIZE; ++a) {
    for (unsigned b = a + 1; b < DECK_SIZE; ++b) {
      for (unsigned c = b + 1; c < DECK_SIZE; ++c) {
        keys.push_back(hand_key(rules, static_cast<Card>(a), static_cast<Card>(b), static_cast<Card>(c)));
      }
    }
  }
  // 2. Dense ranks of the distinct keys.
  std::vector<std::uint32_t> distinct;
  distinct.reserve(keys.size());
  for (const auto& key : keys) distinct.push_back(key.key);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  levels_ = static_cast<std::uint32_t>(distinct.size());
  const auto dense = [&](std::uint32_t key) {
    return static_cast<Strength>(std::lower_bound(distinct.begin(), distinct.end(), key) - distinct.begin());
  };

  // 3. The table for all six orders of each hand, and the facts per level.
  table_.assign(std::size_t{DECK_SIZE} * DECK_SIZE * DECK_SIZE, INVALID_STRENGTH);
  category_of_level_.assign(levels_, Category::high_card);
  leopard_floor_ = static_cast<Strength>(levels_);
  std::size_t i = 0;
  for (unsigned a = 0; a < DECK_SIZE; ++a) {
    for (unsigned b = a + 1; b < DECK_SIZE; ++b) {
      for (unsigned c = b + 1; c < DECK_SIZE; ++c) {
        const HandKey& key = keys[i++];
        const Strength strength = dense(key.key);
        const std::array<unsigned, HAND_SIZE> h = {a, b, c};
        std::array<unsigned, HAND_SIZE> p = {0, 1, 2};
        do {
          table_[(h[p[0]] * DECK_SIZE + h[p[1]]) * DECK_SIZE + h[p[2]]] = strength;
        } while (std::next_permutation(p.begin(), p.end()));
        category_of_level_[strength] = key.category;
        if (key.category == Category::leopard) leopard_floor_ = std::min(leopard_floor_, strength);
        if (key.beats_leopards) killer_end_ = std::max<Strength>(killer_end_, static_cast<Strength>(strength + 1));
      }
    }
  }
}

}  // namespace cardsim::zjh
