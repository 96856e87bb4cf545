// Blackjack Switch: the value of every two-card hand as dealt and after an
// exchange (SwitchValues), and the game's value over the deals of both hands.
#include "analysis_impl.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

using analysis::HALF;
using analysis::idx;
using analysis::TWENTY_ONE;

double Analyzer::Impl::played_value(int up, int first, int second, bool natural) {
  const int n = graph.two_card(first, second);
  const HandState s = at(n).state;
  if (best_total(s) == TWENTY_ONE && natural) return payout;
  auto [ctx, values, scale] = start_values(up, n);  // (switch_values: a peek game)
  if (best_total(s) == TWENTY_ONE) return scale * stand(ctx, n, 1);
  const int pair = first == second && rules.split_hands > 1 ? first : 0;
  if (rules.surrender == Surrender::late && resolved->surrenders(s, pair, up)) return -HALF;
  switch (first_move(s, pair, up)) {
    case Move::hit: return scale * hit_by_chart(ctx, n);
    case Move::double_down: return scale * double_down(ctx, n);
    case Move::split: return scale * split_value(up, pair);
    default: return scale * stand(ctx, n, 1);
  }
}

SwitchValues Analyzer::Impl::switch_values(const StrategyChart& c) {
  if (!peek()) throw Error("the analyzer's Blackjack Switch needs a peek game");
  use_chart(c);
  SwitchValues v;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        v.dealt[idx(a)][idx(b)][idx(up)] = v.dealt[idx(b)][idx(a)][idx(up)] = played_value(up, a, b, true);
        v.switched[idx(a)][idx(b)][idx(up)] = v.switched[idx(b)][idx(a)][idx(up)] = played_value(up, a, b, false);
      }
    }
  }
  return v;
}

// The Switch game's value per hand (Analyzer::evaluate): every deal of the
// first cards a1, a2, the up card and the second cards b1, b2, in the
// engine's order, without replacement; a dealer blackjack (its chance from
// the five cards out) takes each hand but a natural, which pushes; else the
// arrangement the engine picks, valued by SwitchValues.
StrategyEv Analyzer::Impl::evaluate_switch(const StrategyChart& c) {
  const SwitchValues v = switch_values(c);
  StrategyEv result;
  CardCounts removed{};
  auto p_next = [&](int value, int out) { return shoe.draw_probability(value, removed, out); };
  auto natural = [](int a, int b) { return best_total(two_card_hand(a, b)) == TWENTY_ONE; };
  for (int up = 1; up <= CARD_VALUES; ++up) {
    const double pu = p_next(up, 0);
    const int need = up == ACE ? TEN : up == TEN ? ACE : 0;
    ++removed[idx(up)];
    double ev = 0;
    for (int a1 = 1; a1 <= CARD_VALUES; ++a1) {
      const double p1 = p_next(a1, 1);
      ++removed[idx(a1)];
      for (int a2 = 1; a2 <= CARD_VALUES; ++a2) {
        const double p2 = p1 * p_next(a2, 2);
        ++removed[idx(a2)];
        for (int b1 = 1; b1 <= CARD_VALUES; ++b1) {
          const double p3 = p2 * p_next(b1, 3);
          ++removed[idx(b1)];
          for (int b2 = 1; b2 <= CARD_VALUES; ++b2) {
            const double p = p3 * p_next(b2, 4);
            if (p == 0) continue;
            ++removed[idx(b2)];
            const double bj = need != 0 ? p_next(need, 5) : 0.0;
            --removed[idx(b2)];
            const double with_blackjack = (natural(a1, b1) ? 0.0 : -1.0) + (natural(a2, b2) ? 0.0 : -1.0);
            const double played = v.switches(a1, b1, a2, b2, up)
                                      ? v.switched[idx(a1)][idx(b2)][idx(up)] + v.switched[idx(a2)][idx(b1)][idx(up)]
                                      : v.dealt[idx(a1)][idx(b1)][idx(up)] + v.dealt[idx(a2)][idx(b2)][idx(up)];
            ev += p * (bj * with_blackjack + (1 - bj) * played);
          }
          --removed[idx(b1)];
        }
        --removed[idx(a2)];
      }
      --removed[idx(a1)];
    }
    --removed[idx(up)];
    ev *= HALF;  // per hand: two hands of one bet each
    result.upcard_probability[idx(up)] = pu;
    result.upcard_ev[idx(up)] = ev;
    result.upcard_contribution[idx(up)] = pu * ev;
    result.ev += pu * ev;
  }
  return result;
}

}  // namespace cardsim::blackjack
