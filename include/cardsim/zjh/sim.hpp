// Monte Carlo showdowns of N players: chunked, multithreaded, deterministic.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cardsim/core/estimate.hpp"
#include "cardsim/run/runner.hpp"
#include "cardsim/zjh/evaluator.hpp"
#include "cardsim/zjh/rules.hpp"

namespace cardsim::zjh {

// Deals per chunk by default: big enough that scheduling costs nothing, small
// enough that threads balance.
inline constexpr std::uint64_t DEFAULT_CHUNK_DEALS = 1'000'000;

struct SimConfig {
  Rules rules;
  unsigned players = 2;             // 2..17
  std::uint64_t deals = 1'000'000;  // >= 1
  std::uint64_t seed = 1;
  std::uint64_t chunk_deals = DEFAULT_CHUNK_DEALS;  // >= 1
};

// The most draws of the random stream a deal takes per card: one bounded
// number a card (the deck is shuffled lazily), and twice that as a margin for
// Lemire's rejections, which come less than once in 80 million draws.
inline constexpr std::uint64_t DRAWS_PER_CARD = 2;
// The most deals a chunk of `players` players may hold without running into
// the next chunk's numbers (core::max_chunk_units).
std::uint64_t max_chunk_deals(unsigned players);

// Throws cardsim::Error naming the field and its allowed range.
void validate(const SimConfig& config);

// Integer sums only, so tallies merge by addition in any order. The observed
// seat is seat 1 (the first hand dealt); every seat is alike by symmetry.
struct SimTally {
  std::uint64_t deals = 0;
  std::array<std::uint64_t, CATEGORY_COUNT> seat_hands{};     // seat 1's category
  std::array<std::uint64_t, CATEGORY_COUNT> seat_wins{};      // seat 1 wins alone
  std::array<std::uint64_t, CATEGORY_COUNT> seat_ties{};      // seat 1 shares first place
  std::array<std::uint64_t, CATEGORY_COUNT> winning_hands{};  // deals by winning category
  std::uint64_t split_deals = 0;                              // deals whose first place is shared
  std::uint64_t leopard_kills = 0;                            // deals won by a 2-3-5 over a leopard

  void merge(const SimTally& other);
  friend bool operator==(const SimTally&, const SimTally&) = default;
};

// Seat 1's results over a tally's deals: wins alone, shared first places and
// losses, each a proportion of the deals with its binomial standard error.
struct SeatOutcomes {
  core::Proportion win;
  core::Proportion tie;
  core::Proportion loss;
};
SeatOutcomes seat_outcomes(const SimTally& tally);

// Plays chunk `chunk` (deals `deals`, from core::chunk_rng(seed, zjh_chunk,
// chunk) and a fresh deck) into `tally`.
void play_chunk(const Evaluator& evaluator, unsigned players, std::uint64_t seed, std::uint64_t chunk,
                std::uint64_t deals, SimTally& tally);

// Plays the chunks `chunks` of `config` on `threads` threads (0 = all
// cores), calling `on_chunk(chunk, its tally)` (if set) as each is finished,
// from the thread that played it.
using ChunkDone = std::function<void(std::uint64_t chunk, const SimTally& tally)>;
run::RunOutcome<SimTally> play_chunks(const SimConfig& config, const std::vector<std::uint64_t>& chunks,
                                      unsigned threads, run::RunControl& control, const ChunkDone& on_chunk = {});

// Runs all chunks of `config` on `threads` threads (0 = all cores).
run::RunOutcome<SimTally> run_sim(const SimConfig& config, unsigned threads, run::RunControl& control);

// What is impossible in `tally`, read back from a file, for deals of
// `players` players: "" if nothing (seat 1's hands by category and the
// winning hands adding up to the deals, its wins and ties within its hands,
// split deals and leopard kills within the deals, shared first places only
// in split deals).
std::string tally_problem(const SimTally& tally, unsigned players);

}  // namespace cardsim::zjh
