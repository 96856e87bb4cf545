// Zha Jin Hua benchmarks: the naive reference and the fast table evaluator on
// sequential input (every hand, in loop order) and random input (a large
// fixed-seed array of hands, so the table's cache behaviour shows), and whole
// simulated deals. Every result feeds a checksum handed to DoNotOptimize.
//
//   ./build/release/bench/bench_zjh
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "cardsim/core/rng.hpp"
#include "cardsim/zjh/evaluator.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"
#include "testutil/zjh_reference.hpp"

namespace {

using namespace cardsim;

// Hands in the random-order input: 4 Mi hands, 12 MiB, far larger than any cache.
constexpr std::size_t RANDOM_HANDS = std::size_t{1} << 22;
constexpr std::uint64_t BENCH_SEED = 2024;

// Uniform random hands of three distinct cards, from the zjh_bench stream.
const std::vector<zjh::Hand>& random_hands() {
  static const std::vector<zjh::Hand> hands = [] {
    std::vector<zjh::Hand> h(RANDOM_HANDS);
    core::Rng rng = core::chunk_rng(BENCH_SEED, core::StreamPurpose::zjh_bench, 0);
    zjh::Deck deck = zjh::fresh_deck();
    for (auto& hand : h) {
      zjh::deal_cards(rng, deck, zjh::HAND_SIZE);
      hand = {deck[0], deck[1], deck[2]};
    }
    return h;
  }();
  return hands;
}

zjh::Rules bench_rules(const benchmark::State& state) {
  return state.range(0) == 0 ? zjh::Rules{} : zjh::preset_rules("suits");
}

void BM_ZjhReferenceSequential(benchmark::State& state) {
  const zjh::Rules rules = bench_rules(state);
  std::uint64_t checksum = 0;
  for (auto _ : state) {
    for (unsigned a = 0; a < zjh::DECK_SIZE; ++a) {
      for (unsigned b = a + 1; b < zjh::DECK_SIZE; ++b) {
        for (unsigned c = b + 1; c < zjh::DECK_SIZE; ++c) {
          const auto v = testutil::zjh_reference_evaluate(rules, static_cast<zjh::Card>(a), static_cast<zjh::Card>(b),
                                                          static_cast<zjh::Card>(c));
          checksum += static_cast<std::uint64_t>(v.category_strength * 4096 + v.ranks[0]);
        }
      }
    }
    benchmark::DoNotOptimize(checksum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * zjh::HAND_COUNT);
}

void BM_ZjhReferenceRandom(benchmark::State& state) {
  const zjh::Rules rules = bench_rules(state);
  const auto& hands = random_hands();
  std::uint64_t checksum = 0;
  for (auto _ : state) {
    for (const auto& h : hands) {
      const auto v = testutil::zjh_reference_evaluate(rules, h[0], h[1], h[2]);
      checksum += static_cast<std::uint64_t>(v.category_strength * 4096 + v.ranks[0]);
    }
    benchmark::DoNotOptimize(checksum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}

void BM_ZjhFastSequential(benchmark::State& state) {
  const zjh::Evaluator evaluator(bench_rules(state));
  std::uint64_t checksum = 0;
  for (auto _ : state) {
    for (unsigned a = 0; a < zjh::DECK_SIZE; ++a) {
      for (unsigned b = a + 1; b < zjh::DECK_SIZE; ++b) {
        for (unsigned c = b + 1; c < zjh::DECK_SIZE; ++c) {
          checksum +=
              evaluator.evaluate(static_cast<zjh::Card>(a), static_cast<zjh::Card>(b), static_cast<zjh::Card>(c));
        }
      }
    }
    benchmark::DoNotOptimize(checksum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * zjh::HAND_COUNT);
}

void BM_ZjhFastRandom(benchmark::State& state) {
  const zjh::Evaluator evaluator(bench_rules(state));
  const auto& hands = random_hands();
  std::uint64_t checksum = 0;
  for (auto _ : state) {
    for (const auto& h : hands) checksum += evaluator.evaluate(h[0], h[1], h[2]);
    benchmark::DoNotOptimize(checksum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * hands.size()));
}

// Lazy Fisher-Yates alone: 3 * players bounded random numbers per deal.
void BM_ZjhDealCards(benchmark::State& state) {
  const auto players = static_cast<unsigned>(state.range(0));
  core::Rng rng = core::chunk_rng(BENCH_SEED, core::StreamPurpose::zjh_bench, 1);
  zjh::Deck deck = zjh::fresh_deck();
  std::uint64_t checksum = 0;
  for (auto _ : state) {
    zjh::deal_cards(rng, deck, players * zjh::HAND_SIZE);
    checksum += deck[0];
    benchmark::DoNotOptimize(checksum);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}

// Whole simulated deals (deal, evaluate every hand, showdown, tally), as
// `zjh sim` plays them on one thread: items = deals.
void BM_ZjhSimDeals(benchmark::State& state) {
  const auto players = static_cast<unsigned>(state.range(0));
  const zjh::Evaluator evaluator(zjh::Rules{});
  constexpr std::uint64_t DEALS = 1 << 20;
  std::uint64_t chunk = 0;
  zjh::SimTally tally;
  for (auto _ : state) {
    zjh::play_chunk(evaluator, players, BENCH_SEED, chunk++, DEALS, tally);
    benchmark::DoNotOptimize(tally.seat_wins[0]);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * DEALS));
}

// Arg 0: standard rules (ties split), 1: suits break ties.
BENCHMARK(BM_ZjhReferenceSequential)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ZjhReferenceRandom)->Arg(0)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ZjhFastSequential)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ZjhFastRandom)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ZjhDealCards)->Arg(2)->Arg(6)->Arg(17);
BENCHMARK(BM_ZjhSimDeals)->Arg(2)->Arg(6)->Arg(17)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
