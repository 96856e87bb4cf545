// Combinatorial analyzer benchmarks: the dealer table, one dealer distribution,
// and whole analyses (the optimal basic strategy plus its exact EV, splits to 4
// hands valued exactly) for 1, 6 and 8 decks and an infinite deck, and the
// composition-dependent optimum under each post-split rule. Each iteration builds a fresh Analyzer, so
// no cache survives between iterations: this is the cost a user waits for.
//
//   ./build/release/bench/bench_analysis
#include <benchmark/benchmark.h>

#include "cardsim/blackjack/analysis.hpp"

namespace {

using namespace cardsim::blackjack;

Rules rules_for(int decks) {
  Rules rules;
  rules.decks = decks;
  rules.surrender = Surrender::late;
  return rules;
}

// One dealer distribution (up card 2, the slowest) for a 6-deck shoe with a
// few cards out: the inner loop of every analysis.
void BM_DealerDistribution(benchmark::State& state) {
  const DealerModel model(false);
  const ShoeComposition shoe = ShoeComposition::standard(6);
  CardCounts removed{};
  removed[2] = 1;
  removed[10] = 1;
  removed[6] = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(removed);
    benchmark::DoNotOptimize(model.probabilities(shoe, removed, 2));
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["multisets"] = static_cast<double>(model.multisets(2));
}
BENCHMARK(BM_DealerDistribution);

void BM_DealerTable(benchmark::State& state) {
  const Rules rules = rules_for(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(dealer_table(rules));
}
BENCHMARK(BM_DealerTable)->Arg(1)->Arg(6)->Unit(benchmark::kMillisecond);

// The whole analysis: optimal total-dependent chart and its exact EV.
void BM_WholeAnalysis(benchmark::State& state) {
  const Rules rules = rules_for(static_cast<int>(state.range(0)));
  std::size_t distributions = 0;
  for (auto _ : state) {
    Analyzer analyzer(rules);
    const StrategyChart chart = analyzer.optimal_chart();
    benchmark::DoNotOptimize(analyzer.evaluate(chart).ev);
    distributions = analyzer.dealer_evaluations();
  }
  state.counters["dealer_distributions"] = static_cast<double>(distributions);
}
BENCHMARK(BM_WholeAnalysis)->Arg(0)->Arg(1)->Arg(6)->Arg(8)->Unit(benchmark::kMillisecond);

// Evaluating a given chart only (what `sim` needs for its exact edge).
void BM_EvaluateChart(benchmark::State& state) {
  const Rules rules = rules_for(6);
  const StrategyChart chart = optimal_basic_strategy(rules);
  for (auto _ : state) {
    Analyzer analyzer(rules);
    benchmark::DoNotOptimize(analyzer.evaluate(chart).ev);
  }
}
BENCHMARK(BM_EvaluateChart)->Unit(benchmark::kMillisecond);

// The composition-dependent optimum after the basic strategy: 6 decks, split
// to 4 hands (exact), split hands by each post-split rule (0 cdz, 1 cdp1, 2 cdp).
void BM_CompositionDependent(benchmark::State& state) {
  const Rules rules = rules_for(6);
  const auto post_split = static_cast<PostSplit>(state.range(0));
  for (auto _ : state) {
    Analyzer analyzer(rules);
    const StrategyChart chart = analyzer.optimal_chart();
    benchmark::DoNotOptimize(analyzer.composition_dependent(chart, post_split).ev);
  }
  state.SetLabel(post_split_name(post_split));
}
BENCHMARK(BM_CompositionDependent)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
