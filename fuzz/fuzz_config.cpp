// libFuzzer target: config JSON (io::sim_config_from_json). Any input must
// either be rejected with cardsim::Error or give a config that reads back to
// itself; anything else (a crash, another exception, a sanitizer report) is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  try {
    const cardsim::io::SimConfig config = cardsim::io::sim_config_from_json(j);
    const nlohmann::json resolved = cardsim::io::to_json(config);
    if (cardsim::io::to_json(cardsim::io::sim_config_from_json(resolved)) != resolved) std::abort();
  } catch (const cardsim::Error&) {
  }
  return 0;
}
