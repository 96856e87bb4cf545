// Sections of `cardsim report`'s page in files of their own (internal to
// io/): the counter's figures and side bets of a sim result
// (report_counting.cpp) and the pages of Zha Jin Hua results (report_zjh.cpp).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace cardsim::io::report {

// The headline of a counting run: the counter's win per 100 rounds with its
// 95% interval and standard error, in base bets (result counting).
std::string counting_headline(const nlohmann::json& r, const std::string& ids);
// The counter's figures, edge and frequency by true count, the index plays.
std::string counting_section(const nlohmann::json& r, const std::string& ids);
// Each side bet's PAR sheet beside the run's shares, and by true count.
std::string side_bets_section(const nlohmann::json& r, const std::string& ids);

// The body of the page of a `zjh sim` or `zjh exact` result (after the
// schema check: report_schema.hpp).
std::string zjh_body(const nlohmann::json& r);

}  // namespace cardsim::io::report
