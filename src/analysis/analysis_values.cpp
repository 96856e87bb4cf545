// The values of one hand's moves in a context: stand, bust, double, hit and
// playing on, by the chart or optimally (composition-dependent), and a split
// hand's play after its second card. Per initial bet, joint form in peek games.
#include "analysis_impl.hpp"

namespace cardsim::blackjack {

using analysis::HALF;
using analysis::idx;
using analysis::NO_NODE;
using analysis::TWENTY_ONE;

namespace {

// The chart cell that decides a hand of two or more cards by its total.
ChartAction total_cell(const StrategyChart& chart, HandState state, int upcard) {
  if (is_soft(state)) return chart.soft[idx(best_total(state))][idx(upcard)];
  return chart.hard[idx(std::max(low_total(state), HARD_MIN))][idx(upcard)];
}

}  // namespace

double Analyzer::Impl::bonus_pay(const Node& n) const {
  if (!rules.spanish_bonuses || best_total(n.state) != TWENTY_ONE) return 1.0;
  if (n.cards == 3) {
    if (n.counts[7] == 3) return pay_777;
    if (n.counts[6] == 1 && n.counts[7] == 1 && n.counts[8] == 1) return pay_678;
    return 1.0;
  }
  return bonus_21_pay(bonus_21(n.cards, false, 0));
}

double Analyzer::Impl::stand_unit(Context& ctx, int n) {
  double& memo = ctx.stand_unit[n];
  if (!std::isnan(memo)) return memo;
  const DealerOutcomes& d = dealer(ctx, at(n));
  const DealerProbabilities& p = d.p;
  const int total = best_total(at(n).state);
  double value =
      add_stand_results(p[static_cast<std::size_t>(DealerFinal::bust)] - d.twenty_two, total, p);  // 22 pushes
  if (sure_win(total)) value = 1 - p[static_cast<std::size_t>(DealerFinal::blackjack)];
  memo = value;
  return value;
}

double Analyzer::Impl::stand_decided(Context& ctx, int n) {
  double& memo = ctx.stand_decided[n];
  if (!std::isnan(memo)) return memo;
  const DealerOutcomes& d = dealer(ctx, at(n));
  const int total = best_total(at(n).state);
  double value = d.p[static_cast<std::size_t>(DealerFinal::bust)] - d.twenty_two;
  for (int k = 0; k < 5; ++k) value += total != 17 + k ? d.p[idx(k)] : 0.0;
  if (sure_win(total)) value = 1 - d.p[static_cast<std::size_t>(DealerFinal::blackjack)];
  memo = value;
  return value;
}

double Analyzer::Impl::stand(Context& ctx, int n, double wager, double free) {
  const double bonus = wager == 1 ? bonus_pay(at(n)) : 1.0;
  if (free != 0) return (wager - HALF * free) * bonus * stand_unit(ctx, n) + HALF * free * stand_decided(ctx, n);
  return wager * bonus * stand_unit(ctx, n) + blackjack(ctx, at(n)) * blackjack_result(ctx, wager);
}

double Analyzer::Impl::bust(const Context& ctx, int n, int card, double wager, double free) const {
  const double bj = blackjack(ctx, at(n), card);
  return -(wager - free) * (1 - bj) + bj * blackjack_result(ctx, wager);
}

double Analyzer::Impl::double_down(Context& ctx, int n, int free, Context* decide_at) {
  prefetch_next_hands(ctx, n);
  const Node& from = at(n);
  const double house = free + (from.cards == 2 && rules.free_double(from.state) ? 1 : 0);
  double value = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    const double p = draw(ctx, from, v);
    if (p == 0) continue;
    const int next = from.next[idx(v)];
    if (next == NO_NODE) {
      value += p * bust(ctx, n, v, 2, house);
      continue;
    }
    double doubled = stand(ctx, next, 2, house);
    if (rules.double_rescue) {
      // Joint form: the original bet lost, given no dealer blackjack.
      const double rescued = -(1 - blackjack(ctx, at(next)));
      bool rescue = rescues[at(next).state][idx(ctx.upcard)];
      if (decide_at == &ctx) {
        rescue = rescued > doubled;
      } else if (decide_at != nullptr) {
        rescue = -(1 - blackjack(*decide_at, at(next))) > stand(*decide_at, next, 2, house);
      }
      if (rescue) doubled = rescued;
    }
    value += p * doubled;
  }
  return value;
}

double Analyzer::Impl::hit_by_chart(Context& ctx, int n, int free) {
  return hit(
      ctx, n, [&](int next) { return more(ctx, next, free); }, free);
}

double Analyzer::Impl::hit_cd(Context& ctx, int n, int free) {
  return hit(
      ctx, n, [&](int next) { return more_cd(ctx, next, free); }, free);
}

Move Analyzer::Impl::more_move(HandState s, int upcard) {
  if (best_total(s) >= TWENTY_ONE) return Move::stand;
  return chart_move(rules, total_cell(chart, s, upcard), DecisionPoint::more_cards, s);
}

double Analyzer::Impl::more(Context& ctx, int n, int free) {
  double& memo = ctx.more[idx(free)][n];
  if (!std::isnan(memo)) return memo;
  const Move move = more_move(at(n).state, ctx.upcard);
  const double value = move == Move::hit           ? hit_by_chart(ctx, n, free)
                       : move == Move::double_down ? double_down(ctx, n, free)
                                                   : stand(ctx, n, 1, free);
  memo = value;
  return value;
}

bool Analyzer::Impl::can_double_more(HandState s) const {
  return rules.double_any_cards && best_total(s) < TWENTY_ONE && double_allowed(rules.double_rule, s);
}

double Analyzer::Impl::more_cd(Context& ctx, int n, int free) {
  double& memo = ctx.more_cd[idx(free)][n];
  if (!std::isnan(memo)) return memo;
  double value = stand(ctx, n, 1, free);
  Move move = Move::stand;
  const HandState s = at(n).state;
  if (best_total(s) < TWENTY_ONE) {
    const double hit_value = hit_cd(ctx, n, free);
    if (hit_value > value) {
      value = hit_value;
      move = Move::hit;
    }
  }
  if (can_double_more(s)) {
    const double doubled = double_down(ctx, n, free, &ctx);
    if (doubled > value) {
      value = doubled;
      move = Move::double_down;
    }
  }
  ctx.cd_move[idx(free)][n] = move;
  memo = value;
  return value;
}

double Analyzer::Impl::more_policy(Context& ctx, Context& ref, int slot, int n, int free) {
  if (&ctx == &ref) return more_cd(ctx, n, free);
  double& memo = ctx.policy[idx(slot)][idx(free)][n];
  if (!std::isnan(memo)) return memo;
  more_cd(ref, n, free);
  double value = 0;
  switch (ref.cd_move[idx(free)][n]) {
    case Move::hit:
      value = hit(
          ctx, n, [&](int next) { return more_policy(ctx, ref, slot, next, free); }, free);
      break;
    case Move::double_down: value = double_down(ctx, n, free, &ref); break;
    default: value = stand(ctx, n, 1, free);
  }
  memo = value;
  return value;
}

double Analyzer::Impl::split_hand_value(Context& ctx, int n, int free) {
  const HandState s = at(n).state;
  const bool split_aces = ctx.pair == ACE;
  if (best_total(s) == TWENTY_ONE || (split_aces && !rules.hit_split_aces)) return stand(ctx, n, 1, free);
  switch (resolved->move(DecisionPoint::split_two, s, ctx.upcard)) {
    case Move::hit: return hit_by_chart(ctx, n, free);
    case Move::double_down: return double_down(ctx, n, free);
    default: return stand(ctx, n, 1, free);
  }
}

double Analyzer::Impl::split_hand_policy(Context& ctx, Context& ref, int slot, int n, int free) {
  const HandState s = at(n).state;
  const bool split_aces = ctx.pair == ACE;
  if (best_total(s) == TWENTY_ONE || (split_aces && !rules.hit_split_aces)) return stand(ctx, n, 1, free);
  // The best move in `ref` among those a split hand has (a double only with DAS).
  Move move = Move::stand;
  double best = stand(ref, n, 1, free);
  const double hit_value = hit_cd(ref, n, free);
  if (hit_value > best) {
    best = hit_value;
    move = Move::hit;
  }
  if (may_double_after_split(rules, true, s) && double_down(ref, n, free, &ref) > best) {
    move = Move::double_down;
  }
  switch (move) {
    case Move::hit:
      return hit(
          ctx, n, [&](int next) { return more_policy(ctx, ref, slot, next, free); }, free);
    case Move::double_down: return double_down(ctx, n, free, &ref);
    default: return stand(ctx, n, 1, free);
  }
}

}  // namespace cardsim::blackjack
