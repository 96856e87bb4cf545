#include "cardsim/blackjack/rule_effects.hpp"

#include <array>
#include <initializer_list>
#include <utility>

#include "cardsim/blackjack/analysis.hpp"

namespace cardsim::blackjack {
namespace {

// Collects the changes of one base game, keeping those check_rules() takes.
class Changes {
 public:
  explicit Changes(const Rules& base) : base_(base) {}

  // The base with `edit` applied, if it differs from the base and is valid.
  template <class Edit>
  void add(RuleKind kind, Edit edit) {
    Rules rules = base_;
    edit(rules);
    if (check_rules(rules).conflict == RulesConflict::none) list_.push_back({kind, rules});
  }
  // One change per value of `values` other than the base's (`field` of it).
  template <class Value, std::size_t N>
  void each_other(RuleKind kind, Value Rules::*field, const std::array<Value, N>& values) {
    for (const Value value : values) {
      if (base_.*field != value) add(kind, [&](Rules& r) { r.*field = value; });
    }
  }
  void toggle(RuleKind kind, bool Rules::*field) {
    add(kind, [&](Rules& r) { r.*field = !(r.*field); });
  }
  std::vector<RuleChange> list() && { return std::move(list_); }

 private:
  const Rules& base_;
  std::vector<RuleChange> list_;
};

}  // namespace

std::vector<RuleChange> single_rule_changes(const Rules& base) {
  Changes changes(base);
  for (int decks = 1; decks <= MAX_DECKS; ++decks) {
    if (decks == base.decks) continue;
    changes.add(RuleKind::decks, [&](Rules& r) {
      r.decks = decks;
      r.cut_card = 0;  // an absolute cut card may not fit the new shoe; the analysis ignores it
    });
  }
  changes.toggle(RuleKind::h17, &Rules::h17);
  changes.each_other(
      RuleKind::double_rule, &Rules::double_rule,
      std::array{DoubleRule::any, DoubleRule::nine_to_eleven, DoubleRule::ten_to_eleven, DoubleRule::none});
  changes.toggle(RuleKind::double_after_split, &Rules::double_after_split);
  changes.each_other(RuleKind::split_hands, &Rules::split_hands, std::array{1, 2, 3, 4});
  if (base.split_hands >= 3) changes.toggle(RuleKind::resplit_aces, &Rules::resplit_aces);
  if (base.split_hands >= 2) changes.toggle(RuleKind::hit_split_aces, &Rules::hit_split_aces);
  changes.each_other(RuleKind::surrender, &Rules::surrender,
                     std::array{Surrender::none, Surrender::late, Surrender::early});
  for (const std::pair<int, int>& pays : {std::pair{3, 2}, std::pair{6, 5}}) {
    if (base.blackjack_pays_num * pays.second == base.blackjack_pays_den * pays.first) continue;  // the base's payout
    changes.add(RuleKind::blackjack_pays, [&](Rules& r) {
      r.blackjack_pays_num = pays.first;
      r.blackjack_pays_den = pays.second;
    });
  }
  changes.each_other(RuleKind::hole_card, &Rules::hole_card,
                     std::array{HoleCard::peek, HoleCard::enhc, HoleCard::enhc_obo});
  return std::move(changes).list();
}

RuleEffect rule_effect(const RuleChange& change, const StrategyChart& base_chart) {
  Analyzer analyzer(change.rules);
  RuleEffect effect{change, analyzer.optimal_chart(), {}, {}, 0.0};
  effect.optimal = analyzer.evaluate(effect.optimal_chart);
  effect.base_chart = analyzer.evaluate(base_chart);
  effect.error_bound = change.rules.switch_hands ? SWITCH_EV_ERROR_BOUND : 0.0;
  return effect;
}

}  // namespace cardsim::blackjack
