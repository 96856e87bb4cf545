// The report floor: a result JSON (of sim, compare, sweep, zjh sim, zjh
// exact, bench, analyze, sidebet, ramp or indices) as one self-contained HTML
// page (`cardsim report`):
// inline CSS and SVG charts, no script, no network. The numbers on the page
// are the JSON's, printed with fixed precision (checked by tests).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace cardsim::report {

// The page of `result`, read as untrusted data (schema-checked field by
// field, every text escaped). Throws Error if it is not a cardsim result of
// this version (io::RESULT_SCHEMA_VERSION; zjh: io::ZJH_SCHEMA_VERSION; each
// other kind its own) of a command the report draws.
std::string html_page(const nlohmann::json& result);

}  // namespace cardsim::report
