// The fast evaluator against the naive reference on every ordered deal under
// every rule combination, plus readable spot checks of each rule.
#include "cardsim/zjh/evaluator.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "testutil/zjh_reference.hpp"

namespace cardsim::zjh {
namespace {

using testutil::ZjhReferenceValue;

std::string rules_name(const Rules& rules) { return describe(rules); }

struct AllHands {
  std::vector<Hand> hands;         // the 22,100 hands, cards ascending
  std::vector<int> index_of_deal;  // 52^3, -1 for repeated cards
};

const AllHands& all_hands() {
  static const AllHands all = [] {
    AllHands a;
    a.index_of_deal.assign(std::size_t{DECK_SIZE} * DECK_SIZE * DECK_SIZE, -1);
    for (unsigned x = 0; x < DECK_SIZE; ++x) {
      for (unsigned y = x + 1; y < DECK_SIZE; ++y) {
        for (unsigned z = y + 1; z < DECK_SIZE; ++z) {
          const int i = static_cast<int>(a.hands.size());
          a.hands.push_back({static_cast<Card>(x), static_cast<Card>(y), static_cast<Card>(z)});
          const unsigned h[3] = {x, y, z};
          unsigned p[3] = {0, 1, 2};
          do {
            a.index_of_deal[(h[p[0]] * DECK_SIZE + h[p[1]]) * DECK_SIZE + h[p[2]]] = i;
          } while (std::next_permutation(p, p + 3));
        }
      }
    }
    return a;
  }();
  return all;
}

int strength_of(const Evaluator& e, const std::string& hand) { return e.evaluate(parse_hand(hand)); }

TEST(ZjhEvaluator, AgreesWithReferenceOnAllOrderedDealsUnderEveryVariant) {
  const AllHands& all = all_hands();
  ASSERT_EQ(all.hands.size(), HAND_COUNT);
  for (const Rules& rules : all_rule_combinations()) {
    SCOPED_TRACE(rules_name(rules));
    const Evaluator evaluator(rules);
    std::vector<ZjhReferenceValue> values;
    values.reserve(HAND_COUNT);
    for (const Hand& h : all.hands) values.push_back(testutil::zjh_reference_evaluate(rules, h[0], h[1], h[2]));

    // Dense ranks from the reference ordering.
    std::vector<int> order(HAND_COUNT);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) {
      return testutil::zjh_reference_compare_plain(rules, values[static_cast<std::size_t>(x)],
                                                   values[static_cast<std::size_t>(y)]) < 0;
    });
    std::vector<int> dense(HAND_COUNT);
    int level = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (i > 0 && testutil::zjh_reference_compare_plain(rules, values[static_cast<std::size_t>(order[i - 1])],
                                                         values[static_cast<std::size_t>(order[i])]) != 0) {
        ++level;
      }
      dense[static_cast<std::size_t>(order[i])] = level;
    }
    ASSERT_EQ(evaluator.levels(), static_cast<std::uint32_t>(level + 1));

    unsigned checked = 0;
    for (unsigned x = 0; x < DECK_SIZE; ++x) {
      for (unsigned y = 0; y < DECK_SIZE; ++y) {
        for (unsigned z = 0; z < DECK_SIZE; ++z) {
          const Strength s = evaluator.evaluate(static_cast<Card>(x), static_cast<Card>(y), static_cast<Card>(z));
          const int i = all.index_of_deal[(x * DECK_SIZE + y) * DECK_SIZE + z];
          if (i < 0) {
            ASSERT_EQ(s, INVALID_STRENGTH);
            continue;
          }
          const ZjhReferenceValue& v = values[static_cast<std::size_t>(i)];
          ASSERT_EQ(s, dense[static_cast<std::size_t>(i)]) << x << " " << y << " " << z;
          ASSERT_EQ(evaluator.category(s), v.category);
          ASSERT_EQ(evaluator.is_leopard(s), v.category == Category::leopard);
          ASSERT_EQ(evaluator.beats_leopards(s), v.beats_leopards);
          ++checked;
        }
      }
    }
    EXPECT_EQ(checked, ORDERED_DEAL_COUNT);
  }
}

TEST(ZjhEvaluator, CompareAgreesWithReferenceIncludingThe235Rule) {
  const AllHands& all = all_hands();
  for (const Rules& rules : all_rule_combinations()) {
    SCOPED_TRACE(rules_name(rules));
    const Evaluator evaluator(rules);
    const auto check = [&](const Hand& x, const Hand& y) {
      const auto vx = testutil::zjh_reference_evaluate(rules, x[0], x[1], x[2]);
      const auto vy = testutil::zjh_reference_evaluate(rules, y[0], y[1], y[2]);
      const int expected = testutil::zjh_reference_compare(rules, vx, vy);
      const int got = evaluator.compare(evaluator.evaluate(x), evaluator.evaluate(y));
      ASSERT_EQ((got > 0) - (got < 0), (expected > 0) - (expected < 0))
          << card_text(x[0], false) << card_text(x[1], false) << card_text(x[2], false) << " vs "
          << card_text(y[0], false) << card_text(y[1], false) << card_text(y[2], false);
    };
    // Every 2-3-5 and every leopard against each other and a spread of hands.
    std::vector<Hand> special;
    for (const Hand& h : all.hands) {
      const unsigned r[3] = {rank_of(h[0]), rank_of(h[1]), rank_of(h[2])};
      if ((r[0] == r[1] && r[1] == r[2]) || (r[0] == 0 && r[1] == 1 && r[2] == 3)) special.push_back(h);
    }
    for (const Hand& x : special) {
      for (std::size_t j = 0; j < all.hands.size(); j += 211) check(x, all.hands[j]);
      for (const Hand& y : special) check(x, y);
    }
    // Random pairs.
    core::Rng rng = core::chunk_rng(6, core::StreamPurpose::test, 0);
    for (int n = 0; n < 20000; ++n) {
      check(all.hands[core::bounded(rng, HAND_COUNT)], all.hands[core::bounded(rng, HAND_COUNT)]);
    }
  }
}

TEST(ZjhEvaluator, CategoryOrderAndWithinCategoryRules) {
  const Evaluator standard(Rules{});
  // Category ladder: leopard > straight flush > flush > straight > pair > high card.
  EXPECT_GT(strength_of(standard, "2c 2d 2h"), strength_of(standard, "As Ks Qs"));
  EXPECT_GT(strength_of(standard, "4s 3s 2s"), strength_of(standard, "Ah Jh 9h"));
  EXPECT_GT(strength_of(standard, "5h 3h 2h"), strength_of(standard, "As Kd Qc"));
  EXPECT_GT(strength_of(standard, "4s 3d 2c"), strength_of(standard, "As Ad Kc"));
  EXPECT_GT(strength_of(standard, "2s 2d 3c"), strength_of(standard, "As Kd Jc"));
  // Flush and high card are lexicographic, not sums: A-5-3 beats K-Q-10.
  EXPECT_GT(strength_of(standard, "Ad 5d 3d"), strength_of(standard, "Kc Qc 10c"));
  EXPECT_GT(strength_of(standard, "As 5d 3c"), strength_of(standard, "Kc Qd 10h"));
  EXPECT_GT(strength_of(standard, "Ks Qd 4c"), strength_of(standard, "Kc Jd 10h"));
  // Pair by the pair, then the kicker.
  EXPECT_GT(strength_of(standard, "Kh Kd 2c"), strength_of(standard, "Qh Qd Ac"));
  EXPECT_GT(strength_of(standard, "Kh Kd 5c"), strength_of(standard, "Ks Kc 4d"));
  EXPECT_EQ(strength_of(standard, "Kh Kd 5c"), strength_of(standard, "Ks Kc 5d"));
  // A-2-3 is the lowest straight by default.
  EXPECT_LT(strength_of(standard, "Ah 2d 3c"), strength_of(standard, "2h 3d 4c"));
  EXPECT_GT(strength_of(standard, "Ah 2d 3c"), strength_of(standard, "Ah Ad Kc"));
  EXPECT_EQ(standard.category(standard.evaluate(parse_hand("Ah 2h 3h"))), Category::straight_flush);
  EXPECT_EQ(standard.category(standard.evaluate(parse_hand("Ah Kh 2h"))), Category::flush);
  EXPECT_EQ(standard.levels(), 741u);
}

TEST(ZjhEvaluator, VariantsChangeExactlyTheirRule) {
  Rules second;
  second.a23 = LowStraight::second;
  const Evaluator teen(second);
  EXPECT_GT(strength_of(teen, "Ah 2d 3c"), strength_of(teen, "Kh Qd Jc"));
  EXPECT_LT(strength_of(teen, "Ah 2d 3c"), strength_of(teen, "Ah Kd Qc"));

  Rules straight_first;
  straight_first.straight_above_flush = true;
  const Evaluator casino(straight_first);
  EXPECT_GT(strength_of(casino, "4s 3d 2c"), strength_of(casino, "Ah Jh 9h"));
  EXPECT_EQ(categories_by_strength(straight_first)[2], Category::straight);

  Rules suits;
  suits.ties = TieRule::suits;
  const Evaluator by_suit(suits);
  EXPECT_GT(strength_of(by_suit, "As Kd 7c"), strength_of(by_suit, "Ah Ks 7d"));
  EXPECT_GT(strength_of(by_suit, "Kh Ks 5c"), strength_of(by_suit, "Kd Kc 5s"));
  EXPECT_EQ(by_suit.levels(), HAND_COUNT);

  Rules killer;
  killer.special_235 = true;
  const Evaluator k(killer);
  const Strength s235 = k.evaluate(parse_hand("2h 3d 5c"));
  EXPECT_TRUE(k.beats_leopards(s235));
  EXPECT_FALSE(k.beats_leopards(k.evaluate(parse_hand("2h 3h 5h"))));  // a flush
  EXPECT_GT(k.compare(s235, k.evaluate(parse_hand("Ah Ad Ac"))), 0);
  EXPECT_LT(k.compare(s235, k.evaluate(parse_hand("2c 3s 6h"))), 0);
  EXPECT_LT(k.compare(s235, k.evaluate(parse_hand("As Ks Qs"))), 0);
  EXPECT_EQ(k.compare(s235, k.evaluate(parse_hand("2s 3c 5d"))), 0);
  // Without the rule the leopard wins.
  const Evaluator plain(Rules{});
  EXPECT_LT(plain.compare(plain.evaluate(parse_hand("2h 3d 5c")), plain.evaluate(parse_hand("Ah Ad Ac"))), 0);
}

TEST(ZjhShowdown, MultiWayWith235AndLeopardIsWonByThe235) {
  Rules killer;
  killer.special_235 = true;
  const Evaluator k(killer);
  // leopard > pair > 2-3-5 > leopard: the 2-3-5 kills the leopard and wins.
  const Game game = rank_hands(k, {parse_hand("9h 9d 9c"), parse_hand("Ks Kd 4c"), parse_hand("2s 3h 5d")});
  EXPECT_EQ(game.winners, 1u);
  EXPECT_EQ(game.ranking[0], 2u);
  EXPECT_TRUE(game.leopard_killed);
  EXPECT_EQ(game.seats[2].place, 1u);
  EXPECT_EQ(game.seats[0].place, 2u);
  // No leopard: the 2-3-5 is the lowest high card.
  const Game plain = rank_hands(k, {parse_hand("9h 8d 7s"), parse_hand("2s 3h 5d")});
  EXPECT_EQ(plain.ranking[0], 0u);
  EXPECT_FALSE(plain.leopard_killed);
  // Ties split share first place.
  const Game split =
      rank_hands(Evaluator(Rules{}), {parse_hand("Ks Qd 4c"), parse_hand("Kh Qc 4d"), parse_hand("2s 3h 5d")});
  EXPECT_EQ(split.winners, 2u);
  EXPECT_EQ(split.seats[1].place, 1u);
  EXPECT_EQ(split.seats[2].place, 3u);
}

TEST(ZjhShowdown, DealGameGivesDistinctCardsToSeventeenPlayers) {
  const Evaluator evaluator(Rules{});
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const Game game = deal_game(evaluator, MAX_PLAYERS, seed);
    ASSERT_EQ(game.seats.size(), 17u);
    std::vector<bool> seen(DECK_SIZE, false);
    for (const auto& seat : game.seats) {
      for (const Card c : seat.cards) {
        ASSERT_LT(c, DECK_SIZE);
        ASSERT_FALSE(seen[c]);
        seen[c] = true;
      }
    }
  }
  // The same seed deals the same game.
  EXPECT_EQ(deal_game(evaluator, 5, 42).seats[3].cards, deal_game(evaluator, 5, 42).seats[3].cards);
}

TEST(ZjhInput, BadInputIsRejectedWithAClearMessage) {
  EXPECT_THROW(check_players(1), Error);
  EXPECT_THROW(check_players(18), Error);
  EXPECT_NO_THROW(check_players(2));
  EXPECT_NO_THROW(check_players(17));
  const Evaluator evaluator(Rules{});
  EXPECT_THROW(deal_game(evaluator, 18, 1), Error);
  try {
    preset_rules("texas");
    FAIL() << "unknown variant accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("teen-patti"), std::string::npos) << e.what();
  }
  EXPECT_EQ(preset_rules("teen-patti").a23, LowStraight::second);
  EXPECT_THROW(io::zjh_rules_from_json(nlohmann::json{{"tie", "split"}}), Error);
  EXPECT_THROW(io::zjh_rules_from_json(nlohmann::json{{"ties", "coin"}}), Error);
  EXPECT_THROW(io::zjh_rules_from_json(nlohmann::json{{"special_235", "yes"}}), Error);
  const Rules round_trip = io::zjh_rules_from_json(io::zjh_rules_to_json(preset_rules("teen-patti")));
  EXPECT_EQ(round_trip, preset_rules("teen-patti"));
  EXPECT_THROW(parse_hand("As Ks"), Error);
  EXPECT_THROW(parse_hand("As As Kd"), Error);
  EXPECT_THROW(parse_card("1s"), Error);
  EXPECT_EQ(parse_card("10h"), parse_card("Th"));
  EXPECT_EQ(parse_card("A♠"), make_card(ACE, 3));
  EXPECT_EQ(card_text(make_card(8, 2), true), "10♥");
  EXPECT_EQ(card_text(make_card(ACE, 0), false), "Ac");
}

}  // namespace
}  // namespace cardsim::zjh
