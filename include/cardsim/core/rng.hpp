// Random streams and bounded random numbers.
//
// Every unit of work (a chunk of rounds, a chunk of deals) draws from its own
// stream, derived from (run seed, purpose, chunk index) by chunk_rng() alone, so
// a seed gives the same numbers whichever thread, shard or rank plays the chunk.
#pragma once

#include <cstdint>

#include <pcg_random.hpp>

namespace cardsim::core {

// The generator of every stream: pcg-cpp's PCG-XSH-RR with 64-bit state and
// 32-bit output, in its single-stream form pcg32_oneseq: the same numbers as
// pcg32 seeded with one argument (both use pcg's default increment), but the
// increment is a compile-time constant instead of a member loaded at every
// draw. With a precomputed jump: moving a fixed distance ahead, as at the start
// of every shoe, is one multiply-add instead of pcg's O(log n) advance(). (The
// LCG step is affine, so any advance is state -> a*state + c.)
class Rng : public pcg32_oneseq {
 public:
  using pcg32_oneseq::pcg32_oneseq;

  // The affine map of the state that advances by `delta` draws.
  struct Jump {
    std::uint64_t multiplier;
    std::uint64_t increment;
  };
  Jump jump_of(std::uint64_t delta) const {
    const std::uint64_t c = pcg32_oneseq::advance(0, delta, this->multiplier(), this->increment());
    const std::uint64_t a = pcg32_oneseq::advance(1, delta, this->multiplier(), this->increment()) - c;
    return {a, c};
  }
  // Advances by the distance `jump` was made for (see jump_of).
  void jump(const Jump& j) { state_ = j.multiplier * state_ + j.increment; }
};

// The version of what a seed deals: the generator, chunk_rng(), the strides
// below, the order of a fresh shoe (blackjack::shoe_values) and the order in
// which the games draw. Raise it with any change that makes the same seed deal
// other cards; checkpoints and shard results carry it (with the result
// schema_version) instead of the git revision, so that a build that plays the
// same cards (a README or refactoring commit) resumes and merges them.
inline constexpr int STREAM_VERSION = 1;

// What a stream is used for. Streams of different purposes start at unrelated
// points of the one PCG sequence, so two games never share numbers.
enum class StreamPurpose : std::uint64_t {
  invalid = 0,
  blackjack_chunk = 1,
  zjh_chunk = 2,
  zjh_bench = 3,
  test = 4,
  control_pilot = 5,  // the control variate's pilot rounds (blackjack::Engine)
};

// log2 of the distance between the starting points of two consecutive chunks of
// the same purpose: 2^40 draws, far more than a chunk ever uses, so chunk
// streams are disjoint pieces of one sequence (streams that differed only in the
// PCG increment would be correlated, which is why the increment is fixed).
inline constexpr unsigned CHUNK_STRIDE_LOG2 = 40;

// The most units of work (rounds, deals) a chunk may hold when a unit takes
// at most `draws` numbers of the chunk's stream: the stream is
// 2^CHUNK_STRIDE_LOG2 draws long, and a longer chunk would run into the next
// chunk's numbers. Every game bounds its chunk size here, with its own draws
// per unit (BLACKJACK_ROUND_DRAWS; zjh::max_chunk_deals).
constexpr std::uint64_t max_chunk_units(std::uint64_t draws) {
  return draws == 0 ? 0 : (std::uint64_t{1} << CHUNK_STRIDE_LOG2) / draws;
}

// log2 of the distance between consecutive shoes of a chunk (for an infinite
// deck: consecutive rounds). Shoe k of chunk c always deals from the same piece
// of the chunk's stream, whatever happened in shoes 0..k-1, so rule variants
// compared on one seed deal the same shoes (common random numbers). A shoe uses
// a few hundred draws of its 2^16; a chunk holds 2^(40-16) shoes.
inline constexpr unsigned SHOE_STRIDE_LOG2 = 16;
// A blackjack round may begin a shoe (every round does with a fresh shoe
// each round or an infinite deck), whose piece of the stream is
// 2^SHOE_STRIDE_LOG2 draws: the most a round takes.
inline constexpr std::uint64_t BLACKJACK_ROUND_DRAWS = std::uint64_t{1} << SHOE_STRIDE_LOG2;
inline constexpr std::uint64_t MAX_SHOES_PER_CHUNK = max_chunk_units(BLACKJACK_ROUND_DRAWS);

// The largest chunk index chunk_rng() accepts: 2^24 chunks of 2^40 draws fill
// the 2^64 period.
inline constexpr std::uint64_t MAX_CHUNKS = std::uint64_t{1} << 24;

// SplitMix64 finaliser (Steele, Lea, Flood 2014): a bijective 64-bit mixer used
// to turn (seed, purpose) into a starting state.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The stream of chunk `chunk` of a run with seed `seed`: one fixed PCG
// sequence, started at a point chosen by (seed, purpose) and advanced by
// chunk * 2^CHUNK_STRIDE_LOG2 (pcg's advance() is O(log n)).
inline Rng chunk_rng(std::uint64_t seed, StreamPurpose purpose, std::uint64_t chunk) {
  Rng rng(splitmix64(seed ^ splitmix64(static_cast<std::uint64_t>(purpose))));
  rng.advance(chunk << CHUNK_STRIDE_LOG2);
  return rng;
}

// A uniform integer in [0, range), range >= 1, without bias and almost always
// without a division: Lemire, "Fast Random Integer Generation in an Interval",
// ACM TOMACS 2019. Never use `%` or std::uniform_int_distribution on a path
// whose output is compared across machines.
inline std::uint32_t bounded(Rng& rng, std::uint32_t range) {
  std::uint64_t product = std::uint64_t{rng()} * range;
  auto low = static_cast<std::uint32_t>(product);
  if (low < range) {
    const std::uint32_t threshold = (0u - range) % range;
    while (low < threshold) {
      product = std::uint64_t{rng()} * range;
      low = static_cast<std::uint32_t>(product);
    }
  }
  return static_cast<std::uint32_t>(product >> 32);
}

}  // namespace cardsim::core
