// What makes two pieces of work parts of the same run: a cardsim that deals
// the same cards and writes the same results (compatibility_json()), the resolved config (rules, strategy, seed,
// rounds, chunk_rounds), the chart played and, when counting, the count system and index plays counted with. Shard
// results and checkpoints carry it; `cardsim merge` and `cardsim sim --resume` refuse pieces whose identities differ.
// (io/paired_result.hpp has the identity of a compare or sweep run.)
//
// Also the checksum that shard results and checkpoints carry, so that a
// corrupted file is rejected rather than half-read, and the error wrapping of
// their readers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/result.hpp"

namespace cardsim::io {

// "fnv1a64:" and 16 hex digits: the 64-bit FNV-1a hash of `text`. Detects
// accidental corruption (a flipped digit, a cut file), not tampering.
std::string fingerprint(std::string_view text);

// fingerprint() of the chart's text (format_strategy_chart).
std::string chart_fingerprint(const blackjack::StrategyChart& chart);

// {"compatibility": compatibility_json() (result schema and stream version,
// not the git revision), "command": "sim", "config": the
// resolved config, "strategy": the chart's name, "chart_fingerprint":
// chart_fingerprint(chart)}, and with counting on "counting_fingerprint":
// fingerprint() of counting_definition_json(counting) (io/counting_file.hpp),
// since the config names a count file, not what it held; with side bets
// "side_bets": side_bets_identity_json() (the bets themselves, which a resumed
// or merged run plays and reports); and "inputs" if not null: the files the
// run read (inputs_identity_json(), io/inputs.hpp).
nlohmann::json run_identity(const SimConfig& config, const blackjack::StrategyChart& chart,
                            const blackjack::Counting& counting = {}, const std::vector<PlayedSideBet>& side_bets = {},
                            const nlohmann::json& inputs = nullptr);

// "" if the run identities `mine` and `theirs` are of the same run (the names
// of their inputs may differ: the same files from another folder), else one
// line saying what differs, naming the input whose content changed if that
// is the difference.
std::string identity_difference(const nlohmann::json& mine, const nlohmann::json& theirs);

// The fingerprint of `object` without its key `checksum_key`, as dump() writes
// it (keys sorted, so the same object always gives the same text).
std::string json_checksum(const nlohmann::json& object, const std::string& checksum_key = "checksum");

// Throws Error "`source`: ..." unless `object[checksum_key]` is the checksum
// of the rest of `object`.
void verify_json_checksum(const nlohmann::json& object, const std::string& source,
                          const std::string& checksum_key = "checksum");

// Runs `read()`, the reading of a file that messages call `where` (e.g.
// "checkpoint 'ck.json'"), and returns what it returns. A JSON error (a
// missing key, a wrong type) becomes Error "`where` is malformed: ...", and an
// Error whose message does not start with `where` gets "`where`: " in front,
// so every message names the file once.
template <class Read>
auto read_named(const std::string& where, Read read) -> decltype(read()) {
  try {
    return read();
  } catch (const nlohmann::json::exception& e) {
    throw Error(where + " is malformed: " + e.what());
  } catch (const Error& e) {
    const std::string message = e.what();
    if (message.rfind(where, 0) == 0) throw;
    throw Error(where + ": " + message);
  }
}

}  // namespace cardsim::io
