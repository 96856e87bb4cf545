// The casino variants as rules of the one engine (docs/variants.md): Free Bet
// Blackjack's free doubles, free splits and dealer 22 pushes. Stacked rounds
// check the accounting hand by hand; the analyzer is checked against an
// independent dealer recursion and the Wizard of Odds' published values; the
// simulator against the analyzer's exact value.
// Deal order of a stacked round: each seat's first card, the up card, each
// seat's second card, the hole card, then the cards drawn in play order.
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "simulation_agrees.hpp"

namespace cardsim::blackjack {
namespace {

constexpr std::uint8_t A = 1;
constexpr std::uint8_t T = 10;
constexpr double EXACT = 1e-12;
// The Wizard of Odds publishes values to 6 decimals.
constexpr double PUBLISHED_6 = 1.5e-6;

std::size_t u(int i) { return static_cast<std::size_t>(i); }

std::uint32_t bits(std::initializer_list<int> values) {
  std::uint32_t set = 0;
  for (const int v : values) set |= 1U << v;
  return set;
}

// Free Bet Blackjack as configs/free-bet-6d-h17.json deals it.
Rules free_bet_rules() {
  Rules rules;
  rules.decks = 6;
  rules.h17 = true;
  rules.resplit_aces = true;
  rules.dealer_22_pushes = true;
  rules.free_double_totals = bits({9, 10, 11});
  rules.free_split_pairs = bits({1, 2, 3, 4, 5, 6, 7, 8, 9});
  return rules;
}

// The shipped S17 chart: these tests are about accounting, not about which
// decisions are best (11 v 6 doubles, 8s split, 16 v 7 hits, 20 stands).
StrategyChart chart_for(const Rules& rules) { return io::load_strategy("basic-s17-das", rules, ""); }

// Each seat's net of one stacked round, in initial bets.
struct Round {
  std::vector<double> net;
  Tally tally;
};

Round play(const Rules& rules, const std::vector<std::uint8_t>& cards) {
  const Engine engine = make_engine(rules, chart_for(rules));
  Round round;
  engine.play_stacked_round(cards, round.tally);
  for (int s = 0; s < rules.seats; ++s) {
    round.net.push_back(static_cast<double>(round.tally.seats[u(s)].net) / static_cast<double>(rules.bet_units()));
  }
  return round;
}

// --- stacked rounds: the free bets' accounting ------------------------------

TEST(FreeBet, FreeDoubleWinsTwoPushesAndLosesOnlyTheOriginalBet) {
  // 5+6 = 11 against a 6 (hole T, dealer 16): a free double.
  const Rules rules = free_bet_rules();
  const auto won = play(rules, {5, 6, 6, T, T, 9});  // 21; the dealer busts at 25
  EXPECT_DOUBLE_EQ(won.net[0], 2.0);
  EXPECT_EQ(won.tally.seats[0].doubles, 1);
  EXPECT_DOUBLE_EQ(play(rules, {5, 6, 6, T, 9, 4}).net[0], 0.0);   // 20 against 20
  EXPECT_DOUBLE_EQ(play(rules, {5, 6, 6, T, 2, 4}).net[0], -1.0);  // 13 against 20: the house's half is not lost
  const auto lost = play(rules, {5, 6, 6, T, 2, 4});
  EXPECT_EQ(lost.tally.seats[0].losses, 1);  // a lost hand, though it cost one bet of two
  Rules paid = rules;
  paid.free_double_totals = 0;
  EXPECT_DOUBLE_EQ(play(paid, {5, 6, 6, T, 2, 4}).net[0], -2.0);
}

TEST(FreeBet, PaidDoubleOutsideTheFreeTotalsRisksTheWholeWager) {
  // Soft 17 (A+6) against a 4 doubles (the chart's Ds) for the player's money.
  const Rules rules = free_bet_rules();
  EXPECT_DOUBLE_EQ(play(rules, {A, 4, 6, T, 2, 6}).net[0], -2.0);  // 19 against 20
}

TEST(FreeBet, DealerTwentyTwoPushesLiveHandsNotBustsOrNaturals) {
  Rules rules = free_bet_rules();
  // 11 v 6 free-doubled to 21; the dealer's 16 draws a 6: 22, a push.
  EXPECT_DOUBLE_EQ(play(rules, {5, 6, 6, T, T, 6}).net[0], 0.0);
  rules.seats = 2;
  // Seat 1: 16 v 7 hits and busts; seat 2: 20 stands; the dealer's 12 draws a T.
  const auto twenty_two = play(rules, {T, T, 7, 6, T, 5, T, T});
  EXPECT_DOUBLE_EQ(twenty_two.net[0], -1.0);
  EXPECT_DOUBLE_EQ(twenty_two.net[1], 0.0);
  EXPECT_EQ(twenty_two.tally.seats[1].pushes, 1);
  EXPECT_EQ(twenty_two.tally.dealer_final[7][static_cast<std::size_t>(DealerFinal::bust)], 1);
  // Seat 1: a natural, paid 3:2 before the dealer plays; seat 2: 20 pushes the 22.
  const auto natural = play(rules, {A, T, 7, T, T, 5, T});
  EXPECT_DOUBLE_EQ(natural.net[0], 1.5);
  EXPECT_DOUBLE_EQ(natural.net[1], 0.0);
  // A bust beyond 22 still pays: the dealer's 15 draws a 9, 24.
  const auto bust = play(rules, {A, T, 7, T, T, 8, 9});
  EXPECT_DOUBLE_EQ(bust.net[1], 1.0);
  rules.dealer_22_pushes = false;
  EXPECT_DOUBLE_EQ(play(rules, {T, T, 7, 6, T, 5, T, T}).net[1], 1.0);
}

TEST(FreeBet, FreeSplitThenFreeDouble) {
  const Rules rules = free_bet_rules();
  // 8,8 v 6 (hole T, dealer 16), split free. The original hand draws a 3: 11,
  // doubled free, draws a T: 21. The free hand draws a T: 18.
  const auto both_win = play(rules, {8, 6, 8, T, 3, T, T, 7});  // the dealer busts at 23
  EXPECT_DOUBLE_EQ(both_win.net[0], 3.0);
  EXPECT_EQ(both_win.tally.seats[0].splits, 1);
  EXPECT_EQ(both_win.tally.seats[0].doubles, 1);
  // The dealer makes 20: the 21 wins 2, the free 18 loses nothing.
  EXPECT_DOUBLE_EQ(play(rules, {8, 6, 8, T, 3, T, T, 4}).net[0], 2.0);
  // The original's free double draws a 2 (13): it loses its real bet only; the free 18 nothing.
  EXPECT_DOUBLE_EQ(play(rules, {8, 6, 8, T, 3, 2, T, 4}).net[0], -1.0);
  // The free hand free-doubled: 18, then 8+3 doubled to 13; all of its bets are the house's.
  EXPECT_DOUBLE_EQ(play(rules, {8, 6, 8, T, T, 3, 2, 4}).net[0], -1.0);
  EXPECT_DOUBLE_EQ(play(rules, {8, 6, 8, T, T, 3, 2, 7}).net[0], 3.0);
  // Without free bets every bet is the player's: 13 doubled and 18 both lose.
  Rules paid = rules;
  paid.free_split_pairs = 0;
  paid.free_double_totals = 0;
  EXPECT_DOUBLE_EQ(play(paid, {8, 6, 8, T, 3, 2, T, 4}).net[0], -3.0);
}

TEST(FreeBet, FreeResplitsLoseNothing) {
  const Rules rules = free_bet_rules();
  // 8,8 v 6 split; the original draws an 8 and is split again (free); three
  // 18s against the dealer's 20: only the original bet is lost.
  const auto lost = play(rules, {8, 6, 8, T, 8, T, T, T, 4});
  EXPECT_EQ(lost.tally.seats[0].splits, 2);
  EXPECT_EQ(lost.tally.seats[0].losses, 3);
  EXPECT_DOUBLE_EQ(lost.net[0], -1.0);
  // Against a dealer bust all three win.
  EXPECT_DOUBLE_EQ(play(rules, {8, 6, 8, T, 8, T, T, T, 7}).net[0], 3.0);
  // Every hand lost to a dealer 22 would have won: pushes.
  EXPECT_DOUBLE_EQ(play(rules, {8, 6, 8, T, 8, T, T, T, 6}).net[0], 0.0);
}

// --- the analyzer ---------------------------------------------------------------

// The dealer by plain recursion over every drawing order, infinite deck: the
// chance of ending at exactly 22 from `upcard`.
double naive_twenty_two(bool h17, HandState state, int total, int cards, double p) {
  const int best = best_total(state);
  const bool stands = is_bust(state) || best >= 18 || (best == 17 && !(h17 && is_soft(state)));
  if (cards >= 2 && stands) return total == 22 ? p : 0.0;
  double sum = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    sum += naive_twenty_two(h17, add_card(state, v), total + v, cards + 1, p * (v == TEN ? 4.0 : 1.0) / 13.0);
  }
  return sum;
}

TEST(FreeBetAnalysis, DealerTwentyTwoMatchesNaiveRecursion) {
  for (const bool h17 : {false, true}) {
    const DealerModel model(h17);
    const ShoeComposition infinite = ShoeComposition::standard(INFINITE_DECKS);
    for (int up = 1; up <= CARD_VALUES; ++up) {
      double twenty_two = -1;
      const DealerProbabilities p = model.probabilities(infinite, CardCounts{}, up, &twenty_two);
      EXPECT_NEAR(twenty_two, naive_twenty_two(h17, add_card(EMPTY_HAND, up), up, 1, 1.0), EXACT) << up;
      EXPECT_LT(twenty_two, p[static_cast<std::size_t>(DealerFinal::bust)]);
    }
  }
}

TEST(FreeBetAnalysis, TwelveAgainstFourMatchesTheWizardOfOdds) {
  // Wizard of Odds newsletter, 11 July 2019: 12 v 4, infinite deck, stand and
  // hit, blackjack -0.205850 / -0.213839, Free Bet -0.301161 / -0.279823
  // (the figures agree with a dealer hitting soft 17).
  Rules rules;
  rules.decks = INFINITE_DECKS;
  rules.h17 = true;
  const auto evs = [](const Rules& r) {
    Analyzer analyzer(r);
    return analyzer.initial_hand_table(analyzer.optimal_chart()).evs[2][T][4];
  };
  const DecisionEvs plain = evs(rules);
  EXPECT_NEAR(plain.stand, -0.205850, PUBLISHED_6);
  EXPECT_NEAR(plain.hit, -0.213839, PUBLISHED_6);
  rules.dealer_22_pushes = true;
  rules.free_double_totals = bits({9, 10, 11});
  rules.free_split_pairs = bits({1, 2, 3, 4, 5, 6, 7, 8, 9});
  const DecisionEvs free_bet = evs(rules);
  EXPECT_NEAR(free_bet.stand, -0.301161, PUBLISHED_6);
  EXPECT_NEAR(free_bet.hit, -0.279823, PUBLISHED_6);
}

TEST(FreeBetAnalysis, FreeBetsAreWorthWhatTheyRisk) {
  // A free double's value is the paid double's plus the chance of losing it
  // (the house's half is not lost): E[free] - E[paid] = P(lose), per bet.
  Rules rules = free_bet_rules();
  rules.dealer_22_pushes = false;
  Analyzer analyzer(rules);
  const StrategyChart chart = analyzer.optimal_chart();
  Rules paid_rules = rules;
  paid_rules.free_double_totals = 0;
  paid_rules.free_split_pairs = 0;
  Analyzer paid(paid_rules);
  const InitialHandTable with = analyzer.initial_hand_table(chart);
  const InitialHandTable without = paid.initial_hand_table(chart);
  for (int up = 2; up <= 9; ++up) {  // no dealer blackjack: the values are unconditioned
    const DecisionEvs& free = with.evs[5][6][u(up)];
    const DecisionEvs& real = without.evs[5][6][u(up)];
    EXPECT_GT(free.double_down, real.double_down);
    EXPECT_EQ(free.stand, real.stand);
    EXPECT_EQ(free.hit, real.hit);
    // A free split is worth more than a paid one.
    EXPECT_GT(with.evs[8][8][u(up)].split, without.evs[8][8][u(up)].split);
  }
  EXPECT_GT(analyzer.evaluate(chart).ev, paid.evaluate(chart).ev);
}

TEST(FreeBetAnalysis, AnalyzerRefusesFreeBetsWithoutAPeek) {
  Rules rules = free_bet_rules();
  rules.hole_card = HoleCard::enhc;
  EXPECT_THROW(Analyzer{rules}, Error);
}

// --- the simulator against the analyzer ------------------------------------------

// (expect_simulation_agrees: simulation_agrees.hpp)

TEST(FreeBetSimulation, SixDecksH17FreeBetAgreesWithTheAnalyzer) {
  expect_simulation_agrees(free_bet_rules(), 3'000'000);
}

TEST(FreeBetSimulation, OneDeckS17ResplitToFourAgreesWithTheAnalyzer) {
  expect_simulation_agrees(one_deck_resplit_to_four(free_bet_rules()), 3'000'000);
}

// --- the Spanish deck (remove_tens_per_deck) ----------------------------------------

TEST(SpanishDeck, FourTensOutOfEachDeckInShoeOrder) {
  const std::vector<std::uint8_t> plain = shoe_values(2);
  const std::vector<std::uint8_t> spanish = shoe_values(2, 4);
  ASSERT_EQ(spanish.size(), 2u * 48u);
  EXPECT_EQ(std::count(spanish.begin(), spanish.end(), T), 2 * 12);
  for (int v = 1; v < T; ++v) EXPECT_EQ(std::count(spanish.begin(), spanish.end(), v), 2 * 4) << v;
  // Each deck: its aces..nines as before, then the twelve court cards.
  EXPECT_TRUE(std::equal(plain.begin(), plain.begin() + 36, spanish.begin()));
  EXPECT_TRUE(std::equal(plain.begin() + 52, plain.begin() + 88, spanish.begin() + 48));
  Rules rules;
  rules.remove_tens_per_deck = 4;
  EXPECT_EQ(rules.shoe_cards(), 6 * 48);
  EXPECT_EQ(ShoeComposition::of(rules).counts[T], 6 * 12);
  EXPECT_EQ(ShoeComposition::of(rules).total(), 6 * 48);
}

TEST(SpanishDeckSimulation, SixDecksS17WithoutTenPipsAgreesWithTheAnalyzer) {
  // Plain rules on 48-card decks: the tens' removal alone.
  Rules rules;
  rules.remove_tens_per_deck = 4;
  const double se = expect_simulation_agrees(rules, 3'000'000);
  // Far from the 52-card game's edge (the removal costs about 2 points).
  Rules plain;
  EXPECT_GT(Analyzer(plain).evaluate(Analyzer(plain).optimal_chart()).ev -
                Analyzer(rules).evaluate(Analyzer(rules).optimal_chart()).ev,
            20 * se);
}

TEST(SpanishSettlement, PlayerTwentyOneWinsAndBlackjackBeatsBlackjack) {
  Rules rules;
  // 5+6 = 11 v 9 doubled, draws a T: 21; the dealer's 9+2 draws a T: 21.
  const std::vector<std::uint8_t> both_21{5, 9, 6, 2, T, T};
  EXPECT_DOUBLE_EQ(play(rules, both_21).net[0], 0.0);
  rules.player_21_wins = true;
  EXPECT_DOUBLE_EQ(play(rules, both_21).net[0], 2.0);
  // Against a dealer 22 too (it beats the push): 11 v 6 doubled to 21, the dealer's 16 draws a 6.
  rules.dealer_22_pushes = true;
  EXPECT_DOUBLE_EQ(play(rules, {5, 6, 6, T, T, 6}).net[0], 2.0);
  // A natural against the dealer's: a push, or paid.
  const std::vector<std::uint8_t> naturals{A, A, T, T};
  EXPECT_DOUBLE_EQ(play(rules, naturals).net[0], 0.0);
  rules.blackjack_beats_blackjack = true;
  EXPECT_DOUBLE_EQ(play(rules, naturals).net[0], 1.5);
  EXPECT_EQ(play(rules, naturals).tally.seats[0].wins, 1);
}

TEST(SpanishSettlementSimulation, SpanishDeckWithTheSettlementRulesAgreesWithTheAnalyzer) {
  // 48-card decks, H17, late surrender, resplit and hit split aces, 21 wins,
  // blackjack beats blackjack (Spanish 21 without its doubling rules and bonuses).
  Rules rules;
  rules.remove_tens_per_deck = 4;
  rules.h17 = true;
  rules.surrender = Surrender::late;
  rules.resplit_aces = true;
  rules.hit_split_aces = true;
  rules.player_21_wins = true;
  rules.blackjack_beats_blackjack = true;
  expect_simulation_agrees(rules, 3'000'000);
}

// --- config keys -------------------------------------------------------------------

TEST(FreeBetConfig, KeysReadAndEchoInCanonicalForm) {
  using nlohmann::json;
  const io::SimConfig c = io::sim_config_from_json(
      json{{"dealer_22_pushes", true}, {"free_double", "9-11"}, {"free_split", "A-9"}, {"h17", true}});
  EXPECT_TRUE(c.rules.dealer_22_pushes);
  EXPECT_EQ(c.rules.free_double_totals, bits({9, 10, 11}));
  EXPECT_EQ(c.rules.free_split_pairs, bits({1, 2, 3, 4, 5, 6, 7, 8, 9}));
  const json echo = io::to_json(c);
  EXPECT_EQ(echo.at("free_double"), "9-11");
  EXPECT_EQ(echo.at("free_split"), "A-9");
  EXPECT_EQ(io::sim_config_from_json(echo).rules, c.rules);
  EXPECT_EQ(io::sim_config_from_json(json{{"free_double", json::array({9, 10, 11})}}).rules.free_double_totals,
            bits({9, 10, 11}));
  EXPECT_EQ(io::sim_config_from_json(json{{"free_split", "A,2-5,T"}}).rules.free_split_pairs,
            bits({1, 2, 3, 4, 5, 10}));
  EXPECT_EQ(io::to_json(io::sim_config_from_json(json{{"free_split", "all"}})).at("free_split"), "A-T");
  // Without the keys, the echo is what it always was.
  const json plain = io::to_json(io::SimConfig{});
  EXPECT_FALSE(plain.contains("dealer_22_pushes"));
  EXPECT_FALSE(plain.contains("free_double"));
  EXPECT_FALSE(plain.contains("free_split"));
  EXPECT_FALSE(plain.contains("remove_tens_per_deck"));
  EXPECT_EQ(io::sim_config_from_json(json{{"remove_tens_per_deck", 4}}).rules.shoe_cards(), 6 * 48);
}

TEST(FreeBetConfig, BadValuesNameTheKey) {
  using nlohmann::json;
  const auto message = [](const json& j) -> std::string {
    try {
      io::sim_config_from_json(j);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message(json{{"free_double", "3-11"}}).find("config key 'free_double'"), std::string::npos);
  EXPECT_NE(message(json{{"free_double", "11-9"}}).find("config key 'free_double'"), std::string::npos);
  EXPECT_NE(message(json{{"free_split", "A-J"}}).find("config key 'free_split'"), std::string::npos);
  EXPECT_NE(message(json{{"free_split", true}}).find("config key 'free_split'"), std::string::npos);
  EXPECT_NE(message(json{{"dealer_22_pushes", "yes"}}).find("config key 'dealer_22_pushes'"), std::string::npos);
  EXPECT_NE(message(json{{"free_double", "9-11"}, {"hole_card", "enhc"}}).find("need hole_card \"peek\""),
            std::string::npos);
  EXPECT_NE(message(json{{"free_double", "9"}, {"double", "10-11"}}).find("hard 9 may not be doubled"),
            std::string::npos);
  EXPECT_NE(message(json{{"free_split", "all"}, {"split_hands", 1}}).find("free splits need splitting"),
            std::string::npos);
  EXPECT_NE(message(json{{"remove_tens_per_deck", 17}}).find("config key 'remove_tens_per_deck'"), std::string::npos);
  EXPECT_NE(message(json{{"remove_tens_per_deck", 4}, {"decks", "infinite"}}).find("needs a finite shoe"),
            std::string::npos);
}

}  // namespace
}  // namespace cardsim::blackjack
