// Blackjack benchmarks: the draw, hand evaluation (table-driven beside the
// naive reference), rounds beside the dealing limit (their cards alone), and
// whole chunks on 1 and 2 threads.
// Run: build/release/bench/bench_blackjack
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "cardsim/blackjack/dealing_limit.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/paired.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/core/shoe.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "testutil/blackjack_reference.hpp"

namespace {
using namespace cardsim;
using namespace cardsim::blackjack;

// Dealing a whole 6-deck shoe card by card (lazy Fisher-Yates): cards/s.
void BM_DrawSixDeckShoe(benchmark::State& state) {
  core::Shoe shoe(shoe_values(6), 312, 0);
  core::Rng rng = core::chunk_rng(1, core::StreamPurpose::test, 0);
  std::uint64_t sum = 0;
  for (auto _ : state) {
    shoe.shuffle(rng);
    for (int i = 0; i < 312; ++i) sum += shoe.draw(rng);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * 312);
}
BENCHMARK(BM_DrawSixDeckShoe);

// A fixed-seed array of 3-card hands (values 1..10), built before timing.
std::vector<std::array<int, 3>> random_hands(std::size_t n) {
  core::Rng rng = core::chunk_rng(2, core::StreamPurpose::test, 0);
  std::vector<std::array<int, 3>> hands(n);
  for (auto& h : hands) {
    for (int& c : h) c = std::min(static_cast<int>(core::bounded(rng, 13)) + 1, 10);
  }
  return hands;
}

// Table-driven hand state: add_card() three times, then the best total.
void BM_HandEvalTable(benchmark::State& state) {
  const auto hands = random_hands(1 << 16);
  std::uint64_t sum = 0;
  for (auto _ : state) {
    for (const auto& h : hands) {
      HandState s = EMPTY_HAND;
      for (const int c : h) s = add_card(s, c);
      sum += static_cast<std::uint64_t>(best_total(s));
    }
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(BM_HandEvalTable);

// The naive reference: a vector of cards summed with an ace adjustment.
void BM_HandEvalNaive(benchmark::State& state) {
  const auto hands = random_hands(1 << 16);
  std::uint64_t sum = 0;
  for (auto _ : state) {
    for (const auto& h : hands) {
      sum += static_cast<std::uint64_t>(testutil::naive_hand_value({h[0], h[1], h[2]}).total);
    }
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(hands.size()));
}
BENCHMARK(BM_HandEvalNaive);

// Times `engine` playing chunks of 100,000 rounds from seed `seed`: rounds/s.
void time_rounds(benchmark::State& state, const Engine& engine, std::uint64_t seed) {
  core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::blackjack_chunk, 0);
  Tally tally;
  constexpr std::uint64_t ROUNDS = 100'000;
  for (auto _ : state) engine.play_chunk(ROUNDS, rng, tally);
  benchmark::DoNotOptimize(tally);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(ROUNDS));
}

Engine six_deck_engine(int seats) {
  Rules rules;
  rules.seats = seats;
  return make_engine(rules, io::load_strategy("basic", rules, ""));
}

// Rounds of 6-deck S17 DAS basic strategy, one seat, cut card at 75%, one
// thread: rounds/s per core.
void BM_RoundsSixDeck(benchmark::State& state) {
  time_rounds(state, six_deck_engine(static_cast<int>(state.range(0))), 3);
}
BENCHMARK(BM_RoundsSixDeck)->Arg(1)->Arg(7);

// The dealing limit (blackjack/dealing_limit.hpp): what the rounds of
// BM_RoundsSixDeck/1 would cost if a round only dealt its cards, from the same
// shoe with the same generator: rounds/s. The rounds' speed as a share of this
// one is comparable between machines.
void BM_DealingLimit(benchmark::State& state) {
  DealingLimit dealing(3);
  constexpr std::int64_t ROUNDS = 100'000;
  std::uint64_t sum = 0;
  for (auto _ : state) sum += dealing.deal(ROUNDS);
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(state.iterations() * ROUNDS);
}
BENCHMARK(BM_DealingLimit);

// The same rounds with a Hi-Lo counter (exact true counts, floored): arg 0
// counts with a flat bet and no index plays; arg 1 with a 1-12 ramp and the
// Illustrious 18 + Fab 4 (late surrender offered, so all 22 lines are live).
// Compare with BM_RoundsSixDeck/1 (late surrender for arg 1 there too:
// BM_RoundsSixDeckSurrender) for the cost of counting per round.
void BM_RoundsSixDeckCounting(benchmark::State& state) {
  const bool indices = state.range(0) == 1;
  nlohmann::json j = {{"count", "hi-lo"}};
  if (indices) {
    j["surrender"] = "late";
    j["bet_ramp"] = "1:1,2:2,3:4,4:8,5:12";
    j["indices"] = "illustrious18-fab4-s17";
  }
  const io::SimConfig config = io::sim_config_from_json(j);
  const Engine engine = make_engine(config.rules, io::load_strategy("basic", config.rules, ""),
                                    {.counting = io::load_counting(config, "")});
  time_rounds(state, engine, 3);
}
BENCHMARK(BM_RoundsSixDeckCounting)->Arg(0)->Arg(1);

// Late surrender, no counting: the baseline of BM_RoundsSixDeckCounting/1.
void BM_RoundsSixDeckSurrender(benchmark::State& state) {
  Rules rules;
  rules.surrender = Surrender::late;
  time_rounds(state, make_engine(rules, io::load_strategy("basic", rules, "")), 3);
}
BENCHMARK(BM_RoundsSixDeckSurrender);

// The rounds of BM_RoundsSixDeck/1 with side bets on (a shoe of suited
// cards, each seat's bets classified and settled every round): arg 0 21+3
// and Perfect Pairs 25/12/6 (suits; the game dealt is the same card for
// card), arg 1 Buster Blackjack (the dealer plays out every round). Compare
// with BM_RoundsSixDeck/1, which carries no suits.
void BM_RoundsSixDeckSideBets(benchmark::State& state) {
  const Rules rules;
  const std::vector<std::string> names = state.range(0) == 0
                                             ? std::vector<std::string>{"21-plus-3", "perfect-pairs-25-12-6"}
                                             : std::vector<std::string>{"buster-blackjack"};
  EngineSetup setup;  // (not a designated initializer: GCC 12 warns of the counting's ramp, wrongly)
  setup.side_bets = io::bets_of(io::load_side_bets(names));
  time_rounds(state, make_engine(rules, io::load_strategy("basic", rules, ""), std::move(setup)), 3);
}
BENCHMARK(BM_RoundsSixDeckSideBets)->Arg(0)->Arg(1);

// Infinite deck (the exact-analysis reference game), one seat.
void BM_RoundsInfiniteDeck(benchmark::State& state) {
  Rules rules;
  rules.decks = INFINITE_DECKS;
  time_rounds(state, make_engine(rules, io::load_strategy("basic", rules, "")), 4);
}
BENCHMARK(BM_RoundsInfiniteDeck);

// The control variate's speed of precision: arg 0 the standard game (6 decks
// S17 DAS, cut card at 75%), 1 one deck (cut card at 75%), 2 eight decks H17
// late surrender, 3 the standard game with a Hi-Lo counter (a 1-12 ramp, the
// Illustrious 18 and Fab 4: the factor is the counter's win's); arg 1 on (1)
// or off (0). Counters: the variance reduction factor measured over the
// rounds played, and the effective rounds/s (rounds/s x factor: the plain
// rounds/s that would give the same standard error).
io::SimConfig controlled_game(std::int64_t game) {
  nlohmann::json j = nlohmann::json::object();
  if (game == 1) j["decks"] = 1;
  if (game == 2) j["decks"] = 8, j["h17"] = true, j["surrender"] = "late";
  if (game == 3) {
    j["count"] = "hi-lo";
    j["bet_ramp"] = "1:1,2:2,3:4,4:8,5:12";
    j["indices"] = "illustrious18-fab4-s17";
  }
  return io::sim_config_from_json(j);
}
void BM_ControlVariate(benchmark::State& state) {
  const io::SimConfig config = controlled_game(state.range(0));
  const Rules& rules = config.rules;
  const bool on = state.range(1) == 1;
  const Engine engine =
      make_engine(rules, io::load_strategy("basic", rules, ""), {.counting = io::load_counting(config, "")},
                  on ? ControlVariate::exact : ControlVariate::none);
  core::Rng rng = core::chunk_rng(6, core::StreamPurpose::blackjack_chunk, 0);
  Tally tally;
  constexpr std::uint64_t ROUNDS = 100'000;
  for (auto _ : state) engine.play_chunk(ROUNDS, rng, tally);
  double factor = on ? variance_reduction(tally).factor : 1.0;
  if (on && config.counting.enabled()) {
    const auto win = counting_statistics(tally, rules, CountingSettings{}).win_reduction;
    factor = win ? win->factor : 0.0;
  }
  state.counters["factor"] = factor;
  state.counters["effective_rounds_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * ROUNDS * factor, benchmark::Counter::kIsRate);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(ROUNDS));
}
BENCHMARK(BM_ControlVariate)->ArgsProduct({{0, 1, 2, 3}, {0, 1}});

// The same for `compare` of 6 decks S17 DAS against H17 DAS (cut card at
// 75%), paired on the same cards: 100 chunks of 20,000 rounds per variant, one
// thread; arg 0 plain, 1 controlled. Items: rounds per variant. "factor" is
// the paired difference's plain variance over its controlled one on the same
// rounds (both from the per-chunk differences, as compare reports them), and
// effective_rounds_per_s the rounds/s x factor. The variant's buckets follow
// the baseline's coordinate, as compare builds them (app::make_engine).
void BM_ControlVariateCompare(benchmark::State& state) {
  const bool on = state.range(0) == 1;
  const ControlVariate control = on ? ControlVariate::exact : ControlVariate::none;
  Rules s17;
  Rules h17;
  h17.h17 = true;
  const Engine baseline = make_engine(s17, io::load_strategy("basic", s17, ""), {}, control);
  const StrategyChart h17_chart = io::load_strategy("basic", h17, "");
  std::shared_ptr<const ControlValues> values;
  if (on) {
    values = std::make_shared<const ControlValues>(h17, ResolvedStrategy(h17, h17_chart),
                                                   baseline.control_values()->coordinate());
  }
  const Engine variant = make_engine(h17, h17_chart, {.control = values});
  constexpr std::uint64_t CHUNKS = 100;
  constexpr std::uint64_t CHUNK_ROUNDS = 20'000;
  const run::ChunkPlan plan{CHUNKS * CHUNK_ROUNDS, CHUNK_ROUNDS};
  std::vector<std::uint64_t> chunks(CHUNKS);
  for (std::uint64_t c = 0; c < CHUNKS; ++c) chunks[c] = c;
  run::RunControl run_control;
  PairedRun run;
  std::uint64_t seed = 5;
  for (auto _ : state) run = play_paired({&baseline, &variant}, seed++, plan, chunks, 1, run_control);
  double factor = 1.0;
  if (on) {
    const double se = paired_difference(run, 1, 0, 0, 0).se;
    const double se_plain = paired_plain_difference(run, 1, 0, 0, 0).se;
    factor = se > 0 ? (se_plain * se_plain) / (se * se) : 0.0;
  }
  const double rounds = static_cast<double>(state.iterations()) * static_cast<double>(CHUNKS * CHUNK_ROUNDS);
  state.counters["factor"] = factor;
  state.counters["effective_rounds_per_s"] = benchmark::Counter(rounds * factor, benchmark::Counter::kIsRate);
  state.SetItemsProcessed(static_cast<std::int64_t>(rounds));
}
BENCHMARK(BM_ControlVariateCompare)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// A whole run of 8 chunks of 1M rounds through blackjack::simulate on N threads:
// rounds/s of the machine (wall clock), for the 1 -> 2 thread scaling.
void BM_RunChunks(benchmark::State& state) {
  const Engine engine = six_deck_engine(1);
  constexpr std::uint64_t ROUNDS = 8'000'000;
  const auto threads = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    const Tally tally = simulate(engine, 5, ROUNDS, 1'000'000, threads);
    benchmark::DoNotOptimize(tally.table_net);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(ROUNDS));
}
BENCHMARK(BM_RunChunks)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
