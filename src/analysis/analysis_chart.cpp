// The optimal total-dependent chart: each cell maximizes the EV summed over
// every composition of unsplit hands that reaches it, weighted by its reach
// probability under the current chart; passes repeat until the chart is stable.
#include "analysis_impl.hpp"

namespace cardsim::blackjack {

using analysis::idx;
using analysis::NO_NODE;
using analysis::TWENTY_ONE;
using analysis::UNSET;

namespace {

// Passes of the total-dependent optimization (each re-weights the cells by the
// reach probabilities of the previous chart); it settles in two or three.
constexpr int MAX_OPTIMIZATION_PASSES = 8;

}  // namespace

std::vector<double> Analyzer::Impl::reach(int up) {
  Context& ctx = base_context(up);
  std::vector<double> r(graph.nodes.size(), 0.0);
  auto spread = [&](int n, double w) {
    const Node& node = at(n);
    for (int v = 1; v <= CARD_VALUES; ++v) {
      const int next = node.next[idx(v)];
      if (next != NO_NODE) r[idx(next)] += w * draw(ctx, node, v);
    }
  };
  for (int a = 1; a <= CARD_VALUES; ++a) {
    for (int b = a; b <= CARD_VALUES; ++b) {
      const double p = initial_probability(up, a, b);
      const int n = graph.two_card(a, b);
      const HandState s = at(n).state;
      if (p == 0 || best_total(s) == TWENTY_ONE) continue;
      const int pair = a == b && rules.split_hands > 1 ? a : 0;
      if (rules.surrender != Surrender::none && resolved->surrenders(s, pair, up)) continue;
      const Move move = pair != 0 ? resolved->pair_move(DecisionPoint::first_two, pair, up)
                                  : resolved->move(DecisionPoint::first_two, s, up);
      if (move == Move::hit) spread(n, p);
    }
  }
  for (const int n : graph.by_low_total) {
    const Node& node = at(n);
    if (node.cards < 3 || r[idx(n)] == 0 || best_total(node.state) == TWENTY_ONE) continue;
    if (more_move(node.state, up) == Move::hit) spread(n, r[idx(n)]);
  }
  return r;
}

void Analyzer::Impl::optimize_upcard(int up) {
  Context& ctx = base_context(up);
  const std::vector<double> weight = reach(up);
  const bool can_surrender = rules.surrender != Surrender::none;

  // Cells in an order where hitting always leads to decided cells.
  std::vector<std::pair<int, int>> order;  // (soft, best total)
  for (int t = HARD_MAX; t >= 11; --t) order.emplace_back(0, t);
  for (int t = SOFT_MAX; t >= SOFT_MIN; --t) order.emplace_back(1, t);
  for (int t = 10; t >= HARD_MIN; --t) order.emplace_back(0, t);

  enum Option { STAND, HIT, DOUBLE, SURRENDER, OPTIONS };
  for (const auto& [soft, total] : order) {
    ChartAction& cell = soft ? chart.soft[idx(total)][idx(up)] : chart.hard[idx(total)][idx(up)];
    if (total == TWENTY_ONE) {
      cell = ChartAction::stand;
      continue;
    }
    const auto& nodes = graph.cells[idx(soft)][idx(total)];
    bool can_double = false;
    bool can_double_later = false;        // double_any_cards: 3+ card hands may double
    std::array<double, OPTIONS> first{};  // summed over two-card hands, whole-round values
    std::array<double, OPTIONS> later{};  // summed over 3+ card hands (stand, hit, double)
    double mass = 0;
    auto add_hands = [&](bool with_pairs) {
      for (const int n : nodes) {
        const Node& node = at(n);
        if (node.cards == 2) {
          int a = 0, b = 0;
          for (int v = 1; v <= CARD_VALUES; ++v) {
            for (int k = 0; k < node.counts[idx(v)]; ++k) (a == 0 ? a : b) = v;
          }
          const bool pair = a == b && rules.split_hands > 1;
          if (pair && !with_pairs) continue;
          const double p = initial_probability(up, a, b);
          if (p == 0) continue;
          mass += p;
          const double offset = round_offset(ctx, n);
          first[STAND] += p * (offset + stand(ctx, n, 1));
          first[HIT] += p * (offset + hit_by_chart(ctx, n));
          if (double_allowed(rules.double_rule, node.state)) {
            can_double = true;
            first[DOUBLE] += p * (offset + double_down(ctx, n));
          }
          if (can_surrender) first[SURRENDER] += p * surrender_value(ctx, n);
        } else if (weight[idx(n)] > 0) {
          const double w = weight[idx(n)];
          mass += w;
          later[STAND] += w * stand(ctx, n, 1);
          later[HIT] += w * hit_by_chart(ctx, n);
          if (can_double_more(node.state)) {
            can_double_later = true;
            later[DOUBLE] += w * double_down(ctx, n);
          }
        }
      }
    };
    add_hands(false);
    if (mass == 0) add_hands(true);  // a cell only pairs reach (hard 4, soft 12): post-split use

    struct Candidate {
      ChartAction action;
      int two_cards;
      int more_cards;
      bool allowed;
    };
    // Hs and Sh last: a tie keeps the plainer action. D+ doubles 3+ card
    // hands too (double_any_cards); Ds+ only differs from it where the rules
    // forbid the double, for two cards as for more, so it is never better.
    const bool double_any = rules.double_any_cards && (can_double || can_double_later);
    const std::array<Candidate, 9> candidates{{
        {ChartAction::stand, STAND, STAND, true},
        {ChartAction::hit, HIT, HIT, true},
        {ChartAction::double_else_hit, DOUBLE, HIT, can_double},
        {ChartAction::double_else_stand, DOUBLE, STAND, can_double},
        {ChartAction::surrender_else_hit, SURRENDER, HIT, can_surrender},
        {ChartAction::surrender_else_stand, SURRENDER, STAND, can_surrender},
        {ChartAction::hit_two_stand_more, HIT, STAND, true},
        {ChartAction::stand_two_hit_more, STAND, HIT, true},
        {ChartAction::double_any_else_hit, DOUBLE, DOUBLE, double_any},
    }};
    double best = -std::numeric_limits<double>::infinity();
    for (const Candidate& c : candidates) {
      if (!c.allowed) continue;
      const double value = first[idx(c.two_cards)] + later[idx(c.more_cards)];
      if (value > best + 1e-15) {
        best = value;
        cell = c.action;
      }
    }
    // The cell is decided: values of playing on through it are now final.
    for (const int n : nodes) {
      for (auto& values : ctx.more) values[n] = UNSET;
    }
  }

  // Pairs: split against the best other play of the two cards.
  resolved.emplace(rules, chart);
  for (int pair = 1; pair <= CARD_VALUES; ++pair) {
    const int n = graph.two_card(pair, pair);
    const HandState s = at(n).state;
    const double offset = round_offset(ctx, n);
    const double stand_value = offset + stand(ctx, n, 1);
    const double hit_value = offset + hit_by_chart(ctx, n);
    double best = std::max(stand_value, hit_value);
    ChartAction action = hit_value > stand_value ? ChartAction::hit : ChartAction::stand;
    if (rules.split_hands > 1) {
      const double split_ev = offset + split_value(up, pair);
      if (split_ev > best) {
        best = split_ev;
        action = ChartAction::split;
      }
    }
    const ChartAction fallback = action;
    if (double_allowed(rules.double_rule, s)) {
      const double dbl = offset + double_down(ctx, n);
      if (dbl > best) {
        best = dbl;
        action = hit_value > stand_value ? ChartAction::double_else_hit : ChartAction::double_else_stand;
      }
    }
    if (can_surrender && surrender_value(ctx, n) > best) {
      action = fallback == ChartAction::split ? ChartAction::surrender_else_split
               : fallback == ChartAction::hit ? ChartAction::surrender_else_hit
                                              : ChartAction::surrender_else_stand;
    }
    chart.pairs[idx(pair)][idx(up)] = action;
  }
}

StrategyChart Analyzer::Impl::optimal_chart(const std::string& name) {
  StrategyChart start = mimic_dealer_chart(rules);
  use_chart(start);
  for (int pass = 0; pass < MAX_OPTIMIZATION_PASSES; ++pass) {
    const StrategyChart before = chart;
    for (int up = 1; up <= CARD_VALUES; ++up) optimize_upcard(up);
    use_chart(chart);
    if (chart.hard == before.hard && chart.soft == before.soft && chart.pairs == before.pairs) break;
  }
  chart.name = name;
  return chart;
}

}  // namespace cardsim::blackjack
