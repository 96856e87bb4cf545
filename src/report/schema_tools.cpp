// The fields of the analyses' results that their pages show (see
// schema_impl.hpp): `cardsim analyze --out`, `sidebet --out`, `ramp --out`
// and `indices --out`, from the results those write (src/results/,
// src/formats/game_files/side_bet_file.cpp; docs/results.md).
#include "schema_impl.hpp"

namespace cardsim::report {
namespace {

// The fields every one of these results has: its command, version, the
// tool, the method in words and the rules.
const Field HEAD_FIELDS[] = {
    {"command", TEXT},           {"schema_version", COUNT}, {"tool", OBJECT},
    {"tool/git_revision", TEXT}, {"tool/name", TEXT},       {"tool/version", TEXT},
    {"method", OBJECT},          {"method/*", TEXT},        {"rules", TEXT},
};

const Field ANALYZE_FIELDS[] = {
    {"dealer", OBJECT},
    {"dealer/*", OBJECT},
    {"dealer/*/probability", SHARE},
    {"dealer/*/before_peek", OBJECT},
    {"dealer/*/before_peek/*", SHARE},
    {"dealer/*/no_blackjack", OBJECT},
    {"dealer/*/no_blackjack/*", SHARE},
    // (and the same under "strategy", for --strategy)
    {"basic_strategy", OBJECT},
    {"basic_strategy/name", TEXT},
    {"basic_strategy/method", TEXT},
    {"basic_strategy/ev", NUMBER},
    {"basic_strategy/house_edge_percent", NUMBER},
    {"basic_strategy/insurance_contribution", NUMBER},
    {"basic_strategy/error_bound", NUMBER},
    {"basic_strategy/chart", TEXT},
    {"basic_strategy/by_upcard", OBJECT},
    {"basic_strategy/by_upcard/*", OBJECT},
    {"basic_strategy/by_upcard/*/probability", SHARE},
    {"basic_strategy/by_upcard/*/ev", NUMBER},
    {"basic_strategy/by_upcard/*/contribution", NUMBER},
    {"composition_dependent", OBJECT},
    {"composition_dependent/post_split", TEXT},
    {"composition_dependent/ev", NUMBER},
    {"composition_dependent/house_edge_percent", NUMBER},
    // analyze --rule-effects
    {"rule_effects", LIST},
    {"rule_effects/*", OBJECT},
    {"rule_effects/*/rule", TEXT},
    {"rule_effects/*/change", TEXT},
    {"rule_effects/*/method", TEXT},
    {"rule_effects/*/error_bound", NUMBER},
    {"rule_effects/*/optimal", OBJECT},
    {"rule_effects/*/optimal/house_edge_percent", NUMBER},
    {"rule_effects/*/optimal/change_percent", NUMBER},
    {"rule_effects/*/base_strategy", OBJECT},
    {"rule_effects/*/base_strategy/house_edge_percent", NUMBER},
    {"rule_effects/*/base_strategy/change_percent", NUMBER},
};

const Field SIDEBET_FIELDS[] = {
    {"side_bet", OBJECT},
    {"side_bet/name", TEXT},
    {"shoe", OBJECT},
    {"shoe/decks", COUNT},
    {"shoe/h17", FLAG},
    {"looks_at", TEXT},
    {"deal_cards", COUNT},
    {"deals", TEXT},
    {"outcomes", LIST},
    {"outcomes/*", OBJECT},
    {"outcomes/*/name", TEXT},
    {"outcomes/*/kind", TEXT | NUL},
    {"outcomes/*/pays", NUMBER | TEXT},
    {"outcomes/*/combinations", TEXT},
    {"outcomes/*/probability", TEXT},
    {"outcomes/*/probability_decimal", SHARE},
    {"outcomes/*/return", NUMBER},
    {"house_edge", TEXT},
    {"house_edge_percent", NUMBER},
    {"hit_frequency", SHARE},
    {"standard_deviation", NUMBER},
    {"published", LIST},
    {"published/*", OBJECT},
    {"published/*/house_edge_percent", TEXT},
    {"published/*/source", TEXT},
    {"published/*/note", TEXT},
    {"published/*/difference_percent", NUMBER},
    {"published/*/within_rounding", FLAG},
    {"note", TEXT},
};

const Field RAMP_FIELDS[] = {
    {"sizing", OBJECT},
    {"sizing/spread", TEXT},
    {"sizing/bankroll_units", NUMBER},
    {"sizing/kelly_fraction", NUMBER},
    {"ramp", OBJECT},
    {"ramp/bet_ramp", TEXT},
    {"by_true_count", LIST},
    {"by_true_count/*", OBJECT},
    {"by_true_count/*/true_count", INTEGER},
    {"by_true_count/*/rounds", COUNT},
    {"by_true_count/*/frequency", SHARE},
    {"by_true_count/*/edge_per_initial_bet", OBJECT},
    {"by_true_count/*/edge_per_initial_bet/mean", NUMBER},
    {"by_true_count/*/edge_per_initial_bet/standard_error", NUL | NUMBER},
    {"by_true_count/*/kelly_units", OBJECT},
    {"by_true_count/*/kelly_units/value", NUL | NUMBER},
    {"by_true_count/*/kelly_units/standard_error", NUL | NUMBER},
    {"by_true_count/*/enough_rounds", FLAG},
    {"by_true_count/*/units", NUMBER},
    {"predicted/fit_optimism", OBJECT},
    {"predicted/fit_optimism/win_per_100_rounds", NUMBER},
    {"difference_in_standard_errors", OBJECT},
    {"difference_in_standard_errors/win_per_round", NUL | NUMBER},
    {"difference_in_standard_errors/sd_per_round", NUL | NUMBER},
    {"run", OBJECT},
    {"run/seed", COUNT},
    {"run/rounds", COUNT},
    {"run/partial", FLAG},
};

const Field INDICES_FIELDS[] = {
    {"hands", OBJECT},
    {"hands/source", TEXT},
    {"run", OBJECT},
    {"run/seed", COUNT},
    {"run/rounds", COUNT},
    {"run/shoes", COUNT},
    {"run/chunks", COUNT},
    {"run/partial", FLAG},
    {"lines", LIST},
    {"lines/*", OBJECT},
    {"lines/*/line", TEXT},
    {"lines/*/given_index", NUMBER},
    {"lines/*/found", FLAG},
    {"lines/*/never_differs", FLAG},
    {"lines/*/idle", FLAG},
    {"lines/*/index", NUMBER},
    {"lines/*/index_ci95", LIST},
    {"lines/*/index_ci95/*", NUMBER},
    {"lines/*/reversed", FLAG},
    {"lines/*/extrapolated", FLAG},
    {"lines/*/crossing", OBJECT},
    {"lines/*/crossing/value", NUMBER},
    {"lines/*/crossing/standard_error", NUL | NUMBER},
    {"lines/*/slope", OBJECT},
    {"lines/*/slope/value", NUMBER},
    {"lines/*/slope/standard_error", NUL | NUMBER},
    {"lines/*/intercept", NUMBER},
    {"lines/*/fit", OBJECT},
    {"lines/*/fit/from_true_count", NUMBER},
    {"lines/*/fit/to_true_count", NUMBER},
    {"lines/*/fit/chi_squared", NUL | NUMBER},
    {"lines/*/by_true_count", LIST},
    {"lines/*/by_true_count/*", OBJECT},
    {"lines/*/by_true_count/*/true_count", INTEGER},
    {"lines/*/by_true_count/*/hands", COUNT},
    {"lines/*/by_true_count/*/difference", NUMBER},
    {"lines/*/by_true_count/*/standard_error", NUL | NUMBER},
};

}  // namespace

Fields analyze_fields() {
  return {{HEAD_FIELDS, ANALYZE_FIELDS},
          {"dealer", "before_peek", "no_blackjack", "by_upcard", "method"},
          {{"basic_strategy", "strategy"}}};
}
Fields sidebet_fields() { return {{HEAD_FIELDS, SIDEBET_FIELDS}, {"method"}, {}}; }
Fields ramp_fields() { return {{HEAD_FIELDS, RAMP_FIELDS}, {"method"}, {}}; }
Fields indices_fields() { return {{HEAD_FIELDS, INDICES_FIELDS}, {"method"}, {}}; }

}  // namespace cardsim::report
