#pragma once
// A tally (blackjack::Tally) as JSON and back, exactly: every integer as a
// JSON number, the 128-bit sums as decimal strings (io/wide_sum.hpp). What
// checkpoints and shard results hold; read back, a tally is checked like any
// input (whole numbers within +/-(2^63-1), the right number of seats).

#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/tally.hpp"

namespace cardsim::io {

nlohmann::json tally_to_json(const blackjack::Tally& tally);
blackjack::Tally tally_from_json(const nlohmann::json& j);

// Throws Error, "WHERE: its tally is impossible: ...", if `tally` (read back
// from WHERE, a game of `rules`) could not have been played
// (blackjack::tally_problem): an edited and resealed file.
void check_tally_possible(const blackjack::Tally& tally, const blackjack::Rules& rules, const std::string& where);

}  // namespace cardsim::io
