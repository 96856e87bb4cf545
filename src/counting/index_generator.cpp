// The index run (generate_indices): shoes dealt chunk by chunk as in a run,
// each line valued exactly on sampled shoe states, the differences summed by
// the true count the counter sees, merged in chunk order and handed to the fit.
#include "cardsim/blackjack/index_generator.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"
#include "index_generator_impl.hpp"

namespace cardsim::blackjack {
using namespace index_generation;  // the generator's inside (index_generator_impl.hpp)
namespace {

// Fewer chunks give no standard error (as the counting result's batch means).
constexpr std::uint64_t MIN_CHUNKS_FOR_SE = 10;
// States this far beyond the fitted range are not valued (their hands could
// still fall in it: the deal moves the count).
constexpr int TRUE_COUNT_MARGIN = 3;
// Where a chunk's sampling stream starts (see ChunkValuer::play), and the
// resolution of its uniform numbers.
constexpr unsigned SAMPLER_OFFSET_LOG2 = 39;
constexpr std::uint32_t SAMPLER_STEPS = 1U << 30;

// The probability of dealing the seat `first` and `second` (either order)
// and the dealer `upcard` from `shoe` (the deal's order: seat card, up card,
// seat card).
double deal_probability(const CardCounts& shoe, int total, int first, int second, int upcard) {
  auto ordered = [&](int x, int y) {
    const double px = static_cast<double>(shoe[at(x)]) / total;
    const double pu = static_cast<double>(shoe[at(upcard)] - (upcard == x)) / (total - 1);
    const double py = static_cast<double>(shoe[at(y)] - (y == x) - (y == upcard)) / (total - 2);
    return px * std::max(0.0, pu) * std::max(0.0, py);
  };
  return first == second ? ordered(first, second) : ordered(first, second) + ordered(second, first);
}

// A line's sums over one chunk, by true count bucket.
struct BucketSums {
  std::uint64_t hands = 0;
  double weight = 0;      // sum of w
  double difference = 0;  // sum of w d
  double true_count = 0;  // sum of w x
};
using LineSums = std::vector<BucketSums>;  // [bucket]

// Everything one chunk produced.
struct ChunkResult {
  std::vector<LineSums> lines;
  std::uint64_t rounds = 0;
  std::uint64_t shoes = 0;
  std::array<std::uint64_t, TRUE_COUNT_BUCKETS> states{};  // round starts by true count
};

// Deals the shoes of one chunk (whole shoes until at least `quota` round
// starts, each from its own point of the chunk's stream as in a run) and
// calls visit(shoe, running count) at every round start.
template <class Visit>
void deal_chunk(const Engine& engine, const Counting& counting, std::uint64_t quota, const core::Rng& chunk_rng,
                ChunkResult& result, Visit visit) {
  core::Shoe shoe = engine.make_shoe();
  const bool every_round = engine.rules().reshuffle == Reshuffle::every_round;
  core::Rng rng = chunk_rng;
  core::Rng next_shoe = chunk_rng;
  const core::Rng::Jump stride = chunk_rng.jump_of(std::uint64_t{1} << core::SHOE_STRIDE_LOG2);
  Tally tally;
  while (result.rounds < quota) {
    rng = next_shoe;
    next_shoe.jump(stride);
    shoe.shuffle(rng);
    ++result.shoes;
    int running = counting.system.initial_running_count;
    do {
      const int tc = engine.true_count_of(running, static_cast<int>(shoe.remaining()));
      ++result.states[at(tc + TRUE_COUNT_LIMIT)];
      visit(shoe, running, tc);
      ++result.rounds;
      engine.play_shoe_round(shoe, rng, tally, running);
    } while (!every_round && !shoe.cut_card_out());
  }
}

// Values the lines on the shoe states of one chunk: each state at true count
// t is valued for each line with probability rate[t] (drawn apart for every
// line), and its hands weighted by 1 / rate[t] (Horvitz-Thompson: every
// bucket's sums stay unbiased whatever the rates).
class ChunkValuer {
 public:
  ChunkValuer(const Engine& engine, const StrategyChart& chart, const Counting& counting,
              const std::vector<Comparison>& comparisons, const std::array<double, TRUE_COUNT_BUCKETS>& rate)
      : engine_(engine), counting_(counting), comparisons_(comparisons), rate_(rate), analyzer_(engine.rules()) {
    analyzer_.use_chart(chart);
    full_ = ShoeComposition::of(engine.rules()).counts;
  }

  ChunkResult play(std::uint64_t quota, const core::Rng& chunk_rng) {
    ChunkResult result;
    result.lines.assign(comparisons_.size(), LineSums(TRUE_COUNT_BUCKETS));
    // The draws that choose which states to value and which hand of three or
    // more cards come from far ahead in the chunk's stream (2^39 draws on;
    // its shoes use 2^16 each, and a chunk of index generation deals a few
    // thousand shoes at most).
    sampler_ = chunk_rng;
    sampler_.advance(std::uint64_t{1} << SAMPLER_OFFSET_LOG2);
    deal_chunk(engine_, counting_, quota, chunk_rng, result,
               [&](const core::Shoe& shoe, int running, int tc) { value_state(shoe, running, tc, result); });
    return result;
  }

 private:
  double uniform() { return (static_cast<double>(core::bounded(sampler_, SAMPLER_STEPS)) + HALF) / SAMPLER_STEPS; }

  // Values the lines chosen for this state (true count `state_tc` before the
  // deal) on the shoe as it is before the next round.
  void value_state(const core::Shoe& shoe, int running, int state_tc, ChunkResult& result) {
    const double rate = rate_[at(state_tc + TRUE_COUNT_LIMIT)];
    if (rate <= 0) return;
    const int total = static_cast<int>(shoe.remaining());
    bool have_remaining = false;
    bool analyzer_ready = false;
    CardCounts remaining{};
    const Rules& rules = engine_.rules();
    const int after_deal = total - 3 - (rules.hole_card == HoleCard::peek ? 1 : 0);
    const auto& tags = counting_.system.tags;
    for (std::size_t l = 0; l < comparisons_.size(); ++l) {
      const Comparison& c = comparisons_[l];
      if (c.hands.empty() || uniform() >= rate || total < 4) continue;  // total < 4: no deal and hole card
      if (!have_remaining) {
        remaining = full_;
        const std::uint8_t* dealt = shoe.dealt_cards();
        for (std::uint32_t i = 0; i < shoe.dealt(); ++i) --remaining[dealt[i]];
        have_remaining = true;
      }
      if (!c.insurance && !analyzer_ready) {
        analyzer_.deal_from(remaining);
        analyzer_ready = true;
      }
      for (const Comparison::Hand& h : c.hands) {
        const double w = deal_probability(remaining, total, h.first, h.second, c.upcard) / rate;
        if (w <= 0) continue;
        double d = 0;
        if (c.insurance) {
          // P(ten in the hole) with the hand and the ace out: insurance wins
          // a bet, loses half a bet.
          const int tens = remaining[at(TEN)] - (h.first == TEN) - (h.second == TEN);
          const double p = static_cast<double>(tens) / (total - 3);
          d = p * INSURANCE_WIN - (1 - p) * HALF;
          if (h.high == Play::no_insurance) d = -d;
          if (h.high == h.low) d = 0;
        } else if (h.high != h.low) {
          const InitialHandValues v = analyzer_.initial_hand(h.first, h.second, c.upcard);
          d = round_value(rules, v, h.high) - round_value(rules, v, h.low);
        }
        const int seen = running + tags[at(h.first)] + tags[at(h.second)] + tags[at(c.upcard)];
        add(result.lines[l], seen, after_deal, w, d);
      }
      if (c.more_cards) value_more_cards(c, remaining, total, running, rate, result.lines[l]);
    }
  }

  // One hand of three or more cards of the line's total, drawn with
  // probability proportional to its reach (the chart hitting to it), valued
  // with weight P(up card) x (their summed reach): an unbiased sample of the
  // sum over all of them, which would cost a dealer distribution or more each.
  void value_more_cards(const Comparison& c, const CardCounts& remaining, int total, int running, double rate,
                        LineSums& sums) {
    const std::vector<ReachedHand> hands = analyzer_.reached_hands(c.upcard, c.soft, c.total);
    double reach = 0;
    for (const ReachedHand& h : hands) reach += h.probability;
    if (reach <= 0) return;
    const double target = uniform() * reach;
    std::size_t pick = 0;
    for (double sum = hands[0].probability; sum < target && pick + 1 < hands.size(); sum += hands[pick].probability)
      ++pick;
    const ReachedHand& h = hands[pick];
    const InitialHandValues v = analyzer_.more_card_hand(h.cards, c.upcard);
    const Rules& rules = engine_.rules();
    const double d = round_value(rules, v, c.more_high) - round_value(rules, v, c.more_low);
    int seen = running + counting_.system.tags[at(c.upcard)];
    for (int value = 1; value <= CARD_VALUES; ++value) seen += h.cards[at(value)] * counting_.system.tags[at(value)];
    const int after = total - h.card_count - 1 - (rules.hole_card == HoleCard::peek ? 1 : 0);
    const double w = static_cast<double>(remaining[at(c.upcard)]) / total * reach / rate;
    add(sums, seen, after, w, d);
  }

  // Files a hand valued at `d` with weight `w` under the true count the
  // counter sees (`seen` running count, `after` cards left).
  void add(LineSums& sums, int seen, int after, double w, double d) const {
    const int tc = engine_.true_count_of(seen, after);
    const double x = true_count_fraction(seen, after, counting_.system.scale, counting_.deck_estimate).value();
    BucketSums& b = sums[at(tc + TRUE_COUNT_LIMIT)];
    ++b.hands;
    b.weight += w;
    b.difference += w * d;
    b.true_count += w * x;
  }

  const Engine& engine_;
  const Counting& counting_;
  const std::vector<Comparison>& comparisons_;
  const std::array<double, TRUE_COUNT_BUCKETS>& rate_;
  Analyzer analyzer_;
  core::Rng sampler_;
  CardCounts full_{};
};

// The sums of a line over all chunks, with the squares and products of the
// chunks' sums for the batch-means standard error.
struct BucketTotals {
  BucketSums sums;
  double weight_squared = 0;
  double weight_by_difference = 0;
  double difference_squared = 0;
};

}  // namespace

IndexRun generate_indices(const Rules& rules, const StrategyChart& chart, const Counting& counting,
                          const std::vector<IndexPlay>& lines, const IndexRunPlan& plan, run::RunControl& control) {
  if (!counting.enabled) throw Error("index generation needs a count (count: none)");
  if (rules.infinite()) throw Error("index generation needs a finite shoe, not an infinite deck");
  if (rules.switch_hands)
    throw Error("index generation is not done for Blackjack Switch (switch): its hands are exchanged");
  if (plan.rounds == 0 || plan.chunk_rounds == 0) throw Error("index generation needs rounds >= 1");
  // The engine counts and deals; its own index plays are not used.
  Counting dealing = counting;
  dealing.indices.clear();
  dealing.has_wong_in = dealing.has_wong_out = false;
  const Engine engine = make_engine(rules, chart, {.counting = dealing});
  // The engine's checks of the lines (an option the rules lack is an Error).
  const ResolvedIndices check(rules, engine.strategy(), lines);
  std::vector<Comparison> comparisons;
  for (const IndexPlay& line : lines) comparisons.push_back(resolve_line(rules, engine.strategy(), line));

  const run::ChunkPlan chunk_plan{plan.rounds, plan.chunk_rounds};
  std::vector<ChunkResult> chunks(chunk_plan.chunks());
  struct NoTally {
    void merge(const NoTally&) {}
  };
  // First the shoes alone: how many states each true count has, to set the
  // rates at which states are valued.
  const auto dealt = run::run_chunks<NoTally>(
      chunk_plan, run::all_chunks(chunk_plan), plan.threads, [] { return NoTally{}; },
      [&](std::uint64_t chunk, std::uint64_t quota, NoTally&) {
        const core::Rng rng = core::chunk_rng(plan.seed, core::StreamPurpose::blackjack_chunk, chunk);
        deal_chunk(engine, counting, quota, rng, chunks[chunk], [](const core::Shoe&, int, int) {});
      },
      control);
  IndexRun result;
  result.states_per_true_count = plan.states_per_true_count;
  if (!dealt.complete) return result;
  std::array<double, TRUE_COUNT_BUCKETS> rate{};
  for (std::size_t b = 0; b < rate.size(); ++b) {
    std::uint64_t states = 0;
    for (const ChunkResult& chunk : chunks) states += chunk.states[b];
    rate[b] = plan.states_per_true_count == 0 || states <= plan.states_per_true_count
                  ? 1.0
                  : static_cast<double>(plan.states_per_true_count) / static_cast<double>(states);
    const int tc = static_cast<int>(b) - TRUE_COUNT_LIMIT;
    if (std::abs(tc) > INDEX_TRUE_COUNT_RANGE + TRUE_COUNT_MARGIN) rate[b] = 0;
  }
  const auto outcome = run::run_chunks<NoTally>(
      chunk_plan, run::all_chunks(chunk_plan), plan.threads, [] { return NoTally{}; },
      [&](std::uint64_t chunk, std::uint64_t quota, NoTally&) {
        const core::Rng rng = core::chunk_rng(plan.seed, core::StreamPurpose::blackjack_chunk, chunk);
        ChunkValuer valuer(engine, chart, counting, comparisons, rate);
        chunks[chunk] = valuer.play(quota, rng);
      },
      control);

  // Merged in chunk order: the same sums whatever the threads did.
  result.complete = outcome.complete;
  result.chunks = outcome.completed_chunks.size();
  std::vector<std::vector<BucketTotals>> totals(lines.size(), std::vector<BucketTotals>(TRUE_COUNT_BUCKETS));
  for (const std::uint64_t c : outcome.completed_chunks) {
    const ChunkResult& chunk = chunks[c];
    result.rounds += chunk.rounds;
    result.shoes += chunk.shoes;
    for (std::size_t l = 0; l < lines.size(); ++l) {
      for (std::size_t b = 0; b < at(TRUE_COUNT_BUCKETS); ++b) {
        const BucketSums& s = chunk.lines[l][b];
        BucketTotals& t = totals[l][b];
        t.sums.hands += s.hands;
        t.sums.weight += s.weight;
        t.sums.difference += s.difference;
        t.sums.true_count += s.true_count;
        t.weight_squared += s.weight * s.weight;
        t.weight_by_difference += s.weight * s.difference;
        t.difference_squared += s.difference * s.difference;
      }
    }
  }
  const auto chunk_count = static_cast<double>(result.chunks);
  for (std::size_t l = 0; l < lines.size(); ++l) {
    GeneratedIndex g;
    g.play = lines[l];
    g.given_index = lines[l].index;
    g.idle = idle_line(rules, lines[l]);
    g.never_differs = !g.idle && !comparisons[l].more_cards &&
                      std::all_of(comparisons[l].hands.begin(), comparisons[l].hands.end(),
                                  [](const Comparison::Hand& h) { return h.high == h.low; });
    for (int tc = -TRUE_COUNT_LIMIT; tc <= TRUE_COUNT_LIMIT; ++tc) {
      const BucketTotals& t = totals[l][at(tc + TRUE_COUNT_LIMIT)];
      if (t.sums.weight <= 0) continue;
      IndexBucket k;
      k.true_count = tc;
      k.hands = t.sums.hands;
      k.weight = t.sums.weight;
      k.mean_true_count = t.sums.true_count / t.sums.weight;
      k.difference = t.sums.difference / t.sums.weight;
      // The ratio estimator's variance over chunks (Cochran 1977, 6.4).
      if (result.chunks >= MIN_CHUNKS_FOR_SE) {
        const double m = k.difference;
        const double residuals = t.difference_squared - 2 * m * t.weight_by_difference + m * m * t.weight_squared;
        k.standard_error = std::sqrt(std::max(0.0, residuals) * chunk_count / (chunk_count - 1)) / t.sums.weight;
      }
      g.by_true_count.push_back(k);
    }
    if (!g.never_differs && !g.idle) fit_index(g, counting.rounding, counting.deck_estimate);
    result.lines.push_back(std::move(g));
  }
  return result;
}

}  // namespace cardsim::blackjack
