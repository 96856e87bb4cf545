// One test per rule: a round dealt from a stacked deck shows the rule changes
// play or payout as it should. Deal order: seat's first card, dealer up card,
// seat's second card, hole card (peek games only), then the cards drawn in
// play order. Money is in units of Rules::bet_units() per initial bet.
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::blackjack {
namespace {

constexpr std::uint8_t A = 1;
constexpr std::uint8_t T = 10;

// The shipped multi-deck S17 chart, whatever the rules: these tests are about
// how the engine applies rules to decisions, not about which decisions are best.
StrategyChart basic_chart(const Rules& rules) { return io::load_strategy("basic-s17-das", rules, ""); }

// The seat's net result of one stacked round, in initial bets.
struct RoundResult {
  double net = 0;  // in initial bets
  SeatTally seat;
  Tally tally;
};

RoundResult play(const Rules& rules, const std::vector<std::uint8_t>& cards, const StrategyChart& chart) {
  const Engine engine = make_engine(rules, chart);
  RoundResult result;
  engine.play_stacked_round(cards, result.tally);
  result.seat = result.tally.seats[0];
  result.net = static_cast<double>(result.seat.net) / static_cast<double>(rules.bet_units());
  return result;
}

RoundResult play(const Rules& rules, const std::vector<std::uint8_t>& cards) {
  return play(rules, cards, basic_chart(rules));
}

TEST(Rules, LateSurrenderReturnsHalfTheBet) {
  Rules rules;
  rules.surrender = Surrender::late;
  const auto surrendered = play(rules, {T, T, 6, 7});  // 16 v T: Rh
  EXPECT_DOUBLE_EQ(surrendered.net, -0.5);
  EXPECT_EQ(surrendered.seat.surrenders, 1);
  rules.surrender = Surrender::none;
  const auto played = play(rules, {T, T, 6, 7, 5});  // hits to 21 against 17
  EXPECT_DOUBLE_EQ(played.net, 1.0);
  EXPECT_EQ(played.seat.surrenders, 0);
}

TEST(Rules, BlackjackPayoutRatio) {
  Rules rules;
  EXPECT_DOUBLE_EQ(play(rules, {A, 9, T, 7}).net, 1.5);
  rules.blackjack_pays_num = 6;
  rules.blackjack_pays_den = 5;
  const auto six_five = play(rules, {A, 9, T, 7});
  EXPECT_DOUBLE_EQ(six_five.net, 1.2);
  EXPECT_EQ(six_five.seat.net, 12);  // 10 units a bet: 6:5 is exact
  EXPECT_EQ(six_five.seat.blackjacks, 1);
}

TEST(Rules, DealerHitsSoft17UnderH17) {
  Rules rules;
  const std::vector<std::uint8_t> cards{T, A, T, 6, 4};  // 20 against A,6 (then a 4)
  EXPECT_DOUBLE_EQ(play(rules, cards).net, 1.0);         // S17: 17 stands
  rules.h17 = true;
  const auto h17 = play(rules, cards);
  EXPECT_DOUBLE_EQ(h17.net, -1.0);  // H17: 21
  EXPECT_EQ(h17.tally.dealer_final[A][static_cast<std::size_t>(DealerFinal::total_21)], 1);
}

TEST(Rules, NoHoleCardSettlements) {
  Rules rules;
  // Peek: 11 against T, the dealer has a blackjack: one bet lost, no double.
  const auto peek = play(rules, {6, T, 5, A});
  EXPECT_DOUBLE_EQ(peek.net, -1.0);
  EXPECT_EQ(peek.seat.doubles, 0);
  // No hole card: the player doubles 11 (to 20), then the dealer draws an ace.
  rules.hole_card = HoleCard::enhc;
  const auto all = play(rules, {6, T, 5, 9, A});
  EXPECT_DOUBLE_EQ(all.net, -2.0);
  EXPECT_EQ(all.seat.doubles, 1);
  rules.hole_card = HoleCard::enhc_obo;
  EXPECT_DOUBLE_EQ(play(rules, {6, T, 5, 9, A}).net, -1.0);
  // Without a dealer blackjack the doubled 20 beats the dealer's 17.
  rules.hole_card = HoleCard::enhc;
  EXPECT_DOUBLE_EQ(play(rules, {6, T, 5, 9, 7}).net, 2.0);
}

TEST(Rules, SplitAcesGetOneCardEach) {
  Rules rules;
  // A,A v 6: split; soft 16 and soft 20 stand; the dealer's 16 draws a ten.
  const auto result = play(rules, {A, 6, A, T, 5, 9, T});
  EXPECT_DOUBLE_EQ(result.net, 2.0);
  EXPECT_EQ(result.seat.splits, 1);
  EXPECT_EQ(result.seat.hands, 2);
  // With hitting allowed, the soft 16 doubles (DAS) instead and takes the 9.
  rules.hit_split_aces = true;
  const auto hit = play(rules, {A, 6, A, T, 5, 9, T, T});
  EXPECT_EQ(hit.seat.doubles, 1);
}

TEST(Rules, AceTenAfterSplitIsTwentyOneNotBlackjack) {
  Rules rules;
  const auto result = play(rules, {A, 9, A, 8, T, T});
  EXPECT_DOUBLE_EQ(result.net, 2.0);  // two 21s paid 1:1, not 3:2
  EXPECT_EQ(result.seat.blackjacks, 0);
}

TEST(Rules, InsuranceOnABlackjackIsEvenMoney) {
  Rules rules;
  rules.insurance = Insurance::always;
  const auto dealer_blackjack = play(rules, {A, A, T, T});
  EXPECT_DOUBLE_EQ(dealer_blackjack.net, 1.0);
  EXPECT_EQ(dealer_blackjack.seat.insurance_wins, 1);
  EXPECT_DOUBLE_EQ(play(rules, {A, A, T, 5}).net, 1.0);
  // Insuring a 20 against a dealer blackjack: the bet is lost, the insurance pays 2:1.
  EXPECT_DOUBLE_EQ(play(rules, {T, A, T, T}).net, 0.0);
  rules.insurance = Insurance::never;
  EXPECT_DOUBLE_EQ(play(rules, {T, A, T, T}).net, -1.0);
}

TEST(Rules, EarlySurrenderEscapesADealerBlackjack) {
  Rules rules;
  rules.surrender = Surrender::early;
  EXPECT_DOUBLE_EQ(play(rules, {T, A, 6, T}).net, -0.5);  // 16 v A: Rh
  rules.surrender = Surrender::late;
  EXPECT_DOUBLE_EQ(play(rules, {T, A, 6, T}).net, -1.0);
}

TEST(Rules, DoubleRestrictions) {
  Rules rules;
  const std::vector<std::uint8_t> cards{5, 6, 4, T, 2, 9, 5};  // 9 v 6: D
  const auto any = play(rules, cards);
  EXPECT_EQ(any.seat.doubles, 1);
  EXPECT_DOUBLE_EQ(any.net, 2.0);  // 11 doubled; the dealer busts with the 9
  rules.double_rule = DoubleRule::ten_to_eleven;
  const auto ten_eleven = play(rules, cards);
  EXPECT_EQ(ten_eleven.seat.doubles, 0);
  EXPECT_DOUBLE_EQ(ten_eleven.net, -1.0);  // hits to 11, hits to 20; the dealer makes 21
}

TEST(Rules, DoubleAfterSplit) {
  Rules rules;
  const std::vector<std::uint8_t> cards{8, 6, 8, T, 3, T, T, T};
  EXPECT_DOUBLE_EQ(play(rules, cards).net, 3.0);  // 8+3 doubled to 21, and 18; dealer busts
  rules.double_after_split = false;
  EXPECT_DOUBLE_EQ(play(rules, cards).net, 2.0);  // 8+3 hit to 21
}

TEST(Rules, SplitHandsLimit) {
  Rules rules;
  const std::vector<std::uint8_t> cards{8, 6, 8, T, 8, 3, T, T, T, T};
  const auto four = play(rules, cards);
  EXPECT_EQ(four.seat.splits, 2);
  EXPECT_DOUBLE_EQ(four.net, 4.0);
  rules.split_hands = 2;
  const auto two = play(rules, cards);
  EXPECT_EQ(two.seat.splits, 1);
  EXPECT_DOUBLE_EQ(two.net, 3.0);  // 16 stands, 8+3 doubled to 21
}

TEST(Rules, ResplitAces) {
  Rules rules;
  const std::vector<std::uint8_t> cards{A, 6, A, T, A, 9, T, 8, T};
  const auto no_resplit = play(rules, cards);
  EXPECT_EQ(no_resplit.seat.splits, 1);
  EXPECT_DOUBLE_EQ(no_resplit.net, 2.0);
  rules.resplit_aces = true;
  const auto resplit = play(rules, cards);
  EXPECT_EQ(resplit.seat.splits, 2);
  EXPECT_DOUBLE_EQ(resplit.net, 3.0);
}

TEST(Rules, SeveralSeatsAreDealtRoundRobin) {
  Rules rules;
  rules.seats = 2;
  // Seat 1: T,9 = 19; seat 2: T,8 = 18; dealer 7 + T = 17.
  const Engine engine = make_engine(rules, basic_chart(rules));
  Tally tally;
  const std::vector<std::uint8_t> cards{T, T, 7, 9, 8, T};
  engine.play_stacked_round(cards, tally);
  EXPECT_EQ(tally.seats[0].net, rules.bet_units());
  EXPECT_EQ(tally.seats[1].net, rules.bet_units());
  EXPECT_EQ(tally.table_net, 2 * rules.bet_units());
}

// Hs hits a hand of two cards (a split hand's too) and stands on three or
// more; Sh does the reverse. Against T,7 (17), in a game without surrender.
TEST(Rules, HitOnTwoCardsStandOnThreeOrMore) {
  Rules rules;
  StrategyChart chart = basic_chart(rules);
  chart.hard[16][T] = ChartAction::hit_two_stand_more;
  const std::vector<std::uint8_t> two_cards{T, T, 6, 7, 5};       // T,6 hits: 21
  const std::vector<std::uint8_t> three_cards{T, T, 2, 7, 4, 5};  // T,2 (12: H) draws a 4: 16 stands
  EXPECT_DOUBLE_EQ(play(rules, two_cards, chart).net, 1.0);
  EXPECT_DOUBLE_EQ(play(rules, three_cards, chart).net, -1.0);
  // A split hand of 8,8 that may not split again is a two-card 16: it hits
  // (the 5: 21); the other hand takes the T (18).
  rules.split_hands = 2;
  const auto split = play(rules, {8, T, 8, 7, 8, 5, T}, chart);
  EXPECT_EQ(split.seat.splits, 1);
  EXPECT_DOUBLE_EQ(split.net, 2.0);
  rules.split_hands = Rules{}.split_hands;
  // The reverse, and the plain cells for contrast.
  chart.hard[16][T] = ChartAction::stand_two_hit_more;
  EXPECT_DOUBLE_EQ(play(rules, two_cards, chart).net, -1.0);
  EXPECT_DOUBLE_EQ(play(rules, three_cards, chart).net, 1.0);
  chart.hard[16][T] = ChartAction::hit;
  EXPECT_DOUBLE_EQ(play(rules, two_cards, chart).net, 1.0);
  EXPECT_DOUBLE_EQ(play(rules, three_cards, chart).net, 1.0);
  chart.hard[16][T] = ChartAction::stand;
  EXPECT_DOUBLE_EQ(play(rules, two_cards, chart).net, -1.0);
  EXPECT_DOUBLE_EQ(play(rules, three_cards, chart).net, -1.0);
}

TEST(Rules, StackedRoundThatRunsOutOfCardsIsAnError) {
  Rules rules;
  const Engine engine = make_engine(rules, basic_chart(rules));
  Tally tally;
  const std::vector<std::uint8_t> cards{T, 6, 2};
  EXPECT_THROW(engine.play_stacked_round(cards, tally), Error);
}

}  // namespace
}  // namespace cardsim::blackjack
