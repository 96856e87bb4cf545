// The Analyzer's public calls (blackjack/analysis.hpp); the work is done by
// Analyzer::Impl, one file per thing it computes (analysis_impl.hpp).
#include "cardsim/blackjack/analysis.hpp"

#include "analysis_impl.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {

using analysis::idx;
using analysis::NO_NODE;
using analysis::TWENTY_ONE;

Analyzer::Analyzer(const Rules& rules)
    : rules_(rules),
      shoe_(ShoeComposition::of(rules)),
      dealer_(dealer_table(rules)),
      impl_(std::make_unique<Impl>(rules)) {}

Analyzer::~Analyzer() = default;

StrategyEv Analyzer::evaluate(const StrategyChart& chart) { return impl_->evaluate(chart); }

SwitchValues Analyzer::switch_values(const StrategyChart& chart) { return impl_->switch_values(chart); }

StrategyChart Analyzer::optimal_chart(const std::string& name) { return impl_->optimal_chart(name); }

std::size_t Analyzer::dealer_evaluations() const { return impl_->dealer_cache.size(); }

InitialHandTable Analyzer::initial_hand_table(const StrategyChart& chart) {
  Impl& m = *impl_;
  m.use_chart(chart);
  InitialHandTable table;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    for (int a = 1; a <= CARD_VALUES; ++a) {
      for (int b = a; b <= CARD_VALUES; ++b) {
        table.probability[idx(a)][idx(b)][idx(up)] = m.initial_probability(up, a, b);
        table.evs[idx(a)][idx(b)][idx(up)] = m.hand_values(up, a, b).evs;
      }
    }
  }
  return table;
}

void Analyzer::use_chart(const StrategyChart& chart) { impl_->use_chart(chart); }

void Analyzer::deal_from(const CardCounts& remaining) {
  int total = 0;
  for (int v = 1; v <= CARD_VALUES; ++v) {
    if (remaining[idx(v)] < 0 || remaining[idx(v)] > shoe_.counts[idx(v)]) {
      throw Error("analysis: a remaining shoe holds 0.." + std::to_string(shoe_.counts[idx(v)]) + " cards of value " +
                  std::to_string(v) + ", not " + std::to_string(remaining[idx(v)]));
    }
    total += remaining[idx(v)];
  }
  if (total < 3) throw Error("analysis: a remaining shoe needs at least 3 cards, not " + std::to_string(total));
  impl_->use_shoe(remaining);
}

InitialHandValues Analyzer::initial_hand(int first, int second, int upcard) {
  if (!impl_->resolved) throw Error("analysis: initial_hand() needs a chart (use_chart)");
  return impl_->hand_values(upcard, std::min(first, second), std::max(first, second));
}

std::vector<ReachedHand> Analyzer::reached_hands(int upcard, bool soft, int total) {
  Impl& m = *impl_;
  if (!m.resolved) throw Error("analysis: reached_hands() needs a chart (use_chart)");
  std::vector<double>& reach = m.reach_memo[idx(upcard)];
  if (reach.empty()) reach = m.reach(upcard);
  std::vector<ReachedHand> hands;
  if (total < 0 || total > TWENTY_ONE) return hands;
  for (const int n : m.graph.cells[soft ? 1 : 0][idx(total)]) {
    const analysis::Node& node = m.at(n);
    if (node.cards < 3 || reach[idx(n)] <= 0) continue;
    ReachedHand hand;
    for (int v = 1; v <= CARD_VALUES; ++v) hand.cards[idx(v)] = node.counts[idx(v)];
    hand.card_count = node.cards;
    hand.probability = reach[idx(n)];
    hands.push_back(hand);
  }
  return hands;
}

InitialHandValues Analyzer::more_card_hand(const CardCounts& cards, int upcard) {
  Impl& m = *impl_;
  if (!m.resolved) throw Error("analysis: more_card_hand() needs a chart (use_chart)");
  const int n = m.node_of(cards);
  if (n == NO_NODE || m.at(n).cards < 3) {
    throw Error("analysis: more_card_hand() takes a hand of three or more cards that is not busted");
  }
  return m.more_card_values(upcard, n);
}

CompositionDependentEv Analyzer::composition_dependent(const StrategyChart& chart, PostSplit post_split) {
  return impl_->composition_dependent(chart, post_split);
}

InitialHandValues Analyzer::composition_dependent_hand(int first, int second, int upcard, PostSplit post_split) {
  Impl& m = *impl_;
  m.post_split = post_split;
  const InitialHandValues values = m.hand_values(upcard, std::min(first, second), std::max(first, second));
  m.post_split.reset();
  return values;
}

StrategyChart optimal_basic_strategy(const Rules& rules) {
  Analyzer analyzer(rules);
  return analyzer.optimal_chart("basic");
}

// (Fields are reset, not copied: a field added to Rules is kept, so it can
// only make fewer rule sets equal, never wrongly more.)
Rules analysis_rules(const Rules& rules) {
  const Rules defaults;
  Rules r = rules;
  r.penetration = defaults.penetration;
  r.cut_card = defaults.cut_card;
  r.burn_cards = defaults.burn_cards;
  r.reshuffle = defaults.reshuffle;
  r.seats = defaults.seats;
  return r;
}

Rules strategy_rules(const Rules& rules) {
  const Rules defaults;
  Rules r = analysis_rules(rules);
  r.blackjack_pays_num = defaults.blackjack_pays_num;
  r.blackjack_pays_den = defaults.blackjack_pays_den;
  return r;
}

}  // namespace cardsim::blackjack
