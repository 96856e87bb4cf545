// Spanish 21's doubling and bonuses as rules of the one engine
// (docs/variants.md): doubling any number of cards, the double-down rescue and
// the bonus 21s. Stacked rounds check each rule hand by hand; the simulator is
// checked against the analyzer's exact value for the same chart.
// Deal order of a stacked round: each seat's first card, the up card, each
// seat's second card, the hole card, then the cards drawn in play order.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "simulation_agrees.hpp"

namespace cardsim::blackjack {
namespace {

constexpr std::uint8_t T = 10;
constexpr int CLUBS = 0;
constexpr int HEARTS = 2;
constexpr int SPADES = 3;

std::size_t u(int i) { return static_cast<std::size_t>(i); }

// Spanish 21 as configs/spanish21-6d-h17.json deals it.
Rules spanish21_rules() {
  Rules rules;
  rules.decks = 6;
  rules.remove_tens_per_deck = 4;
  rules.h17 = true;
  rules.resplit_aces = true;
  rules.hit_split_aces = true;
  rules.surrender = Surrender::late;
  rules.player_21_wins = true;
  rules.blackjack_beats_blackjack = true;
  rules.double_any_cards = true;
  rules.double_rescue = true;
  rules.spanish_bonuses = true;
  return rules;
}

// A chart for the accounting tests (not a good one): hit hard 4-17 and every
// soft total below 21, stand on hard 18-21; split 8s, hit other pairs; double
// hard 11 at any number of cards (D+).
StrategyChart test_chart() {
  StrategyChart chart;
  chart.name = "test";
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int t = HARD_MIN; t <= HARD_MAX; ++t) chart.hard[u(t)][u(up)] = t < 18 ? ChartAction::hit : ChartAction::stand;
    for (int t = SOFT_MIN; t <= SOFT_MAX; ++t) chart.soft[u(t)][u(up)] = t < 21 ? ChartAction::hit : ChartAction::stand;
    for (int p = 1; p <= CARD_VALUES; ++p) chart.pairs[u(p)][u(up)] = p == 8 ? ChartAction::split : ChartAction::hit;
    chart.hard[11][u(up)] = ChartAction::double_any_else_hit;
  }
  return chart;
}

// A card of `value` (ten: a king) in `suit`.
SuitedCard card(int value, int suit = CLUBS) { return suited_card(value == T ? 12 : value - 1, suit); }
std::vector<SuitedCard> clubs(std::initializer_list<int> values) {
  std::vector<SuitedCard> cards;
  for (const int v : values) cards.push_back(card(v));
  return cards;
}

struct Round {
  double net = 0;  // in initial bets
  Tally tally;
};

Round play(const Rules& rules, const std::vector<SuitedCard>& cards, const StrategyChart& chart = test_chart()) {
  const Engine engine = make_engine(rules, chart);
  Round round;
  engine.play_stacked_suited_round(cards, round.tally);
  round.net = static_cast<double>(round.tally.seats[0].net) / static_cast<double>(rules.bet_units());
  return round;
}

// --- doubling any number of cards ----------------------------------------------

TEST(Spanish21, DoubleAfterHitting) {
  // 2+3 against a 6 (hole T: 16) hits to 11 with a 6, doubles (D+), draws a
  // T: 21. The dealer draws a 5: 21; the player's 21 wins.
  Rules rules = spanish21_rules();
  const std::vector<SuitedCard> cards = clubs({2, 6, 3, T, 6, T, 5});
  const Round doubled = play(rules, cards);
  EXPECT_DOUBLE_EQ(doubled.net, 2.0);
  EXPECT_EQ(doubled.tally.seats[0].doubles, 1);
  // Without the rule D+ hits a three-card 11: 21 again, for one bet.
  rules.double_any_cards = false;
  const Round hit = play(rules, cards);
  EXPECT_DOUBLE_EQ(hit.net, 1.0);
  EXPECT_EQ(hit.tally.seats[0].doubles, 0);
  // Under the rule, D (two cards only) hits it too.
  rules.double_any_cards = true;
  StrategyChart two_only = test_chart();
  for (int up = 1; up <= CARD_VALUES; ++up) two_only.hard[11][u(up)] = ChartAction::double_else_hit;
  EXPECT_DOUBLE_EQ(play(rules, cards, two_only).net, 1.0);
}

// --- the double-down rescue -------------------------------------------------

TEST(Spanish21, RescueGivesUpTheDoubledHandForTheOriginalBet) {
  // 5+6 against a T (hole 7: 17), doubled, draws a 5: 16. Standing on 16
  // against a ten is worth less than -1/2: rescued, -1 (not -2).
  Rules rules = spanish21_rules();
  const std::vector<SuitedCard> cards = clubs({5, T, 6, 7, 5});
  const Round rescued = play(rules, cards);
  EXPECT_DOUBLE_EQ(rescued.net, -1.0);
  EXPECT_EQ(rescued.tally.seats[0].doubles, 1);
  EXPECT_EQ(rescued.tally.seats[0].surrenders, 1);
  EXPECT_EQ(rescued.tally.seats[0].losses, 0);
  // No live hand: the dealer does not draw (the round needed no more cards).
  EXPECT_EQ(rescued.tally.dealer_final[T][static_cast<std::size_t>(DealerFinal::bust)], 0);
  rules.double_rescue = false;
  const std::vector<SuitedCard> played = clubs({5, T, 6, 7, 5});
  EXPECT_DOUBLE_EQ(play(rules, played).net, -2.0);  // 16 against 17
}

TEST(Spanish21, RescueTableFollowsTheDealersChances) {
  const RescueTable table = double_rescue_table(spanish21_rules());
  const auto hard = [](int total) { return static_cast<HandState>(total); };
  EXPECT_TRUE(table[hard(16)][T]);                          // the dealer busts about 1 time in 4 from a ten
  EXPECT_TRUE(table[hard(12)][1]);                          // and less from an ace
  EXPECT_FALSE(table[hard(16)][6]);                         // a 6 busts about 4 times in 10
  EXPECT_FALSE(table[hard(20)][T]);                         // 20 wins more than it loses
  EXPECT_FALSE(table[hard(21)][T]);                         // 21 always wins
  EXPECT_FALSE(double_rescue_table(Rules{})[hard(16)][T]);  // no rule, no rescue
}

// --- the bonus 21s -----------------------------------------------------------

TEST(Spanish21, CardCountBonusesPayThreeToTwoTwoToOneThreeToOne) {
  const Rules rules = spanish21_rules();
  // Against a 6 (hole T: 16); the dealer then draws a T and busts.
  // 2+3, hits 4, 5, 7: a five-card 21, 3:2.
  EXPECT_DOUBLE_EQ(play(rules, clubs({2, 6, 3, T, 4, 5, 7, T})).net, 1.5);
  // 2+2, hits 3, 5, 4, 5: six cards, 2:1 (no 11 on the way: the chart would double it).
  EXPECT_DOUBLE_EQ(play(rules, clubs({2, 6, 2, T, 3, 5, 4, 5, T})).net, 2.0);
  // 2+2, hits 2, 3, 3, 4, 5: seven cards, 3:1.
  EXPECT_DOUBLE_EQ(play(rules, clubs({2, 6, 2, T, 2, 3, 3, 4, 5, T})).net, 3.0);
  // 2+3, hits 4, 2 (11: doubled by D+) and draws a T: a doubled five-card
  // 21 is paid even money on the doubled wager, no bonus.
  const Round doubled = play(rules, clubs({2, 6, 3, T, 4, 2, T, T}));
  EXPECT_DOUBLE_EQ(doubled.net, 2.0);
  EXPECT_EQ(doubled.tally.seats[0].doubles, 1);
  // Without the rule a five-card 21 is a plain win.
  Rules plain = rules;
  plain.spanish_bonuses = false;
  EXPECT_DOUBLE_EQ(play(plain, clubs({2, 6, 3, T, 4, 5, 7, T})).net, 1.0);
}

TEST(Spanish21, SixSevenEightAndThreeSevensBySuit) {
  const Rules rules = spanish21_rules();
  // 6+7 against a 9 (hole 8: 17), hits an 8: 6-7-8; the dealer stands on 17.
  auto six_seven_eight = [&](int s6, int s7, int s8) {
    return play(rules, {card(6, s6), card(9), card(7, s7), card(8), card(8, s8)}).net;
  };
  EXPECT_DOUBLE_EQ(six_seven_eight(CLUBS, HEARTS, CLUBS), 1.5);    // mixed suits
  EXPECT_DOUBLE_EQ(six_seven_eight(HEARTS, HEARTS, HEARTS), 2.0);  // suited
  EXPECT_DOUBLE_EQ(six_seven_eight(SPADES, SPADES, SPADES), 3.0);  // spades
  // 7+7 (hit, not split, by this chart) and a 7.
  auto three_sevens = [&](int s1, int s2, int s3) {
    return play(rules, {card(7, s1), card(9), card(7, s2), card(8), card(7, s3)}).net;
  };
  EXPECT_DOUBLE_EQ(three_sevens(CLUBS, SPADES, SPADES), 1.5);
  EXPECT_DOUBLE_EQ(three_sevens(HEARTS, HEARTS, HEARTS), 2.0);
  EXPECT_DOUBLE_EQ(three_sevens(SPADES, SPADES, SPADES), 3.0);
  // Other three-card 21s are plain wins: 5+8+8, 6+6+9.
  EXPECT_DOUBLE_EQ(play(rules, {card(5), card(9), card(8), card(8), card(8)}).net, 1.0);
  EXPECT_DOUBLE_EQ(play(rules, {card(6), card(9), card(6), card(8), card(9)}).net, 1.0);
}

TEST(Spanish21, BonusesArePaidAfterSplittingEachHandWithItsOwnSuits) {
  const Rules rules = spanish21_rules();
  // 8 of spades and 8 of hearts against a 6 (hole T: 16), split. The first
  // hand (8 of spades) draws the 6 and 7 of spades: 6-7-8 in spades, 3:1; the
  // second (8 of hearts) draws a T: 18, stands. The dealer draws a T, busts.
  const std::vector<SuitedCard> cards{card(8, SPADES), card(6),         card(8, HEARTS), card(T),
                                      card(6, SPADES), card(7, SPADES), card(T, HEARTS), card(T)};
  const Round split = play(rules, cards);
  EXPECT_EQ(split.tally.seats[0].splits, 1);
  EXPECT_DOUBLE_EQ(split.net, 3.0 + 1.0);
  // The same with the first hand's 8 of hearts: suited no more (8 of hearts, 6 and 7 of spades).
  std::vector<SuitedCard> mixed = cards;
  std::swap(mixed[0], mixed[2]);
  EXPECT_DOUBLE_EQ(play(rules, mixed).net, 1.5 + 1.0);
}

TEST(Spanish21, StackedRoundsWithBonusesNeedSuits) {
  const Engine engine = make_engine(spanish21_rules(), test_chart());
  Tally tally;
  const std::vector<std::uint8_t> values{2, 6, 3, T, 4, 5, 7, T};
  EXPECT_THROW(engine.play_stacked_round(values, tally), Error);
}

TEST(Spanish21, SuitedShoeOfSpanishDecksDealsTheSameValues) {
  for (const int removed : {0, 4, 9}) {
    const std::vector<SuitedCard> suited = shoe_suited_cards(2, removed);
    const std::vector<std::uint8_t> values = shoe_values(2, removed);
    ASSERT_EQ(suited.size(), values.size()) << removed;
    for (std::size_t i = 0; i < values.size(); ++i) ASSERT_EQ(value_of(suited[i]), values[i]) << removed << " " << i;
  }
  // The Spanish deck keeps the faces, all suits of them.
  const std::vector<SuitedCard> deck = shoe_suited_cards(1, 4);
  EXPECT_EQ(deck.size(), 48u);
  EXPECT_EQ(std::count_if(deck.begin(), deck.end(), [](SuitedCard c) { return rank_of(c) == 9; }), 0);
}

// --- the analyzer ------------------------------------------------------------

TEST(Spanish21Analysis, EachRuleHelpsThePlayer) {
  // Every rule is an option or a payout for the player: each lowers the edge
  // of the rules without it (each with its own optimal chart).
  auto edge = [](const Rules& rules) {
    Analyzer analyzer(rules);
    return -analyzer.evaluate(analyzer.optimal_chart()).ev;
  };
  const Rules all = spanish21_rules();
  const double with_all = edge(all);
  Rules r = all;
  r.double_any_cards = false;
  EXPECT_GT(edge(r), with_all + 1e-4);
  r = all;
  r.double_rescue = false;
  EXPECT_GT(edge(r), with_all + 1e-4);
  r = all;
  r.spanish_bonuses = false;
  EXPECT_GT(edge(r), with_all + 1e-4);
}

TEST(Spanish21Analysis, ComputedChartDoublesAfterHitsAndReadsBack) {
  // The computed chart uses D+ (11 against a 6 at any number of cards), and
  // its text form reads back to the same chart.
  const StrategyChart chart = Analyzer(spanish21_rules()).optimal_chart();
  EXPECT_EQ(chart.hard[11][6], ChartAction::double_any_else_hit);
  const std::string text = io::format_strategy_chart(chart, "");
  EXPECT_NE(text.find("D+ / Ds+"), std::string::npos);  // the legend
  const StrategyChart back = io::parse_strategy_chart(text, "test");
  EXPECT_EQ(back.hard, chart.hard);
  EXPECT_EQ(back.soft, chart.soft);
  EXPECT_EQ(back.pairs, chart.pairs);
  // D+ belongs to total rows.
  std::string bad = text;
  bad.replace(bad.rfind("P   P"), 1, "D+");
  EXPECT_THROW(io::parse_strategy_chart(bad, "test"), Error);
}

TEST(Spanish21Analysis, RescueNeedsAPeek) {
  Rules rules = spanish21_rules();
  rules.hole_card = HoleCard::enhc;
  EXPECT_THROW(Analyzer{rules}, Error);
}

// --- the simulator against the analyzer ------------------------------------------

// (expect_simulation_agrees: simulation_agrees.hpp)

TEST(Spanish21Simulation, SixDecksH17AgreesWithTheAnalyzer) { expect_simulation_agrees(spanish21_rules(), 2'000'000); }

TEST(Spanish21Simulation, OneDeckS17ResplitToFourAgreesWithTheAnalyzer) {
  expect_simulation_agrees(one_deck_resplit_to_four(spanish21_rules()), 2'000'000);
}

// --- config keys -------------------------------------------------------------------

TEST(Spanish21Config, KeysReadEchoAndRefuseWhatDoesNotCompose) {
  using nlohmann::json;
  const io::SimConfig c = io::sim_config_from_json(json::parse(
      R"({"remove_tens_per_deck": 4, "double_any_cards": true, "double_rescue": true, "spanish_bonuses": true})"));
  EXPECT_TRUE(c.rules.double_any_cards);
  EXPECT_TRUE(c.rules.double_rescue);
  EXPECT_TRUE(c.rules.spanish_bonuses);
  const json echoed = io::to_json(c);
  EXPECT_EQ(echoed.at("double_any_cards"), true);
  EXPECT_EQ(echoed.at("spanish_bonuses"), true);
  const json plain = io::to_json(io::SimConfig{});
  EXPECT_FALSE(plain.contains("double_any_cards"));
  EXPECT_FALSE(plain.contains("double_rescue"));
  EXPECT_FALSE(plain.contains("spanish_bonuses"));
  auto refused = [](const char* text, const char* key) {
    try {
      io::sim_config_from_json(json::parse(text));
      ADD_FAILURE() << text << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  };
  refused(R"({"double_any_cards": true, "das": false})", "double_any_cards");
  refused(R"({"double_rescue": true, "hole_card": "enhc"})", "double_rescue");
  refused(R"({"double_rescue": true, "free_double": "9-11"})", "double_rescue");
  refused(R"({"spanish_bonuses": true, "decks": "infinite"})", "spanish_bonuses");
  refused(R"({"spanish_bonuses": 1})", "spanish_bonuses");
}

}  // namespace
}  // namespace cardsim::blackjack
