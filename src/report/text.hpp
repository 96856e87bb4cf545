// Numbers and texts as `cardsim report`'s page prints them (internal to io/,
// shared by html.cpp, counting.cpp and zjh.cpp): digit
// separators in every number of 1,000 or more, a "±" always followed by what
// it is (a 95% half-interval or a standard error), "—" for a statistic the
// result has none of (null).
#pragma once

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/core/estimate.hpp"
#include "charts.hpp"

namespace cardsim::report {

inline double number(const nlohmann::json& value) { return value.get<double>(); }

// A number of the result as JSON prints it (rounds, hands, chunks, deals: every
// digit), with digit separators: "1,000,000".
inline std::string count(const nlohmann::json& value) {
  if (value.is_number_float() && std::abs(number(value)) < 1e15 && std::floor(number(value)) == number(value)) {
    return fixed(number(value), 0);  // (100.0 rounds per hour: 100)
  }
  return grouped(value.dump());
}

inline std::string percent(double value, int digits = 4) { return fixed(value, digits) + "%"; }
inline std::string signed_percent(double value, int digits = 4) {
  return std::string(value > 0 ? "+" : "").append(percent(value, digits));
}

// "± 0.0210% (95%)": the half-width of a 95% interval, labelled.
inline std::string pm95(double half, int digits, const std::string& unit = "") {
  return "± " + fixed(half, digits) + unit + " (95%)";
}
// "± 0.0107 (SE)": one standard error, labelled.
inline std::string pm_se(double se, int digits, const std::string& unit = "") {
  return "± " + fixed(se, digits) + unit + " (SE)";
}

// A number that may be null (no estimate: one round, no advantage...).
inline std::string maybe(const nlohmann::json& value, int digits, double scale = 1, const std::string& unit = "") {
  return value.is_null() ? std::string("—") : fixed(scale * number(value), digits) + unit;
}
// A 95% interval [low, high] (high null: unbounded) as "low .. high".
inline std::string interval(const nlohmann::json& ci, int digits, double scale = 1, const std::string& unit = "") {
  if (ci.is_null()) return "—";
  const std::string high =
      ci.at(1).is_null() ? std::string("unbounded") : fixed(scale * number(ci.at(1)), digits) + unit;
  return fixed(scale * number(ci.at(0)), digits) + unit + " .. " + high;
}
inline std::string text_of(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}
inline std::string id_attr(const std::string& prefix, const std::string& name) {
  return prefix.empty() && name.empty() ? "" : " id=\"" + prefix + name + "\"";
}

// The page's style sheet (one for every kind of result).
extern const char* const STYLE;

}  // namespace cardsim::report
