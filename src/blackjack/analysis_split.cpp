// The value of splitting a pair: the split hands' values combined over the
// ways the pair can be resplit (see analysis.hpp and docs/analyze.md).
#include "analysis_impl.hpp"

namespace cardsim::blackjack {

using analysis::idx;

double Analyzer::Impl::split_value(int up, int pair) {
  const bool can_resplit = pair != ACE || rules.resplit_aces;
  const int max_hands = can_resplit ? rules.split_hands : 2;
  const int start = graph.single[idx(pair)];
  const Node& one = at(start);

  // With h hands split, the shoe lacks the up card and h pair cards: q[h] is
  // the chance that a hand's second card pairs it again, non_pair[h] the
  // value of a hand whose second card does not, pair_again[h] the value of
  // a pair that may not be split again. A free split: those are the values
  // of the hands the splits add (the house's bets); real_* are those of the
  // original hand, which keeps the player's bet.
  const int free = rules.free_split(pair) ? 1 : 0;
  std::array<double, MAX_SPLIT_HANDS + 1> q{}, non_pair{}, pair_again{}, real_non_pair{}, real_pair_again{};
  for (int h = 2; h <= max_hands; ++h) {
    Context& ctx = split_context(up, pair, h);
    prefetch_next_hands(ctx, start);
    for (int f = free; f >= 0; --f) {
      auto& non_pair_value = f == free ? non_pair : real_non_pair;
      auto& pair_again_value = f == free ? pair_again : real_pair_again;
      double sum = 0;
      for (int v = 1; v <= CARD_VALUES; ++v) {
        const double p = draw(ctx, one, v);
        if (p == 0 || (v == pair && h < max_hands)) {
          if (v == pair) q[idx(h)] = p;
          continue;
        }
        const double value = split_hand_value(ctx, one.next[idx(v)], f);
        if (v == pair) {
          q[idx(h)] = p;
          pair_again_value[idx(h)] = value;
        } else {
          sum += p * value;
        }
      }
      non_pair_value[idx(h)] = q[idx(h)] < 1 ? sum / (1 - q[idx(h)]) : 0.0;
    }
  }

  // A chain over (hands split h, hands waiting for a second card k): each
  // waiting hand draws the pair card with probability q[h] (split again if
  // h < max_hands) or ends with h hands split. The order in which hands draw
  // does not change the counts.
  using Mass = std::array<std::array<double, MAX_SPLIT_HANDS + 2>, MAX_SPLIT_HANDS + 2>;
  Mass mass{};
  mass[2][2] = 1;
  std::array<double, MAX_SPLIT_HANDS + 1> non_pair_hands{}, pair_hands{};
  for (bool waiting = true; waiting;) {
    waiting = false;
    Mass next{};
    for (int h = 2; h <= max_hands; ++h) {
      next[idx(h)][0] += mass[idx(h)][0];
      for (int k = 1; k <= h; ++k) {
        const double m = mass[idx(h)][idx(k)];
        if (m == 0) continue;
        waiting = true;
        const double qh = q[idx(h)];
        non_pair_hands[idx(h)] += m * (1 - qh);
        next[idx(h)][idx(k - 1)] += m * (1 - qh);
        if (h < max_hands) {
          next[idx(h + 1)][idx(k + 1)] += m * qh;
        } else {
          pair_hands[idx(h)] += m * qh;
          next[idx(h)][idx(k - 1)] += m * qh;
        }
      }
    }
    mass = next;
  }
  double value = 0;
  for (int h = 2; h <= max_hands; ++h) {
    value += non_pair_hands[idx(h)] * non_pair[idx(h)] + pair_hands[idx(h)] * pair_again[idx(h)];
  }
  if (free != 0) {
    // One hand of the split is the original, with the player's bet. The
    // engine plays it first: it draws its second cards (and is resplit)
    // before any other hand draws, so it ends at h hands split with the
    // chance of h - 2 pairs in a row and then a non-pair (or, at the most
    // hands, a pair it may not split).
    double reach = 1;
    for (int h = 2; h <= max_hands; ++h) {
      const double qh = q[idx(h)];
      value += reach * (1 - qh) * (real_non_pair[idx(h)] - non_pair[idx(h)]);
      if (h == max_hands) value += reach * qh * (real_pair_again[idx(h)] - pair_again[idx(h)]);
      reach *= qh;
    }
  }
  // ENHC-OBO: a dealer blackjack takes the seat's one original bet.
  if (rules.hole_card == HoleCard::enhc_obo) value -= blackjack(split_context(up, pair, 2), one);
  return value;
}

}  // namespace cardsim::blackjack
