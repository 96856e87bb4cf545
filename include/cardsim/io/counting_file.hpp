// Count system files and index files <-> blackjack::Counting.
//
// A count system is a JSON object (configs/counts/*.json):
//   {"name": "Hi-Lo", "source": "...", "tags": {"A": -1, "2": 1, ..., "T": -1},
//    "scale": 1, "initial_running_count": 0}
// with an integer tag for each of A, 2..9, T. Fractional tags are stored
// multiplied by "scale" (Wong Halves: doubled tags, scale 2). "scale" defaults
// to 1; "initial_running_count" (tag units) defaults to 0 for a balanced count
// and to -(tag sum of a deck) x (decks - 1) for an unbalanced one (KO's
// standard 4 - 4 x decks). Other keys ("source", "description", "level") are
// documentation.
//
// An index file is text (configs/indices/*.txt): '#' starts a comment; each
// line is
//   HAND  UP  INDEX  AT_OR_ABOVE  BELOW
// HAND: a hard total 4..20, a soft total s13..s20, a pair "8,8" / "T,T" /
// "A,A", or "insurance" (UP must be A). UP: 2..9, T (or 10), A. INDEX: a
// whole true count, -30..30. AT_OR_ABOVE is played when the true count >=
// INDEX, BELOW otherwise: H, S, D (double else hit), Ds (double else stand),
// P (pairs), R (surrender the first two cards when surrender is offered), I
// (insure), or "-": on move lines what the chart says, on surrender and
// insurance lines "do not". A line with R is a surrender decision (made
// before the others; the same hand may also have a move line); the chart's
// own surrenders are replaced by the line's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"

namespace cardsim::io {

// Parses a count system for a shoe of `decks` decks; `source` names it in errors.
blackjack::CountSystem parse_count_system(std::string_view json_text, const std::string& source, int decks);

// Parses an index file; errors say "source:line: ...".
std::vector<blackjack::IndexPlay> parse_index_plays(std::string_view text, const std::string& source);

// A count system as a count file's JSON object with every key explicit (tags,
// scale, initial_running_count), so that parse_count_system reads it back to
// the same system for any number of decks.
nlohmann::json count_system_to_json(const blackjack::CountSystem& system);

// Index plays as index file text, one line per play in the given order, which
// parse_index_plays reads back to the same plays.
std::string format_index_plays(const std::vector<blackjack::IndexPlay>& plays);

// The lines of format_index_plays(), without their newlines ("16 T 0 S H").
std::vector<std::string> index_play_lines(const std::vector<blackjack::IndexPlay>& plays);

// The counting setup of `config` (its true count, ramp and wonging keys) with
// this count system and these index plays.
blackjack::Counting make_counting(const SimConfig& config, const blackjack::CountSystem& system,
                                  std::vector<blackjack::IndexPlay> indices);

// What a counting run counts with beyond its config, the files' contents as
// resolved (the config only names the files, perhaps by a relative path):
// {"count_system": count_system_to_json(), "index_plays": format_index_plays()};
// null when counting is off. Checkpoints carry it, run identities its
// fingerprint.
nlohmann::json counting_definition_json(const blackjack::Counting& counting);

// The inverse for `config`: disabled if `definition` is null (then the
// config's count must be "none"); throws Error (naming `source`) if it is
// malformed or does not match the config.
blackjack::Counting counting_from_definition(const SimConfig& config, const nlohmann::json& definition,
                                             const std::string& source);

// The counting setup of a config: `count` and `indices` are names of files in
// the data folder's counts/ (.json) and indices/ (.txt) (io/data_dir.hpp), or
// file paths (absolute, or relative to `count_folder` and `indices_folder`,
// the folder of the config that names each, or the working folder if empty),
// read through `inputs`. Disabled (enabled = false) when the config's count
// is "none".
blackjack::Counting load_counting(const SimConfig& config, InputRegistry& inputs, const std::string& count_folder,
                                  const std::string& indices_folder);
// The same, both names relative to `folder`, through a registry of its own.
blackjack::Counting load_counting(const SimConfig& config, const std::string& folder);

}  // namespace cardsim::io
