// Who plays which chunk when a run is spread over shards (separate processes,
// e.g. the tasks of a job array) and MPI ranks. What a chunk plays never
// depends on who plays it (core::chunk_rng), only this assignment does:
//
//   shard i of N plays the chunks c with c mod N == i   (0 <= i < N)
//   rank r of K plays the r-th, (r+K)-th, (r+2K)-th ... of its process's
//   chunk list (so without shards: the chunks c with c mod K == r)
//
// The assignment is fixed and documented (docs/scale.md):
// shard files name their shard, and `cardsim merge` checks that every shard of
// a run is present exactly once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "cardsim/run/runner.hpp"

namespace cardsim::run {

// Shard `index` of `count` (0-based). The whole run is shard 0 of 1.
struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;

  bool whole() const { return count == 1; }
  friend bool operator==(const Shard&, const Shard&) = default;
};

// The largest shard count accepted (a shard with no chunks is allowed, but a
// count beyond any sensible job array is a typing error).
inline constexpr std::uint64_t MAX_SHARDS = 1'000'000;

// Parses "i/N" (0 <= i < N <= MAX_SHARDS); throws Error naming the text otherwise.
Shard parse_shard(std::string_view text);

// "i/N".
std::string to_string(const Shard& shard);

// The chunks of `plan` that `shard` plays, ascending.
std::vector<std::uint64_t> shard_chunks(const ChunkPlan& plan, const Shard& shard);

// The part of `chunks` that rank `rank` of `ranks` plays: the elements at
// positions rank, rank + ranks, ... (ranks >= 1, rank < ranks).
std::vector<std::uint64_t> rank_chunks(const std::vector<std::uint64_t>& chunks, int rank, int ranks);

// The elements of `all` (ascending) that are not in `done` (ascending).
std::vector<std::uint64_t> missing_chunks(const std::vector<std::uint64_t>& all,
                                          const std::vector<std::uint64_t>& done);

// The items (rounds) in `chunks` of `plan`.
std::uint64_t items_in(const ChunkPlan& plan, const std::vector<std::uint64_t>& chunks);

}  // namespace cardsim::run
