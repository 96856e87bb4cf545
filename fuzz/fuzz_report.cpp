// libFuzzer target: result JSON for `cardsim report` (io::report_html after
// the schema check). Any input must be rejected with cardsim::Error or give
// a page that holds no tag the input carried (every text escaped).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/report/html.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const nlohmann::json result = cardsim::io::parse_json_object(text, "fuzz.json");
    const std::string page = cardsim::report::html_page(result);
    if (page.find("<script") != std::string::npos || page.find("<img") != std::string::npos) std::abort();
  } catch (const cardsim::Error&) {
  }
  return 0;
}
