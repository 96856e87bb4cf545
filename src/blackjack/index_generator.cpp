#include "cardsim/blackjack/index_generator.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/core/shoe.hpp"

namespace cardsim::blackjack {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

constexpr double HALF = 0.5;
constexpr double INSURANCE_WIN = 1.0;  // per initial bet: half a bet insured at 2:1
constexpr double Z95 = 1.959963984540054;
// Fewer chunks give no standard error (as the counting result's batch means).
constexpr std::uint64_t MIN_CHUNKS_FOR_SE = 10;
// A true count enters the fit with at least this many hands valued.
constexpr std::uint64_t MIN_FIT_HANDS = 30;
// The final fit takes the true counts within this distance of the first
// fit's crossing (at least MIN_FIT_BUCKETS of them).
constexpr double FIT_HALF_WIDTH = 3.5;
constexpr int MIN_FIT_BUCKETS = 3;
constexpr int MAX_INDEX = 30;  // what an index file holds
// States this far beyond the fitted range are not valued (their hands could
// still fall in it: the deal moves the count).
constexpr int TRUE_COUNT_MARGIN = 3;
// Where a chunk's sampling stream starts (see ChunkValuer::play), and the
// resolution of its uniform numbers.
constexpr unsigned SAMPLER_OFFSET_LOG2 = 39;
constexpr std::uint32_t SAMPLER_STEPS = 1U << 30;

// What a hand can do at its first decision, as the generator values it.
enum class Play : std::uint8_t { stand, hit, double_down, split, surrender, insure, no_insurance };

Play play_of(Move move) {
  switch (move) {
    case Move::hit: return Play::hit;
    case Move::double_down: return Play::double_down;
    case Move::split: return Play::split;
    case Move::surrender: return Play::surrender;
    default: return Play::stand;
  }
}

// A line resolved: its hands (two-card compositions, first <= second) and
// for each the play at or above the index and below it.
struct Comparison {
  int upcard = 0;
  bool insurance = false;
  struct Hand {
    int first = 0;
    int second = 0;
    Play high = Play::stand;
    Play low = Play::stand;
  };
  std::vector<Hand> hands;
  // Total lines whose two plays differ at three or more cards (hit or stand):
  // hands of three or more cards of the total count too.
  bool more_cards = false;
  bool soft = false;
  int total = 0;
  Play more_high = Play::stand;
  Play more_low = Play::stand;
};

bool splits_allowed(const Rules& rules) { return rules.split_hands > 1; }

// The two-card hands a line is about: pairs for pair lines; for totals every
// other two-card hand of that total and softness (pairs too when splitting is
// off, since pair lines are then idle and the total decides); every hand for
// insurance.
std::vector<std::pair<int, int>> line_hands(const Rules& rules, const IndexPlay& line) {
  std::vector<std::pair<int, int>> hands;
  for (int a = 1; a <= CARD_VALUES; ++a) {
    for (int b = a; b <= CARD_VALUES; ++b) {
      const HandState s = two_card_hand(a, b);
      switch (line.hand) {
        case IndexHand::insurance: hands.emplace_back(a, b); break;
        case IndexHand::pair:
          if (a == b && a == line.value) hands.emplace_back(a, b);
          break;
        default: {
          if (a == b && splits_allowed(rules)) break;
          const bool soft = line.hand == IndexHand::soft;
          if (best_total(s) < 21 && is_soft(s) == soft && best_total(s) == line.value) hands.emplace_back(a, b);
        }
      }
    }
  }
  return hands;
}

// An index action as the play it stands for with this hand: `chart` is the
// chart's own move for it (no surrender).
Play resolve(IndexAction action, bool can_double, Play chart, bool insurance_line) {
  switch (action) {
    case IndexAction::hit: return Play::hit;
    case IndexAction::stand: return Play::stand;
    case IndexAction::double_else_hit: return can_double ? Play::double_down : Play::hit;
    case IndexAction::double_else_stand: return can_double ? Play::double_down : Play::stand;
    case IndexAction::split: return Play::split;
    case IndexAction::surrender: return Play::surrender;
    case IndexAction::insure: return Play::insure;
    default: return insurance_line ? Play::no_insurance : chart;
  }
}

// Whether the rules never use the line (as the engine has it): a surrender
// line without surrender, a pair line without splitting.
bool idle_line(const Rules& rules, const IndexPlay& line) {
  const bool surrender_line = line.at_or_above == IndexAction::surrender || line.below == IndexAction::surrender;
  if (surrender_line) return rules.surrender == Surrender::none;
  return line.hand == IndexHand::pair && !splits_allowed(rules);
}

Comparison resolve_line(const Rules& rules, const ResolvedStrategy& strategy, const IndexPlay& line) {
  Comparison c;
  c.upcard = line.upcard;
  c.insurance = line.hand == IndexHand::insurance;
  if (idle_line(rules, line)) return c;  // no hands: nothing to value
  for (const auto& [a, b] : line_hands(rules, line)) {
    const HandState s = two_card_hand(a, b);
    const bool pair = a == b && splits_allowed(rules);
    const Play chart = play_of(pair ? strategy.pair_move(DecisionPoint::first_two, a, line.upcard)
                                    : strategy.move(DecisionPoint::first_two, s, line.upcard));
    const bool can_double = double_allowed(rules.double_rule, s);
    c.hands.push_back({a, b, resolve(line.at_or_above, can_double, chart, c.insurance),
                       resolve(line.below, can_double, chart, c.insurance)});
  }
  // At three or more cards a D falls back to a hit, Ds to a stand, "-" to the
  // chart's more-card move (hit or stand).
  const bool total_line = line.hand == IndexHand::hard || line.hand == IndexHand::soft;
  const bool surrender_line = line.at_or_above == IndexAction::surrender || line.below == IndexAction::surrender;
  if (total_line && !surrender_line) {
    c.soft = line.hand == IndexHand::soft;
    c.total = line.value;
    const auto state = static_cast<HandState>(c.soft ? (line.value - 10) | ACE_BIT : line.value);
    const Play chart = play_of(strategy.move(DecisionPoint::more_cards, state, line.upcard));
    c.more_high = resolve(line.at_or_above, false, chart, false);
    c.more_low = resolve(line.below, false, chart, false);
    c.more_cards = c.more_high != c.more_low;
  }
  return c;
}

// The value of `play` for the whole round in which the hand is dealt, per
// initial bet (insurance apart): peek games lose a dealer blackjack before
// anyone plays, so a play's value is (1 - bj) x its value given no blackjack
// - bj; no-hole-card games' values already hold the blackjack.
double round_value(const Rules& rules, const InitialHandValues& hand, Play play) {
  const bool peek = rules.hole_card == HoleCard::peek;
  const double bj = hand.dealer_blackjack;
  const DecisionEvs& e = hand.evs;
  if (play == Play::surrender) {
    if (rules.surrender == Surrender::early) return -HALF;
    return peek ? -HALF * (1 - bj) - bj : e.surrender;
  }
  double v = e.stand;
  if (play == Play::hit) v = e.hit;
  if (play == Play::double_down) v = e.double_down;
  if (play == Play::split) v = e.split;
  return peek ? (1 - bj) * v - bj : v;
}

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

// The true count a bucket stands for when it has no data: the middle of the
// unrounded counts the rounding maps to it.
double nominal_true_count(int tc, TrueCountRounding rounding, DeckEstimate estimate) {
  if (estimate == DeckEstimate::none || rounding == TrueCountRounding::round) return tc;
  if (rounding == TrueCountRounding::truncate) return tc == 0 ? 0.0 : tc + (tc > 0 ? HALF : -HALF);
  return tc + HALF;
}

// A weighted least-squares line y = a + b x.
struct Line {
  double a = 0, b = 0;
  double var_a = 0, var_b = 0, cov_ab = 0;
  double chi_squared = 0;
  int points = 0;
};
Line fit_line(const std::vector<const IndexBucket*>& buckets) {
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const IndexBucket* k : buckets) {
    const double w = 1 / (k->standard_error * k->standard_error);
    sw += w;
    sx += w * k->mean_true_count;
    sy += w * k->difference;
    sxx += w * k->mean_true_count * k->mean_true_count;
    sxy += w * k->mean_true_count * k->difference;
  }
  Line line;
  line.points = static_cast<int>(buckets.size());
  const double det = sw * sxx - sx * sx;
  if (det <= 0) return line;
  line.b = (sw * sxy - sx * sy) / det;
  line.a = (sxx * sy - sx * sxy) / det;
  line.var_a = sxx / det;
  line.var_b = sw / det;
  line.cov_ab = -sx / det;
  for (const IndexBucket* k : buckets) {
    const double r = (k->difference - line.a - line.b * k->mean_true_count) / k->standard_error;
    line.chi_squared += r * r;
  }
  return line;
}

// Fits the line's differences and sets the crossing, its interval and the
// whole index.
void fit_index(GeneratedIndex& g, TrueCountRounding rounding, DeckEstimate estimate) {
  std::vector<const IndexBucket*> usable;
  for (const IndexBucket& k : g.by_true_count) {
    if (std::abs(k.true_count) <= INDEX_TRUE_COUNT_RANGE && k.hands >= MIN_FIT_HANDS && k.standard_error > 0) {
      usable.push_back(&k);
    }
  }
  if (static_cast<int>(usable.size()) < MIN_FIT_BUCKETS) return;
  Line line = fit_line(usable);
  if (line.b == 0) return;
  // Refit near the first crossing (the difference is close to linear there,
  // not over the whole range), keeping at least MIN_FIT_BUCKETS counts.
  const double first = -line.a / line.b;
  std::vector<const IndexBucket*> near = usable;
  std::stable_sort(near.begin(), near.end(), [&](const IndexBucket* p, const IndexBucket* q) {
    return std::abs(p->mean_true_count - first) < std::abs(q->mean_true_count - first);
  });
  std::size_t keep = MIN_FIT_BUCKETS;
  while (keep < near.size() && std::abs(near[keep]->mean_true_count - first) <= FIT_HALF_WIDTH) ++keep;
  near.resize(keep);
  std::sort(near.begin(), near.end(),
            [](const IndexBucket* p, const IndexBucket* q) { return p->true_count < q->true_count; });
  line = fit_line(near);
  if (line.b == 0) return;
  g.found = true;
  // The at-or-above play must be the one better at high counts.
  if (line.b < 0) {
    g.reversed = true;
    std::swap(g.play.at_or_above, g.play.below);
    for (IndexBucket& k : g.by_true_count) k.difference = -k.difference;
    line.a = -line.a;
    line.b = -line.b;
    // (both a and b change sign: their covariance stays)
  }
  g.slope = line.b;
  g.slope_se = std::sqrt(line.var_b);
  g.intercept = line.a;
  g.chi_squared = line.chi_squared;
  g.fitted_buckets = line.points;
  g.fitted_from = near.front()->true_count;
  g.fitted_to = near.back()->true_count;
  g.crossing = -line.a / line.b;
  const double x = g.crossing;
  // A fit worse than its errors say (chi^2 above its degrees of freedom: the
  // difference is not quite straight over the fitted counts) widens the
  // interval by sqrt(chi^2 / dof) (the Birge ratio), never narrows it.
  const int dof = line.points - 2;
  g.se_scale = dof > 0 ? std::sqrt(std::max(1.0, line.chi_squared / dof)) : 1.0;
  g.crossing_se = g.se_scale * std::sqrt(std::max(0.0, line.var_a + 2 * x * line.cov_ab + x * x * line.var_b)) / line.b;
  g.crossing_ci95_low = x - Z95 * g.crossing_se;
  g.crossing_ci95_high = x + Z95 * g.crossing_se;
  g.extrapolated = x < usable.front()->mean_true_count || x > usable.back()->mean_true_count;

  // The whole index: the lowest true count whose (mean unrounded) count lies
  // at or above the crossing, where the fitted difference favours the
  // at-or-above play.
  std::array<double, TRUE_COUNT_BUCKETS> centre{};
  for (int tc = -TRUE_COUNT_LIMIT; tc <= TRUE_COUNT_LIMIT; ++tc) {
    centre[at(tc + TRUE_COUNT_LIMIT)] = nominal_true_count(tc, rounding, estimate);
  }
  for (const IndexBucket& k : g.by_true_count) {
    if (k.weight > 0) centre[at(k.true_count + TRUE_COUNT_LIMIT)] = k.mean_true_count;
  }
  auto whole_index = [&](double crossing) {
    for (int tc = -MAX_INDEX; tc <= MAX_INDEX; ++tc) {
      if (centre[at(tc + TRUE_COUNT_LIMIT)] >= crossing) return tc;
    }
    return MAX_INDEX;
  };
  g.play.index = whole_index(g.crossing);
  g.index_ci95_low = whole_index(g.crossing_ci95_low);
  g.index_ci95_high = whole_index(g.crossing_ci95_high);
}

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
  const Engine engine(rules, chart, dealing);
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

std::vector<IndexPlay> candidate_deviations(const Rules& rules, const StrategyChart& chart,
                                            const std::vector<IndexPlay>& cells) {
  const ResolvedStrategy strategy(rules, chart);
  std::vector<IndexPlay> lines;
  auto action_of = [](Play play) {
    switch (play) {
      case Play::hit: return IndexAction::hit;
      case Play::double_down: return IndexAction::double_else_hit;
      case Play::split: return IndexAction::split;
      default: return IndexAction::stand;
    }
  };
  for (IndexPlay cell : cells) {
    if (cell.hand == IndexHand::insurance) {
      cell.at_or_above = IndexAction::insure;
      cell.below = IndexAction::chart;
      lines.push_back(cell);
      continue;
    }
    const auto hands = line_hands(rules, cell);
    if (hands.empty()) {
      throw Error("no two-card hand is a " + std::string(cell.hand == IndexHand::soft ? "soft " : "") +
                  std::to_string(cell.value) + (splits_allowed(rules) ? " other than a pair" : ""));
    }
    if (cell.at_or_above == IndexAction::surrender) {
      cell.below = IndexAction::chart;
      lines.push_back(cell);
      continue;
    }
    const auto [a, b] = hands.front();
    const HandState s = two_card_hand(a, b);
    const bool pair = cell.hand == IndexHand::pair;
    const Play chart_play = play_of(pair ? strategy.pair_move(DecisionPoint::first_two, a, cell.upcard)
                                         : strategy.move(DecisionPoint::first_two, s, cell.upcard));
    std::vector<Play> options{Play::stand, Play::hit};
    if (std::any_of(hands.begin(), hands.end(), [&](const auto& h) {
          return double_allowed(rules.double_rule, two_card_hand(h.first, h.second));
        })) {
      options.push_back(Play::double_down);
    }
    if (pair) options.push_back(Play::split);
    for (const Play option : options) {
      if (option == chart_play) continue;
      IndexPlay line = cell;
      line.at_or_above = action_of(option);
      line.below = action_of(chart_play);
      lines.push_back(line);
    }
  }
  return lines;
}

std::vector<GeneratedIndex> choose_deviations(const std::vector<GeneratedIndex>& candidates) {
  // Keyed by the cell (hand, value, up card, surrender line); the first line
  // of a cell keeps its place.
  using Key = std::tuple<int, int, int, bool>;
  std::map<Key, std::size_t> chosen;
  std::vector<Key> order;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const GeneratedIndex& g = candidates[i];
    const bool surrender = g.play.at_or_above == IndexAction::surrender || g.play.below == IndexAction::surrender;
    const Key key{static_cast<int>(g.play.hand), g.play.value, g.play.upcard, surrender};
    if (!g.found || g.extrapolated) continue;
    const auto it = chosen.find(key);
    if (it == chosen.end()) {
      chosen.emplace(key, i);
      order.push_back(key);
    } else if (std::abs(g.crossing) < std::abs(candidates[it->second].crossing)) {
      it->second = i;
    }
  }
  std::vector<GeneratedIndex> result;
  for (const Key& key : order) {
    result.push_back(candidates[chosen.at(key)]);
    // A cell's candidate lines are the generator's own: which way round one
    // was written says nothing to the user.
    result.back().reversed = false;
  }
  return result;
}

PlayoutCheck check_by_playout(const Rules& rules, const StrategyChart& chart, const IndexPlay& line,
                              const CardCounts& remaining, int first, int second, std::uint64_t rounds,
                              std::uint64_t seed) {
  Rules one_seat = rules;
  one_seat.seats = 1;
  // Two engines that differ only in the line: at true count 0 (every card's
  // tag is 0, so the count never moves) one plays the line's at-or-above play
  // (index 0), the other its below play (index 1).
  Counting counting;
  counting.enabled = true;
  IndexPlay high = line;
  high.index = 0;
  IndexPlay low = line;
  low.index = 1;
  counting.indices = {high};
  const Engine high_engine(one_seat, chart, counting);
  counting.indices = {low};
  const Engine low_engine(one_seat, chart, counting);

  // The exact value, as the generator computes it.
  const ResolvedStrategy strategy(one_seat, chart);
  const Comparison comparison = resolve_line(one_seat, strategy, line);
  const auto hand = std::find_if(comparison.hands.begin(), comparison.hands.end(), [&](const Comparison::Hand& h) {
    return h.first == std::min(first, second) && h.second == std::max(first, second);
  });
  if (hand == comparison.hands.end()) throw Error("the play-out check's hand is not one of the line's hands");
  PlayoutCheck check;
  int total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) total += remaining[at(v)];
  if (comparison.insurance) {
    const int tens = remaining[at(TEN)] - (first == TEN) - (second == TEN);
    const double p = static_cast<double>(tens) / (total - 3);
    check.exact = (p * INSURANCE_WIN - (1 - p) * HALF) * (hand->high == Play::insure ? 1 : -1);
  } else {
    Analyzer analyzer(one_seat);
    analyzer.use_chart(chart);
    analyzer.deal_from(remaining);
    const InitialHandValues v = analyzer.initial_hand(first, second, line.upcard);
    check.exact = round_value(one_seat, v, hand->high) - round_value(one_seat, v, hand->low);
  }

  // The rest of the shoe in random order after the hand and up card, the
  // same cards for both plays (common random numbers).
  std::vector<std::uint8_t> rest;
  CardCounts left = remaining;
  for (const int card : {first, line.upcard, second}) {
    if (left[at(card)] <= 0) throw Error("the play-out check's hand is not in the remaining cards");
    --left[at(card)];
  }
  for (int v = 1; v <= CARD_VALUES; ++v)
    rest.insert(rest.end(), static_cast<std::size_t>(left[at(v)]), static_cast<std::uint8_t>(v));
  std::vector<std::uint8_t> cards(3 + rest.size());
  core::Rng rng = core::chunk_rng(seed, core::StreamPurpose::test, 0);
  const double bet = static_cast<double>(one_seat.bet_units());
  double sum = 0, squares = 0;
  for (std::uint64_t r = 0; r < rounds; ++r) {
    cards[0] = static_cast<std::uint8_t>(first);
    cards[1] = static_cast<std::uint8_t>(line.upcard);
    cards[2] = static_cast<std::uint8_t>(second);
    // Fisher-Yates over the rest (Lemire's bounded numbers).
    for (std::size_t i = rest.size(); i > 1; --i) {
      std::swap(rest[i - 1], rest[core::bounded(rng, static_cast<std::uint32_t>(i))]);
    }
    std::copy(rest.begin(), rest.end(), cards.begin() + 3);
    Tally a, b;
    high_engine.play_stacked_round(cards, a, 0, total);
    low_engine.play_stacked_round(cards, b, 0, total);
    const double d = static_cast<double>(a.table_net - b.table_net) / bet;
    sum += d;
    squares += d * d;
  }
  const auto n = static_cast<double>(rounds);
  check.rounds = rounds;
  check.mean = sum / n;
  check.standard_error = rounds > 1 ? std::sqrt(std::max(0.0, squares / n - check.mean * check.mean) / (n - 1)) : 0.0;
  return check;
}

}  // namespace cardsim::blackjack
