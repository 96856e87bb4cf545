// The exact value of splitting a pair, for any number of resplits (Farmer's
// method, docs/analyze.md#splits):
//
// 1. Exchangeability. Every hand's play depends on its own cards only (and on
//    what the strategy knows: the up card, the pair cards split so far), so
//    the round's cards may be dealt in any order of fixed blocks: first every
//    second card of the split hands (which decides how often the pair is
//    resplit), then each hand's draws, then the dealer's. A hand's value
//    given the second cards dealt is then its value with those cards out of
//    the shoe: the other hands' draws average out (a value function of the
//    shoe is a martingale under drawing).
// 2. Patterns. The second cards are P (a pair card, while splitting is still
//    allowed: a new hand), N (a non-pair card) or x (any card, once the most
//    hands are reached). A pattern's probability and each hand's value
//    depend only on the counts: j pair cards drawn (j + 2 hands) and the
//    other hands' N cards. An x card is unconditioned: it averages out.
// 3. Conditioning on N cards without naming them: with W(k) a value from the
//    shoe less k more pair cards and P(k) the chance that the next k cards
//    are pair cards, E[hand x 1{a other cards are not pair cards}] =
//    sum_t (-1)^t C(a, t) P(j + t) W(j + t) (inclusion-exclusion). So every
//    value needed is a hand's value with 0 .. 2 N - 4 more pair cards out.
#include "analysis_impl.hpp"

namespace cardsim::blackjack {

using analysis::idx;

namespace {

// A hand of a split, by how its second card fell: N (not a pair card, while
// it could still be split) or x (any card, at the most hands), the pair
// cards split before it was played (its strategy's knowledge under CDP) and
// whether it is the original hand (whose bet stays the player's under a
// free split).
struct SplitHand {
  bool non_pair = false;
  int pairs_before = 0;
  bool original = false;
};

// One way the second cards of a split can fall, in the engine's order (each
// hand draws until its second card does not pair it, splitting as it goes;
// then the next hand): its hands.
struct SplitPattern {
  int hands = 0;      // split hands in all (pair cards drawn: hands - 2)
  int non_pairs = 0;  // hands whose second card is N
  std::vector<SplitHand> played;
};

void enumerate(int max_hands, SplitPattern& pattern, int waiting, bool first_drawing, std::vector<SplitPattern>& out) {
  if (waiting == 0) {
    out.push_back(pattern);
    return;
  }
  if (pattern.hands < max_hands) {
    // P: a new hand waits; the drawing hand draws again.
    ++pattern.hands;
    enumerate(max_hands, pattern, waiting + 1, first_drawing, out);
    --pattern.hands;
  }
  // N (or x at the most hands): the drawing hand is done.
  const bool non_pair = pattern.hands < max_hands;
  pattern.played.push_back(SplitHand{non_pair, pattern.hands - 2, first_drawing});
  pattern.non_pairs += non_pair ? 1 : 0;
  enumerate(max_hands, pattern, waiting - 1, false, out);
  pattern.non_pairs -= non_pair ? 1 : 0;
  pattern.played.pop_back();
}

// Every pattern of a split to at most `max_hands` hands (2: one, "xx"; 4: 21).
const std::vector<SplitPattern>& split_patterns(int max_hands) {
  static const std::array<std::vector<SplitPattern>, MAX_SPLIT_HANDS + 1> patterns = [] {
    std::array<std::vector<SplitPattern>, MAX_SPLIT_HANDS + 1> all;
    for (int n = 2; n <= MAX_SPLIT_HANDS; ++n) {
      SplitPattern start;
      start.hands = 2;
      enumerate(n, start, 2, true, all[idx(n)]);
    }
    return all;
  }();
  return patterns[idx(max_hands)];
}

double binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

}  // namespace

int Analyzer::Impl::policy_slot(int pairs_before) const {
  if (!post_split || *post_split == PostSplit::cdz) return 0;
  return 1 + (*post_split == PostSplit::cdp1 ? 0 : pairs_before);
}

analysis::Context& Analyzer::Impl::policy_context(int up, int pair, int slot) {
  return slot == 0 ? base_context(up) : split_context(up, pair, slot - 1);
}

double Analyzer::Impl::split_hand(Context& ctx, int slot, int n, int free) {
  if (!post_split) return split_hand_value(ctx, n, free);
  return split_hand_policy(ctx, policy_context(ctx.upcard, ctx.pair, slot), slot, n, free);
}

double Analyzer::Impl::split_value(int up, int pair) {
  const bool can_resplit = pair != ACE || rules.resplit_aces;
  const int max_hands = can_resplit ? rules.split_hands : 2;
  const int most_out = 2 * max_hands - 4;  // the most pair cards out beyond the two split
  const int one = graph.single[idx(pair)];
  const int free = rules.free_split(pair) ? 1 : 0;

  // chance[k]: the next k cards (from the shoe less the up card and the two
  // pair cards) are all pair cards.
  std::array<double, analysis::MAX_EXTRA_PAIRS + 2> chance{};
  chance[0] = 1;
  for (int k = 0; k <= most_out; ++k) {
    Context& ctx = split_context(up, pair, k);
    chance[idx(k + 1)] = chance[idx(k)] * draw(ctx, at(one), pair);
  }

  // W(N or x, free, policy, k): a hand's joint value with its second card not
  // a pair card (N) or any card (x), from the shoe less k more pair cards.
  // The policy: the chart, or the composition-dependent strategy's reference.
  std::array<std::array<std::array<std::array<double, analysis::MAX_EXTRA_PAIRS + 1>, analysis::POLICY_SLOTS>, 2>, 2>
      values;
  for (auto& a : values)
    for (auto& b : a)
      for (auto& c : b) c.fill(analysis::UNSET);
  auto value = [&](bool non_pair, int f, int slot, int k) -> double {
    double& memo = values[non_pair ? 1 : 0][idx(f)][idx(slot)][idx(k)];
    if (!std::isnan(memo)) return memo;
    Context& ctx = split_context(up, pair, k);
    prefetch_next_hands(ctx, one);
    double sum = 0;
    for (int v = 1; v <= CARD_VALUES; ++v) {
      if (v == pair && non_pair) continue;
      const double p = draw(ctx, at(one), v);
      if (p == 0) continue;
      sum += p * split_hand(ctx, slot, at(one).next[idx(v)], f);
    }
    memo = sum;
    return sum;
  };
  // E[hand x 1{the pattern}] for a hand of the given kind in a pattern with
  // `pairs` pair cards drawn and `others` other N cards.
  auto hand_in_pattern = [&](bool non_pair, int f, int slot, int pairs, int others) {
    double sum = 0;
    for (int t = 0; t <= others; ++t) {
      const double p = chance[idx(pairs + t)];
      if (p == 0) break;
      sum += (t % 2 == 0 ? 1 : -1) * binomial(others, t) * p * value(non_pair, f, slot, pairs + t);
    }
    return sum;
  };

  double total = 0;
  for (const SplitPattern& pattern : split_patterns(max_hands)) {
    const int pairs = pattern.hands - 2;
    if (chance[idx(pairs)] == 0) continue;
    for (const SplitHand& hand : pattern.played) {
      const int others = pattern.non_pairs - (hand.non_pair ? 1 : 0);
      const int f = hand.original ? 0 : free;
      total += hand_in_pattern(hand.non_pair, f, policy_slot(hand.pairs_before), pairs, others);
    }
  }
  // ENHC-OBO: a dealer blackjack takes the seat's one original bet.
  if (rules.hole_card == HoleCard::enhc_obo) total -= blackjack(split_context(up, pair, 0), at(one));
  return total;
}

}  // namespace cardsim::blackjack
