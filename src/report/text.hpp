// Numbers and texts as `cardsim report`'s page prints them (internal to io/,
// shared by html.cpp, counting.cpp and zjh.cpp): digit
// separators in every number of 1,000 or more, a "±" always followed by what
// it is (a 95% half-interval or a standard error), "—" for a statistic the
// result has none of (null).
#pragma once

#include <cmath>
#include <string>
#include <utility>

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
// With a "+" before a positive value: "+0.0185".
inline std::string signed_fixed(double value, int digits) {
  return std::string(value > 0 ? "+" : "").append(fixed(value, digits));
}
inline std::string signed_percent(double value, int digits = 4) { return signed_fixed(value, digits) + "%"; }

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
// A key as words: "straight_flush" -> "straight flush" (labels are never
// snake_case).
inline std::string words(std::string key) {
  for (char& c : key) c = c == '_' ? ' ' : c;
  return key;
}
// The 95% interval of a share count / total (value, its binomial SE) as
// (low, high): value ± 1.96 se, or, at a count of 0 (or of all), where the
// binomial SE is 0, the exact Clopper-Pearson bounds 0 .. 1 - 0.025^(1/total)
// (or 0.025^(1/total) .. 1), which the normal interval would hide as 0 .. 0.
inline bool all_or_none(double count, double total) { return total > 0 && (count == 0 || count == total); }
inline std::pair<double, double> share_bounds(double count, double total, double value, double se) {
  if (all_or_none(count, total)) {
    const double power = std::log(0.025) / total;  // 0.025^(1/total) = exp(power)
    return count == 0 ? std::pair{0.0, -std::expm1(power)} : std::pair{std::exp(power), 1.0};
  }
  return {value - core::Z95 * se, value + core::Z95 * se};
}
// The same as "low .. high" with `digits` decimals.
inline std::string share_interval(double count, double total, double value, double se, int digits) {
  const auto [low, high] = share_bounds(count, total, value, se);
  return fixed(low, digits) + " .. " + fixed(high, digits);
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
