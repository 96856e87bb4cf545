#include "cardsim/io/paired_result.hpp"

#include <cstdio>
#include <sstream>

#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

constexpr const char* PAIRING =
    "common random numbers: every variant plays chunk c from the same stream and shoe k of it from the same cards; "
    "differences' SE from the per-chunk differences";

// A CSV field (RFC 4180: quoted if it holds a comma, quote or line break). A
// text that starts as a spreadsheet formula would (=, +, -, @, tab, CR) is
// quoted with a leading apostrophe, so a spreadsheet shows it as text instead
// of running it (the OWASP advice on CSV injection); numbers are as they are.
std::string csv_field(const json& value) {
  if (!value.is_string()) return value.dump();
  std::string text = value.get<std::string>();
  const bool formula = !text.empty() && std::string("=+-@\t\r").find(text.front()) != std::string::npos;
  if (formula) text = "'" + text;
  if (!formula && text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
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
                   {"stopped_by", info.stopped_by},
                   {"partial", info.stopped_by == "interrupted"},
                   {"pairing", PAIRING}};
  result["varied"] = info.varied;
  json list = json::array();
  std::vector<double> edge_se(variants.size());
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const RunInfo one_info{variants[v].strategy, variants[v].exact_ev, info.chunks, run.chunks_played.size(),
                           info.threads, info.elapsed_seconds, {}};  // compare and sweep do not count
    json one = sim_result_json(variants[v].config, one_info, run.tallies[v]);
    one.erase("performance");
    one.erase("tool");
    one.erase("schema_version");
    const json& se = one["edge"]["standard_error"];
    edge_se[v] = se.is_null() ? 0.0 : se.get<double>();  // null: one round
    json entry = {{"label", variants[v].label}, {"values", variants[v].values}, {"result", one}};
    if (v == 0) {
      entry["difference"] = nullptr;
    } else {
      const auto d = blackjack::paired_difference(run, v, 0, edge_se[v], edge_se[0]);
      entry["difference"] = {{"against", variants[0].label},
                             {"mean", d.mean},
                             {"standard_error", d.se},
                             {"ci95", {d.ci95_low, d.ci95_high}},
                             {"house_edge_change_percent", percent(-d.mean)},
                             {"standard_error_unpaired", d.se_unpaired},
                             {"variance_reduction", d.se > 0 ? (d.se_unpaired * d.se_unpaired) / (d.se * d.se) : 0.0}};
    }
    list.push_back(entry);
  }
  result["variants"] = list;
  const double elapsed = info.elapsed_seconds;
  result["performance"] = {{"threads", info.threads},
                           {"elapsed_seconds", elapsed},
                           {"rounds_per_second", elapsed > 0 ? static_cast<double>(rounds_played) *
                                                                   static_cast<double>(variants.size()) / elapsed
                                                             : 0.0},
                           {"setup_seconds", info.setup_seconds}};
  return result;
}

std::string paired_result_csv(const json& result) {
  const json& varied = result.at("varied");
  std::ostringstream csv;
  csv << "label";
  for (const auto& key : varied) csv << "," << key.get<std::string>();
  csv << ",rounds,house_edge_percent,se_percent,ci95_low_percent,ci95_high_percent,exact_house_edge_percent,"
         "change_percent,change_se_percent,change_se_unpaired_percent,win_rate,loss_rate,push_rate,"
         "blackjack_rate,player_bust_rate,dealer_bust_probability,rounds_per_shoe\n";
  for (const auto& entry : result.at("variants")) {
    const json& r = entry.at("result");
    csv << csv_field(entry.at("label"));
    for (const auto& key : varied) csv << "," << csv_field(entry.at("values").at(key.get<std::string>()));
    const json& edge = r.at("edge");
    const json& diff = entry.at("difference");
    // (empty for a null standard error or interval: one round)
    const auto percent_field = [](const json& x) { return x.is_null() ? std::string() : csv_field(json(percent(x.get<double>()))); };
    const json& ci = edge.at("house_edge_ci95_percent");
    const json& hand = r.at("outcomes").at("rates_per_hand");
    csv << "," << r.at("run").at("rounds") << "," << edge.at("house_edge_percent") << ","
        << percent_field(edge.at("standard_error")) << "," << (ci.is_null() ? "" : ci.at(0).dump()) << ","
        << (ci.is_null() ? "" : ci.at(1).dump()) << "," << r.at("exact").at("house_edge_percent") << ","
        << (diff.is_null() ? "" : csv_field(diff.at("house_edge_change_percent"))) << ","
        << (diff.is_null() ? "" : percent_field(diff.at("standard_error"))) << ","
        << (diff.is_null() ? "" : percent_field(diff.at("standard_error_unpaired"))) << "," << hand.at("win") << ","
        << hand.at("loss") << "," << hand.at("push") << "," << r.at("outcomes").at("rates_per_round").at("blackjack")
        << "," << hand.at("player_bust") << "," << r.at("dealer").at("played_out").at("bust_probability") << ","
        << r.at("shoe").at("rounds_per_shoe") << "\n";
  }
  return csv.str();
}

std::string paired_summary(const json& result) {
  constexpr std::size_t LABEL_WIDTH = 40;
  const json& run = result.at("run");
  char line[512];
  std::string out;
  std::snprintf(line, sizeof line, "%s%s: %lld rounds per variant, seed %llu, %llu of %llu chunks (stopped by %s)\n",
                run.at("partial").get<bool>() ? "PARTIAL RESULT: " : "",
                result.at("command").get<std::string>().c_str(),
                static_cast<long long>(run.at("rounds").get<std::int64_t>()),
                static_cast<unsigned long long>(run.at("seed").get<std::uint64_t>()),
                static_cast<unsigned long long>(run.at("chunks_played").get<std::uint64_t>()),
                static_cast<unsigned long long>(run.at("chunks").get<std::uint64_t>()),
                run.at("stopped_by").get<std::string>().c_str());
  out += line;
  std::snprintf(line, sizeof line, "%-40s %12s %10s %12s %21s %10s\n", "variant", "house edge", "SE", "exact",
                "change (paired SE)", "unpaired");
  out += line;
  for (const auto& entry : result.at("variants")) {
    const json& edge = entry.at("result").at("edge");
    const json& diff = entry.at("difference");
    char change[64] = "baseline";
    char unpaired[32] = "";
    if (!diff.is_null()) {
      std::snprintf(change, sizeof change, "%+.4f%% (%.4f%%)", diff.at("house_edge_change_percent").get<double>(),
                    100 * diff.at("standard_error").get<double>());
      std::snprintf(unpaired, sizeof unpaired, "%.4f%%", 100 * diff.at("standard_error_unpaired").get<double>());
    }
    std::string label = entry.at("label").get<std::string>();
    if (label.size() > LABEL_WIDTH) label = label.substr(0, LABEL_WIDTH - 3) + "...";
    char se[32] = "n/a";  // one round
    if (!edge.at("standard_error").is_null()) std::snprintf(se, sizeof se, "%.4f%%", 100 * edge.at("standard_error").get<double>());
    std::snprintf(line, sizeof line, "%-40s %11.4f%% %10s %11.4f%% %21s %10s\n", label.c_str(),
                  edge.at("house_edge_percent").get<double>(), se,
                  entry.at("result").at("exact").at("house_edge_percent").get<double>(), change, unpaired);
    out += line;
  }
  return out;
}

json paired_run_identity(const std::string& command, const std::vector<std::string>& varied,
                         const std::vector<PairedVariant>& variants) {
  json list = json::array();
  for (const PairedVariant& v : variants) {
    list.push_back({{"label", v.label},
                    {"values", v.values},
                    {"config", to_json(v.config)},
                    {"strategy", v.strategy},
                    {"chart_fingerprint", v.chart_fingerprint}});
  }
  return {{"compatibility", compatibility_json()}, {"command", command}, {"varied", varied}, {"variants", list}};
}

}  // namespace cardsim::io
