// Sections of `cardsim report`'s page in files of their own (internal to
// report/): the counter's figures and side bets of a sim result
// (counting.cpp), a sweep's figures (sweep.cpp), the pages of Zha Jin Hua
// results (zjh.cpp), of bench results (bench.cpp), of the exact analyses
// analyze and sidebet (analysis.cpp) and of the counter's tools ramp and
// indices (counting_tools.cpp).
#pragma once

#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "charts.hpp"

namespace cardsim::report {

// The headline of a counting run: the counter's win per 100 rounds with its
// 95% interval and standard error, in base bets (result counting).
std::string counting_headline(const nlohmann::json& r, const std::string& ids);
// The counter's figures, edge and frequency by true count, the index plays.
std::string counting_section(const nlohmann::json& r, const std::string& ids);
// The table of the counter's figures (a "counting" object `c`: win per 100
// rounds, SD, average bet, edge per initial bet, DI, SCORE, N0, the hours to
// it, risk of ruin) with their standard errors and 95% intervals.
std::string counter_table(const nlohmann::json& c, const std::string& ids, const std::string& caption);
// Each side bet's PAR sheet beside the run's shares, and by true count.
std::string side_bets_section(const nlohmann::json& r, const std::string& ids);

// Shared by the compare and sweep parts (html.cpp, sweep.cpp):
// an edge's 95% interval in percent (the edge at both ends without one);
// whether the result's exact value is that of the strategy played (not with
// index plays); a paired change against the baseline as a bar with its 95%
// interval; whether the changes are controlled estimates; the table of every
// variant sorted by change; each variant's page folded.
std::pair<double, double> edge_interval(const nlohmann::json& edge);
bool same_strategy(const nlohmann::json& r);
Bar change_bar(const std::string& label, const nlohmann::json& difference);
bool controlled_changes(const nlohmann::json& r);
// A variant's label: a sweep cell's varied keys in words with their values,
// a compare variant's as given.
std::string variant_label(const nlohmann::json& r, const nlohmann::json& v);
std::string variants_table(const nlohmann::json& r);
std::string variant_details(const nlohmann::json& r);
// The sweep's part of the page.
std::string sweep_section(const nlohmann::json& r);

// The body of the page of a `zjh sim` or `zjh exact` result (after the
// schema check: schema.hpp).
std::string zjh_body(const nlohmann::json& r);

// The body of the page of a `cardsim bench` result (bench.cpp).
std::string bench_body(const nlohmann::json& r);

// The bodies of the pages of `cardsim analyze --out` and `cardsim sidebet
// --out` results (analysis.cpp), `cardsim ramp --out` and `cardsim indices
// --json` results (counting_tools.cpp).
std::string analyze_body(const nlohmann::json& r);
// A result's "method" (its parts in words), folded.
std::string method_details(const nlohmann::json& method);
std::string sidebet_body(const nlohmann::json& r);
std::string ramp_body(const nlohmann::json& r);
std::string indices_body(const nlohmann::json& r);

}  // namespace cardsim::report
