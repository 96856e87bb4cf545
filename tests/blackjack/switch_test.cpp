// Blackjack Switch as a rule of the one engine (docs/variants.md): each seat
// plays two hands and may exchange their second cards. Stacked rounds check
// the exchange and the settlement hand by hand; the simulator is checked
// against the analyzer's value of the game.
// Deal order of a stacked round: each box's first card (a seat's two hands are
// two boxes), the up card, each box's second card, the hole card, then the
// cards drawn in play order (the first hand, the second, the dealer).
#include <array>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/analyze.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/analysis_result.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "testutil/blackjack_exact_check.hpp"
#include "testutil/errors.hpp"

namespace cardsim::blackjack {
namespace {

constexpr std::uint8_t A = 1;
constexpr std::uint8_t T = 10;

// Blackjack Switch as configs/blackjack-switch-6d-h17.json deals it.
Rules switch_rules() {
  Rules rules;
  rules.decks = 6;
  rules.h17 = true;
  rules.blackjack_pays_num = 1;
  rules.blackjack_pays_den = 1;
  rules.dealer_22_pushes = true;
  rules.switch_hands = true;
  return rules;
}

// The shipped S17 chart: these tests are about the exchange and the
// settlement, not about which plays are best (11 v 6 doubles, 13 v 9 hits,
// 20 stands).
StrategyChart chart_for(const Rules& rules) { return io::load_strategy("basic-s17-das", rules, ""); }

// The seat's net of one stacked round, in bets of one hand.
struct Round {
  double net = 0;
  Tally tally;
};

Round play(const std::vector<std::uint8_t>& cards) {
  const Rules rules = switch_rules();
  const Engine engine = make_engine(rules, chart_for(rules));
  Round round;
  engine.play_stacked_round(cards, round.tally);
  round.net = static_cast<double>(round.tally.seats[0].net) / static_cast<double>(rules.bet_units());
  return round;
}

// --- stacked rounds --------------------------------------------------------------

TEST(BlackjackSwitch, ExchangeTakenTurnsFifteenAndSixteenIntoElevenAndTwenty) {
  // 5,T and T,6 against a 6: exchanged to 5,6 (doubled, draws 9: 20) and T,T.
  const auto bust = play({5, T, 6, T, 6, T, 9, 7});  // dealer 16 draws 7: 23
  EXPECT_DOUBLE_EQ(bust.net, 3.0);                   // +2 on the double, +1
  EXPECT_EQ(bust.tally.seats[0].doubles, 1);
  EXPECT_EQ(bust.tally.seats[0].hands, 2);
  EXPECT_EQ(bust.tally.seats[0].wins, 2);
  EXPECT_EQ(bust.tally.rounds, 1);
  // The same exchange, the dealer drawing to 22: both live hands push.
  const auto twenty_two = play({5, T, 6, T, 6, T, 9, 6});
  EXPECT_DOUBLE_EQ(twenty_two.net, 0.0);
  EXPECT_EQ(twenty_two.tally.seats[0].pushes, 2);
  EXPECT_EQ(twenty_two.tally.dealer_final[6][static_cast<std::size_t>(DealerFinal::bust)], 1);
}

TEST(BlackjackSwitch, ExchangeNotTakenWhenItMakesBothHandsWorse) {
  // T,T and 5,6 against a 6: exchanging would give T,6 and 5,T. Kept: 20
  // stands, 11 doubles (draws 9: 20), dealer 16 draws T: busts.
  const auto kept = play({T, 5, 6, T, 6, T, 9, T});
  EXPECT_DOUBLE_EQ(kept.net, 3.0);
  EXPECT_EQ(kept.tally.seats[0].doubles, 1);
  EXPECT_EQ(kept.tally.seats[0].busts, 0);
}

TEST(BlackjackSwitch, ASwitchedAceTenIsA21NotANatural) {
  // A,7 and 6,T against a 9: exchanged to A,T and 6,7. The A,T stands on 21;
  // 13 hits and busts with a T; the dealer's 9,7 draws a 5: 21, which pushes
  // the switched 21 (a natural would have won).
  const auto switched = play({A, 6, 9, 7, T, 7, T, 5});
  EXPECT_DOUBLE_EQ(switched.net, -1.0);
  EXPECT_EQ(switched.tally.seats[0].blackjacks, 0);
  EXPECT_EQ(switched.tally.seats[0].pushes, 1);
  EXPECT_EQ(switched.tally.seats[0].busts, 1);
  // Dealt A,T is a natural: kept, paid 1:1 whatever the dealer draws.
  const auto natural = play({A, 6, 9, T, 7, 7, T, 5});
  EXPECT_DOUBLE_EQ(natural.net, 0.0);  // +1 and the 13's -1
  EXPECT_EQ(natural.tally.seats[0].blackjacks, 1);
}

TEST(BlackjackSwitch, DealerTwentyTwoPushesTheLiveHandButNotTheNatural) {
  // A,T (natural) and T,T against a 6 (hole T); the dealer draws a 6: 22.
  const auto round = play({A, T, 6, T, T, T, 6});
  EXPECT_DOUBLE_EQ(round.net, 1.0);  // the natural paid 1:1, the 20 pushed
  EXPECT_EQ(round.tally.seats[0].blackjacks, 1);
  EXPECT_EQ(round.tally.seats[0].pushes, 1);
}

TEST(BlackjackSwitch, DealerBlackjackComesBeforeTheExchange) {
  // A,T and 5,6 against an ace with a ten in the hole: the natural pushes,
  // the 11 loses its bet (no exchange, no double).
  const auto round = play({A, 5, A, T, 6, T});
  EXPECT_DOUBLE_EQ(round.net, -1.0);
  EXPECT_EQ(round.tally.dealer_blackjacks, 1);
  EXPECT_EQ(round.tally.seats[0].doubles, 0);
  // A,5 and 6,T against a ten with an ace in the hole: the exchange to A,T
  // is not offered; both hands lose.
  EXPECT_DOUBLE_EQ(play({A, 6, T, 5, T, A}).net, -2.0);
}

TEST(BlackjackSwitch, TwoSeatsPlayFourHandsInBoxOrder) {
  Rules rules = switch_rules();
  rules.seats = 2;
  const Engine engine = make_engine(rules, chart_for(rules));
  Tally tally;
  // Seat 0: 5,T and T,6 (exchanged to 11 and 20); seat 1: T,T and T,9 (kept).
  // Up 6, hole T; seat 0's 11 doubles and draws 9; dealer draws 7: 23.
  engine.play_stacked_round(std::vector<std::uint8_t>{5, T, T, T, 6, T, 6, T, 9, T, 9, 7}, tally);
  const double bet = static_cast<double>(rules.bet_units());
  EXPECT_DOUBLE_EQ(static_cast<double>(tally.seats[0].net) / bet, 3.0);
  EXPECT_DOUBLE_EQ(static_cast<double>(tally.seats[1].net) / bet, 2.0);
  EXPECT_EQ(tally.seats[0].hands, 2);
  EXPECT_EQ(tally.seats[1].hands, 2);
  EXPECT_DOUBLE_EQ(static_cast<double>(tally.table_net) / bet, 5.0);
}

// --- the switch values and the game's value ----------------------------------------

TEST(BlackjackSwitchAnalysis, ValuesDifferOnlyForAceTen) {
  const Rules rules = switch_rules();
  Analyzer analyzer(rules);
  const SwitchValues v = analyzer.switch_values(chart_for(rules));
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = 1; b <= CARD_VALUES; ++b) {
        const auto ua = static_cast<std::size_t>(a);
        const auto ub = static_cast<std::size_t>(b);
        const auto uu = static_cast<std::size_t>(up);
        EXPECT_EQ(v.dealt[ua][ub][uu], v.dealt[ub][ua][uu]);
        if (a + b != 11 || (a != A && b != A)) {
          EXPECT_EQ(v.dealt[ua][ub][uu], v.switched[ua][ub][uu]);
        }
      }
    }
    // A dealt natural is paid 1:1 (given no dealer blackjack); a switched 21
    // only wins against a dealer short of 21 and not at 22.
    EXPECT_EQ(v.dealt[A][T][static_cast<std::size_t>(up)], 1.0);
    EXPECT_LT(v.switched[A][T][static_cast<std::size_t>(up)], 1.0);
    EXPECT_GT(v.switched[A][T][static_cast<std::size_t>(up)], 0.5);
  }
  EXPECT_TRUE(v.switches(5, T, T, 6, 6));   // 15 + 16 -> 11 + 20
  EXPECT_FALSE(v.switches(T, T, 5, 6, 6));  // 20 + 11 -> 16 + 15
  EXPECT_FALSE(v.switches(A, T, 6, 7, 9));  // a natural and 13 -> soft 18 and 16
  EXPECT_FALSE(v.switches(9, T, 8, T, 5));  // the same second cards: nothing to gain
}

// A plain reference for the values of standing hands: the dealer's finals
// from a 6-deck shoe without the hand's two cards and the up card (the
// switch values' composition), H17, given no dealer blackjack; a standing
// total t wins against a lower total and a bust of 23 or more, pushes on a
// tie and on the dealer's 22, loses to a higher total.
struct DealerFinals {
  std::array<double, 5> total{};  // 17..21
  double twenty_two = 0;
  double bust_over_22 = 0;
};

void dealer_draws(std::array<int, CARD_VALUES + 1>& shoe, int low, bool ace, double p, DealerFinals& out) {
  const bool soft = ace && low + 10 <= 21;
  const int total = soft ? low + 10 : low;
  if (total > 21) {
    (total == 22 ? out.twenty_two : out.bust_over_22) += p;
    return;
  }
  if (total >= 18 || (total == 17 && !soft)) {  // H17: hits soft 17
    out.total[static_cast<std::size_t>(total - 17)] += p;
    return;
  }
  int left = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) left += shoe[static_cast<std::size_t>(v)];
  for (int v = 1; v <= CARD_VALUES; ++v) {
    int& n = shoe[static_cast<std::size_t>(v)];
    if (n == 0) continue;
    const double q = p * n / left;
    --n;
    dealer_draws(shoe, low + v, ace || v == 1, q, out);
    ++n;
  }
}

double standing_value(int total, int a, int b, int up) {
  std::array<int, CARD_VALUES + 1> shoe{};
  for (int v = 1; v <= CARD_VALUES; ++v) shoe[static_cast<std::size_t>(v)] = v == T ? 6 * 16 : 6 * 4;
  for (const int card : {a, b, up}) --shoe[static_cast<std::size_t>(card)];
  // The hole card, but not one that makes a blackjack (the peek came first).
  DealerFinals finals;
  int left = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) left += shoe[static_cast<std::size_t>(v)];
  double no_blackjack = 0;
  for (int hole = 1; hole <= CARD_VALUES; ++hole) {
    if ((up == A && hole == T) || (up == T && hole == A)) continue;
    int& n = shoe[static_cast<std::size_t>(hole)];
    const double q = static_cast<double>(n) / left;
    no_blackjack += q;
    --n;
    dealer_draws(shoe, up + hole, up == A || hole == A, q, finals);
    ++n;
  }
  double value = finals.bust_over_22;
  for (int d = 17; d <= 21; ++d) {
    const double p = finals.total[static_cast<std::size_t>(d - 17)];
    value += total > d ? p : total < d ? -p : 0.0;
  }
  return value / no_blackjack;
}

// The switch decision compares these values, so they are checked one by one
// against the reference, for the hands the chart stands on at two cards (hard
// 17 to 20 of two different cards, and T,T) and for the A,T an exchange
// makes: a 21 that stands (pushing the dealer's 21 and 22), not a natural.
TEST(BlackjackSwitchAnalysis, StandingValuesEqualAPlainDealerRecursion) {
  const Rules rules = switch_rules();
  Analyzer analyzer(rules);
  const SwitchValues v = analyzer.switch_values(chart_for(rules));
  const auto at = [](const SwitchValues::Table& t, int a, int b, int up) {
    return t[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)][static_cast<std::size_t>(up)];
  };
  const std::vector<std::pair<int, int>> standing{{7, T}, {8, T}, {9, T}, {T, T}, {8, 9}};
  for (int up = 1; up <= CARD_VALUES; ++up) {
    SCOPED_TRACE("up card " + std::to_string(up));
    for (const auto& [a, b] : standing) {
      const double reference = standing_value(a + b, a, b, up);
      EXPECT_NEAR(at(v.dealt, a, b, up), reference, 1e-12) << a << "," << b;
      EXPECT_NEAR(at(v.switched, a, b, up), reference, 1e-12) << a << "," << b;
    }
    EXPECT_NEAR(at(v.switched, A, T, up), standing_value(21, A, T, up), 1e-12);
  }
}

TEST(BlackjackSwitchAnalysis, AnalyzerRefusesSwitchWithoutAPeek) {
  Rules rules = switch_rules();
  rules.hole_card = HoleCard::enhc;
  const StrategyChart chart = chart_for(switch_rules());
  // blackjack::validate(Rules) refuses the rules wherever they are used: the
  // analyzer at construction, the engine too.
  EXPECT_THROW(Analyzer{rules}, Error);
  EXPECT_THROW(make_engine(rules, chart), Error);
}

// The engine never runs the analyzer: built from a resolved strategy, a
// Switch game needs the analyzer's values given (make_engine computes them),
// and with them it deals what make_engine's engine deals.
TEST(BlackjackSwitchEngine, TheSwitchValuesComeFromOutsideTheEngine) {
  const Rules rules = switch_rules();
  const StrategyChart chart = chart_for(rules);
  EXPECT_NE(testutil::error_message([&] {
              Engine(rules, ResolvedStrategy(rules, chart));
            }).find("needs the analyzer's switch values"),
            std::string::npos);
  EngineSetup setup;
  setup.switch_values = std::make_shared<const SwitchValues>(Analyzer(rules).switch_values(chart));
  const Engine given(rules, ResolvedStrategy(rules, chart), setup);
  const Engine made = make_engine(rules, chart);
  Tally a;
  Tally b;
  core::Rng rng_a = core::chunk_rng(9, core::StreamPurpose::test, 0);
  core::Rng rng_b = core::chunk_rng(9, core::StreamPurpose::test, 0);
  given.play_chunk(20'000, rng_a, a);
  made.play_chunk(20'000, rng_b, b);
  EXPECT_EQ(a, b);
  EXPECT_GT(a.rounds, 0);
}

// The simulated edge per hand, fresh shoe each round, against the analyzer's
// value of the game for the same chart, within 3 standard errors (fixed seed).
// The analyzer's value is approximate only in the switch values (each hand's
// value leaves the other hand's cards in the shoe; within 0.03 points).
TEST(BlackjackSwitchSimulation, SixDecksH17AgreesWithTheAnalyzer) {
  // Per initial wager: both hands' bets (table_edge divides by initial_bet_units).
  const testutil::SimulatedAndExact run = testutil::simulate_against_exact(switch_rules(), 1'500'000);
  EXPECT_NEAR(run.edge.mean, run.exact, 3 * run.edge.se)
      << "exact " << run.exact << " simulated " << run.edge.mean << " SE " << run.edge.se;
  EXPECT_EQ(run.tally.seats[0].hands, 2 * run.tally.rounds + run.tally.seats[0].splits);
}

// `analyze` states each figure's method: the Switch game's value is
// approximate, carries its bound in the JSON and is printed to no more
// decimals than the bound allows; another game's value is exact, to seven.
TEST(BlackjackSwitchAnalysis, TheGameValueCarriesItsErrorBound) {
  const auto percent_text = [](double ev, int decimals) {
    std::array<char, 64> text{};
    std::snprintf(text.data(), text.size(), "expected value %+.*f%% per initial bet", decimals, 100 * ev);
    return std::string(text.data());
  };
  Rules rules = switch_rules();
  rules.decks = 1;  // (fast: the precision is what is checked)
  io::SimConfig config;
  config.rules = rules;
  const AnalysisResult approximate = analyze(rules);
  EXPECT_EQ(approximate.basic.error_bound, SWITCH_EV_ERROR_BOUND);
  const nlohmann::json j = io::analysis_result_json(config, approximate);
  EXPECT_EQ(j.at("basic_strategy").at("method"), "approximate");
  EXPECT_EQ(j.at("basic_strategy").at("error_bound").get<double>(), SWITCH_EV_ERROR_BOUND);
  const std::string text = io::analysis_report(approximate);
  // 0.03 points: two decimals of a percent, not seven.
  EXPECT_NE(text.find(percent_text(approximate.basic.ev.ev, 2) + " (house edge"), std::string::npos) << text;
  EXPECT_EQ(text.find(percent_text(approximate.basic.ev.ev, 7)), std::string::npos) << text;
  EXPECT_NE(text.find("approximate: within 0.03 points"), std::string::npos) << text;

  rules.switch_hands = false;
  rules.blackjack_pays_num = 3;
  rules.blackjack_pays_den = 2;
  config.rules = rules;
  const AnalysisResult exact = analyze(rules);
  EXPECT_EQ(exact.basic.error_bound, 0.0);
  const nlohmann::json e = io::analysis_result_json(config, exact);
  EXPECT_EQ(e.at("basic_strategy").at("method"), "exact");
  EXPECT_FALSE(e.at("basic_strategy").contains("error_bound"));
  EXPECT_NE(io::analysis_report(exact).find(percent_text(exact.basic.ev.ev, 7)), std::string::npos);
}

// --- the config key ---------------------------------------------------------------------

TEST(BlackjackSwitchConfig, KeyIsReadEchoedAndChecked) {
  using nlohmann::json;
  const io::SimConfig c = io::sim_config_from_json(json{{"switch", true}, {"blackjack_pays", "1:1"}});
  EXPECT_TRUE(c.rules.switch_hands);
  EXPECT_EQ(c.rules.initial_bet_units(), 2 * c.rules.bet_units());
  EXPECT_EQ(io::to_json(c).at("switch"), true);
  EXPECT_EQ(io::sim_config_from_json(io::to_json(c)).rules, c.rules);
  EXPECT_FALSE(io::to_json(io::SimConfig{}).contains("switch"));  // the echo of other configs is unchanged
  const auto message = [](const json& j) { return testutil::error_message([&] { io::sim_config_from_json(j); }); };
  EXPECT_NE(message(json{{"switch", "yes"}}).find("config key 'switch'"), std::string::npos);
  EXPECT_NE(message(json{{"switch", true}, {"hole_card", "enhc"}}).find("needs hole_card \"peek\""), std::string::npos);
  EXPECT_NE(message(json{{"switch", true}, {"surrender", "early"}}).find("not \"early\""), std::string::npos);
  EXPECT_NE(message(json{{"switch", true}, {"insurance", "always"}}).find("insurance \"never\""), std::string::npos);
  EXPECT_NE(
      message(json{{"switch", true}, {"spanish_bonuses", true}}).find("no Spanish 21 bonuses with Blackjack Switch"),
      std::string::npos);
  // The engine refuses it too, for a library caller that builds the rules itself.
  Rules bonuses = switch_rules();
  bonuses.spanish_bonuses = true;
  EXPECT_THROW(make_engine(bonuses, chart_for(switch_rules())), Error);
}

}  // namespace
}  // namespace cardsim::blackjack
