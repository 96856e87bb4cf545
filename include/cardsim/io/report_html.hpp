// A result JSON (of sim, compare or sweep) as one self-contained HTML page:
// inline CSS and SVG charts, no script, no network. The numbers on the page
// are the JSON's, printed with fixed precision (checked by tests).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace cardsim::io {

// Throws Error if `result` is not a cardsim result of this version
// (RESULT_SCHEMA_VERSION) and command sim, compare or sweep.
std::string report_html(const nlohmann::json& result);

}  // namespace cardsim::io
