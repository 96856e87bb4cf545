// Side bets in the simulator (Engine with side bets, Tally::side_bets, the
// result's side_bets): the suited shoe deals the same game as the plain one;
// with a fresh shoe each round every simulated return is within 3 standard
// errors of the exact PAR sheet, Buster Blackjack included (settled on the
// dealer's real played-out hand); the counting run splits each bet by the
// true count; the tally's JSON round-trips; bad side bets are refused.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/paired.hpp"
#include "cardsim/blackjack/side_bet.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"

namespace cardsim::blackjack {
namespace {
using nlohmann::json;

std::vector<SideBet> bets(const std::vector<std::string>& names) { return io::bets_of(io::load_side_bets(names)); }

Tally play(const Engine& engine, std::uint64_t rounds, std::uint64_t seed) {
  return simulate(engine, seed, rounds, 100'000, 2);
}

// The tally without its side bets.
Tally main_game(Tally t) {
  t.side_bets = {};
  return t;
}

TEST(SideBetSimulation, SuitedShoeDealsTheSameGame) {
  // Cut card, three seats, counting with index plays, late surrender: every
  // path of the rounds; bets that need suits and none on the dealer's hand,
  // so the game is the same card for card.
  io::SimConfig config = io::sim_config_from_json(
      {{"seats", 3}, {"count", "hi-lo"}, {"indices", "illustrious18-fab4-s17"}, {"surrender", "late"}});
  const StrategyChart chart = io::load_strategy("basic", config.rules, "");
  const Counting counting = io::load_counting(config, "");
  const Engine plain = make_engine(config.rules, chart, {.counting = counting});
  const Engine suited =
      make_engine(config.rules, chart,
                  {.counting = counting, .side_bets = bets({"21-plus-3", "perfect-pairs-25-12-6", "lucky-ladies"})});
  const Tally a = play(plain, 300'000, 11);
  const Tally b = play(suited, 300'000, 11);
  EXPECT_EQ(a, main_game(b));
  EXPECT_EQ(b.side_bets[0].bets, 3 * 300'000);
  EXPECT_EQ(b.side_bets[2].bets, 3 * 300'000);
  EXPECT_EQ(b.side_bets[3], SideBetTally{});
  // No hole card, one seat: the hole card comes after the players' draws.
  Rules enhc;
  enhc.hole_card = HoleCard::enhc;
  enhc.decks = 2;
  const StrategyChart enhc_chart = io::load_strategy("basic", enhc, "");
  EXPECT_EQ(play(make_engine(enhc, enhc_chart), 200'000, 12),
            main_game(play(make_engine(enhc, enhc_chart, {.side_bets = bets({"lucky-ladies"})}), 200'000, 12)));
}

TEST(SideBetSimulation, BusterMakesTheDealerPlayOutWithRealCards) {
  Rules rules;
  const StrategyChart chart = io::load_strategy("basic", rules, "");
  const Tally plain = play(make_engine(rules, chart), 100'000, 13);
  const Tally buster = play(make_engine(rules, chart, {.side_bets = bets({"buster-blackjack"})}), 100'000, 13);
  // The dealer's extra cards change the cards dealt after the first round
  // that needed no dealer.
  EXPECT_NE(plain, main_game(buster));
  EXPECT_EQ(plain.rounds, buster.rounds);
}

// Runs `names` on `config` (a fresh shoe each round) and checks each bet's
// return against its exact PAR sheet within TOLERANCE_SE standard errors,
// and, with one seat, each outcome's share of bets against its exact
// probability within OUTCOME_TOLERANCE_SE binomial standard errors.
//
// With a fresh shoe the cards a bet looks at come at times fixed by the cards
// before them (the deal; the hole card of a no-hole-card game and the
// dealer's hits after the players' draws), so they are distributed as the
// first cards of a full shoe (Kallenberg's predictable sampling, as in
// dealer_test.cpp): the PAR sheet is the exact expectation. The seats of a
// round share the up card and the dealer's hand, so the return's SE comes
// from the table's net per round. 3 SE per return (about 14 returns over the
// tests: a correct engine fails one by chance with probability about 4%) and
// 4 SE per outcome share (about 15 of them); the seeds are fixed, so the
// outcome is too.
constexpr double TOLERANCE_SE = 3.0;
constexpr double OUTCOME_TOLERANCE_SE = 4.0;

void expect_exact(const json& config_json, const std::vector<std::string>& names, std::uint64_t rounds,
                  std::uint64_t seed) {
  json j = config_json;
  j["reshuffle"] = "every-round";
  j["side_bets"] = names;
  const io::SimConfig config = io::sim_config_from_json(j);
  const std::vector<io::SideBetFile> files = io::load_side_bets(names);
  const Engine engine =
      make_engine(config.rules, io::load_strategy("basic", config.rules, ""), {.side_bets = io::bets_of(files)});
  const Tally tally = play(engine, rounds, seed);
  for (std::size_t i = 0; i < files.size(); ++i) {
    const SideBet& bet = files[i].bet;
    const ParSheet exact = par_sheet(bet, config.rules.decks, config.rules.h17);
    const SideBetStatistics s = side_bet_statistics(tally, i, bet, exact, config.rules);
    ASSERT_TRUE(s.exact.comparable);
    ASSERT_TRUE(s.exact.difference_in_se.has_value());
    EXPECT_LT(std::abs(*s.exact.difference_in_se), TOLERANCE_SE)
        << bet.name << ": simulated " << s.player_return.mean << " +/- " << s.player_return.se << ", exact "
        << exact.expected_return();
    if (config.rules.seats != 1) continue;
    for (std::size_t o = 0; o < bet.outcomes.size(); ++o) {
      const double p = exact.probability(static_cast<int>(o));
      const double share = static_cast<double>(s.wins[o]) / static_cast<double>(s.bets);
      const double se = std::sqrt(p * (1 - p) / static_cast<double>(s.bets));
      EXPECT_LE(std::abs(share - p), OUTCOME_TOLERANCE_SE * se) << bet.name << ", " << bet.outcomes[o].name;
    }
  }
}

TEST(SideBetSimulation, FreshShoeReturnsMatchTheParSheetsSixDecksOneSeat) {
  // 21+3 and Perfect Pairs need suits; Buster settles on the dealer's
  // played-out hand (a seat that busts leaves the dealer nothing to play for).
  expect_exact({{"decks", 6}}, {"21-plus-3", "perfect-pairs-25-12-6", "buster-blackjack", "lucky-ladies"}, 2'000'000,
               21);
}

TEST(SideBetSimulation, FreshShoeReturnsMatchTheParSheetsTwoDecksEnhcH17FiveSeats) {
  expect_exact({{"decks", 2}, {"h17", true}, {"hole_card", "enhc"}, {"seats", 5}},
               {"21-plus-3-xtreme", "match-the-dealer-4-12", "buster-blackjack", "lucky-ladies"}, 1'000'000, 22);
}

TEST(SideBetSimulation, FreshShoeReturnsMatchTheParSheetsOneDeckH17) {
  expect_exact({{"decks", 1}, {"h17", true}, {"penetration", 0.5}},
               {"buster-blackjack", "under-13", "perfect-pairs-30-10-5"}, 1'000'000, 23);
}

TEST(SideBetSimulation, ByTrueCountAddsUpToTheWhole) {
  const io::SimConfig config = io::sim_config_from_json({{"count", "hi-lo"}, {"seats", 2}});
  const Engine engine =
      make_engine(config.rules, io::load_strategy("basic", config.rules, ""),
                  {.counting = io::load_counting(config, ""), .side_bets = bets({"lucky-ladies", "21-plus-3"})});
  const Tally tally = play(engine, 300'000, 31);
  for (std::size_t i = 0; i < 2; ++i) {
    const SideBetTally& t = tally.side_bets[i];
    std::int64_t net = 0, squares_at_least = 0, bets_by_count = 0;
    for (std::size_t b = 0; b < t.by_true_count.size(); ++b) {
      net += t.by_true_count[b].net;
      squares_at_least += t.by_true_count[b].net_squared;
      bets_by_count += tally.counting.by_true_count[b].rounds * 2;
    }
    EXPECT_EQ(net, t.net);
    EXPECT_EQ(squares_at_least, t.net_squared);
    EXPECT_EQ(bets_by_count, t.bets);
  }
}

TEST(SideBetSimulation, TallyJsonRoundTripsAndPlainTallyHasNoSideBets) {
  Rules rules;
  rules.seats = 2;
  const StrategyChart chart = io::load_strategy("basic", rules, "");
  const Tally plain = play(make_engine(rules, chart), 50'000, 41);
  EXPECT_FALSE(io::tally_to_json(plain).contains("side_bets"));
  const Tally with =
      play(make_engine(rules, chart, {.side_bets = bets({"21-plus-3", "buster-blackjack"})}), 50'000, 41);
  const json j = io::tally_to_json(with);
  ASSERT_TRUE(j.contains("side_bets"));
  EXPECT_EQ(j.at("side_bets").size(), 2u);
  EXPECT_EQ(io::tally_from_json(j), with);
  EXPECT_EQ(io::tally_from_json(json::parse(j.dump())), with);
}

TEST(SideBetSimulation, ResultJsonHasEachBetBesideItsExactValue) {
  io::SimConfig config = io::sim_config_from_json({{"side_bets", {"21-plus-3"}}, {"reshuffle", "every-round"}});
  const Engine engine = make_engine(config.rules, io::load_strategy("basic", config.rules, ""),
                                    {.side_bets = io::bets_of(io::load_side_bets(config.side_bets))});
  io::RunInfo run;  // the side bets as loaded with the run: the result reads no file again
  run.side_bets = io::played_side_bets(config, io::load_side_bets(config.side_bets));
  const json r = io::sim_result_json(config, run, play(engine, 100'000, 51));
  ASSERT_EQ(r.at("side_bets").size(), 1u);
  const json& bet = r.at("side_bets")[0];
  EXPECT_EQ(bet.at("side_bet"), "21-plus-3");
  EXPECT_EQ(bet.at("bets"), 100'000);
  EXPECT_EQ(bet.at("outcomes").size(), 4u);
  EXPECT_TRUE(bet.at("exact").at("comparable").get<bool>());
  const double exact = bet.at("exact").at("return").get<double>();
  EXPECT_NEAR(exact, par_sheet(io::load_side_bet("21-plus-3").bet, 6, false).expected_return(), 1e-15);
  EXPECT_EQ(r.at("config").at("side_bets"), json({"21-plus-3"}));
  // Without side bets the config and the result carry none.
  const json plain = io::sim_result_json(io::SimConfig{}, io::RunInfo{}, Tally{});
  EXPECT_FALSE(plain.contains("side_bets"));
  EXPECT_FALSE(plain.at("config").contains("side_bets"));
}

TEST(SideBetSimulation, BadSideBetsAreRefused) {
  const Rules rules;
  const StrategyChart chart = io::load_strategy("basic", rules, "");
  EXPECT_THROW(io::load_side_bets({"no-such-bet"}), Error);
  EXPECT_THROW(
      make_engine(rules, chart, {.side_bets = bets({"21-plus-3", "21-plus-3", "21-plus-3", "21-plus-3", "under-13"})}),
      Error);
  Rules infinite;
  infinite.decks = INFINITE_DECKS;
  EXPECT_THROW(make_engine(infinite, io::load_strategy("basic", infinite, ""), {.side_bets = bets({"21-plus-3"})}),
               Error);
  Rules spanish;
  spanish.remove_tens_per_deck = 4;
  EXPECT_THROW(make_engine(spanish, io::load_strategy("basic", spanish, ""), {.side_bets = bets({"21-plus-3"})}),
               Error);
  EXPECT_THROW(io::sim_config_from_json({{"side_bets", {"21-plus-3"}}, {"remove_tens_per_deck", 4}}), Error);
  EXPECT_THROW(io::sim_config_from_json({{"side_bets", {"a", "b", "c", "d", "e"}}}), io::BadConfigValue);
  EXPECT_THROW(io::sim_config_from_json({{"side_bets", 3}}), io::BadConfigValue);
  EXPECT_THROW(io::sim_config_from_json({{"side_bets", {"21-plus-3"}}, {"decks", "infinite"}}), Error);
  EXPECT_EQ(io::sim_config_from_json({{"side_bets", "21-plus-3"}}).side_bets, std::vector<std::string>{"21-plus-3"});
  EXPECT_TRUE(io::sim_config_from_json({{"side_bets", "none"}}).side_bets.empty());
}

// Two pay tables of one bet on common random numbers (compare and sweep
// with --vary side_bets=...): the same cards, so each line's wins are the
// same and the paired difference is far tighter than two independent runs';
// with a fresh shoe it is within 3 paired SE of the PAR sheets' difference.
TEST(SideBetSimulation, PayTablesComparePairedOnTheSameCards) {
  Rules rules;
  rules.reshuffle = Reshuffle::every_round;
  rules.seats = 2;
  const StrategyChart chart = io::load_strategy("basic", rules, "");
  const std::vector<std::string> tables{"perfect-pairs-25-12-6", "perfect-pairs-30-10-5"};
  const Engine a = make_engine(rules, chart, {.side_bets = bets({tables[0]})});
  const Engine b = make_engine(rules, chart, {.side_bets = bets({tables[1]})});
  run::RunControl control;
  const CompareResult compared =
      compare({&a, &b}, {61, run::ChunkPlan{1'000'000, 50'000}, std::nullopt, 0}, 2, control);
  const PairedRun& run = compared.run;
  EXPECT_EQ(run.tallies[0].side_bets[0].wins, run.tallies[1].side_bets[0].wins);
  const double units = 2.0;  // whole pays: one pay unit a bet, two seats
  const auto se = [&](std::size_t v) {
    return core::mean_estimate(run.tallies[v].side_bets[0].net, run.tallies[v].side_bets[0].net_squared,
                               run.tallies[v].rounds, units)
        .se;
  };
  const PairedDifference d = paired_side_bet_difference(run, 0, 1, 0, units, units, se(1), se(0));
  const double exact =
      par_sheet(a.side_bets()[0], 6, false).house_edge() - par_sheet(b.side_bets()[0], 6, false).house_edge();
  EXPECT_LT(std::abs(d.mean - exact), TOLERANCE_SE * d.se) << d.mean << " +/- " << d.se << " vs " << exact;
  EXPECT_GT(d.variance_reduction, 1.0);
}

// The table the rounds classify with answers as classify() for every deal
// of every shipped bet (every pair of cards, up card and hole card; every
// dealer hand size, bust or not).
TEST(SideBetSimulation, TableClassifiesEveryDealAsClassify) {
  for (const std::string& name : io::shipped_side_bets()) {
    const SideBet bet = io::load_side_bet(name).bet;
    const SideBetTable table(bet);
    SideBetDeal deal;
    if (bet.cards == SideBetCards::dealer_final) {
      for (int cards = 2; cards <= 40; ++cards) {
        for (const bool bust : {false, true}) {
          deal.dealer_cards = cards;
          deal.dealer_bust = bust;
          ASSERT_EQ(table.classify(deal), classify(bet, deal)) << name << " " << cards << " " << bust;
        }
      }
      continue;
    }
    int differences = 0;
    for (int a = 0; a < SUITED_CARDS; ++a) {
      for (int b = 0; b < SUITED_CARDS; ++b) {
        for (int up = 0; up < SUITED_CARDS; ++up) {
          for (int hole = 0; hole < SUITED_CARDS; hole += bet.cards == SideBetCards::first_two_dealer_two ? 1 : 13) {
            deal.player = {static_cast<SuitedCard>(a), static_cast<SuitedCard>(b)};
            deal.upcard = static_cast<SuitedCard>(up);
            deal.hole = static_cast<SuitedCard>(hole);
            differences += table.classify(deal) != classify(bet, deal);
          }
        }
      }
    }
    EXPECT_EQ(differences, 0) << name;
  }
}

TEST(SideBetSimulation, SuitedShoeHoldsTheValuesOfThePlainShoe) {
  for (int decks = 1; decks <= MAX_DECKS; ++decks) {
    const std::vector<SuitedCard> suited = shoe_suited_cards(decks);
    const std::vector<std::uint8_t> values = shoe_values(decks);
    ASSERT_EQ(suited.size(), values.size());
    for (std::size_t i = 0; i < suited.size(); ++i) ASSERT_EQ(value_of(suited[i]), values[i]) << i;
  }
}

}  // namespace
}  // namespace cardsim::blackjack
