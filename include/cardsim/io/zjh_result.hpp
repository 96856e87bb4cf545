// Zha Jin Hua's rules, tallies and results as JSON (the game layer, zjh/,
// holds the structs; this file only converts them).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/core/estimate.hpp"
#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::io {

// The schema_version of every zjh JSON result (deal, exact, sim).
inline constexpr int ZJH_SCHEMA_VERSION = 1;

// What a zjh config file holds: {"game": "zjh", "variant", "rules", "players"}.
struct ZjhConfigFile {
  zjh::Rules rules;                 // the variant's rules, changed by "rules"
  std::optional<unsigned> players;  // "players", if given (2..17)
};

// Reads a zjh config object. The rules start from the preset `variant`, or
// from the file's "variant" unless `variant_given` (a --variant flag wins over
// the file), and the file's "rules" change them. An unknown key, a wrong type
// or value is a cardsim::Error that begins with `source` and names the key.
ZjhConfigFile zjh_config_from_json(const nlohmann::json& j, const std::string& source, std::string_view variant,
                                   bool variant_given);

// A proportion as {"count", "value", "se"} (value and se null without
// observations).
nlohmann::json proportion_json(const core::Proportion& p);

// {"ties": "split", "a23": "lowest", "special_235": false,
//  "straight_above_flush": false}
nlohmann::json zjh_rules_to_json(const zjh::Rules& rules);

// Reads the keys present in `j` over `base` (absent keys keep base's value).
// An unknown key, a wrong type or an unknown value is a cardsim::Error that
// names the key and the allowed values.
zjh::Rules zjh_rules_from_json(const nlohmann::json& j, zjh::Rules base = {});

// The raw tally (integers only, so results merge exactly) and back; a missing
// or mistyped field is a cardsim::Error.
nlohmann::json zjh_tally_to_json(const zjh::SimTally& tally);
zjh::SimTally zjh_tally_from_json(const nlohmann::json& j);

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

// Two lines for humans after a sim: deals, players, time and speed, and seat
// 1's win and tie rates with their standard errors; `out` is where the JSON went.
std::string zjh_sim_summary(const zjh::SimConfig& config, const zjh::SimTally& tally, const ZjhRunInfo& run,
                            const std::string& out);

}  // namespace cardsim::io
