// Zha Jin Hua's tallies and results as JSON (the game layer, zjh/, holds the
// structs; this file only converts them; the config and its rules are
// zjh_config.hpp's, the text reports zjh_text.hpp's).
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/core/estimate.hpp"
#include "cardsim/io/zjh_config.hpp"
#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::io {

// The schema_version of every zjh JSON result (deal, exact, sim).
inline constexpr int ZJH_SCHEMA_VERSION = 1;

// A proportion as {"count", "value", "se"} (value and se null without
// observations).
nlohmann::json proportion_json(const core::Proportion& p);

// The raw tally (integers only, so results merge exactly) and back; a missing
// or mistyped field is a cardsim::Error.
nlohmann::json zjh_tally_to_json(const zjh::SimTally& tally);
zjh::SimTally zjh_tally_from_json(const nlohmann::json& j);

// The config of a zjh sim as its result and identity write it ({"game":
// "zjh", "players", "deals", "seed", "chunk_deals", "rules"}) and back;
// reading validates it (zjh::validate) and throws Error naming the key.
nlohmann::json zjh_sim_config_json(const zjh::SimConfig& config);
zjh::SimConfig zjh_sim_config_from_json(const nlohmann::json& j);

// The deterministic part of a `zjh sim` result: the resolved config, chunk
// count, per-category rates of seat 1 with standard errors, the distribution
// of the winning category, and the raw tally. Identical for any thread count.
nlohmann::json zjh_sim_report(const zjh::SimConfig& config, const zjh::SimTally& tally);

// A `zjh exact` result: counts, exact fractions ("1083/978775") and decimals.
nlohmann::json zjh_exact_report(const zjh::ExactResult& result);

// How a zjh sim ran: threads, whether it was cut short, its time.
struct ZjhRunInfo {
  unsigned threads = 0;
  bool complete = true;
  std::uint64_t completed_chunks = 0;
  double elapsed_seconds = 0;
};

// The whole JSON documents the zjh commands write: schema_version, tool and
// command, then the report (and for sim the run block, the only part that
// varies between runs of a seed: threads, elapsed time and speed).
nlohmann::json zjh_sim_result_json(const zjh::SimConfig& config, const zjh::SimTally& tally, const ZjhRunInfo& run);
nlohmann::json zjh_exact_result_json(const zjh::ExactResult& result, double elapsed_seconds);
nlohmann::json zjh_deal_json(const zjh::Game& game, const zjh::Rules& rules, unsigned players, std::uint64_t seed,
                             std::uint32_t levels);

}  // namespace cardsim::io
