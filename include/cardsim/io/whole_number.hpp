// Whole numbers read from a file cardsim did not write itself in this run (a
// shard result, a checkpoint): a count is checked before it is taken.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"

namespace cardsim::io {

// `value` as a T when it is a whole number that T holds; else Error "`what`
// is ...; expected a whole number from MIN to MAX". For every count a
// result file holds (shards, threads, deals): nlohmann's get<T>() would read
// 1.5 as 1 and -1 as 2^64-1, and a float beyond T's range is undefined.
template <std::integral T>
T whole_number(const nlohmann::json& value, std::string_view what) {
  using Limits = std::numeric_limits<T>;
  constexpr auto max = static_cast<std::uint64_t>(Limits::max());
  bool fits = false;
  if (value.is_number_unsigned()) {
    fits = value.get<std::uint64_t>() <= max;
  } else if (value.is_number_integer()) {
    const auto v = value.get<std::int64_t>();
    fits = v >= static_cast<std::int64_t>(Limits::min()) && (v < 0 || static_cast<std::uint64_t>(v) <= max);
  }
  if (!fits) {
    throw Error(std::string(what) + " is " + excerpt(value.dump()) + "; expected a whole number from " +
                std::to_string(Limits::min()) + " to " + std::to_string(Limits::max()));
  }
  return value.get<T>();
}

// An array of whole_number<T>()s; `what` names the array.
template <std::integral T>
std::vector<T> whole_numbers(const nlohmann::json& array, std::string_view what) {
  if (!array.is_array()) throw Error(std::string(what) + " is " + excerpt(array.dump()) + "; expected an array");
  std::vector<T> values;
  values.reserve(array.size());
  for (const nlohmann::json& value : array) values.push_back(whole_number<T>(value, std::string(what) + "'s item"));
  return values;
}

}  // namespace cardsim::io
