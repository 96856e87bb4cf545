#include "cardsim/io/ramp_result.hpp"

#include <cctype>
#include <cstdio>

#include "cardsim/core/error.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "json_util.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

// Reads a whole number of at most 4 digits from text[i...]; -1 if none.
int read_units(const std::string& text, std::size_t& i) {
  const std::size_t start = i;
  int value = 0;
  while (i < text.size() && i - start < 4 && std::isdigit(static_cast<unsigned char>(text[i]))) {
    value = value * 10 + (text[i] - '0');
    ++i;
  }
  return i > start ? value : -1;
}

// The figures of one side (predicted or simulated) for the summary's table.
struct Side {
  double win = 0, win_se = 0, sd = 0, average_bet = 0, score = 0, score_se = 0, ror = 0;
  json sd_se, n0;
  json win_plain, reduction;  // a controlled side's plain win per round and its factor (null when plain)
  json reduction_se;          // the factor's SE (the predicted side's: batch means)
};
Side side_of(const json& c) {
  Side s;
  if (c.contains("win_per_round_plain")) {
    s.win_plain = c.at("win_per_round_plain");
    s.reduction = c.at("win_variance_reduction_factor");
    if (c.contains("win_variance_reduction_factor_standard_error")) {
      s.reduction_se = c.at("win_variance_reduction_factor_standard_error");
    }
  }
  s.win = c.at("win_per_100_rounds").at("mean").get<double>();
  s.win_se = c.at("win_per_100_rounds").at("standard_error").is_null()
                 ? 0.0
                 : c.at("win_per_100_rounds").at("standard_error").get<double>();
  s.sd = c.at("sd_per_100_rounds").get<double>();
  s.sd_se = c.at("sd_per_100_rounds_standard_error");
  s.average_bet = c.at("average_initial_bet").get<double>();
  s.score = c.at("score").at("value").get<double>();
  s.score_se = c.at("score").at("standard_error").is_null() ? 0.0 : c.at("score").at("standard_error").get<double>();
  s.ror = c.at("risk_of_ruin").at("value").get<double>();
  s.n0 = c.at("n0_rounds");
  return s;
}

// A number that may be null, with `decimals` decimals ("-" for null).
std::string number_or_dash(const json& x, int decimals) {
  if (x.is_null()) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, x.get<double>());
  return text;
}

// A side's plain win per 100 rounds and its SE, "mean (SE)"; "-" when plain.
std::string plain_win_text(const Side& side) {
  if (side.win_plain.is_null()) return "       -";
  const json& se = side.win_plain.at("standard_error");
  char text[64];
  std::snprintf(text, sizeof text, "%+8.3f (%s)", shift_decimal(side.win_plain.at("mean").get<double>(), 2),
                se.is_null() ? "-" : number_or_dash(shift_decimal(se.get<double>(), 2), 3).c_str());
  return text;
}

// A side's variance reduction factor, with its SE where known: "   105.7 (34.3)"
// (aligned as plain_win_text).
std::string reduction_text(const Side& side) {
  char number[32];
  std::snprintf(number, sizeof number, "%8s", number_or_dash(side.reduction, 1).c_str());
  std::string text = number;
  if (!side.reduction_se.is_null()) text += " (" + number_or_dash(side.reduction_se, 1) + ")";
  return text;
}

}  // namespace

bj::BetSpread parse_bet_spread(const std::string& text) {
  std::size_t i = 0;
  const int low = read_units(text, i);
  const bool dash = i < text.size() && text[i] == '-';
  if (dash) ++i;
  const int high = dash ? read_units(text, i) : -1;
  if (low < 0 || high < 0 || i != text.size()) {
    throw Error("'" + excerpt(text) + "' is not a spread; expected LOW-HIGH in whole base bets, e.g. 1-12");
  }
  const bj::BetSpread spread{low, high};
  bj::validate_spread(spread);
  return spread;
}

json ramp_result_json(const SimConfig& config, const bj::RampPlan& plan, const bj::RampRun& run, unsigned threads,
                      double elapsed_seconds) {
  const bj::RampSizing& sizing = plan.sizing;
  const int seats = config.rules.seats;
  json result = game_result_head(RAMP_RESULT_SCHEMA_VERSION, "ramp", config);
  result["sizing"] = {{"spread", std::to_string(sizing.spread.low) + "-" + std::to_string(sizing.spread.high)},
                      {"bankroll_units", sizing.bankroll},
                      {"kelly_fraction", sizing.kelly_fraction}};
  result["method"] = {
      {"by_true_count",
       "a counting run at one base bet per seat (chunks 0..C-1 of the seed): at each true count before the deal, a "
       "round's result (all seats, base bets): mean (controlled: the mean of the rounds' controlled results, its SE "
       "from the shoes' totals, the plain mean in result_per_round_plain; plain: its SE as independent rounds), "
       "variance of the result itself with its batch-means SE over the chunks"},
      {"bet", "kelly_units = kelly_fraction x bankroll x mean / variance base bets per seat; over the true counts "
              "with enough rounds made non-decreasing (rising: weighted isotonic regression, weights the rounds), "
              "within the spread, rounded to the nearest whole unit (halves up); a true count with fewer than " +
                  std::to_string(bj::MIN_RAMP_ROUNDS) +
                  " rounds bets as the nearest one with enough (the lower on a tie), true counts beyond +/-" +
                  std::to_string(bj::MAX_NAMED_TRUE_COUNT) + " as +/-" + std::to_string(bj::MAX_NAMED_TRUE_COUNT)},
      {"kelly_standard_error", "delta method from the mean's and the variance's SEs"},
      {"predicted", "the ramp's money on the counting run's own rounds (a round at u base bets wins u times its "
                    "result at one), through the estimators of a counting result; controlled, the win's SE by "
                    "batch means over the chunks (the ramp was not known when the shoes were dealt)"},
      {"simulated", "the ramp played on chunks C..2C-1 of the same seed: streams disjoint from the fitted rounds, "
                    "the same rounds per chunk"}};
  json steps = json::array();
  for (const bj::RampStep& step : run.ramp.steps)
    steps.push_back({{"true_count", step.true_count}, {"units", step.units}});
  result["ramp"] = {{"bet_ramp", format_bet_ramp(run.ramp.steps)}, {"steps", steps}};
  json rows = json::array();
  for (const bj::RampTrueCount& row : run.ramp.rows) {
    const bool has_se = row.result.has_se();
    json plain = nullptr;
    if (row.result_plain) {
      plain = {{"mean", row.result_plain->mean},
               {"standard_error", row.result_plain->has_se() ? json(row.result_plain->se) : json(nullptr)}};
    }
    rows.push_back({{"true_count", row.true_count},
                    {"rounds", row.rounds},
                    {"frequency", row.frequency},
                    {"result_per_round",
                     {{"mean", row.result.mean},
                      {"standard_error", has_se ? json(row.result.se) : json(nullptr)},
                      {"sd", has_se ? json(row.result.sd) : json(nullptr)},
                      {"estimate", row.result_plain ? "controlled" : "plain"}}},
                    {"result_per_round_plain", plain},
                    {"edge_per_initial_bet",
                     {{"mean", row.result.mean / seats},
                      {"standard_error", has_se ? json(row.result.se / seats) : json(nullptr)}}},
                    {"variance", {{"value", row.variance}, {"standard_error", json_util::or_null(row.variance_se)}}},
                    {"kelly_units",
                     {{"value", row.kelly_units},
                      {"standard_error", row.kelly_units_se},
                      {"rising", row.enough_rounds ? json(row.kelly_units_rising) : json(nullptr)}}},
                    {"enough_rounds", row.enough_rounds},
                    {"units", row.units}});
  }
  result["by_true_count"] = rows;
  // The control of the counting run: the flat-bet table result's factor.
  result["control_variate"] = control_variate_json(bj::sim_statistics(run.measured, config.rules, std::nullopt));
  result["control_variate"]["of"] = "the counting run's table result at one base bet per seat";
  // The counting object of a sim result for each: what was played (the
  // derived ramp) and the counter's figures. The predicted wagers are not
  // known (the by-true-count tally holds no wagers).
  CountingConfig counting = config.counting;
  counting.bet_ramp = format_bet_ramp(run.ramp.steps);
  counting.ramp = run.ramp.steps;
  json predicted = counting_json(counting, run.predicted_statistics);
  predicted.erase("wagered_per_round");
  if (const auto& reduction = run.predicted_statistics.win_reduction; reduction && reduction->se > 0) {
    predicted["win_variance_reduction_factor_standard_error"] = reduction->se;
  } else if (predicted.contains("win_variance_reduction_factor")) {
    predicted["win_variance_reduction_factor_standard_error"] = nullptr;
  }
  predicted["fit_optimism"] = {
      {"win_per_round", run.ramp.fit_optimism_per_round},
      {"win_per_100_rounds", shift_decimal(run.ramp.fit_optimism_per_round, 2)},
      {"note", "about how much the win valued on the rounds the ramp was fitted on overstates its true win: over "
               "the true counts of the blocks of equal rising Kelly bets inside the spread, the sum of frequency x "
               "d bet / d mean x SE(mean)^2 (plain: kelly_fraction x bankroll x blocks / rounds)"}};
  const json simulated = counting_json(counting, run.confirmed_statistics);
  result["predicted"] = predicted;
  result["simulated"] = simulated;
  result["difference_in_standard_errors"] = {
      {"win_per_round", run.win_difference_in_se},
      {"sd_per_round", json_util::or_null(run.sd_difference_in_se)},
      {"definition", "(simulated - predicted) / sqrt(SE_simulated^2 + SE_predicted^2): independent rounds"}};
  result["run"] = {{"seed", plan.seed},
                   {"rounds", plan.rounds},
                   {"chunk_rounds", plan.chunk_rounds},
                   {"fitted_chunks", {0, run.chunks - 1}},
                   {"confirmation_chunks", {run.chunks, 2 * run.chunks - 1}},
                   {"partial", !run.complete}};
  result["performance"] = performance_json(threads, elapsed_seconds, run.measured.rounds + run.confirmed.rounds);
  return result;
}

std::string ramp_summary(const json& r) {
  char line[256];
  std::string out = "cardsim ramp: " + r.at("rules").get<std::string>() + "; count " +
                    r.at("config").at("count").get<std::string>() + " (" +
                    r.at("config").at("true_count_decks").get<std::string>() + " decks, " +
                    r.at("config").at("true_count_rounding").get<std::string>() + ")\n";
  const json& sizing = r.at("sizing");
  const json& run = r.at("run");
  std::snprintf(line, sizeof line,
                "sized for %g base bets at %g Kelly, spread %s; %llu rounds fitted (chunks 0-%llu), as many "
                "confirmed (chunks %llu-%llu), seed %llu\n\n",
                sizing.at("bankroll_units").get<double>(), sizing.at("kelly_fraction").get<double>(),
                sizing.at("spread").get<std::string>().c_str(), run.at("rounds").get<unsigned long long>(),
                run.at("fitted_chunks")[1].get<unsigned long long>(),
                run.at("confirmation_chunks")[0].get<unsigned long long>(),
                run.at("confirmation_chunks")[1].get<unsigned long long>(), run.at("seed").get<unsigned long long>());
  out += line;
  out += "  TC      rounds    freq   result/round (SE)   variance (SE)    Kelly units (SE)  rising   bet\n";
  std::int64_t other_rounds = 0;
  for (const json& row : r.at("by_true_count")) {
    if (!row.at("enough_rounds").get<bool>()) {
      other_rounds += row.at("rounds").get<std::int64_t>();
      continue;
    }
    const json& result = row.at("result_per_round");
    const json& variance = row.at("variance");
    const json& kelly = row.at("kelly_units");
    // A controlled mean's SE is some 10 times smaller: one more decimal.
    const int decimals = result.value("estimate", "plain") == "controlled" ? 5 : 4;
    char mean[48];
    std::snprintf(mean, sizeof mean, "%+8.*f (%.*f)", decimals, result.at("mean").get<double>(), decimals,
                  result.at("standard_error").is_null() ? 0.0 : result.at("standard_error").get<double>());
    std::snprintf(line, sizeof line, "%+4d  %10lld  %5.2f%%  %-18s  %6.3f (%s)   %+7.2f (%.2f)   %+7.2f  %3d\n",
                  row.at("true_count").get<int>(), static_cast<long long>(row.at("rounds").get<std::int64_t>()),
                  percent(row.at("frequency").get<double>()), mean, variance.at("value").get<double>(),
                  number_or_dash(variance.at("standard_error"), 3).c_str(), kelly.at("value").get<double>(),
                  kelly.at("standard_error").get<double>(), kelly.at("rising").get<double>(),
                  row.at("units").get<int>());
    out += line;
  }
  if (other_rounds > 0) {
    std::snprintf(line, sizeof line,
                  "other true counts: %lld rounds in all, each under %lld: the bet of the nearest one shown\n",
                  static_cast<long long>(other_rounds), static_cast<long long>(bj::MIN_RAMP_ROUNDS));
    out += line;
  }
  const json& control = r.at("control_variate");
  if (control.at("headline") == "controlled" && !control.at("variance_reduction_factor").at("mean").is_null()) {
    std::snprintf(line, sizeof line,
                  "result/round: controlled estimates (the plain ones in the JSON); at a flat bet the control variate "
                  "made their variance %.1f times smaller\n",
                  control.at("variance_reduction_factor").at("mean").get<double>());
    out += line;
  }
  out += "\n--bet-ramp " + r.at("ramp").at("bet_ramp").get<std::string>() + "\n\n";

  const Side p = side_of(r.at("predicted"));
  const Side s = side_of(r.at("simulated"));
  const json& difference = r.at("difference_in_standard_errors");
  out += "                      predicted            simulated            difference\n";
  std::snprintf(line, sizeof line, "win per 100 rounds    %+8.3f (%.3f)    %+8.3f (%.3f)    %+.1f SE\n", p.win,
                p.win_se, s.win, s.win_se, difference.at("win_per_round").get<double>());
  out += line;
  std::snprintf(line, sizeof line, "  (fitted on its own rounds, the prediction is optimistic by about %.3f)\n",
                r.at("predicted").at("fit_optimism").at("win_per_100_rounds").get<double>());
  out += line;
  if (!p.win_plain.is_null() || !s.win_plain.is_null()) {
    std::snprintf(line, sizeof line, "  plain estimate      %-20s%s\n", plain_win_text(p).c_str(),
                  plain_win_text(s).c_str());
    out += line;
    std::snprintf(line, sizeof line, "  variance reduction  %-20s%8s\n", reduction_text(p).c_str(),
                  reduction_text(s).c_str());
    out += line;
    if (p.win_plain.is_null()) {
      std::snprintf(line, sizeof line,
                    "  (the prediction is the plain estimate: its controlled SE needs %lld fitted chunks or more; "
                    "give a smaller --chunk-rounds)\n",
                    static_cast<long long>(bj::MIN_CHUNKS_FOR_SE));
      out += line;
    }
  }
  const json& sd_difference = difference.at("sd_per_round");
  std::snprintf(line, sizeof line, "SD per 100 rounds     %8.2f (%s)     %8.2f (%s)     %s\n", p.sd,
                number_or_dash(p.sd_se, 2).c_str(), s.sd, number_or_dash(s.sd_se, 2).c_str(),
                sd_difference.is_null() ? "-" : (signed_number(sd_difference.get<double>(), 1) + " SE").c_str());
  out += line;
  std::snprintf(line, sizeof line, "average bet           %8.3f             %8.3f\n", p.average_bet, s.average_bet);
  out += line;
  std::snprintf(line, sizeof line, "SCORE                 %8.2f (%.2f)    %8.2f (%.2f)\n", p.score, p.score_se, s.score,
                s.score_se);
  out += line;
  std::snprintf(line, sizeof line, "N0 rounds             %8s             %8s\n", number_or_dash(p.n0, 0).c_str(),
                number_or_dash(s.n0, 0).c_str());
  out += line;
  std::snprintf(line, sizeof line, "risk of ruin          %7.2f%%             %7.2f%%    (bankroll %g base bets)\n",
                percent(p.ror), percent(s.ror), sizing.at("bankroll_units").get<double>());
  out += line;
  const json& perf = r.at("performance");
  std::snprintf(line, sizeof line, "%.1f s on %u threads (%.0f rounds/s)\n", perf.at("elapsed_seconds").get<double>(),
                perf.at("threads").get<unsigned>(), perf.at("rounds_per_second").get<double>());
  out += line;
  return out;
}

}  // namespace cardsim::io
