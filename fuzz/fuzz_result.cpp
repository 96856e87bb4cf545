// libFuzzer target: the readers of files cardsim wrote itself: result tallies
// (io::tally_from_json), shard results of sim, compare and sweep
// (io::merge_shard_files, which reads either kind) and checkpoints
// (io::checkpoint_from_text). Each input is also tried "resealed":
// with the checksum recomputed and the tool set to this build, so that the
// fuzzer reaches the checks behind the checksum. Every input must be accepted
// or rejected with cardsim::Error, and what is accepted must be possible: a
// merged result, or the result of a checkpoint's tally, renders as a report
// (its schema holds: rates within 0..1, finite figures), else the fuzzer
// stops (a tally that passed blackjack::tally_problem but gives an
// impossible result). Seeds include an empty shard (a 1-chunk run's shard 1/2).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/checkpoint.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/report/html.hpp"
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

// What was accepted must give a result the report renders.
void expect_renders(const json& result) {
  try {
    cardsim::report::html_page(result);
  } catch (const cardsim::Error& e) {
    std::fprintf(stderr, "an accepted input gives a result the report refuses: %s\n", e.what());
    __builtin_trap();
  }
}

void merge_and_render(const std::string& text) {
  expect_accept_or_error([&] { expect_renders(cardsim::io::merge_shard_files({{"fuzz", text}}).result); });
}

void read_and_render(std::string_view text) {
  expect_accept_or_error([&] {
    const cardsim::io::Checkpoint c = cardsim::io::checkpoint_from_text(text, "fuzz");
    if (c.tally.rounds == 0) return;
    const cardsim::io::RunInfo info{.strategy = c.chart.name,
                                    .exact_ev = -0.005,
                                    .chunks = c.completed_chunks.size(),
                                    .chunks_played = c.completed_chunks.size()};
    expect_renders(cardsim::io::sim_result_json(c.config, info, c.tally));
  });
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
  read_and_render(text);
  merge_and_render(std::string(text));
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return 0;
  if (j.contains("tally")) expect_accept_or_error([&] { cardsim::io::tally_from_json(j["tally"]); });
  if (j.contains("identity")) {  // a checkpoint, resealed
    set_tool(j["identity"]);
    j["checksum"] = cardsim::io::json_checksum(j);
    read_and_render(j.dump());
  } else if (j.contains("shard") && j["shard"].is_object()) {  // a shard result, resealed
    set_tool(j["shard"]["identity"]);
    try {
      cardsim::io::seal_shard_result(j);
    } catch (const json::exception&) {
      return 0;  // no tally (or variants) to seal
    }
    merge_and_render(j.dump());
  }
  return 0;
}
