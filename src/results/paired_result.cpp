#include "cardsim/io/paired_result.hpp"

#include <cstdio>
#include <optional>
#include <sstream>

#include "cardsim/blackjack/statistics.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "json_util.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

constexpr const char* PAIRING =
    "common random numbers: every variant plays chunk c from the same stream and shoe k of it from the same cards; "
    "differences' SE from the per-chunk differences";

// What a paired result says of each variant: its run, its figures, the
// exact comparison and the difference from the baseline (the first variant).
struct VariantFigures {
  RunInfo info;
  blackjack::SimStatistics stats;
  blackjack::ExactComparison exact;
  std::optional<blackjack::PairedDifference> difference;
  // The plain difference beside a controlled one (either variant controlled).
  std::optional<blackjack::PairedDifference> difference_plain;
  // Side bets: each one's figures, and (but the baseline) the difference from
  // the baseline's bet at the same place of its side_bets, if it has one.
  std::vector<SideBetFigures> side_bets{};
  std::vector<std::optional<blackjack::PairedDifference>> side_bet_differences{};
};

std::vector<VariantFigures> variant_figures(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                                            const blackjack::PairedRun& run) {
  std::vector<VariantFigures> figures;
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const PairedVariant& variant = variants[v];
    VariantFigures f{.info = RunInfo{.strategy = variant.strategy,
                                     .exact_ev = variant.exact_ev,
                                     .chunks = info.chunks,
                                     .chunks_played = run.chunks_played.size(),
                                     .threads = info.threads,
                                     .elapsed_seconds = info.elapsed_seconds},
                     .stats = blackjack::sim_statistics(run.tallies[v], variant.config.rules),
                     .exact = {},
                     .difference = std::nullopt,
                     .difference_plain = std::nullopt,
                     .side_bets = {},
                     .side_bet_differences = {}};
    f.exact = blackjack::compare_with_exact(f.stats.edge, variant.exact_ev, false, variant.config.rules);
    figures.push_back(std::move(f));
  }
  // (0 for a standard error that needs two rounds: one round)
  const auto edge_se = [&](std::size_t v) { return figures[v].stats.edge.has_se() ? figures[v].stats.edge.se : 0.0; };
  for (std::size_t v = 1; v < variants.size(); ++v) {
    figures[v].difference = blackjack::paired_difference(run, v, 0, edge_se(v), edge_se(0));
    if (run.controlled(v) || run.controlled(0)) {
      const auto plain_se = [&](std::size_t u) {
        const auto& c = figures[u].stats.control;
        const core::MeanEstimate& e = c ? c->plain_edge : figures[u].stats.edge;
        return e.has_se() ? e.se : 0.0;
      };
      figures[v].difference_plain = blackjack::paired_plain_difference(run, v, 0, plain_se(v), plain_se(0));
    }
  }
  for (std::size_t v = 0; v < variants.size(); ++v) {
    figures[v].side_bets = side_bet_figures(variants[v].config, variants[v].side_bets, run.tallies[v]);
    for (std::size_t b = 0; v > 0 && b < figures[v].side_bets.size(); ++b) {
      std::optional<blackjack::PairedDifference> d;
      if (b < figures[0].side_bets.size()) {
        const SideBetFigures& mine = figures[v].side_bets[b];
        const SideBetFigures& base = figures[0].side_bets[b];
        d = blackjack::paired_side_bet_difference(run, b, v, 0, mine.table_units, base.table_units,
                                                  mine.stats.player_return.se, base.stats.player_return.se);
      }
      figures[v].side_bet_differences.push_back(d);
    }
  }
  return figures;
}

}  // namespace

json paired_result_json(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                        const blackjack::PairedRun& run) {
  const SimConfig& base = variants.front().config;
  json result;
  result["schema_version"] = RESULT_SCHEMA_VERSION;
  result["tool"] = tool_json();
  result["command"] = info.command;
  const std::int64_t rounds_played = run.tallies.front().rounds;
  result["run"] = {{"seed", base.seed},
                   {"rounds_requested", base.rounds},
                   {"rounds", rounds_played},
                   {"chunks", info.chunks},
                   {"chunks_played", run.chunks_played.size()},
                   {"chunk_rounds", base.chunk_rounds},
                   {"target_se", info.target_se > 0 ? json(info.target_se) : json(nullptr)},
                   {"stopped_by", to_string(info.stopped_by)},
                   {"partial", info.stopped_by == run::StopReason::interrupted},
                   {"pairing", PAIRING}};
  result["varied"] = info.varied;
  json list = json::array();
  // No rounds (an empty shard): each variant's empty result, no differences.
  const std::vector<VariantFigures> figures =
      rounds_played > 0 ? variant_figures(variants, info, run) : std::vector<VariantFigures>{};
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const RunInfo empty{.strategy = variants[v].strategy, .chunks = info.chunks, .chunks_played = 0};
    json one = sim_result_json(variants[v].config, rounds_played > 0 ? figures[v].info : empty, run.tallies[v]);
    one.erase("performance");
    one.erase("tool");
    one.erase("schema_version");
    json entry = {{"label", variants[v].label}, {"values", variants[v].values}, {"result", one}};
    if (rounds_played == 0 || !figures[v].difference) {
      entry["difference"] = nullptr;
    } else {
      const blackjack::PairedDifference& d = *figures[v].difference;
      entry["difference"] = {{"against", variants[0].label},
                             {"mean", d.mean},
                             {"standard_error", d.se},
                             {"ci95", {d.ci95_low, d.ci95_high}},
                             {"house_edge_change_percent", percent(-d.mean)},
                             {"standard_error_unpaired", d.se_unpaired},
                             {"variance_reduction", d.variance_reduction},
                             {"estimate", figures[v].difference_plain ? "controlled" : "plain"}};
      // A controlled difference keeps the plain one beside it (same cards, same tallies).
      if (const auto& p = figures[v].difference_plain) {
        entry["difference_plain"] = {{"mean", p->mean},
                                     {"standard_error", p->se},
                                     {"ci95", {p->ci95_low, p->ci95_high}},
                                     {"house_edge_change_percent", percent(-p->mean)}};
      }
    }
    if (v > 0 && rounds_played > 0 && !figures[v].side_bets.empty()) {
      json bets = json::array();
      for (std::size_t b = 0; b < figures[v].side_bets.size(); ++b) {
        const auto& d = figures[v].side_bet_differences[b];
        if (!d) {
          bets.push_back(nullptr);
          continue;
        }
        bets.push_back({{"name", figures[v].side_bets[b].file.bet.name},
                        {"against", figures[0].side_bets[b].file.bet.name},
                        {"mean", d->mean},
                        {"standard_error", d->se},
                        {"ci95", {d->ci95_low, d->ci95_high}},
                        {"house_edge_change_percent", percent(-d->mean)},
                        {"standard_error_unpaired", d->se_unpaired},
                        {"variance_reduction", d->variance_reduction}});
      }
      entry["side_bet_differences"] = bets;
    }
    list.push_back(entry);
  }
  result["variants"] = list;
  const double elapsed = info.elapsed_seconds;
  result["performance"] = {
      {"threads", info.threads},
      {"elapsed_seconds", elapsed},
      {"rounds_per_second",
       elapsed > 0 ? static_cast<double>(rounds_played) * static_cast<double>(variants.size()) / elapsed : 0.0},
      {"setup_seconds", info.setup_seconds}};
  if (info.shards > 0) result["performance"]["shards"] = info.shards;
  return result;
}

std::string paired_result_csv(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                              const blackjack::PairedRun& run) {
  std::ostringstream csv;
  csv << "label";
  for (const auto& key : info.varied) csv << "," << key;
  csv << ",rounds,house_edge_percent,se_percent,ci95_low_percent,ci95_high_percent,exact_house_edge_percent,"
         "change_percent,change_se_percent,change_se_unpaired_percent,win_rate,loss_rate,push_rate,"
         "blackjack_rate,player_bust_rate,dealer_bust_probability,rounds_per_shoe\n";
  // A number as the JSON writes it; empty where the JSON has null.
  const auto number = [](double x) { return json(x).dump(); };
  const auto percent_number = [&](double x) { return number(percent(x)); };
  const std::vector<VariantFigures> figures = variant_figures(variants, info, run);
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const blackjack::SimStatistics& stats = figures[v].stats;
    const core::MeanEstimate& edge = stats.edge;
    const auto& diff = figures[v].difference;
    const bool has_se = edge.has_se();  // (empty for a standard error or interval of one round)
    csv << json_util::csv_field(json(variants[v].label));
    for (const auto& key : info.varied) csv << "," << json_util::csv_field(variants[v].values.at(key));
    csv << "," << run.tallies[v].rounds << "," << percent_number(-edge.mean) << ","
        << (has_se ? percent_number(edge.se) : "") << "," << (has_se ? percent_number(-edge.ci95_high) : "") << ","
        << (has_se ? percent_number(-edge.ci95_low) : "") << "," << percent_number(-figures[v].exact.exact_ev) << ","
        << (diff ? percent_number(-diff->mean) : "") << "," << (diff ? percent_number(diff->se) : "") << ","
        << (diff ? percent_number(diff->se_unpaired) : "") << "," << number(stats.pooled.win) << ","
        << number(stats.pooled.loss) << "," << number(stats.pooled.push) << "," << number(stats.pooled.blackjack) << ","
        << number(stats.pooled.player_bust) << ","
        << number(stats.dealer.played_out[static_cast<std::size_t>(blackjack::DealerFinal::bust)].value) << ","
        << (stats.rounds_per_shoe ? number(*stats.rounds_per_shoe) : "null") << "\n";
  }
  return csv.str();
}

std::string paired_summary(const std::vector<PairedVariant>& variants, const PairedRunInfo& info,
                           const blackjack::PairedRun& run) {
  constexpr std::size_t LABEL_WIDTH = 40;
  char line[512];
  std::string out;
  std::snprintf(line, sizeof line, "%s%s: %lld rounds per variant, seed %llu, %llu of %llu chunks (stopped by %s)\n",
                info.stopped_by == run::StopReason::interrupted ? "PARTIAL RESULT: " : "", info.command.c_str(),
                static_cast<long long>(run.tallies.front().rounds),
                static_cast<unsigned long long>(variants.front().config.seed),
                static_cast<unsigned long long>(run.chunks_played.size()), static_cast<unsigned long long>(info.chunks),
                to_string(info.stopped_by).c_str());
  out += line;
  std::snprintf(line, sizeof line, "%-40s %12s %10s %12s %25s %10s\n", "variant", "house edge", "SE", "exact",
                "change (paired SE)", "unpaired");
  out += line;
  const std::vector<VariantFigures> figures = variant_figures(variants, info, run);
  // A change and its SE to the SE's two significant digits (a controlled
  // paired SE is often 0.00003 points: four fixed decimals showed 0.0000).
  const auto change_text = [](double mean, double se) {
    const int d = se_decimals(100 * se);
    char text[64];
    std::snprintf(text, sizeof text, "%+.*f%% (%.*f%%)", d, percent(-mean), d, 100 * se);
    return std::string(text);
  };
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const core::MeanEstimate& edge = figures[v].stats.edge;
    const auto& diff = figures[v].difference;
    std::string change = "baseline";
    char unpaired[32] = "";
    if (diff) {
      change = change_text(diff->mean, diff->se);
      std::snprintf(unpaired, sizeof unpaired, "%.4f%%", 100 * diff->se_unpaired);
    }
    // (A label comes from a file: its control characters escaped, so that no
    // escape sequence or newline reaches the terminal; cut to the column.)
    const std::string label = excerpt(variants[v].label, LABEL_WIDTH - 3);
    char se[32] = "n/a";  // one round
    if (edge.has_se()) std::snprintf(se, sizeof se, "%.*f%%", se_decimals(100 * edge.se), 100 * edge.se);
    std::snprintf(line, sizeof line, "%-40s %11.4f%% %10s %11.4f%% %25s %10s\n", label.c_str(), percent(-edge.mean), se,
                  percent(-figures[v].exact.exact_ev), change.c_str(), unpaired);
    out += line;
    // Each side bet: its house edge, SE and exact value, and the change from
    // the baseline's bet at the same place.
    for (std::size_t b = 0; b < figures[v].side_bets.size(); ++b) {
      const SideBetFigures& f = figures[v].side_bets[b];
      const core::MeanEstimate& r = f.stats.player_return;
      std::string bet_change = v == 0 ? "baseline" : "";
      char bet_unpaired[32] = "";
      if (v > 0 && figures[v].side_bet_differences[b]) {
        const blackjack::PairedDifference& d = *figures[v].side_bet_differences[b];
        bet_change = change_text(d.mean, d.se);
        std::snprintf(bet_unpaired, sizeof bet_unpaired, "%.4f%%", 100 * d.se_unpaired);
      }
      const std::string name = excerpt("  side bet " + f.file.bet.name, LABEL_WIDTH - 3);
      std::snprintf(line, sizeof line, "%-40s %11.4f%% %9.*f%% %11.4f%% %25s %10s\n", name.c_str(), percent(-r.mean),
                    se_decimals(100 * r.se), 100 * r.se, percent(f.exact.house_edge()), bet_change.c_str(),
                    bet_unpaired);
      out += line;
    }
  }
  return out;
}

json paired_run_identity(const std::string& command, const std::vector<std::string>& varied,
                         const std::vector<PairedVariant>& variants, const json& inputs) {
  json list = json::array();
  for (const PairedVariant& v : variants) {
    list.push_back({{"label", v.label},
                    {"values", v.values},
                    {"config", to_json(v.config)},
                    {"strategy", v.strategy},
                    {"chart_fingerprint", v.chart_fingerprint}});
    if (!v.side_bets.empty()) list.back()["side_bets"] = side_bets_identity_json(v.side_bets);
  }
  json identity = {
      {"compatibility", compatibility_json()}, {"command", command}, {"varied", varied}, {"variants", list}};
  if (!inputs.is_null()) identity["inputs"] = inputs;
  return identity;
}

}  // namespace cardsim::io
