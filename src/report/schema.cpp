#include "schema.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "cardsim/core/error.hpp"
#include "schema_impl.hpp"

namespace cardsim::report {
using nlohmann::json;

namespace {

// The fields of a sim result that the page shows (and of each variant's
// "result" in compare and sweep), from the results cardsim writes: sim with
// 1 and 3 seats and one round, side bets, counting with index plays, a ramp
// and wonging, shards, --target-se; nulls where a statistic may have none.
// (Map keys, such as up cards and dealer totals, are "*".)
const Field SIM_FIELDS[] = {
    {"command", TEXT},
    {"config", OBJECT},
    {"empty", TEXT},
    {"config/cut_card", COUNT},
    {"config/decks", COUNT | TEXT},
    {"config/seats", COUNT},
    {"config/penetration", NUMBER},
    {"config/reshuffle", TEXT},
    {"config/surrender", TEXT},
    {"counting", OBJECT},
    {"counting/average_initial_bet", NUMBER},
    {"counting/average_initial_bet_standard_error", NUL | NUMBER},
    {"counting/bet_ramp", TEXT},
    {"counting/by_true_count", LIST},
    {"counting/by_true_count/*", OBJECT},
    {"counting/by_true_count/*/edge", OBJECT},
    {"counting/by_true_count/*/edge/mean", NUL | NUMBER},
    {"counting/by_true_count/*/edge/standard_error", NUL | NUMBER},
    {"counting/by_true_count/*/frequency", SHARE},
    {"counting/by_true_count/*/rounds", COUNT},
    {"counting/by_true_count/*/shoes", COUNT},
    {"counting/by_true_count/*/true_count", INTEGER},
    {"counting/di", OBJECT},
    {"counting/di/standard_error", NUL | NUMBER},
    {"counting/di/value", NUL | NUMBER},
    {"counting/edge_per_initial_bet", OBJECT},
    {"counting/edge_per_initial_bet/mean", NUMBER},
    {"counting/edge_per_initial_bet/note", TEXT},
    {"counting/edge_per_initial_bet/standard_error", NUL | NUMBER},
    {"counting/edge_slope_per_true_count", NUL | OBJECT},
    {"counting/edge_slope_per_true_count/intercept", NUL | NUMBER},
    {"counting/edge_slope_per_true_count/slope", NUL | NUMBER},
    {"counting/edge_slope_per_true_count/standard_error", NUL | NUMBER},
    {"counting/hours_to_n0", NUL | NUMBER},
    {"counting/hours_to_n0_ci95", LIST | NUL},
    {"counting/hours_to_n0_ci95/*", NUL | NUMBER},
    {"counting/hours_to_n0_standard_error", NUL | NUMBER},
    {"counting/index_plays", LIST},
    {"counting/index_plays/*", TEXT},
    {"counting/indices", TEXT},
    {"counting/n0_rounds", NUL | NUMBER},
    {"counting/n0_rounds_ci95", LIST | NUL},
    {"counting/n0_rounds_ci95/*", NUL | NUMBER},
    {"counting/n0_rounds_standard_error", NUL | NUMBER},
    {"counting/risk_of_ruin", OBJECT},
    {"counting/risk_of_ruin/bankroll", NUMBER},
    {"counting/risk_of_ruin/ci95", LIST | NUL},
    {"counting/risk_of_ruin/ci95/*", NUMBER},
    {"counting/risk_of_ruin/value", NUL | NUMBER},
    {"counting/rounds_dealt", COUNT},
    {"counting/rounds_per_hour", NUMBER},
    {"counting/rounds_played", COUNT},
    {"counting/score", OBJECT},
    {"counting/score/standard_error", NUL | NUMBER},
    {"counting/score/value", NUL | NUMBER},
    {"counting/sd_per_100_rounds", NUL | NUMBER},
    {"counting/sd_per_100_rounds_standard_error", NUL | NUMBER},
    {"counting/sd_per_round", NUL | NUMBER},
    {"counting/side_bets", LIST},
    {"counting/side_bets/*", OBJECT},
    {"counting/side_bets/*/by_true_count", LIST},
    {"counting/side_bets/*/by_true_count/*", OBJECT},
    {"counting/side_bets/*/by_true_count/*/bets", COUNT},
    {"counting/side_bets/*/by_true_count/*/return", NUMBER},
    {"counting/side_bets/*/by_true_count/*/standard_error", NUL | NUMBER},
    {"counting/side_bets/*/by_true_count/*/true_count", INTEGER},
    {"counting/side_bets/*/name", TEXT},
    {"counting/system", TEXT},
    {"counting/true_count", OBJECT},
    {"counting/true_count/decks", TEXT},
    {"counting/true_count/rounding", TEXT},
    {"counting/win_per_100_rounds", OBJECT},
    {"counting/win_per_100_rounds/ci95", LIST | NUL},
    {"counting/win_per_100_rounds/ci95/*", NUMBER},
    {"counting/win_per_100_rounds/mean", NUMBER},
    {"counting/win_per_100_rounds/standard_error", NUL | NUMBER},
    {"counting/estimate", TEXT},
    {"counting/win_per_round_plain", OBJECT},
    {"counting/win_per_round_plain/mean", NUMBER},
    {"counting/win_per_round_plain/standard_error", NUL | NUMBER},
    {"counting/wong_in", INTEGER | TEXT},
    {"counting/wong_out", INTEGER | TEXT},
    {"dealer", OBJECT},
    {"dealer/by_upcard", OBJECT},
    {"dealer/by_upcard/*", OBJECT},
    {"dealer/by_upcard/*/played_out", OBJECT},
    {"dealer/by_upcard/*/played_out/bust_standard_error", NUL | NUMBER},
    {"dealer/by_upcard/*/played_out/final", OBJECT},
    {"dealer/by_upcard/*/played_out/final/*", SHARE},
    {"dealer/by_upcard/*/played_out/final_standard_error", OBJECT},
    {"dealer/by_upcard/*/played_out/final_standard_error/*", NUL | NUMBER},
    {"dealer/by_upcard/*/rounds", COUNT},
    {"dealer/note", TEXT},
    {"dealer/played_out", OBJECT},
    {"dealer/played_out/final", OBJECT},
    {"dealer/played_out/final/*", SHARE},
    {"dealer/played_out/final_standard_error", OBJECT},
    {"dealer/played_out/final_standard_error/*", NUL | NUMBER},
    {"dealer/played_out/note", TEXT},
    {"control_variate", OBJECT},
    {"control_variate/effective_rounds", NUL | NUMBER},
    {"control_variate/headline", TEXT},
    {"control_variate/method", TEXT},
    {"control_variate/variance_reduction_factor", OBJECT},
    {"control_variate/variance_reduction_factor/mean", NUL | NUMBER},
    {"control_variate/variance_reduction_factor/standard_error", NUL | NUMBER},
    {"edge", OBJECT},
    {"edge/estimate", TEXT},
    {"edge_plain", OBJECT},
    {"edge_plain/house_edge_ci95_percent", LIST | NUL},
    {"edge_plain/house_edge_ci95_percent/*", NUMBER},
    {"edge_plain/house_edge_percent", NUMBER},
    {"edge_plain/standard_error", NUL | NUMBER},
    {"edge/ci95", LIST | NUL},
    {"edge/ci95/*", NUMBER},
    {"edge/house_edge_ci95_percent", LIST | NUL},
    {"edge/house_edge_ci95_percent/*", NUMBER},
    {"edge/house_edge_percent", NUMBER},
    {"edge/mean", NUMBER},
    {"edge/sd_per_round", NUL | NUMBER},
    {"edge/standard_error", NUL | NUMBER},
    {"exact", OBJECT},
    {"exact/comparable", FLAG},
    {"exact/difference_in_standard_errors", NUL | NUMBER},
    {"exact/cut_card_effect", NUL | OBJECT},
    {"exact/cut_card_effect/points", NUMBER},
    {"exact/cut_card_effect/se_points", NUMBER},
    {"exact/cut_card_effect/ci95_points", LIST},
    {"exact/cut_card_effect/ci95_points/*", NUMBER},
    {"exact/house_edge_percent", NUMBER},
    {"exact/mean", NUMBER},
    {"exact/same_strategy", FLAG},
    {"exact/strategy", TEXT},
    {"outcomes", OBJECT},
    {"outcomes/counts", OBJECT},
    {"outcomes/counts/hands", COUNT},
    {"outcomes/counts/rounds", COUNT},
    {"outcomes/rates_per_hand", OBJECT},
    {"outcomes/rates_per_hand/double", SHARE},
    {"outcomes/rates_per_hand/loss", SHARE},
    {"outcomes/rates_per_hand/player_bust", SHARE},
    {"outcomes/rates_per_hand/push", SHARE},
    {"outcomes/rates_per_hand/surrender", SHARE},
    {"outcomes/rates_per_hand/win", SHARE},
    {"outcomes/rates_per_round", OBJECT},
    {"outcomes/rates_per_round/blackjack", SHARE},
    {"outcomes/rates_per_round/hands", NUMBER},
    {"outcomes/rates_per_round/split", NUMBER},
    {"rules_summary", TEXT},
    {"run", OBJECT},
    {"run/chunks", COUNT},
    {"run/chunks_played", COUNT},
    {"run/partial", FLAG},
    {"run/rounds", COUNT},
    {"run/rounds_requested", COUNT},
    {"run/seed", COUNT},
    {"run/stopped_by", TEXT},
    {"run/target_se", NUL | NUMBER},
    {"schema_version", COUNT},
    {"seats", LIST},
    {"seats/*", OBJECT},
    {"seats/*/counts", OBJECT},
    {"seats/*/counts/hands", COUNT},
    {"seats/*/edge", OBJECT},
    {"seats/*/edge/ci95", LIST | NUL},
    {"seats/*/edge/ci95/*", NUMBER},
    {"seats/*/edge/house_edge_ci95_percent", LIST | NUL},
    {"seats/*/edge/house_edge_ci95_percent/*", NUMBER},
    {"seats/*/edge/house_edge_percent", NUMBER},
    {"seats/*/edge/mean", NUMBER},
    {"seats/*/edge/sd_per_round", NUL | NUMBER},
    {"seats/*/edge/standard_error", NUL | NUMBER},
    {"seats/*/rates_per_hand", OBJECT},
    {"seats/*/rates_per_hand/double", SHARE},
    {"seats/*/rates_per_hand/loss", SHARE},
    {"seats/*/rates_per_hand/player_bust", SHARE},
    {"seats/*/rates_per_hand/push", SHARE},
    {"seats/*/rates_per_hand/surrender", SHARE},
    {"seats/*/rates_per_hand/win", SHARE},
    {"seats/*/rates_per_round", OBJECT},
    {"seats/*/rates_per_round/blackjack", SHARE},
    {"seats/*/rates_per_round/hands", NUMBER},
    {"seats/*/seat", COUNT},
    {"shard", OBJECT},
    {"shard/count", COUNT},
    {"shard/index", COUNT},
    {"side_bets", LIST},
    {"side_bets/*", OBJECT},
    {"side_bets/*/bets", COUNT},
    {"side_bets/*/exact", OBJECT},
    {"side_bets/*/exact/comparable", FLAG},
    {"side_bets/*/exact/difference_in_standard_errors", NUL | NUMBER},
    {"side_bets/*/exact/hit_frequency", SHARE},
    {"side_bets/*/exact/house_edge_percent", NUMBER},
    {"side_bets/*/exact/return", NUMBER},
    {"side_bets/*/exact/standard_deviation", NUMBER},
    {"side_bets/*/hit_frequency", SHARE},
    {"side_bets/*/loss_frequency", SHARE},
    {"side_bets/*/name", TEXT},
    {"side_bets/*/note", TEXT},
    {"side_bets/*/outcomes", LIST},
    {"side_bets/*/outcomes/*", OBJECT},
    {"side_bets/*/outcomes/*/exact_probability", SHARE},
    {"side_bets/*/outcomes/*/frequency", SHARE},
    {"side_bets/*/outcomes/*/name", TEXT},
    {"side_bets/*/outcomes/*/pays", NUMBER},
    {"side_bets/*/return", OBJECT},
    {"side_bets/*/return/ci95", LIST | NUL},
    {"side_bets/*/return/ci95/*", NUMBER},
    {"side_bets/*/return/house_edge_percent", NUMBER},
    {"side_bets/*/return/mean", NUMBER},
    {"side_bets/*/return/standard_error", NUL | NUMBER},
    {"strategy", TEXT},
    {"tool", OBJECT},
    {"tool/git_revision", TEXT},
    {"tool/name", TEXT},
    {"tool/version", TEXT},
};

// The fields of a compare or sweep result around its variants' results.
const Field PAIRED_FIELDS[] = {
    {"command", TEXT},
    {"run", OBJECT},
    {"run/chunks", COUNT},
    {"run/chunks_played", COUNT},
    {"run/partial", FLAG},
    {"run/rounds", COUNT},
    {"run/rounds_requested", COUNT},
    {"run/seed", COUNT},
    {"run/stopped_by", TEXT},
    {"run/target_se", NUL | NUMBER},
    {"schema_version", COUNT},
    {"shard", OBJECT},
    {"shard/count", COUNT},
    {"shard/index", COUNT},
    {"tool", OBJECT},
    {"tool/git_revision", TEXT},
    {"tool/name", TEXT},
    {"tool/version", TEXT},
    {"variants", LIST},
    {"variants/*", OBJECT},
    {"variants/*/difference", NUL | OBJECT},
    {"variants/*/difference/ci95", LIST | NUL},
    {"variants/*/difference/ci95/*", NUMBER},
    {"variants/*/difference/house_edge_change_percent", NUMBER},
    {"variants/*/difference/mean", NUMBER},
    {"variants/*/difference/standard_error", NUL | NUMBER},
    {"variants/*/difference/standard_error_unpaired", NUL | NUMBER},
    {"variants/*/difference/estimate", TEXT},
    {"variants/*/difference_plain", OBJECT},
    {"variants/*/difference_plain/house_edge_change_percent", NUMBER},
    {"variants/*/difference_plain/standard_error", NUL | NUMBER},
    {"variants/*/label", TEXT},
    {"variants/*/values", OBJECT},
    {"variants/*/values/*", ANY},
    {"varied", LIST},
    {"varied/*", TEXT},
};

// The fields of a `zjh sim` result the page shows (io/zjh_result.cpp; the
// tally is not shown).
const Field ZJH_SIM_FIELDS[] = {
    {"chunks", COUNT},
    {"command", TEXT},
    {"config", OBJECT},
    {"config/deals", COUNT},
    {"config/players", COUNT},
    {"config/rules", OBJECT},
    {"config/rules/a23", TEXT},
    {"config/rules/special_235", FLAG},
    {"config/rules/straight_above_flush", FLAG},
    {"config/rules/ties", TEXT},
    {"config/seed", COUNT},
    {"deals", COUNT},
    {"leopard_kills", OBJECT},
    {"leopard_kills/count", COUNT},
    {"leopard_kills/se", NUL | NUMBER},
    {"leopard_kills/value", NUL | NUMBER},
    {"run", OBJECT},
    {"run/completed_chunks", COUNT},
    {"run/partial", FLAG},
    {"schema_version", COUNT},
    {"seat", OBJECT},
    {"seat/by_category", LIST},
    {"seat/by_category/*", OBJECT},
    {"seat/by_category/*/category", TEXT},
    {"seat/by_category/*/chinese", TEXT},
    {"seat/by_category/*/hands", OBJECT},
    {"seat/by_category/*/hands/count", COUNT},
    {"seat/by_category/*/hands/se", NUL | NUMBER},
    {"seat/by_category/*/hands/value", NUL | NUMBER},
    {"seat/by_category/*/loss", OBJECT},
    {"seat/by_category/*/loss/count", COUNT},
    {"seat/by_category/*/loss/se", NUL | NUMBER},
    {"seat/by_category/*/loss/value", NUL | NUMBER},
    {"seat/by_category/*/tie", OBJECT},
    {"seat/by_category/*/tie/count", COUNT},
    {"seat/by_category/*/tie/se", NUL | NUMBER},
    {"seat/by_category/*/tie/value", NUL | NUMBER},
    {"seat/by_category/*/win", OBJECT},
    {"seat/by_category/*/win/count", COUNT},
    {"seat/by_category/*/win/se", NUL | NUMBER},
    {"seat/by_category/*/win/value", NUL | NUMBER},
    {"seat/loss", OBJECT},
    {"seat/loss/count", COUNT},
    {"seat/loss/se", NUL | NUMBER},
    {"seat/loss/value", NUL | NUMBER},
    {"seat/note", TEXT},
    {"seat/tie", OBJECT},
    {"seat/tie/count", COUNT},
    {"seat/tie/se", NUL | NUMBER},
    {"seat/tie/value", NUL | NUMBER},
    {"seat/win", OBJECT},
    {"seat/win/count", COUNT},
    {"seat/win/se", NUL | NUMBER},
    {"seat/win/value", NUL | NUMBER},
    {"split_pot", OBJECT},
    {"split_pot/count", COUNT},
    {"split_pot/se", NUL | NUMBER},
    {"split_pot/value", NUL | NUMBER},
    {"tool", OBJECT},
    {"tool/git_revision", TEXT},
    {"tool/name", TEXT},
    {"tool/version", TEXT},
    {"winning_category", LIST},
    {"winning_category/*", OBJECT},
    {"winning_category/*/category", TEXT},
    {"winning_category/*/chinese", TEXT},
    {"winning_category/*/deals", OBJECT},
    {"winning_category/*/deals/count", COUNT},
    {"winning_category/*/deals/se", NUL | NUMBER},
    {"winning_category/*/deals/value", NUL | NUMBER},
};

// The fields of a `zjh exact` result the page shows (every probability exact).
const Field ZJH_EXACT_FIELDS[] = {
    {"categories", LIST},
    {"categories/*", OBJECT},
    {"categories/*/category", TEXT},
    {"categories/*/chinese", TEXT},
    {"categories/*/hands", COUNT},
    {"categories/*/heads_up", OBJECT},
    {"categories/*/heads_up/loss", OBJECT},
    {"categories/*/heads_up/loss/count", COUNT},
    {"categories/*/heads_up/loss/fraction", TEXT},
    {"categories/*/heads_up/loss/value", NUMBER},
    {"categories/*/heads_up/pairs", COUNT},
    {"categories/*/heads_up/tie", OBJECT},
    {"categories/*/heads_up/tie/count", COUNT},
    {"categories/*/heads_up/tie/fraction", TEXT},
    {"categories/*/heads_up/tie/value", NUMBER},
    {"categories/*/heads_up/win", OBJECT},
    {"categories/*/heads_up/win/count", COUNT},
    {"categories/*/heads_up/win/fraction", TEXT},
    {"categories/*/heads_up/win/value", NUMBER},
    {"categories/*/heads_up/winning_hand", OBJECT},
    {"categories/*/heads_up/winning_hand/count", COUNT},
    {"categories/*/heads_up/winning_hand/fraction", TEXT},
    {"categories/*/heads_up/winning_hand/value", NUMBER},
    {"categories/*/probability", OBJECT},
    {"categories/*/probability/count", COUNT},
    {"categories/*/probability/fraction", TEXT},
    {"categories/*/probability/value", NUMBER},
    {"command", TEXT},
    {"hands", COUNT},
    {"heads_up", OBJECT},
    {"heads_up/loss", OBJECT},
    {"heads_up/loss/count", COUNT},
    {"heads_up/loss/fraction", TEXT},
    {"heads_up/loss/value", NUMBER},
    {"heads_up/ordered_pairs", COUNT},
    {"heads_up/tie", OBJECT},
    {"heads_up/tie/count", COUNT},
    {"heads_up/tie/fraction", TEXT},
    {"heads_up/tie/value", NUMBER},
    {"heads_up/win", OBJECT},
    {"heads_up/win/count", COUNT},
    {"heads_up/win/fraction", TEXT},
    {"heads_up/win/value", NUMBER},
    {"levels", COUNT},
    {"rules", OBJECT},
    {"rules/a23", TEXT},
    {"rules/special_235", FLAG},
    {"rules/straight_above_flush", FLAG},
    {"rules/ties", TEXT},
    {"schema_version", COUNT},
    {"tool", OBJECT},
    {"tool/git_revision", TEXT},
    {"tool/name", TEXT},
    {"tool/version", TEXT},
};

// The fields of a `cardsim bench` result (app/bench.hpp), evaluator included.
const Field BENCH_FIELDS[] = {
    {"command", TEXT},
    {"schema_version", COUNT},
    {"tool", OBJECT},
    {"tool/git_revision", TEXT},
    {"tool/name", TEXT},
    {"tool/version", TEXT},
    {"machine", OBJECT},
    {"machine/cpu", TEXT},
    {"machine/cores", COUNT},
    {"machine/compiler", TEXT},
    {"machine/flags", TEXT},
    {"machine/cardsim_version", TEXT},
    {"machine/git_revision", TEXT},
    {"settings", OBJECT},
    {"settings/filter", TEXT},
    {"settings/repetitions", COUNT},
    {"settings/min_time", NUMBER},
    {"settings/threads", COUNT},
    {"reference", OBJECT},
    {"reference/name", TEXT},
    {"reference/unit", TEXT},
    {"reference/rate", NUMBER},
    {"interrupted", FLAG},
    {"cases", LIST},
    {"cases/*", OBJECT},
    {"cases/*/name", TEXT},
    {"cases/*/unit", TEXT},
    {"cases/*/what", TEXT},
    {"cases/*/repetitions", COUNT},
    {"cases/*/rate", OBJECT},
    {"cases/*/rate/median", NUMBER},
    {"cases/*/rate/min", NUMBER},
    {"cases/*/rate/max", NUMBER},
    {"cases/*/ratio", OBJECT},
    {"cases/*/ratio/median", NUMBER},
    {"cases/*/ratio/min", NUMBER},
    {"cases/*/ratio/max", NUMBER},
    {"cases/*/rates", LIST},
    {"cases/*/rates/*", NUMBER},
    {"inputs", LIST},
    {"evaluator", OBJECT},
    {"evaluator/path", TEXT},
    {"evaluator/name", TEXT},
    {"evaluator/phase", TEXT},
    {"evaluator/interrupted", FLAG},
    {"evaluator/abi_version", COUNT},
    {"evaluator/rules", TEXT},
    {"evaluator/passed", FLAG},
    {"evaluator/checks", LIST},
    {"evaluator/checks/*", OBJECT},
    {"evaluator/checks/*/entry", TEXT},
    {"evaluator/checks/*/pairs", COUNT},
    {"evaluator/checks/*/hands", COUNT},
    {"evaluator/checks/*/disagreements", COUNT},
    {"evaluator/checks/*/soft_disagreements", COUNT},
    {"evaluator/checks/*/bust_disagreements", COUNT},
    {"evaluator/checks/*/passed", FLAG},
    {"evaluator/checks/*/by_category", LIST},
    {"evaluator/checks/*/by_category/*", OBJECT},
    {"evaluator/checks/*/by_category/*/higher", TEXT},
    {"evaluator/checks/*/by_category/*/lower", TEXT},
    {"evaluator/checks/*/by_category/*/pairs", COUNT},
    {"evaluator/checks/*/first", OBJECT},
    {"evaluator/checks/*/first/a", TEXT},
    {"evaluator/checks/*/first/b", TEXT},
    {"evaluator/checks/*/first/cards", TEXT},
    {"evaluator/checks/*/first/cardsim", TEXT},
    {"evaluator/checks/*/first/evaluator", INTEGER | TEXT},
    {"evaluator/checks/*/asymmetric", OBJECT},
    {"evaluator/checks/*/asymmetric/a", TEXT},
    {"evaluator/checks/*/asymmetric/b", TEXT},
    {"evaluator/checks/*/asymmetric/evaluator", INTEGER},
    {"evaluator/checks/*/asymmetric/reversed", INTEGER},
    {"evaluator/checks/*/cycle", LIST},
    {"evaluator/checks/*/cycle/*", TEXT},
    {"evaluator/timings", LIST},
    {"evaluator/timings/*", OBJECT},
    {"evaluator/timings/*/entry", TEXT},
    {"evaluator/timings/*/cards", TEXT},
    {"evaluator/timings/*/unit", TEXT},
    {"evaluator/timings/*/ratio", NUMBER},
    {"evaluator/timings/*/cardsim", OBJECT},
    {"evaluator/timings/*/cardsim/median", NUMBER},
    {"evaluator/timings/*/cardsim/min", NUMBER},
    {"evaluator/timings/*/cardsim/max", NUMBER},
    {"evaluator/timings/*/evaluator", OBJECT},
    {"evaluator/timings/*/evaluator/median", NUMBER},
    {"evaluator/timings/*/evaluator/min", NUMBER},
    {"evaluator/timings/*/evaluator/max", NUMBER},
};

bool fits(const json& v, unsigned kinds) {
  switch (v.type()) {
    case json::value_t::string: return (kinds & TEXT) != 0;
    case json::value_t::boolean: return (kinds & FLAG) != 0;
    case json::value_t::null: return (kinds & NUL) != 0;
    case json::value_t::object: return (kinds & OBJECT) != 0;
    case json::value_t::array: return (kinds & LIST) != 0;
    case json::value_t::number_unsigned:
      return (kinds & (NUMBER | INTEGER | COUNT)) != 0 || ((kinds & SHARE) != 0 && v.get<std::uint64_t>() <= 1);
    case json::value_t::number_integer:
      return (kinds & (NUMBER | INTEGER)) != 0 || ((kinds & COUNT) != 0 && v.get<std::int64_t>() >= 0) ||
             ((kinds & SHARE) != 0 && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= 1);
    case json::value_t::number_float:
      return ((kinds & NUMBER) != 0 && std::isfinite(v.get<double>())) ||
             ((kinds & SHARE) != 0 && v.get<double>() >= 0 && v.get<double>() <= 1);
    default: return false;
  }
}

std::string kinds_text(unsigned kinds) {
  std::string text;
  const auto add = [&](unsigned kind, const char* what) {
    if ((kinds & kind) != 0) text += (text.empty() ? "" : " or ") + std::string(what);
  };
  add(TEXT, "a text");
  add(NUMBER, "a finite number");
  if ((kinds & NUMBER) == 0) add(SHARE, "a share from 0 to 1");
  if ((kinds & NUMBER) == 0) add(INTEGER, "a whole number");
  if ((kinds & (NUMBER | INTEGER)) == 0) add(COUNT, "a whole number >= 0");
  add(FLAG, "true or false");
  add(NUL, "null");
  add(OBJECT, "an object");
  add(LIST, "a list");
  return text;
}

std::string type_text(const json& v) {
  if (v.is_number()) return "the number " + excerpt(v.dump(), 24);
  return std::string(v.is_string()    ? "a text"
                     : v.is_boolean() ? "true or false"
                     : v.is_null()    ? "null"
                     : v.is_object()  ? "an object"
                                      : "a list");
}

// A kind of result's fields by path, and the parents whose keys are names
// (up cards, totals, varied keys): "*" in its paths.
struct Table {
  std::unordered_map<std::string, unsigned> kinds;
  std::vector<std::string> maps;
  bool map_like(const std::string& key) const { return std::find(maps.begin(), maps.end(), key) != maps.end(); }
};

// The table of `fields`, with the parents `maps` whose keys are names.
Table table_of(std::span<const Field> fields, std::vector<std::string> maps) {
  Table table;
  for (const Field& f : fields) table.kinds.emplace(f.path, f.kinds);
  table.maps = std::move(maps);
  return table;
}

// Adds the fields under `from` of `fields` again under `to` (a ramp's
// "predicted" and "simulated" are a sim result's "counting").
void add_renamed(Table& table, std::span<const Field> fields, const std::string& from, const std::string& to) {
  for (const Field& f : fields) {
    const std::string path = f.path;
    if (path == from || path.starts_with(from + "/")) table.kinds.emplace(to + path.substr(from.size()), f.kinds);
  }
}

// The table of `fields`: its parts, and its copies of fields under another key.
Table table_of(const Fields& fields) {
  Table table = table_of(std::span<const Field>(), fields.maps);
  for (const std::span<const Field> part : fields.parts) {
    for (const Field& f : part) table.kinds.emplace(f.path, f.kinds);
  }
  for (const auto& [from, to] : fields.copies) {
    for (const std::span<const Field> part : fields.parts) add_renamed(table, part, from, to);
  }
  return table;
}

// The sim, compare and sweep results' named keys.
const std::vector<std::string> BLACKJACK_MAPS = {"by_upcard", "final", "final_standard_error", "values"};

// Checks `v` (at `path` in the file, `pattern` in the table) and its members.
void check(const json& v, const std::string& path, const std::string& pattern, const std::string& key,
           const Table& table, int depth) {
  // Deeper than any result: a file made to exhaust the stack is refused.
  constexpr int MAX_DEPTH = 32;
  if (depth > MAX_DEPTH) throw Error(path + " is nested deeper than any cardsim result");
  if (!pattern.empty()) {
    const auto it = table.kinds.find(pattern);
    if (it != table.kinds.end() && !fits(v, it->second)) {
      throw Error(path + " must be " + kinds_text(it->second) + ", not " + type_text(v));
    }
  }
  const auto prefix = [](const std::string& p) { return p.empty() ? p : p + "/"; };
  if (v.is_object()) {
    for (const auto& [name, member] : v.items()) {
      if (pattern.empty() && (name == "tally" || name == "performance")) continue;  // not shown
      check(member, prefix(path) + excerpt(name, 40), prefix(pattern) + (table.map_like(key) ? "*" : name), name, table,
            depth + 1);
    }
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i) {
      check(v[i], prefix(path) + std::to_string(i), prefix(pattern) + "*", "*", table, depth + 1);
    }
  }
}

}  // namespace

void check_result_schema(const json& result) {
  static const Table sim = table_of(SIM_FIELDS, BLACKJACK_MAPS);
  static const Table paired = table_of(PAIRED_FIELDS, BLACKJACK_MAPS);
  // The results checked whole (all but compare and sweep, whose variants
  // are sim results).
  static const std::map<std::string, Table, std::less<>> whole = [] {
    std::map<std::string, Table, std::less<>> tables;
    tables.emplace("bench", table_of(BENCH_FIELDS, {}));
    tables.emplace("zjh sim", table_of(ZJH_SIM_FIELDS, {}));
    tables.emplace("zjh exact", table_of(ZJH_EXACT_FIELDS, {}));
    for (const auto& [command, fields] :
         {std::pair{"analyze", analyze_fields()}, std::pair{"sidebet", sidebet_fields()},
          std::pair{"ramp", ramp_fields()}, std::pair{"indices", indices_fields()}}) {
      tables.emplace(command, table_of(fields));
    }
    for (const char* part : {"predicted", "simulated"}) add_renamed(tables.at("ramp"), SIM_FIELDS, "counting", part);
    return tables;
  }();
  if (!result.is_object()) throw Error("not a cardsim result: expected a JSON object");
  const json& command = result.value("command", json());
  const auto it = command.is_string() ? whole.find(command.get<std::string>()) : whole.end();
  if (it != whole.end()) {
    check(result, "", "", "", it->second, 0);
    return;
  }
  if (command != "compare" && command != "sweep") {
    check(result, "", "", "", sim, 0);
    return;
  }
  json around = result;
  if (around.contains("variants") && around.at("variants").is_array()) {
    for (json& v : around.at("variants")) {
      if (v.is_object()) v.erase("result");
    }
  }
  check(around, "", "", "", paired, 0);
  const json& variants = result.at("variants");
  // Each varied key has a value in every variant (the sweep's grid).
  for (const json& key : result.value("varied", json::array())) {
    for (std::size_t i = 0; i < variants.size(); ++i) {
      if (!variants[i].contains("values") || !variants[i].at("values").contains(key.get<std::string>())) {
        throw Error("varied: '" + excerpt(key.get<std::string>()) + "' has no value in variants/" + std::to_string(i) +
                    "/values");
      }
    }
  }
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (!variants[i].contains("result")) throw Error("variants/" + std::to_string(i) + " has no result");
    check(variants[i].at("result"), "variants/" + std::to_string(i) + "/result", "", "", sim, 2);
  }
}

}  // namespace cardsim::report
