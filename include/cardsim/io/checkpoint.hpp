// Checkpoint files of `cardsim sim --checkpoint FILE`: everything needed to
// continue a run with `cardsim sim --resume FILE` and end with the same result
// as an uninterrupted run, byte for byte.
//
// Layout (one JSON object):
//   format "cardsim-checkpoint", format_version 4,
//   identity          io::run_identity() of the run, with its side bets (the
//                     bets themselves) and the fingerprints of its inputs
//   strategy_chart    the chart played, as chart text (the run resumes with it)
//   counting          io::counting_definition_json(): the count system's tags
//                     and the index plays counted with (null without
//                     counting), so a resume needs neither file nor the
//                     folder the run was started in
//   shard             {index, count} of the chunks this process was given
//                     (null for a run not started with --shard)
//   chunks            how many chunks that shard has
//   completed_chunks  ascending [first, last] ranges of finished chunks
//   tally             their merged tally (io::tally_to_json)
//   checksum          io::json_checksum() of all the rest
// A file that fails any check (JSON, checksum, identity, ranges, rounds of the
// tally against the chunks) is rejected whole with an Error naming it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/run/shard.hpp"

namespace cardsim::io {

// 3: the tally holds the dealer's hands no player needed
// (dealer_final_unneeded), which a checkpoint of version 2 lacks.
// 4: the identity pins the result schema and stream version
// (compatibility_json()), not the tool's git revision.
// 5: the identity holds the side bets played and the inputs' fingerprints.
inline constexpr int CHECKPOINT_FORMAT_VERSION = 5;

struct Checkpoint {
  SimConfig config;
  blackjack::StrategyChart chart;
  blackjack::Counting counting;                 // as resolved from the config's files (disabled without counting)
  std::vector<PlayedSideBet> side_bets;         // as read from their files when the run started
  nlohmann::json inputs;                        // the files the run read (inputs_identity_json(); null: none said)
  run::Shard shard;                             // 0/1 unless sharded
  bool sharded = false;                         // started with --shard (its result is a shard result)
  std::vector<std::uint64_t> completed_chunks;  // ascending, all in the shard
  blackjack::Tally tally;                       // of the completed chunks
};

// The checkpoint as the text of its file (JSON with a checksum).
std::string checkpoint_to_text(const Checkpoint& checkpoint);

// Reads a checkpoint file's text; `source` names it in errors. Throws Error if
// it is not valid JSON, not a checkpoint, damaged (checksum), of another
// format_version, written by a cardsim of another result schema or stream
// version (the git revision does not matter), or inconsistent.
Checkpoint checkpoint_from_text(std::string_view text, const std::string& source);

// Ascending chunk indices as [first, last] ranges: [0,1,2,5] -> [[0,2],[5,5]].
nlohmann::json chunk_ranges_to_json(const std::vector<std::uint64_t>& chunks);
// The inverse; throws Error unless the ranges are ascending, disjoint and
// below `limit`.
std::vector<std::uint64_t> chunk_ranges_from_json(const nlohmann::json& ranges, std::uint64_t limit);

}  // namespace cardsim::io
