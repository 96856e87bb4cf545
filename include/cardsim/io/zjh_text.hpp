// Zha Jin Hua's results as text for humans: what `cardsim zjh deal`, `zjh
// exact` and `zjh sim` print (the JSON is zjh_result.hpp's). `unicode`:
// suits as ♠♥♦♣ and categories in Chinese (豹子 leopard), else letters and
// pinyin (the CLI asks its locale).
#pragma once

#include <cstdint>
#include <string>

#include "cardsim/io/zjh_result.hpp"
#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"

namespace cardsim::io {

// A dealt game: the rules, each seat's hand, category and place, the ranking
// and the winner (or the seats that split the pot).
std::string zjh_deal_text(const zjh::Game& game, const zjh::Rules& rules, unsigned players, std::uint64_t seed,
                          bool unicode);

// The exact enumeration: by category the hands, P(hand) and the heads-up
// win, tie and loss rates, then the heads-up totals as exact fractions, and
// the time it took.
std::string zjh_exact_text(const zjh::ExactResult& result, double elapsed_seconds, bool unicode);

// Two lines after a sim: deals, players, time and speed, and seat 1's win
// and tie rates with their standard errors (run: zjh_result.hpp's); `out`
// is where the JSON went.
std::string zjh_sim_summary(const zjh::SimConfig& config, const zjh::SimTally& tally, const ZjhRunInfo& run,
                            const std::string& out);

}  // namespace cardsim::io
