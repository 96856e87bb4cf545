// Tests of the side bets: the classifier on hand-picked deals, the exact PAR
// sheet's counts against every physical deal of a small shoe judged by plain
// reference code (tests/testutil/side_bet_reference), against the exact
// counts that Wizard of Odds publishes, the counts summing to the number of
// deals for every shipped bet and shoe, and each shipped bet's house edge
// against the published figures its file cites.
#include "cardsim/blackjack/side_bet.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "testutil/side_bet_reference.hpp"

namespace cardsim::blackjack {
namespace {

constexpr int CLUBS = 0, DIAMONDS = 1, HEARTS = 2, SPADES = 3;
constexpr int ACE_RANK = 0, TEN_RANK = 9, JACK_RANK = 10, KING_RANK = 12;

SuitedCard card(int rank, int suit) { return suited_card(rank, suit); }

io::SideBetFile shipped(const std::string& name) { return io::load_side_bet(name); }

// n (n - 1) ... (n - k + 1).
WideSum falling(int n, int k) {
  WideSum p = 1;
  for (int i = 0; i < k; ++i) p *= n - i;
  return p;
}

// The counts of a PAR sheet by outcome name ("Loss" for the loss).
std::map<std::string, WideSum> by_name(const SideBet& bet, const ParSheet& sheet) {
  std::map<std::string, WideSum> counts{{"Loss", sheet.losses}};
  for (std::size_t i = 0; i < bet.outcomes.size(); ++i) counts[bet.outcomes[i].name] = sheet.combinations[i];
  return counts;
}

// The reference's counts, its category names mapped to the bet's outcome names.
std::map<std::string, WideSum> reference(int decks, int cards, const testutil::PlainJudge& judge,
                                         const std::map<std::string, std::string>& names) {
  std::map<std::string, WideSum> counts;
  for (const auto& [category, n] : testutil::enumerate_deals(decks, cards, judge)) {
    counts[category.empty() ? "Loss" : names.at(category)] += static_cast<WideSum>(n);
  }
  return counts;
}

void expect_same_counts(const std::map<std::string, WideSum>& expected, const std::map<std::string, WideSum>& got) {
  for (const auto& [name, n] : got) {
    const WideSum want = expected.contains(name) ? expected.at(name) : 0;
    EXPECT_TRUE(n == want) << name << ": " << static_cast<double>(n) << " vs " << static_cast<double>(want);
  }
  for (const auto& [name, n] : expected) EXPECT_TRUE(got.contains(name)) << name;
}

// --- the classifier on hand-picked deals ----------------------------------------

TEST(SideBetClassifier, PairsByRankColourAndSuit) {
  const SideBet pp = shipped("perfect-pairs-25-12-6").bet;
  SideBetDeal d;
  d.player = {card(KING_RANK, SPADES), card(KING_RANK, SPADES)};
  EXPECT_EQ(pp.outcomes[static_cast<std::size_t>(classify(pp, d))].kind, OutcomeKind::perfect_pair);
  d.player = {card(KING_RANK, SPADES), card(KING_RANK, CLUBS)};
  EXPECT_EQ(pp.outcomes[static_cast<std::size_t>(classify(pp, d))].kind, OutcomeKind::colored_pair);
  d.player = {card(KING_RANK, HEARTS), card(KING_RANK, CLUBS)};
  EXPECT_EQ(pp.outcomes[static_cast<std::size_t>(classify(pp, d))].kind, OutcomeKind::mixed_pair);
  d.player = {card(KING_RANK, SPADES), card(QUEEN_RANK, SPADES)};  // two tens, not a pair
  EXPECT_EQ(classify(pp, d), NO_OUTCOME);
}

TEST(SideBetClassifier, ThreeCardPokerAceHighOrLowNoWrap) {
  const SideBet x = shipped("21-plus-3-xtreme").bet;
  const auto kind = [&](SuitedCard a, SuitedCard b, SuitedCard up) {
    SideBetDeal d;
    d.player = {a, b};
    d.upcard = up;
    const int i = classify(x, d);
    return i == NO_OUTCOME ? OutcomeKind::invalid : x.outcomes[static_cast<std::size_t>(i)].kind;
  };
  EXPECT_EQ(kind(card(QUEEN_RANK, CLUBS), card(KING_RANK, HEARTS), card(ACE_RANK, SPADES)), OutcomeKind::straight);
  EXPECT_EQ(kind(card(ACE_RANK, CLUBS), card(1, HEARTS), card(2, SPADES)), OutcomeKind::straight);
  EXPECT_EQ(kind(card(KING_RANK, CLUBS), card(ACE_RANK, HEARTS), card(1, SPADES)), OutcomeKind::invalid);
  EXPECT_EQ(kind(card(JACK_RANK, CLUBS), card(QUEEN_RANK, CLUBS), card(KING_RANK, CLUBS)), OutcomeKind::straight_flush);
  EXPECT_EQ(kind(card(5, CLUBS), card(5, CLUBS), card(5, CLUBS)), OutcomeKind::suited_trips);
  EXPECT_EQ(kind(card(5, CLUBS), card(5, CLUBS), card(5, HEARTS)), OutcomeKind::trips);
  EXPECT_EQ(kind(card(5, CLUBS), card(5, CLUBS), card(9, CLUBS)), OutcomeKind::flush);  // a pair and a flush
  EXPECT_EQ(kind(card(TEN_RANK, CLUBS), card(JACK_RANK, CLUBS), card(KING_RANK, CLUBS)), OutcomeKind::flush);
}

TEST(SideBetClassifier, TotalsAcesAndTheDealersBlackjack) {
  const SideBet ll = shipped("lucky-ladies").bet;
  SideBetDeal d;
  d.player = {card(ACE_RANK, CLUBS), card(8, HEARTS)};  // 20 with the ace as 11
  d.upcard = card(ACE_RANK, SPADES);
  d.hole = card(KING_RANK, SPADES);
  EXPECT_EQ(ll.outcomes[static_cast<std::size_t>(classify(ll, d))].name, "Unsuited 20");
  d.player = {card(QUEEN_RANK, HEARTS), card(QUEEN_RANK, HEARTS)};
  EXPECT_EQ(classify(ll, d), 0);  // with the dealer's blackjack
  d.hole = card(8, SPADES);
  EXPECT_EQ(classify(ll, d), 1);
  d.player = {card(ACE_RANK, CLUBS), card(ACE_RANK, CLUBS)};  // soft 12
  EXPECT_EQ(classify(ll, d), NO_OUTCOME);

  const SideBet over = shipped("over-13").bet;
  const SideBet under = shipped("under-13").bet;
  d.player = {card(ACE_RANK, CLUBS), card(KING_RANK, CLUBS)};  // 11 with every ace as one
  EXPECT_EQ(classify(over, d), NO_OUTCOME);
  EXPECT_EQ(classify(under, d), 0);
  d.player = {card(2, CLUBS), card(KING_RANK, CLUBS)};  // 13 loses both
  EXPECT_EQ(classify(over, d), NO_OUTCOME);
  EXPECT_EQ(classify(under, d), NO_OUTCOME);
}

TEST(SideBetClassifier, MatchesAndDealerBusts) {
  const SideBet m = shipped("match-the-dealer-4-19").bet;
  SideBetDeal d;
  d.upcard = card(6, DIAMONDS);
  d.player = {card(6, DIAMONDS), card(6, SPADES)};
  EXPECT_EQ(m.outcomes[static_cast<std::size_t>(classify(m, d))].name, "One suited and one unsuited match");
  d.player = {card(6, CLUBS), card(7, DIAMONDS)};
  EXPECT_EQ(m.outcomes[static_cast<std::size_t>(classify(m, d))].name, "One unsuited match");

  const SideBet buster = shipped("buster-blackjack").bet;
  SideBetDeal dealer;
  dealer.dealer_bust = true;
  for (const auto& [cards, name] : std::map<int, std::string>{{3, "Bust with 3 or 4 cards"},
                                                              {4, "Bust with 3 or 4 cards"},
                                                              {6, "Bust with 6 cards"},
                                                              {9, "Bust with 8 or more cards"}}) {
    dealer.dealer_cards = cards;
    EXPECT_EQ(buster.outcomes[static_cast<std::size_t>(classify(buster, dealer))].name, name);
  }
  dealer.dealer_bust = false;
  EXPECT_EQ(classify(buster, dealer), NO_OUTCOME);
}

// --- counts against every physical deal of a small shoe -------------------------

// A shipped bet's counts for 1 and 2 decks against every physical deal of
// `cards` cards judged by `judge`, whose categories `names` maps to outcomes.
void expect_matches_reference(const std::string& bet_name, int cards, const testutil::PlainJudge& judge,
                              const std::map<std::string, std::string>& names) {
  const SideBet bet = shipped(bet_name).bet;
  for (const int decks : {1, 2}) {
    SCOPED_TRACE(bet_name + ", " + std::to_string(decks) + " decks");
    expect_same_counts(reference(decks, cards, judge, names), by_name(bet, par_sheet(bet, decks, false)));
  }
}

TEST(SideBetCounts, PerfectPairsMatchEveryDealOfTwoDecks) {
  expect_matches_reference("perfect-pairs-25-12-6", 2, testutil::plain_perfect_pairs,
                           {{"perfect", "Perfect pair"}, {"colored", "Colored pair"}, {"mixed", "Mixed pair"}});
}

TEST(SideBetCounts, ThreeCardPokerMatchesEveryDealOfTwoDecks) {
  expect_matches_reference("21-plus-3-xtreme", 3, testutil::plain_three_card_poker,
                           {{"suited_trips", "Suited three of a kind"},
                            {"straight_flush", "Straight flush"},
                            {"trips", "Three of a kind"},
                            {"straight", "Straight"},
                            {"flush", "Flush"}});
}

TEST(SideBetCounts, MatchTheDealerMatchesEveryDealOfTwoDecks) {
  expect_matches_reference("match-the-dealer-4-19", 3, testutil::plain_match_the_dealer,
                           {{"S2U0", "Two suited matches"},
                            {"S1U1", "One suited and one unsuited match"},
                            {"S1U0", "One suited match"},
                            {"S0U2", "Two unsuited matches"},
                            {"S0U1", "One unsuited match"}});
}

TEST(SideBetCounts, LuckyLadiesMatchesEveryDealOfOneDeck) {
  const SideBet bet = shipped("lucky-ladies").bet;
  const std::map<std::string, std::string> names{{"qh_pair_bj", "Queen of hearts pair and dealer blackjack"},
                                                 {"qh_pair", "Queen of hearts pair"},
                                                 {"matched_20", "Matched 20"},
                                                 {"suited_20", "Suited 20"},
                                                 {"any_20", "Unsuited 20"}};
  expect_same_counts(reference(1, 4, testutil::plain_lucky_ladies, names), by_name(bet, par_sheet(bet, 1, false)));
}

// The dealer's hands by plain recursion over values: each hand of n cards is
// the prefix of (M - n)_(K - n) deals of K cards.
TEST(SideBetCounts, BusterMatchesEveryDealerHandOfOneAndTwoDecks) {
  const SideBet bet = shipped("buster-blackjack").bet;
  for (const int decks : {1, 2}) {
    for (const bool h17 : {false, true}) {
      const ParSheet sheet = par_sheet(bet, decks, h17);
      const int shoe = decks * SUITED_CARDS;
      std::map<std::string, WideSum> expected;
      int most = 0;
      for (const auto& [key, n] : testutil::enumerate_dealer_hands(decks, h17))
        most = std::max(most, std::stoi(key.substr(key.find(' '))));
      EXPECT_EQ(sheet.deal_cards, most);
      for (const auto& [key, n] : testutil::enumerate_dealer_hands(decks, h17)) {
        const int cards = std::stoi(key.substr(key.find(' ')));
        std::string name = "Loss";
        if (key.starts_with("bust")) {
          name = cards >= 8   ? "Bust with 8 or more cards"
                 : cards <= 4 ? "Bust with 3 or 4 cards"
                              : "Bust with " + std::to_string(cards) + " cards";
        }
        expected[name] += static_cast<WideSum>(n) * falling(shoe - cards, most - cards);
      }
      expect_same_counts(expected, by_name(bet, sheet));
    }
  }
}

// --- counts against the exact counts Wizard of Odds publishes -------------------

TEST(SideBetCounts, PublishedCombinations) {
  // Perfect Pairs, 8 decks: 1456, 1664, 3328 unordered pairs of 86320.
  const SideBet pp = shipped("perfect-pairs-25-12-6").bet;
  expect_same_counts(
      {{"Perfect pair", 2 * 1456}, {"Colored pair", 2 * 1664}, {"Mixed pair", 2 * 3328}, {"Loss", 2 * 79872}},
      by_name(pp, par_sheet(pp, 8, false)));
  // 21+3 (version 3 hands), 6 decks: unordered three-card hands of 5013320.
  const SideBet x = shipped("21-plus-3-xtreme").bet;
  expect_same_counts({{"Suited three of a kind", 6 * 1040},
                      {"Straight flush", 6 * 10368},
                      {"Three of a kind", 6 * 25272},
                      {"Straight", 6 * 155520},
                      {"Flush", 6 * 292896},
                      {"Loss", 6 * WideSum{4528224}}},
                     by_name(x, par_sheet(x, 6, false)));
  // 21+3 version 1, 6 decks: three of a kind 26312 (suited ones included), flush 236736 + 56160 with a pair.
  const SideBet classic = shipped("21-plus-3").bet;
  expect_same_counts({{"Straight flush", 6 * 10368},
                      {"Three of a kind", 6 * 26312},
                      {"Straight", 6 * 155520},
                      {"Flush", 6 * (236736 + 56160)},
                      {"Loss", 6 * WideSum{977184 + 3551040}}},
                     by_name(classic, par_sheet(classic, 6, false)));
  // Lucky Ladies, 6 decks: ordered deals of the player's two and the dealer's two cards.
  const SideBet ll = shipped("lucky-ladies").bet;
  expect_same_counts({{"Queen of hearts pair and dealer blackjack", 135360},
                      {"Queen of hearts pair", 2738340},
                      {"Matched 20", 43105500},
                      {"Suited 20", 193112640},
                      {"Unsuited 20", 744863040},
                      {"Loss", 8310740400}},
                     by_name(ll, par_sheet(ll, 6, false)));
  // Match the Dealer, 2 decks: unordered player pairs per up card (104 x 2 ordered deals each).
  const SideBet m = shipped("match-the-dealer-4-19").bet;
  expect_same_counts({{"Two suited matches", 0},
                      {"One suited and one unsuited match", 208 * 6},
                      {"One suited match", 208 * 96},
                      {"Two unsuited matches", 208 * 15},
                      {"One unsuited match", 208 * 576},
                      {"Loss", 208 * 4560}},
                     by_name(m, par_sheet(m, 2, false)));
}

// --- every shipped bet, every shoe ---------------------------------------------

TEST(SideBetCounts, EveryShippedBetSumsToTheDealsForOneToEightDecks) {
  const std::vector<std::string> names = io::shipped_side_bets();
  ASSERT_GE(names.size(), 10u);
  for (const std::string& name : names) {
    const SideBet bet = shipped(name).bet;
    for (int decks = 1; decks <= MAX_DECKS; ++decks) {
      for (const bool h17 : {false, true}) {
        if (h17 && bet.cards != SideBetCards::dealer_final) continue;
        const ParSheet sheet = par_sheet(bet, decks, h17);
        WideSum sum = sheet.losses;
        for (const WideSum c : sheet.combinations) sum += c;
        EXPECT_TRUE(sum == sheet.deals) << name << ", " << decks << " decks";
        EXPECT_TRUE(sheet.deals == falling(decks * SUITED_CARDS, sheet.deal_cards)) << name;
        EXPECT_GT(sheet.standard_deviation(), 0) << name;
      }
    }
  }
}

// Each published house edge within half a unit of its last published digit.
TEST(SideBetPublished, EveryShippedBetMatchesItsPublishedHouseEdges) {
  int checked = 0;
  for (const std::string& name : io::shipped_side_bets()) {
    const io::SideBetFile file = shipped(name);
    EXPECT_FALSE(file.published.empty()) << name << " cites no published figure";
    for (const io::PublishedEdge& p : file.published) {
      const ParSheet sheet = par_sheet(file.bet, p.decks, p.h17);
      EXPECT_NEAR(100 * sheet.house_edge(), p.percent(), p.rounding() * (1 + 1e-9))
          << name << ", " << p.decks << " decks" << (p.h17 ? ", H17" : "") << ": " << p.source;
      ++checked;
    }
  }
  EXPECT_GE(checked, 30);
}

TEST(SideBetParSheet, ExactHouseEdgeAndMoments) {
  const SideBet pp = shipped("perfect-pairs-25-12-6").bet;
  const ParSheet sheet = par_sheet(pp, 6, false);
  // 6 decks: 1560 perfect, 1872 colored, 3744 mixed of 312 x 311; return -5928/97032 = -19/311.
  const ExactFraction edge = reduced_fraction(-sheet.net_units, sheet.deals * sheet.pay_unit);
  EXPECT_TRUE(edge.numerator == 19 && edge.denominator == 311);
  const double p25 = 1560.0 / 97032, p12 = 1872.0 / 97032, p6 = 3744.0 / 97032, lose = 1 - p25 - p12 - p6;
  const double mean = 25 * p25 + 12 * p12 + 6 * p6 - lose;
  EXPECT_NEAR(sheet.expected_return(), -19.0 / 311, 1e-15);
  EXPECT_NEAR(sheet.hit_frequency(), p25 + p12 + p6, 1e-15);
  EXPECT_NEAR(sheet.standard_deviation(), std::sqrt(625 * p25 + 144 * p12 + 36 * p6 + lose - mean * mean), 1e-12);
}

TEST(SideBetParSheet, FractionalPaysAndBadShoes) {
  SideBet bet;
  bet.name = "pair 5:2";
  bet.cards = SideBetCards::first_two;
  bet.outcomes.push_back({.name = "Pair", .kind = OutcomeKind::pair, .pays_numerator = 5, .pays_denominator = 2});
  const ParSheet sheet = par_sheet(bet, 1, false);
  // 1 deck: 52 x 3 ordered pairs of 52 x 51; return (156 x 5/2 - 2496) / 2652.
  EXPECT_EQ(sheet.pay_unit, 2);
  EXPECT_TRUE(sheet.net_units == 156 * 5 - 2496 * 2);
  EXPECT_THROW(par_sheet(bet, 0, false), Error);
  EXPECT_THROW(par_sheet(bet, 9, false), Error);
  bet.outcomes[0].kind = OutcomeKind::flush;  // looks at the up card
  EXPECT_THROW(par_sheet(bet, 6, false), Error);
}

}  // namespace
}  // namespace cardsim::blackjack
