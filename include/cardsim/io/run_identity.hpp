// What makes two pieces of work parts of the same run: the tool that played
// them, the resolved config (rules, strategy, seed, rounds, chunk_rounds) and
// the chart played. Shard results and checkpoints carry it; `cardsim merge` and
// `cardsim sim --resume` refuse pieces whose identities differ.
//
// Also the checksum that shard results and checkpoints carry, so that a
// corrupted file is rejected rather than half-read.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/io/config.hpp"

namespace cardsim::io {

// "fnv1a64:" and 16 hex digits: the 64-bit FNV-1a hash of `text`. Detects
// accidental corruption (a flipped digit, a cut file), not tampering.
std::string fingerprint(std::string_view text);

// {"tool": {name, version, git_revision}, "command": "sim", "config": the
// resolved config, "strategy": the chart's name, "chart_fingerprint":
// fingerprint of the chart's text (format_strategy_chart)}.
nlohmann::json run_identity(const SimConfig& config, const blackjack::StrategyChart& chart);

// The fingerprint of `object` without its key `checksum_key`, as dump() writes
// it (keys sorted, so the same object always gives the same text).
std::string json_checksum(const nlohmann::json& object, const std::string& checksum_key = "checksum");

// Throws Error "`source`: ..." unless `object[checksum_key]` is the checksum
// of the rest of `object`.
void verify_json_checksum(const nlohmann::json& object, const std::string& source,
                          const std::string& checksum_key = "checksum");

}  // namespace cardsim::io
