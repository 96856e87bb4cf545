// The schema check of `cardsim report` (internal to io/): a result file is
// shared data, never trusted. Before the page is built, every field of the
// result whose path the schema knows is checked for its kind (a text, a
// finite number, a whole number, a count >= 0, true/false, null where a
// statistic may have none, an object, a list); the first that fails is
// refused with its path ("run/seed must be a whole number >= 0, not a
// string"). The page escapes every text it shows (charts.hpp, escape),
// so a text can hold anything; a number is printed by the page itself.
#pragma once

#include <nlohmann/json.hpp>

namespace cardsim::report {

// Throws Error naming the first field of `result` (a sim, compare, sweep,
// zjh sim, zjh exact, bench, analyze, sidebet, ramp or indices result) that
// is not of its kind.
void check_result_schema(const nlohmann::json& result);

}  // namespace cardsim::report
