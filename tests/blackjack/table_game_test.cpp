// The interactive game (TableGame) against the engine: stacked decks for every
// rule, played by hand and by the chart, whole fixed-seed chunks played by the
// chart with tallies identical to Engine::play_chunk, the legal moves and their
// explanations, the bankroll, the shoe and the card faces; and the coach's
// values against the analyzer's exact table.
#include "cardsim/blackjack/table_game.hpp"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/coach.hpp"
#include "cardsim/blackjack/decision_ev.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::blackjack {
namespace {

constexpr std::uint8_t A = 1;
constexpr std::uint8_t T = 10;
// Chips enough that no double, split or insurance is ever refused.
constexpr std::int64_t DEEP_POCKETS = std::int64_t{1} << 40;

StrategyChart basic_chart(const Rules& rules) { return io::load_strategy("basic-s17-das", rules, ""); }

TableSetup one_chip(std::uint64_t seed = 1) { return TableSetup{DEEP_POCKETS, 1, seed}; }

// Plays the decision the game waits for as the engine would.
void play_by_chart(TableGame& game, const ResolvedStrategy& strategy) {
  while (game.phase() != TablePhase::between_rounds) {
    game.act(chart_action(game, strategy, game.rules().insurance == Insurance::always));
  }
}

// The stacked round played by the chart in the game and by the engine: the
// same tally, in the same units (a bet of one chip).
void expect_same_as_engine(const Rules& rules, const std::vector<std::uint8_t>& cards, const StrategyChart& chart) {
  const Engine engine = make_engine(rules, chart);
  Tally expected;
  engine.play_stacked_round(cards, expected);
  TableGame game(rules, one_chip(), cards);
  game.deal();
  play_by_chart(game, engine.strategy());
  EXPECT_EQ(game.tally(), expected) << "cards " << ::testing::PrintToString(cards);
  EXPECT_EQ(game.bankroll() - DEEP_POCKETS * rules.bet_units(), expected.table_net);
}

void expect_same_as_engine(const Rules& rules, const std::vector<std::uint8_t>& cards) {
  expect_same_as_engine(rules, cards, basic_chart(rules));
}

// A stacked game, dealt, with these actions played; the net in initial bets.
double net_after(const Rules& rules, const std::vector<std::uint8_t>& cards, const std::vector<Action>& actions) {
  TableGame game(rules, TableSetup{1000, 10, 1}, cards);
  game.deal();
  for (const Action a : actions) game.act(a);
  EXPECT_EQ(game.phase(), TablePhase::between_rounds);
  return static_cast<double>(game.last_round_net()) / static_cast<double>(game.bet());
}

TEST(TableGame, EveryRuleOfTheEngineTestsSettlesAsTheEngine) {
  Rules rules;
  expect_same_as_engine(rules, {A, 9, T, 7});
  expect_same_as_engine(rules, {T, A, T, 6, 4});
  expect_same_as_engine(rules, {6, T, 5, A});
  expect_same_as_engine(rules, {A, 6, A, T, 5, 9, T});
  expect_same_as_engine(rules, {A, 9, A, 8, T, T});
  expect_same_as_engine(rules, {5, 6, 4, T, 2, 9, 5});
  expect_same_as_engine(rules, {8, 6, 8, T, 3, T, T, T});
  expect_same_as_engine(rules, {8, 6, 8, T, 8, 3, T, T, T, T});
  expect_same_as_engine(rules, {A, 6, A, T, A, 9, T, 8, T});
  Rules variant = rules;
  variant.surrender = Surrender::late;
  expect_same_as_engine(variant, {T, T, 6, 7});
  variant.blackjack_pays_num = 6;
  variant.blackjack_pays_den = 5;
  expect_same_as_engine(variant, {A, 9, T, 7});
  variant = rules;
  variant.h17 = true;
  expect_same_as_engine(variant, {T, A, T, 6, 4});
  for (const HoleCard hole : {HoleCard::enhc, HoleCard::enhc_obo}) {
    variant = rules;
    variant.hole_card = hole;
    expect_same_as_engine(variant, {6, T, 5, 9, A});
    expect_same_as_engine(variant, {6, T, 5, 9, 7});
    expect_same_as_engine(variant, {8, T, 8, T, 3, T, A});  // split, then a dealer blackjack
  }
  variant = rules;
  variant.hit_split_aces = true;
  expect_same_as_engine(variant, {A, 6, A, T, 5, 9, T, T});
  variant = rules;
  variant.insurance = Insurance::always;
  expect_same_as_engine(variant, {A, A, T, T});
  expect_same_as_engine(variant, {A, A, T, 5});
  expect_same_as_engine(variant, {T, A, T, T});
  for (const Surrender surrender : {Surrender::early, Surrender::late}) {
    variant = rules;
    variant.surrender = surrender;
    expect_same_as_engine(variant, {T, A, 6, T});
    variant.hole_card = HoleCard::enhc;
    expect_same_as_engine(variant, {T, A, 6, T});
  }
  variant = rules;
  variant.double_rule = DoubleRule::ten_to_eleven;
  expect_same_as_engine(variant, {5, 6, 4, T, 2, 9, 5});
  variant = rules;
  variant.double_after_split = false;
  expect_same_as_engine(variant, {8, 6, 8, T, 3, T, T, T});
  variant = rules;
  variant.split_hands = 2;
  expect_same_as_engine(variant, {8, 6, 8, T, 8, 3, T, T, T, T});
  variant = rules;
  variant.resplit_aces = true;
  expect_same_as_engine(variant, {A, 6, A, T, A, 9, T, 8, T});
  variant = rules;
  variant.seats = 2;
  expect_same_as_engine(variant, {T, T, 7, 9, 8, T});
  // Hs and Sh: two cards, three cards, a split hand's two cards.
  for (const ChartAction two_or_more : {ChartAction::hit_two_stand_more, ChartAction::stand_two_hit_more}) {
    StrategyChart chart = basic_chart(rules);
    chart.hard[16][T] = two_or_more;
    expect_same_as_engine(rules, {T, T, 6, 7, 5}, chart);
    expect_same_as_engine(rules, {T, T, 2, 7, 4, 5}, chart);
    variant = rules;
    variant.split_hands = 2;
    expect_same_as_engine(variant, {8, T, 8, 7, 8, 5, T, 5, T}, chart);
  }
}

// Rule sets that between them use every rule key.
std::vector<Rules> rule_sets() {
  std::vector<Rules> sets;
  sets.push_back(Rules{});
  Rules r;
  r.decks = 8;
  r.h17 = true;
  r.surrender = Surrender::late;
  r.penetration = 0.8;
  sets.push_back(r);
  r = Rules{};
  r.decks = 1;
  r.h17 = true;
  r.hole_card = HoleCard::enhc_obo;
  r.surrender = Surrender::early;
  r.blackjack_pays_num = 6;
  r.blackjack_pays_den = 5;
  r.insurance = Insurance::always;
  r.resplit_aces = true;
  r.hit_split_aces = true;
  r.split_hands = 3;
  r.seats = 3;
  sets.push_back(r);
  r = Rules{};
  r.decks = 2;
  r.hole_card = HoleCard::enhc;
  r.double_rule = DoubleRule::nine_to_eleven;
  r.double_after_split = false;
  r.surrender = Surrender::late;
  r.seats = 3;
  r.burn_cards = 3;
  sets.push_back(r);
  r = Rules{};
  r.decks = INFINITE_DECKS;
  r.h17 = true;
  r.double_rule = DoubleRule::ten_to_eleven;
  r.split_hands = 1;
  r.surrender = Surrender::early;
  sets.push_back(r);
  r = Rules{};
  r.decks = 4;
  r.reshuffle = Reshuffle::every_round;
  r.insurance = Insurance::always;
  r.cut_card = 100;
  sets.push_back(r);
  // One deck, seven seats, the cut card near the end: the shoe runs dry.
  r = Rules{};
  r.decks = 1;
  r.seats = 7;
  r.cut_card = 50;
  r.burn_cards = 0;
  sets.push_back(r);
  return sets;
}

TEST(TableGame, ChartPlayedChunkEqualsTheEnginesChunk) {
  constexpr std::uint64_t ROUNDS = 20'000;
  constexpr std::uint64_t SEED = 2024;
  bool ran_dry = false;
  for (const Rules& rules : rule_sets()) {
    const Engine engine = make_engine(rules, basic_chart(rules));
    Tally expected;
    core::Rng rng = core::chunk_rng(SEED, core::StreamPurpose::blackjack_chunk, 0);
    engine.play_chunk(ROUNDS, rng, expected);
    TableGame game(rules, one_chip(SEED));
    for (std::uint64_t r = 0; r < ROUNDS; ++r) {
      game.deal();
      play_by_chart(game, engine.strategy());
    }
    const Tally got = game.tally();
    EXPECT_EQ(got, expected) << "decks " << rules.decks << " seats " << rules.seats;
    EXPECT_EQ(got.rounds, static_cast<std::int64_t>(ROUNDS));
    ran_dry = ran_dry || got.exhaustion_reshuffles > 0;
  }
  EXPECT_TRUE(ran_dry) << "no rule set exercised the exhaustion reshuffle";
}

TEST(TableGame, RandomStackedRoundsSettleAsTheEngine) {
  core::Rng rng = core::chunk_rng(7, core::StreamPurpose::test, 0);
  for (const Rules& rules : rule_sets()) {
    for (int round = 0; round < 300; ++round) {
      // 60 cards of a shuffled double deck: enough for any round of 7 seats.
      std::vector<std::uint8_t> deck;
      for (int d = 0; d < 2; ++d) {
        for (int rank = 1; rank <= RANKS; ++rank) {
          for (int s = 0; s < SUITS; ++s) deck.push_back(static_cast<std::uint8_t>(rank < TEN ? rank : TEN));
        }
      }
      for (std::size_t i = 0; i + 1 < deck.size(); ++i) {
        std::swap(deck[i], deck[i + core::bounded(rng, static_cast<std::uint32_t>(deck.size() - i))]);
      }
      deck.resize(60);
      expect_same_as_engine(rules, deck);
    }
  }
}

TEST(TableGame, PlayedByHand) {
  Rules rules;
  // 16 v 7 hit to 21 beats 17; stand loses.
  EXPECT_DOUBLE_EQ(net_after(rules, {T, 7, 6, T, 5}, {Action::hit}), 1.0);
  EXPECT_DOUBLE_EQ(net_after(rules, {T, 7, 6, T}, {Action::stand}), -1.0);
  // Blackjack 3:2 settles at the deal.
  EXPECT_DOUBLE_EQ(net_after(rules, {A, 9, T, 7}, {}), 1.5);
  // Peek: the dealer's blackjack ends the round before anyone plays.
  EXPECT_DOUBLE_EQ(net_after(rules, {6, T, 5, A}, {}), -1.0);
  // Split 8s v 6; the first 8 doubles 11 into 21, the second stands on 18.
  EXPECT_DOUBLE_EQ(net_after(rules, {8, 6, 8, T, 3, T, T, T}, {Action::split, Action::double_down, Action::stand}),
                   3.0);
  // Surrender.
  rules.surrender = Surrender::late;
  EXPECT_DOUBLE_EQ(net_after(rules, {T, T, 6, 7}, {Action::surrender}), -0.5);
  // ENHC: a double lost to the dealer's blackjack loses twice; OBO once.
  rules = Rules{};
  rules.hole_card = HoleCard::enhc;
  EXPECT_DOUBLE_EQ(net_after(rules, {6, T, 5, 9, A}, {Action::double_down}), -2.0);
  rules.hole_card = HoleCard::enhc_obo;
  EXPECT_DOUBLE_EQ(net_after(rules, {6, T, 5, 9, A}, {Action::double_down}), -1.0);
  // Even money: insure a natural against an ace, win one bet either way.
  rules = Rules{};
  EXPECT_DOUBLE_EQ(net_after(rules, {A, A, T, T}, {Action::insure}), 1.0);
  EXPECT_DOUBLE_EQ(net_after(rules, {A, A, T, 5}, {Action::insure}), 1.0);
  EXPECT_DOUBLE_EQ(net_after(rules, {A, A, T, 5}, {Action::decline}), 1.5);
  // Early surrender escapes the blackjack: asked before the peek.
  rules.surrender = Surrender::early;
  EXPECT_DOUBLE_EQ(net_after(rules, {T, A, 6, T}, {Action::surrender}), -0.5);  // no insurance after it
  EXPECT_DOUBLE_EQ(net_after(rules, {T, A, 6, T}, {Action::decline, Action::decline}), -1.0);
}

TEST(TableGame, LegalMovesAndWhyNot) {
  Rules rules;
  rules.double_rule = DoubleRule::nine_to_eleven;
  rules.double_after_split = false;
  rules.split_hands = 2;
  TableGame game(rules, TableSetup{1000, 10, 1}, {A, 7, 6, 9, 4, 8, 8, 2, T, T, T});
  game.deal();  // soft 17 v 7
  ASSERT_EQ(game.phase(), TablePhase::player);
  ActionSet legal = game.legal_actions();
  EXPECT_TRUE(legal.contains(Action::hit));
  EXPECT_TRUE(legal.contains(Action::stand));
  EXPECT_FALSE(legal.contains(Action::double_down));
  EXPECT_FALSE(legal.contains(Action::split));
  EXPECT_FALSE(legal.contains(Action::surrender));
  EXPECT_NE(game.why_not(Action::double_down).find("hard 9"), std::string::npos);
  EXPECT_NE(game.why_not(Action::surrender).find("no surrender"), std::string::npos);
  EXPECT_NE(game.why_not(Action::split).find("same value"), std::string::npos);
  EXPECT_THROW(game.act(Action::double_down), Error);
  EXPECT_EQ(game.hand(0, 0).cards.size(), 2u);          // the hand is not lost
  game.act(Action::hit);                                // A,6,4: 21
  EXPECT_EQ(game.phase(), TablePhase::between_rounds);  // 21 stands by itself

  // Pairs: one split allowed, no double after it.
  TableGame pairs(rules, TableSetup{1000, 10, 1}, {8, 7, 8, 9, 8, 3, T, T});
  pairs.deal();
  EXPECT_TRUE(pairs.legal_actions().contains(Action::split));
  pairs.act(Action::split);  // first hand 8,8 again
  EXPECT_FALSE(pairs.legal_actions().contains(Action::split));
  EXPECT_NE(pairs.why_not(Action::split).find("at most 2 hands"), std::string::npos);
  pairs.act(Action::stand);  // 16; second hand 8,3
  EXPECT_EQ(pairs.current_hand(), 1);
  EXPECT_FALSE(pairs.legal_actions().contains(Action::double_down));
  EXPECT_NE(pairs.why_not(Action::double_down).find("after a split"), std::string::npos);
}

TEST(TableGame, SplitAcesTakeOneCardAndAceTenIsTwentyOne) {
  Rules rules;
  TableGame game(rules, TableSetup{1000, 10, 1}, {A, 9, A, 8, A, T, 5});
  game.deal();
  game.act(Action::split);
  // The first ace drew another ace: no resplit here, so it stands as soft 12.
  // The second drew a ten: 21, paid 1:1. Dealer 17.
  EXPECT_EQ(game.phase(), TablePhase::between_rounds);
  EXPECT_EQ(game.hand(0, 0).cards.size(), 2u);
  EXPECT_EQ(game.hand(0, 1).result, game.bet());
  EXPECT_EQ(game.hand(0, 0).result, -game.bet());

  rules.resplit_aces = true;
  TableGame resplit(rules, TableSetup{1000, 10, 1}, {A, 9, A, 8, A, T, 5, 9});
  resplit.deal();
  resplit.act(Action::split);
  ASSERT_EQ(resplit.phase(), TablePhase::player);
  const ActionSet legal = resplit.legal_actions();
  EXPECT_TRUE(legal.contains(Action::split));
  EXPECT_TRUE(legal.contains(Action::stand));
  EXPECT_FALSE(legal.contains(Action::hit));
  EXPECT_NE(resplit.why_not(Action::hit).find("one card"), std::string::npos);
}

TEST(TableGame, SeveralSeatsPlayInTurn) {
  Rules rules;
  rules.seats = 2;
  TableGame game(rules, TableSetup{1000, 10, 1}, {T, 5, 7, 6, 8, T, 9, T});
  game.deal();  // seat 1: 16, seat 2: 13, dealer 7 + T
  EXPECT_EQ(game.current_seat(), 0);
  game.act(Action::stand);
  EXPECT_EQ(game.current_seat(), 1);
  game.act(Action::hit);  // 13 + 9 = 22
  EXPECT_EQ(game.phase(), TablePhase::between_rounds);
  EXPECT_EQ(game.seats()[0].net, -game.bet());
  EXPECT_EQ(game.seats()[1].net, -game.bet());
  EXPECT_EQ(game.bankroll(), (1000 - 20) * game.money_per_chip());
}

TEST(TableGame, ChipsLimitDoublesAndBets) {
  Rules rules;
  TableGame game(rules, TableSetup{15, 10, 1}, {5, 6, 6, T, 9, T, T, T});
  game.deal();  // 11 v 6 with 5 chips behind
  EXPECT_FALSE(game.legal_actions().contains(Action::double_down));
  EXPECT_NE(game.why_not(Action::double_down).find("chips"), std::string::npos);
  EXPECT_EQ(game.on_table(), 10 * game.money_per_chip());
  game.act(Action::hit);  // 20
  game.act(Action::stand);
  EXPECT_EQ(game.bankroll(), 25 * game.money_per_chip());  // dealer 16 + T busts
  EXPECT_TRUE(game.can_deal());
  TableGame broke(rules, TableSetup{5, 10, 1}, {T, T, T, T});
  EXPECT_FALSE(broke.can_deal());
  EXPECT_THROW(broke.deal(), Error);
}

TEST(TableGame, AbandonedRoundReturnsTheChipsAndCountsNothing) {
  Rules rules;
  TableGame game(rules, TableSetup{100, 10, 1}, {T, 7, 6, T});
  game.deal();
  game.abandon_round();
  EXPECT_EQ(game.phase(), TablePhase::between_rounds);
  EXPECT_EQ(game.bankroll(), 100 * game.money_per_chip());
  EXPECT_EQ(game.on_table(), 0);
  EXPECT_EQ(game.tally().rounds, 0);
}

TEST(TableGame, ShoeCutCardAndFaces) {
  Rules rules;
  rules.decks = 1;
  rules.cut_card = 40;
  TableGame game(rules, TableSetup{DEEP_POCKETS, 1, 5});
  const ResolvedStrategy strategy(rules, basic_chart(rules));
  game.deal();
  EXPECT_TRUE(game.shuffled_this_round());
  EXPECT_EQ(game.burned_this_round(), 1);
  std::set<int> faces;
  int dealt = 0;
  auto collect = [&] {
    for (const TableSeat& seat : game.seats()) {
      for (const PlayerHand& hand : seat.hands) {
        for (const TableCard& card : hand.cards) {
          EXPECT_EQ(card.value, card.rank < TEN ? card.rank : TEN);
          faces.insert(card.rank * SUITS + card.suit);
          ++dealt;
        }
      }
    }
    for (const TableCard& card : game.dealer_cards()) {
      faces.insert(card.rank * SUITS + card.suit);
      ++dealt;
    }
  };
  play_by_chart(game, strategy);
  collect();
  while (!game.cut_card_out()) {
    EXPECT_EQ(game.cards_left(), 52 - 1 - dealt);
    game.deal();
    EXPECT_FALSE(game.shuffled_this_round());
    play_by_chart(game, strategy);
    collect();
  }
  // A one-deck shoe never shows a face twice.
  EXPECT_EQ(static_cast<int>(faces.size()), dealt);
  game.deal();
  EXPECT_TRUE(game.shuffled_this_round());
}

// The evaluator's stand, hit and double for two-card hands are the analyzer's
// exact values (the same fresh shoe minus the up card and the two cards).
TEST(DecisionEvaluator, TwoCardHandsMatchTheAnalyzer) {
  for (const HoleCard hole : {HoleCard::peek, HoleCard::enhc, HoleCard::enhc_obo}) {
    Rules rules;
    rules.decks = 2;
    rules.hole_card = hole;
    const StrategyChart chart = optimal_basic_strategy(rules);
    const InitialHandTable table = Analyzer(rules).initial_hand_table(chart);
    const DecisionEvaluator evaluator(rules, chart);
    for (int up = 1; up <= CARD_VALUES; ++up) {
      for (int a = 1; a <= CARD_VALUES; ++a) {
        for (int b = a; b <= CARD_VALUES; ++b) {
          if (best_total(two_card_hand(a, b)) == 21) continue;
          CardCounts hand{};
          ++hand[static_cast<std::size_t>(a)];
          ++hand[static_cast<std::size_t>(b)];
          const DecisionEvs got = evaluator.evaluate(hand, up, true, true);
          const DecisionEvs& want =
              table.evs[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)][static_cast<std::size_t>(up)];
          EXPECT_NEAR(got.stand, want.stand, 1e-9) << a << "," << b << " v " << up;
          EXPECT_NEAR(got.hit, want.hit, 1e-9) << a << "," << b << " v " << up;
          EXPECT_NEAR(got.double_down, want.double_down, 1e-9) << a << "," << b << " v " << up;
        }
      }
    }
  }
}

TEST(Coach, PricesAMistake) {
  Rules rules;
  const StrategyChart chart = optimal_basic_strategy(rules);
  const Coach coach(rules, chart);
  // 16 v 10 (S17, no surrender): the chart hits; standing costs a little.
  TableGame game(rules, TableSetup{1000, 10, 1}, {T, T, 6, 7, T});
  game.deal();
  const Advice first = coach.advise(game);
  EXPECT_TRUE(first.initial_hand);
  EXPECT_EQ(first.recommended, Action::hit);
  EXPECT_GT(first.cost(Action::stand), 0);
  EXPECT_LT(first.cost(Action::stand), 0.05);
  EXPECT_TRUE(std::isnan(first.value(Action::split)));
  // A three-card hand is priced by the evaluator.
  TableGame three(rules, TableSetup{1000, 10, 1}, {5, 2, 4, 9, 3, T});
  three.deal();  // 9 v 2; a hit makes 12
  three.act(Action::hit);
  ASSERT_EQ(three.phase(), TablePhase::player);
  const Advice later = coach.advise(three);
  EXPECT_FALSE(later.initial_hand);
  EXPECT_EQ(later.recommended, Action::hit);  // 12 v 2 hits
  EXPECT_FALSE(std::isnan(later.value(Action::stand)));
  EXPECT_TRUE(std::isnan(later.value(Action::double_down)));
  // Insurance is never the basic strategy, and it has a price.
  TableGame insurance(rules, TableSetup{1000, 10, 1}, {T, A, 9, 5});
  insurance.deal();
  ASSERT_EQ(insurance.phase(), TablePhase::insurance);
  const Advice insure = coach.advise(insurance);
  EXPECT_EQ(insure.recommended, Action::decline);
  EXPECT_GT(insure.cost(Action::insure), 0);
}

}  // namespace
}  // namespace cardsim::blackjack
