// libFuzzer target: the readers of files cardsim wrote itself: result tallies
// (io::tally_from_json), shard results of sim, compare and sweep
// (io::merge_shard_files, which reads either kind) and checkpoints
// (io::checkpoint_from_text). Each input is also tried "resealed":
// with the checksum recomputed and the tool set to this build, so that the
// fuzzer reaches the checks behind the checksum. Every input must be accepted
// or rejected with cardsim::Error.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/checkpoint.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/version.hpp"

namespace {
using nlohmann::json;

template <class Read>
void expect_accept_or_error(Read read) {
  try {
    read();
  } catch (const cardsim::Error&) {
  }
}

void set_tool(json& identity) {
  if (identity.is_object() && identity.contains("tool") && identity["tool"].is_object()) {
    identity["tool"]["version"] = cardsim::VERSION;
    identity["tool"]["git_revision"] = cardsim::GIT_REVISION;
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  expect_accept_or_error([&] { cardsim::io::checkpoint_from_text(text, "fuzz"); });
  expect_accept_or_error([&] { cardsim::io::merge_shard_files({{"fuzz", std::string(text)}}); });
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return 0;
  if (j.contains("tally")) expect_accept_or_error([&] { cardsim::io::tally_from_json(j["tally"]); });
  if (j.contains("identity")) {  // a checkpoint, resealed
    set_tool(j["identity"]);
    j["checksum"] = cardsim::io::json_checksum(j);
    const std::string resealed = j.dump();
    expect_accept_or_error([&] { cardsim::io::checkpoint_from_text(resealed, "fuzz"); });
  } else if (j.contains("shard") && j["shard"].is_object()) {  // a shard result, resealed
    set_tool(j["shard"]["identity"]);
    try {
      cardsim::io::seal_shard_result(j);
    } catch (const json::exception&) {
      return 0;  // no tally (or variants) to seal
    }
    const std::string resealed = j.dump();
    expect_accept_or_error([&] { cardsim::io::merge_shard_files({{"fuzz", resealed}}); });
  }
  return 0;
}
