// Tests of the combinatorial analyzer: dealer probabilities against published
// tables and naive recursions, player values against brute-force enumeration,
// whole-game expectations against published exact figures, the computed basic
// strategy, and agreement with the simulator.
#include "cardsim/blackjack/analysis.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analyze.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "testutil/blackjack_exact_check.hpp"

namespace cardsim::blackjack {
namespace {

constexpr auto BUST = static_cast<std::size_t>(DealerFinal::bust);
constexpr auto BLACKJACK = static_cast<std::size_t>(DealerFinal::blackjack);
// Published figures are rounded to 6 decimals.
constexpr double PUBLISHED_6 = 1.5e-6;
// The tolerance for whole-game expectations: 0.002 percentage points.
constexpr double GAME_TOLERANCE = 0.002 / 100;
constexpr double EXACT = 1e-12;

std::size_t u(int i) { return static_cast<std::size_t>(i); }

// --- independent references --------------------------------------------------

// The dealer by plain recursion over every drawing order, drawing from
// `counts` without replacement (or with fixed probabilities if `infinite`).
void naive_dealer(CardCounts& counts, int total_cards, bool infinite, bool h17, HandState state, int cards, double p,
                  DealerProbabilities& out) {
  const int total = best_total(state);
  const bool stands = is_bust(state) || total >= 18 || (total == 17 && !(h17 && is_soft(state)));
  if (cards >= 2 && stands) {
    if (total > 21)
      out[BUST] += p;
    else if (total == 21 && cards == 2)
      out[BLACKJACK] += p;
    else
      out[u(total - 17)] += p;
    return;
  }
  for (int v = 1; v <= CARD_VALUES; ++v) {
    const double pv = infinite ? (v == TEN ? 4.0 : 1.0) / 13.0 : static_cast<double>(counts[u(v)]) / total_cards;
    if (pv == 0) continue;
    if (!infinite) counts[u(v)]--;
    naive_dealer(counts, total_cards - 1, infinite, h17, add_card(state, v), cards + 1, p * pv, out);
    if (!infinite) counts[u(v)]++;
  }
}

DealerProbabilities naive_dealer(CardCounts counts, bool infinite, bool h17, int upcard) {
  DealerProbabilities out{};
  int total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) total += counts[u(v)];
  naive_dealer(counts, total, infinite, h17, add_card(EMPTY_HAND, upcard), 1, 1.0, out);
  return out;
}

CardCounts deck_counts(int decks) {
  CardCounts c{};
  for (int v = 1; v <= CARD_VALUES; ++v) c[u(v)] = decks * (v == TEN ? 16 : 4);
  return c;
}

// --- dealer -----------------------------------------------------------------

TEST(AnalysisDealer, SingleDeckS17MatchesPublishedTable) {
  // Wizard of Odds, blackjack appendix 2B (before the peek), 1 deck S17. Up 2
  // and 6 cannot make blackjack, so 0.352973 and 0.420823 need no conditioning.
  Rules rules;
  rules.decks = 1;
  const DealerTable table = dealer_table(rules);
  EXPECT_NEAR(table.unconditioned[2][BUST], 0.352973, PUBLISHED_6);
  EXPECT_NEAR(table.unconditioned[6][BUST], 0.420823, PUBLISHED_6);
  const std::array<double, 7> ace{0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.11654, 0.313726};
  const std::array<double, 7> seven{0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0.259854, 0};
  for (std::size_t k = 0; k < 7; ++k) {
    EXPECT_NEAR(table.unconditioned[ACE][k], ace[k], PUBLISHED_6) << k;
    EXPECT_NEAR(table.unconditioned[7][k], seven[k], PUBLISHED_6) << k;
  }
  EXPECT_NEAR(table.upcard_probability[TEN], 16.0 / 52, EXACT);
}

TEST(AnalysisDealer, InfiniteDeckMatchesNaiveRecursion) {
  for (const bool h17 : {false, true}) {
    Rules rules;
    rules.decks = INFINITE_DECKS;
    rules.h17 = h17;
    const DealerTable table = dealer_table(rules);
    for (int up = 1; up <= CARD_VALUES; ++up) {
      const DealerProbabilities ref = naive_dealer(CardCounts{}, true, h17, up);
      double sum = 0;
      for (std::size_t k = 0; k < 7; ++k) {
        EXPECT_NEAR(table.unconditioned[u(up)][k], ref[k], EXACT) << "up " << up << " final " << k;
        sum += table.unconditioned[u(up)][k];
      }
      EXPECT_NEAR(sum, 1.0, EXACT);
      // After the peek: renormalized without blackjack.
      const double keep = 1 - ref[BLACKJACK];
      for (std::size_t k = 0; k < BLACKJACK; ++k) EXPECT_NEAR(table.no_blackjack[u(up)][k], ref[k] / keep, EXACT);
      EXPECT_EQ(table.no_blackjack[u(up)][BLACKJACK], 0.0);
    }
  }
}

TEST(AnalysisDealer, FiniteShoeWithRemovalMatchesNaiveRecursion) {
  // Two decks minus an up card and some player cards, both dealer rules.
  const ShoeComposition shoe = ShoeComposition::standard(2);
  for (const bool h17 : {false, true}) {
    const DealerModel model(h17);
    for (int up = 1; up <= CARD_VALUES; ++up) {
      CardCounts removed{};
      removed[u(up)]++;
      removed[5]++;
      removed[TEN] += 2;
      removed[ACE]++;
      CardCounts left = shoe.counts;
      for (int v = 1; v <= CARD_VALUES; ++v) left[u(v)] -= removed[u(v)];
      const DealerProbabilities ref = naive_dealer(left, false, h17, up);
      const DealerProbabilities got = model.probabilities(shoe, removed, up);
      for (std::size_t k = 0; k < 7; ++k) EXPECT_NEAR(got[k], ref[k], EXACT) << "up " << up << " final " << k;
    }
  }
}

// --- player values against brute force ----------------------------------------

// Whether a hand of three or more cards stands.
using StandsOnMore = std::function<bool(HandState)>;
bool stands_on_17(HandState s) { return best_total(s) >= 17; }

// The value of hitting `first`+`second` against `up` (1 deck, S17, peek) and
// then hitting until `stands` (by default below 17, hard and soft), given no
// dealer blackjack, by brute force in the real order of the deal: hole card,
// player's draws, dealer's.
double brute_force_hit(int first, int second, int up, const StandsOnMore& stands = stands_on_17) {
  CardCounts counts = deck_counts(1);
  counts[u(first)]--;
  counts[u(second)]--;
  counts[u(up)]--;
  int total = 50 - 1;
  double value = 0, no_blackjack = 0;
  for (int hole = 1; hole <= CARD_VALUES; ++hole) {
    const double p_hole = static_cast<double>(counts[u(hole)]) / total;
    if (p_hole == 0 || best_total(two_card_hand(up, hole)) == 21) continue;
    no_blackjack += p_hole;
    counts[u(hole)]--;
    std::function<double(HandState, int, int)> play = [&](HandState player, int left, int draws) -> double {
      if (is_bust(player)) return -1.0;
      if (draws > 0 && (best_total(player) == 21 || stands(player))) {
        DealerProbabilities d{};
        naive_dealer(counts, left, false, false, two_card_hand(up, hole), 2, 1.0, d);
        const int t = best_total(player);
        double ev = d[BUST];
        for (int k = 0; k < 5; ++k) ev += (t > 17 + k ? 1.0 : t < 17 + k ? -1.0 : 0.0) * d[u(k)];
        return ev;
      }
      double ev = 0;
      for (int v = 1; v <= CARD_VALUES; ++v) {
        if (counts[u(v)] == 0) continue;
        const double p = static_cast<double>(counts[u(v)]) / left;
        counts[u(v)]--;
        ev += p * play(add_card(player, v), left - 1, draws + 1);
        counts[u(v)]++;
      }
      return ev;
    };
    value += p_hole * play(two_card_hand(first, second), total - 1, 0);
    counts[u(hole)]++;
  }
  return value / no_blackjack;
}

TEST(AnalysisPlayer, HitValuesMatchBruteForceWithCardRemoval) {
  Rules rules;
  rules.decks = 1;
  Analyzer analyzer(rules);
  const InitialHandTable table = analyzer.initial_hand_table(mimic_dealer_chart(rules));
  struct Case {
    int first, second, up;
  };
  for (const Case c : {Case{2, 10, 6}, Case{7, 8, 10}, Case{1, 5, 1}, Case{4, 9, 1}, Case{3, 3, 10}}) {
    EXPECT_NEAR(table.evs[u(c.first)][u(c.second)][u(c.up)].hit, brute_force_hit(c.first, c.second, c.up), 1e-12)
        << c.first << "," << c.second << " v " << c.up;
  }
}

TEST(AnalysisPlayer, HitValuesMatchBruteForceWhenThreeCardsStandApart) {
  // Hard 12..16 hit with two cards and stand with three or more (Hs).
  Rules rules;
  rules.decks = 1;
  Analyzer analyzer(rules);
  StrategyChart chart = mimic_dealer_chart(rules);
  for (int t = 12; t <= 16; ++t) {
    for (int up = 1; up <= CARD_VALUES; ++up) chart.hard[u(t)][u(up)] = ChartAction::hit_two_stand_more;
  }
  const InitialHandTable table = analyzer.initial_hand_table(chart);
  const auto stands = [](HandState s) { return best_total(s) >= 17 || (!is_soft(s) && best_total(s) >= 12); };
  struct Case {
    int first, second, up;
  };
  for (const Case c : {Case{2, 10, 6}, Case{7, 8, 10}, Case{1, 5, 1}, Case{4, 5, 10}, Case{3, 3, 10}}) {
    EXPECT_NEAR(table.evs[u(c.first)][u(c.second)][u(c.up)].hit, brute_force_hit(c.first, c.second, c.up, stands),
                1e-12)
        << c.first << "," << c.second << " v " << c.up;
  }
}

// The exact EV of an infinite deck, peek, 3:2, for a player hitting hard
// totals below `hard_stand` (two-card hands: below `hard_stand_two`, if
// given) and soft below `soft_stand` (nothing else; pairs play as totals), by
// a recursion over (total, soft, cards) that shares nothing with the analyzer.
double infinite_threshold_ev(int hard_stand, int soft_stand, bool h17, int hard_stand_two = -1) {
  if (hard_stand_two < 0) hard_stand_two = hard_stand;
  auto p = [](int v) { return (v == TEN ? 4.0 : 1.0) / 13.0; };
  double ev = 0;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    const DealerProbabilities d = naive_dealer(CardCounts{}, true, h17, up);
    const double bj = d[BLACKJACK];
    std::function<double(HandState, int)> play = [&](HandState s, int cards) -> double {
      if (is_bust(s)) return -1.0;
      const int t = best_total(s);
      const bool hits = t < 21 && (is_soft(s) ? t < soft_stand : t < (cards == 2 ? hard_stand_two : hard_stand));
      if (!hits) {
        double v = d[BUST] / (1 - bj);
        for (int k = 0; k < 5; ++k) v += (t > 17 + k ? 1.0 : t < 17 + k ? -1.0 : 0.0) * d[u(k)] / (1 - bj);
        return v;
      }
      double v = 0;
      for (int c = 1; c <= CARD_VALUES; ++c) v += p(c) * play(add_card(s, c), cards + 1);
      return v;
    };
    double given_up = 0;
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = 1; b <= CARD_VALUES; ++b) {
        const HandState s = two_card_hand(a, b);
        const bool natural = best_total(s) == 21;
        given_up += p(a) * p(b) * (natural ? (1 - bj) * 1.5 : -bj + (1 - bj) * play(s, 2));
      }
    }
    ev += p(up) * given_up;
  }
  return ev;
}

TEST(AnalysisPlayer, InfiniteDeckThresholdStrategiesMatchIndependentRecursion) {
  for (const bool h17 : {false, true}) {
    Rules rules;
    rules.decks = INFINITE_DECKS;
    rules.h17 = h17;
    Analyzer analyzer(rules);
    EXPECT_NEAR(analyzer.evaluate(hit_below_16_chart()).ev, infinite_threshold_ev(16, 16, h17), EXACT);
    EXPECT_NEAR(analyzer.evaluate(mimic_dealer_chart(rules)).ev, infinite_threshold_ev(17, h17 ? 18 : 17, h17), EXACT);
    EXPECT_NEAR(analyzer.evaluate(always_stand_chart()).ev, infinite_threshold_ev(0, 0, h17), EXACT);
  }
}

TEST(AnalysisPlayer, InfiniteDeckTwoOrMoreCardCellsMatchIndependentRecursion) {
  // Hard 16 hit with two cards only (Hs), or with three or more only (Sh).
  // No splits: pairs play as totals, as in the recursion.
  for (const bool h17 : {false, true}) {
    Rules rules;
    rules.decks = INFINITE_DECKS;
    rules.h17 = h17;
    rules.split_hands = 1;
    Analyzer analyzer(rules);
    StrategyChart hs = hit_below_16_chart();
    StrategyChart sh = mimic_dealer_chart(rules);
    for (int up = 1; up <= CARD_VALUES; ++up) {
      hs.hard[16][u(up)] = ChartAction::hit_two_stand_more;
      sh.hard[16][u(up)] = ChartAction::stand_two_hit_more;
    }
    const double hs_ev = infinite_threshold_ev(16, 16, h17, 17);
    const double sh_ev = infinite_threshold_ev(17, h17 ? 18 : 17, h17, 16);
    EXPECT_NEAR(analyzer.evaluate(hs).ev, hs_ev, EXACT);
    EXPECT_NEAR(analyzer.evaluate(sh).ev, sh_ev, EXACT);
    // Not the plain charts' values: the cells change the play.
    EXPECT_GT(std::abs(hs_ev - infinite_threshold_ev(16, 16, h17)), 1e-4);
    EXPECT_GT(std::abs(sh_ev - infinite_threshold_ev(17, h17 ? 18 : 17, h17)), 1e-4);
  }
}

// Hs on a cell changes only what its two-card hands do: EV(Hs) = EV(S) plus,
// over the cell's two-card hands, their probability times (hit - stand), each
// hit playing on by the S chart (which stands on three cards too). Likewise
// EV(Sh) = EV(H) - the same sum. The per-hand values come from the analyzer's
// decision table, a route that never resolves Hs or Sh. 1 deck, no splits (so
// no split hand is ever a two-card 16), peek: the table's values are given no
// dealer blackjack, and 16 v T holds no ace, so that chance is 1 - 4/49.
TEST(AnalysisPlayer, TwoOrMoreCardCellsEqualTheirTwoCardHandsPlayedApart) {
  Rules rules;
  rules.decks = 1;
  rules.split_hands = 1;
  Analyzer analyzer(rules);
  StrategyChart chart = analyzer.optimal_chart();
  const double no_blackjack = 1 - 4.0 / 49;
  for (const ChartAction plain : {ChartAction::stand, ChartAction::hit}) {
    chart.hard[16][TEN] = plain;
    const double plain_ev = analyzer.evaluate(chart).upcard_ev[TEN];
    const InitialHandTable table = analyzer.initial_hand_table(chart);
    double change = 0;
    for (const auto& [a, b] : {std::pair{6, 10}, std::pair{7, 9}, std::pair{8, 8}}) {
      const DecisionEvs& e = table.evs[u(a)][u(b)][TEN];
      change += table.probability[u(a)][u(b)][TEN] * no_blackjack * (e.hit - e.stand);
    }
    const bool stood = plain == ChartAction::stand;
    chart.hard[16][TEN] = stood ? ChartAction::hit_two_stand_more : ChartAction::stand_two_hit_more;
    EXPECT_NEAR(analyzer.evaluate(chart).upcard_ev[TEN], plain_ev + (stood ? change : -change), EXACT)
        << (stood ? "Hs" : "Sh");
    EXPECT_GT(std::abs(change), 1e-3);  // a real change of play
  }
}

TEST(AnalysisPlayer, PayoutChangesEvByExactlyTheNaturalsPaid) {
  // EV(3:2) - EV(6:5) = 0.3 * P(player natural, no dealer blackjack).
  Rules rules;
  rules.decks = 6;
  Analyzer three_two(rules);
  rules.blackjack_pays_num = 6;
  rules.blackjack_pays_den = 5;
  Analyzer six_five(rules);
  const StrategyChart chart = three_two.optimal_chart();
  const ShoeComposition shoe = ShoeComposition::standard(6);
  const double n = 312;
  double naturals = 0;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    CardCounts c = shoe.counts;
    const double pu = c[u(up)] / n;
    c[u(up)]--;
    const double p_nat = 2 * c[ACE] / (n - 1) * c[TEN] / (n - 2);
    c[ACE]--;
    c[TEN]--;
    const double dealer_bj = up == ACE ? c[TEN] / (n - 3) : up == TEN ? c[ACE] / (n - 3) : 0.0;
    naturals += pu * p_nat * (1 - dealer_bj);
  }
  EXPECT_NEAR(three_two.evaluate(chart).ev - six_five.evaluate(chart).ev, 0.3 * naturals, EXACT);
}

// --- whole-game expectations against published exact figures -----------------

StrategyChart shipped_chart(const std::string& name) {
  const std::string path = io::data_dir() + "/strategies/" + name + ".txt";
  return io::parse_strategy_chart(io::read_file(path), path);
}

TEST(AnalysisGame, CacaruloSixDecksS17DasLateSurrender) {
  // Cacarulo: 6 decks, S17, DAS, split to 4 (no RSA), late surrender, 3:2,
  // total-dependent strategy standing on 3+ card 16 v T: -0.3317036%.
  Rules rules;
  rules.decks = 6;
  rules.surrender = Surrender::late;
  Analyzer analyzer(rules);
  // Exact splits: to all 7 published decimals of a percent (half a unit of the
  // last; the approximate split method was 0.00018 points off).
  const StrategyEv ev = analyzer.evaluate(shipped_chart("cacarulo-6d-s17-das-ls"));
  EXPECT_NEAR(ev.ev, -0.003317036, 0.5e-9);
  double sum = 0, pu = 0;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    sum += ev.upcard_contribution[u(up)];
    pu += ev.upcard_probability[u(up)];
  }
  EXPECT_NEAR(sum, ev.ev, EXACT);
  EXPECT_NEAR(pu, 1.0, EXACT);
}

TEST(AnalysisGame, GriffinInfiniteDeckS17NoDasNoResplit) {
  // Griffin, The Theory of Blackjack: infinite deck, S17, double any two, no
  // DAS, no resplit, one card to split aces, optimal basic strategy: -0.690223%.
  Rules rules;
  rules.decks = INFINITE_DECKS;
  rules.double_after_split = false;
  rules.split_hands = 2;
  Analyzer analyzer(rules);
  EXPECT_NEAR(analyzer.evaluate(analyzer.optimal_chart()).ev, -0.00690223, GAME_TOLERANCE);
}

TEST(AnalysisGame, WizardOfOddsAppendix9CompositionDependent) {
  // Wizard of Odds appendix 9 (resplit to 4 except aces, one card to split
  // aces, peek, 3:2, no surrender): composition-dependent, with an approximate
  // split method (exact splits are 0.0000-0.0009 points below it: validation.md),
  // so agreement within the 0.002 points is expected.
  struct Case {
    int decks;
    bool h17;
    bool das;
    double published;
  };
  for (const Case c : {Case{1, false, true, 0.001839}, Case{1, false, false, 0.000423}, Case{2, true, true, -0.003797},
                       Case{5, true, false, -0.007366}}) {
    Rules rules;
    rules.decks = c.decks;
    rules.h17 = c.h17;
    rules.double_after_split = c.das;
    Analyzer analyzer(rules);
    const StrategyChart chart = analyzer.optimal_chart();
    EXPECT_NEAR(analyzer.composition_dependent(chart).ev, c.published, GAME_TOLERANCE)
        << c.decks << " decks " << (c.h17 ? "H17" : "S17") << (c.das ? " DAS" : " no DAS");
  }
}

TEST(AnalysisCall, AnalyzeIsTheAnalyzersFiguresInOneCall) {
  // The rules of Griffin's figure above, through the library call: the basic
  // chart's EV is the published one, and every part equals what the Analyzer
  // gives when called step by step.
  Rules rules;
  rules.decks = INFINITE_DECKS;
  rules.double_after_split = false;
  rules.split_hands = 2;
  AnalysisOptions options;
  options.basic_name = "computed";
  options.strategy = mimic_dealer_chart(rules);
  const AnalysisResult result = analyze(rules, options);
  EXPECT_NEAR(result.basic.ev.ev, -0.00690223, GAME_TOLERANCE);
  EXPECT_EQ(result.basic.chart.name, "computed");
  EXPECT_FALSE(result.composition_dependent.has_value());
  Analyzer analyzer(rules);
  const StrategyChart basic = analyzer.optimal_chart();
  EXPECT_EQ(result.basic.chart.hard, basic.hard);
  EXPECT_EQ(result.basic.chart.soft, basic.soft);
  EXPECT_EQ(result.basic.chart.pairs, basic.pairs);
  ASSERT_TRUE(result.strategy.has_value());
  EXPECT_EQ(result.strategy->chart.name, options.strategy->name);
  EXPECT_EQ(result.strategy->ev.ev, analyzer.evaluate(*options.strategy).ev);
  EXPECT_EQ(result.dealer.no_blackjack, analyzer.dealer().no_blackjack);
  const InitialHandTable hands = analyzer.initial_hand_table(basic);
  EXPECT_EQ(result.initial_hands.probability, hands.probability);
  EXPECT_EQ(result.initial_hands.evs[10][10][6].stand, hands.evs[10][10][6].stand);
  EXPECT_EQ(result.initial_hands.evs[8][8][10].split, hands.evs[8][8][10].split);
  EXPECT_GT(result.dealer_evaluations, 0U);

  options.strategy.reset();
  options.composition_dependent = true;
  const AnalysisResult with_cd = analyze(rules, options);
  EXPECT_FALSE(with_cd.strategy.has_value());
  ASSERT_TRUE(with_cd.composition_dependent.has_value());
  EXPECT_EQ(with_cd.composition_dependent->ev, analyzer.composition_dependent(basic).ev);
}

// --- the computed basic strategy -----------------------------------------------

TEST(AnalysisStrategy, SixDeckOptimumIsCacarulosChartAndReadsBack) {
  Rules rules;
  rules.decks = 6;
  rules.surrender = Surrender::late;
  Analyzer analyzer(rules);
  const StrategyChart computed = analyzer.optimal_chart("computed");
  const StrategyChart published = shipped_chart("cacarulo-6d-s17-das-ls");
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int t = HARD_MIN; t <= HARD_MAX; ++t)
      EXPECT_EQ(computed.hard[u(t)][u(up)], published.hard[u(t)][u(up)]) << "hard " << t << " v " << up;
    // Soft 12 is only A,A, which is always split here: any cell is right.
    for (int t = SOFT_MIN + 1; t <= SOFT_MAX; ++t)
      EXPECT_EQ(computed.soft[u(t)][u(up)], published.soft[u(t)][u(up)]) << "soft " << t << " v " << up;
  }
  // Pairs: the same moves (the shipped chart writes Ph where this writes P;
  // with DAS they are the same move).
  const ResolvedStrategy a(rules, computed), b(rules, published);
  for (int card = 1; card <= CARD_VALUES; ++card) {
    for (int up = 1; up <= CARD_VALUES; ++up) {
      EXPECT_EQ(a.pair_move(DecisionPoint::first_two, card, up), b.pair_move(DecisionPoint::first_two, card, up))
          << "pair " << card << " v " << up;
    }
  }
  const StrategyChart back = io::parse_strategy_chart(io::format_strategy_chart(computed), "round trip");
  EXPECT_EQ(back.hard, computed.hard);
  EXPECT_EQ(back.soft, computed.soft);
  EXPECT_EQ(back.pairs, computed.pairs);
}

TEST(AnalysisStrategy, OptimumBeatsOtherChartsAndCompositionDependentBeatsIt) {
  Rules rules;
  rules.decks = 2;
  rules.h17 = true;
  rules.hole_card = HoleCard::enhc;
  rules.surrender = Surrender::early;
  rules.double_rule = DoubleRule::nine_to_eleven;
  Analyzer analyzer(rules);
  const StrategyChart best = analyzer.optimal_chart();
  const double optimum = analyzer.evaluate(best).ev;
  for (const StrategyChart& other : {shipped_chart("basic-h17-das"), mimic_dealer_chart(rules), hit_below_16_chart()}) {
    EXPECT_GT(optimum, analyzer.evaluate(other).ev) << other.name;
  }
  EXPECT_GT(analyzer.composition_dependent(best).ev, optimum);
}

TEST(AnalysisStrategy, OptimumHitsTwoCardSixteenAndStandsOnThreeAgainstTen) {
  // 6 decks, S17, DAS, no surrender: a two-card 16 v T hits, a 16 of three or
  // more cards stands (Hs), worth more than hitting or standing on both.
  Rules rules;
  Analyzer analyzer(rules);
  StrategyChart chart = analyzer.optimal_chart();
  EXPECT_EQ(chart.hard[16][TEN], ChartAction::hit_two_stand_more);
  const double optimum = analyzer.evaluate(chart).ev;
  for (const ChartAction other : {ChartAction::hit, ChartAction::stand, ChartAction::stand_two_hit_more}) {
    chart.hard[16][TEN] = other;
    EXPECT_GT(optimum, analyzer.evaluate(chart).ev) << static_cast<int>(other);
  }
}

// What a sweep reuses: the optimum and the exact EVs of rule sets equal but for
// what analysis_rules (and, for the optimum, strategy_rules) resets.
TEST(AnalysisStrategy, RulesTheAnalysisDoesNotReadChangeNothing) {
  Rules rules;
  rules.decks = 1;
  rules.h17 = true;
  rules.surrender = Surrender::early;  // where insurance changes the optimum
  rules.insurance = Insurance::always;
  Rules table = rules;
  table.seats = 3;
  table.penetration = 0.5;
  table.cut_card = 30;
  table.burn_cards = 0;
  table.reshuffle = Reshuffle::every_round;
  Rules payout = table;
  payout.blackjack_pays_num = 6;
  payout.blackjack_pays_den = 5;
  EXPECT_EQ(analysis_rules(table), analysis_rules(rules));
  EXPECT_FALSE(analysis_rules(payout) == analysis_rules(rules));
  EXPECT_EQ(strategy_rules(payout), strategy_rules(rules));
  Rules uninsured = rules;
  uninsured.insurance = Insurance::never;
  EXPECT_FALSE(strategy_rules(uninsured) == strategy_rules(rules));

  Analyzer analyzer(rules);
  const StrategyChart chart = analyzer.optimal_chart();
  const double ev = analyzer.evaluate(chart).ev;
  for (const Rules& other : {table, payout}) {
    Analyzer again(other);
    const StrategyChart optimum = again.optimal_chart();
    EXPECT_EQ(optimum.hard, chart.hard);
    EXPECT_EQ(optimum.soft, chart.soft);
    EXPECT_EQ(optimum.pairs, chart.pairs);
    if (other == table) {
      EXPECT_EQ(again.evaluate(chart).ev, ev);  // bit for bit
    }
  }
  // Without insurance the optimum differs (so strategy_rules must keep it).
  const StrategyChart other = Analyzer(uninsured).optimal_chart();
  EXPECT_TRUE(other.hard != chart.hard || other.soft != chart.soft || other.pairs != chart.pairs);
}

// --- agreement with the simulator ------------------------------------------------

// Simulated edge with a fresh shoe every round against the exact value (splits
// included: no approximation left), within 3 standard errors, the project's
// tolerance (was 4.5). A fixed seed: this cannot flake, but fails on a
// settlement difference of 3 SE, 0.3 points with these 0.6-2M rounds (the
// seed's runs: +0.40, -0.01 and +0.91 SE for the first three below).
// Returns the simulation's standard error. (Default chart: the optimum.)
double expect_simulation_agrees(Rules rules, std::uint64_t rounds, std::optional<StrategyChart> chart = {}) {
  const testutil::SimulatedAndExact run = testutil::simulate_against_exact(rules, rounds, std::move(chart), 2024);
  EXPECT_NEAR(run.edge.mean, run.exact, 3 * run.edge.se)
      << "exact " << run.exact << " simulated " << run.edge.mean << " SE " << run.edge.se << " ("
      << (run.edge.mean - run.exact) / run.edge.se << " SE)";
  return run.edge.se;
}

TEST(AnalysisSimulation, SixDecksS17DasLateSurrender) {
  Rules rules;
  rules.surrender = Surrender::late;
  expect_simulation_agrees(rules, 1'500'000);
}

TEST(AnalysisSimulation, OneDeckH17ObOEarlySurrenderInsuranceSixToFive) {
  Rules rules;
  rules.decks = 1;
  rules.h17 = true;
  rules.hole_card = HoleCard::enhc_obo;
  rules.surrender = Surrender::early;
  rules.insurance = Insurance::always;
  rules.split_hands = 3;
  rules.resplit_aces = true;
  rules.hit_split_aces = true;
  rules.blackjack_pays_num = 6;
  rules.blackjack_pays_den = 5;
  expect_simulation_agrees(rules, 1'500'000);
}

TEST(AnalysisSimulation, TwoDecksEnhcNineToElevenNoDasThreeSeats) {
  Rules rules;
  rules.decks = 2;
  rules.hole_card = HoleCard::enhc;
  rules.double_rule = DoubleRule::nine_to_eleven;
  rules.double_after_split = false;
  rules.surrender = Surrender::late;
  rules.seats = 3;
  expect_simulation_agrees(rules, 600'000);
}

TEST(AnalysisSimulation, OneDeckTwoOrMoreCardCells) {
  // Hard 12..16 against 7..A decided apart for two cards and for more (Hs,
  // then Sh): not optimal, but where a simulator that played either cell as
  // plain H or S would miss the exact value by at least 6 SE (the closest,
  // Sh against S, is 0.64 points apart, 8.8 SE).
  Rules rules;
  rules.decks = 1;
  const StrategyChart optimum = Analyzer(rules).optimal_chart();
  Analyzer analyzer(rules);  // (fresh shoe or not: the analysis is the same)
  for (const ChartAction two_or_more : {ChartAction::hit_two_stand_more, ChartAction::stand_two_hit_more}) {
    auto with = [&](ChartAction action) {
      StrategyChart chart = optimum;
      for (int t = 12; t <= 16; ++t) {
        for (int up = 7; up <= CARD_VALUES + 1; ++up) chart.hard[u(t)][u(up > CARD_VALUES ? ACE : up)] = action;
      }
      return chart;
    };
    const StrategyChart chart = with(two_or_more);
    const double se = expect_simulation_agrees(rules, 2'000'000, chart);
    const double exact = analyzer.evaluate(chart).ev;
    for (const ChartAction plain : {ChartAction::hit, ChartAction::stand}) {
      EXPECT_GT(std::abs(exact - analyzer.evaluate(with(plain)).ev), 6 * se) << static_cast<int>(plain);
    }
  }
}

}  // namespace
}  // namespace cardsim::blackjack
