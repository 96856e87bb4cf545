// Initial hands and whole strategies: the round's value of each two-card hand
// (naturals, insurance, surrender, the dealer's blackjack), the decision
// values of InitialHandTable, a chart's exact EV and the composition-dependent
// optimum.
#include "analysis_impl.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

using analysis::HALF;
using analysis::idx;
using analysis::NO_NODE;
using analysis::TWENTY_ONE;
using analysis::UNSET;

double Analyzer::Impl::insurance(const Context& ctx, int n) const {
  if (rules.insurance != Insurance::always || ctx.upcard != ACE) return 0.0;
  const double bj = blackjack(ctx, at(n));
  return bj - HALF * (1 - bj);
}

double Analyzer::Impl::surrender_value(const Context& ctx, int n) const {
  if (rules.surrender == Surrender::early) return -HALF;
  const double bj = blackjack(ctx, at(n));
  return -HALF * (1 - bj) - bj + insurance(ctx, n);
}

double Analyzer::Impl::round_offset(const Context& ctx, int n) const {
  return (peek() ? -blackjack(ctx, at(n)) : 0.0) + insurance(ctx, n);
}

double Analyzer::Impl::natural_value(const Context& ctx, int n) const {
  if (rules.blackjack_beats_blackjack) return payout + insurance(ctx, n);
  return (1 - blackjack(ctx, at(n))) * payout + insurance(ctx, n);
}

Move Analyzer::Impl::first_move(HandState s, int pair, int up) const {
  return pair != 0 ? resolved->pair_move(DecisionPoint::first_two, pair, up)
                   : resolved->move(DecisionPoint::first_two, s, up);
}

double Analyzer::Impl::initial_value(int up, int first, int second) {
  Context& ctx = base_context(up);
  const int n = graph.two_card(first, second);
  const HandState s = at(n).state;
  if (best_total(s) == TWENTY_ONE) return natural_value(ctx, n);
  const int pair = first == second && rules.split_hands > 1 ? first : 0;
  if (rules.surrender != Surrender::none && resolved->surrenders(s, pair, up)) return surrender_value(ctx, n);
  const double offset = round_offset(ctx, n);
  switch (first_move(s, pair, up)) {
    case Move::hit: return offset + hit_by_chart(ctx, n);
    case Move::double_down: return offset + double_down(ctx, n);
    case Move::split: return offset + split_value(up, pair);
    default: return offset + stand(ctx, n, 1);
  }
}

double Analyzer::Impl::initial_probability(int up, int first, int second) const {
  CardCounts removed{};
  removed[idx(up)] = 1;
  const double p1 = shoe.draw_probability(first, removed, 1);
  removed[idx(first)]++;
  const double p2 = shoe.draw_probability(second, removed, 2);
  return (first == second ? 1.0 : 2.0) * p1 * p2;
}

Analyzer::Impl::ValuesStart Analyzer::Impl::start_values(int up, int n) {
  Context& ctx = base_context(up);
  InitialHandValues values;
  values.evs = DecisionEvs{UNSET, UNSET, UNSET, UNSET, UNSET};
  const double bj = blackjack(ctx, at(n));
  values.dealer_blackjack = bj;
  return {ctx, values, peek() && bj < 1 ? 1 / (1 - bj) : 1.0};
}

InitialHandValues Analyzer::Impl::hand_values(int up, int first, int second) {
  const int n = graph.two_card(first, second);
  const HandState s = at(n).state;
  auto [ctx, values, scale] = start_values(up, n);
  DecisionEvs& e = values.evs;
  const double bj = values.dealer_blackjack;
  if (best_total(s) == TWENTY_ONE) {
    e.stand = payout * (peek() || rules.blackjack_beats_blackjack ? 1.0 : 1 - bj);
    return values;
  }
  e.stand = scale * stand(ctx, n, 1);
  e.hit = scale * (post_split ? hit_cd(ctx, n) : hit_by_chart(ctx, n));
  if (double_allowed(rules.double_rule, s)) e.double_down = scale * double_down(ctx, n, 0, post_split ? &ctx : nullptr);
  if (first == second && rules.split_hands > 1) e.split = scale * split_value(up, first);
  // Early surrender, and late surrender given no blackjack, is half the bet.
  if (rules.surrender == Surrender::early || (rules.surrender == Surrender::late && peek())) {
    e.surrender = -HALF;
  } else if (rules.surrender == Surrender::late) {
    e.surrender = -HALF * (1 - bj) - bj;
  }
  return values;
}

int Analyzer::Impl::node_of(const CardCounts& cards) const {
  int n = 0;
  for (int v = 1; v <= CARD_VALUES && n != NO_NODE; ++v) {
    for (int k = 0; k < cards[idx(v)] && n != NO_NODE; ++k) n = at(n).next[idx(v)];
  }
  return n == 0 ? NO_NODE : n;
}

InitialHandValues Analyzer::Impl::more_card_values(int up, int n) {
  auto [ctx, values, scale] = start_values(up, n);
  DecisionEvs& e = values.evs;
  e.stand = scale * stand(ctx, n, 1);
  if (best_total(at(n).state) < TWENTY_ONE) e.hit = scale * hit_by_chart(ctx, n);
  return values;
}

StrategyEv Analyzer::Impl::evaluate(const StrategyChart& c) {
  if (rules.switch_hands) return evaluate_switch(c);
  use_chart(c);
  StrategyEv result;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    CardCounts none{};
    const double pu = shoe.draw_probability(up, none, 0);
    double ev = 0, ins = 0;
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        const double p = initial_probability(up, a, b);
        if (p == 0) continue;
        ev += p * initial_value(up, a, b);
        const int n = graph.two_card(a, b);
        const bool early_out = rules.surrender == Surrender::early && best_total(at(n).state) < TWENTY_ONE &&
                               resolved->surrenders(at(n).state, a == b && rules.split_hands > 1 ? a : 0, up);
        if (!early_out) ins += p * insurance(base_context(up), n);
      }
    }
    result.upcard_probability[idx(up)] = pu;
    result.upcard_ev[idx(up)] = ev;
    result.upcard_contribution[idx(up)] = pu * ev;
    result.ev += pu * ev;
    result.insurance += pu * ins;
  }
  return result;
}

CompositionDependentEv Analyzer::Impl::composition_dependent(const StrategyChart& c, PostSplit rule) {
  if (rules.switch_hands) throw Error("the composition-dependent optimum is not computed for Blackjack Switch");
  use_chart(c);
  CompositionDependentEv result;
  result.post_split = rule;
  post_split = rule;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    Context& ctx = base_context(up);
    CardCounts none{};
    const double pu = shoe.draw_probability(up, none, 0);
    double ev = 0;
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        const double p = initial_probability(up, a, b);
        if (p == 0) continue;
        const int n = graph.two_card(a, b);
        const HandState s = at(n).state;
        if (best_total(s) == TWENTY_ONE) {
          ev += p * natural_value(ctx, n);
          continue;
        }
        const double offset = round_offset(ctx, n);
        double best = std::max(stand(ctx, n, 1), hit_cd(ctx, n));
        if (double_allowed(rules.double_rule, s)) best = std::max(best, double_down(ctx, n, 0, &ctx));
        if (a == b && rules.split_hands > 1) best = std::max(best, split_value(up, a));
        best += offset;
        if (rules.surrender != Surrender::none) best = std::max(best, surrender_value(ctx, n));
        ev += p * best;
      }
    }
    result.upcard_ev[idx(up)] = ev;
    result.ev += pu * ev;
  }
  post_split.reset();
  return result;
}

}  // namespace cardsim::blackjack
