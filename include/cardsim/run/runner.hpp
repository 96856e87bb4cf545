// The chunk scheduler: spreads the chunks of a run over threads.
//
// A run is chunks 0..C-1 (ChunkPlan); what a chunk plays depends only on its
// index (see core::chunk_rng), threads only decide who plays it. Each thread
// owns one tally and the tallies are merged at the end; tallies hold integer
// sums only, so the merged result is the same in any order and on any number
// of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

#include "cardsim/core/error.hpp"

namespace cardsim::run {

// How a run of `total_items` items (rounds, deals) is cut into chunks of
// `chunk_items` >= 1 (the last one may be smaller). Both are required: there
// is no default chunk size (a forgotten one would play one-item chunks).
struct ChunkPlan {
  std::uint64_t total_items;
  std::uint64_t chunk_items;

  ChunkPlan(std::uint64_t total, std::uint64_t chunk) : total_items(total), chunk_items(chunk) {}

  std::uint64_t chunks() const { return (total_items + chunk_items - 1) / chunk_items; }
  // Items in chunk `chunk` (< chunks()).
  std::uint64_t items_in(std::uint64_t chunk) const { return std::min(chunk_items, total_items - chunk * chunk_items); }
};

// Shared between the runner and whoever watches it (a progress bar, a signal
// handler). The runner only adds to `items_done` and reads `stop_requested`.
struct RunControl {
  std::atomic<std::uint64_t> items_done{0};
  std::atomic<bool> stop_requested{false};
};

// What a run produced: the merged tally of the chunks that were played, and
// which ones (all of them unless a stop was requested).
template <class Tally>
struct RunOutcome {
  Tally tally;
  std::vector<std::uint64_t> completed_chunks;  // ascending
  bool complete = false;
};

// A run with a target standard error plays its chunks in batches of this
// many, in chunk order, and the stopping rule is checked between batches
// only: where a run stops then depends on the seed alone, never on the
// thread count.
inline constexpr std::uint64_t TARGET_SE_BATCH_CHUNKS = 20;

// Why a run stopped: it played every chunk it was given, it met its target
// standard error (run_batches), or a stop was requested.
enum class StopReason : std::uint8_t { rounds, target_se, interrupted };

// The one batch loop of a run with a target standard error (sim, compare and
// sweep): plays `chunks` in order, in batches of TARGET_SE_BATCH_CHUNKS when
// `batched`, else in one go. `play(batch)` plays a batch and returns whether
// it finished every chunk of it; `target_met()` is asked after each finished
// batch (only when batched), on the chunks played so far. Where a run stops
// therefore depends on the seed alone, not on the thread count.
template <class PlayBatch, class TargetMet>
StopReason run_batches(const std::vector<std::uint64_t>& chunks, bool batched, PlayBatch play, TargetMet target_met) {
  const std::size_t batch = batched ? TARGET_SE_BATCH_CHUNKS : std::max<std::size_t>(1, chunks.size());
  std::size_t first = 0;
  do {
    const std::size_t last = std::min(chunks.size(), first + batch);
    const std::vector<std::uint64_t> part(chunks.begin() + static_cast<std::ptrdiff_t>(first),
                                          chunks.begin() + static_cast<std::ptrdiff_t>(last));
    if (!play(part)) return StopReason::interrupted;
    if (batched && target_met()) return StopReason::target_se;
    first = last;
  } while (first < chunks.size());
  return StopReason::rounds;
}

// The most threads a run may ask for (--threads): far above any machine's
// cores, far below what an operating system refuses to start.
inline constexpr unsigned MAX_THREADS = 1024;

// The number of threads to use for `requested` (0 = all cores); throws Error
// above MAX_THREADS.
inline unsigned resolve_threads(unsigned requested) {
  if (requested > MAX_THREADS) {
    throw Error("threads: " + std::to_string(requested) + " is too many; at most " + std::to_string(MAX_THREADS) +
                " (0: all cores)");
  }
  if (requested > 0) return requested;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? cores : 1;
}

// The threads a run of `chunks` chunks on `threads` threads uses: no more
// than one a chunk (what run_chunks starts, and what a result reports).
inline unsigned threads_used(unsigned threads, std::size_t chunks) {
  return std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::min<std::size_t>(chunks, MAX_THREADS))));
}

// Plays `chunks` (indices into plan) on `threads` threads. `make_tally()` gives an
// empty tally; `play(chunk, items, tally)` plays one chunk into the thread's own
// tally and must not touch shared state; `Tally::merge(const Tally&)` adds. A
// worker stops taking chunks once control.stop_requested is set; a chunk it has
// started is finished, unless `play` returns a bool: false says it abandoned
// the chunk for the stop (its tally untouched), which is then not counted. An exception in a worker is rethrown here; a
// thread the system cannot start (a process limit) is an Error, after the threads started have stopped.
template <class Tally, class MakeTally, class PlayChunk>
RunOutcome<Tally> run_chunks(const ChunkPlan& plan, const std::vector<std::uint64_t>& chunks, unsigned threads,
                             MakeTally make_tally, PlayChunk play, RunControl& control) {
  threads = threads_used(threads, chunks.size());
  std::atomic<std::size_t> next{0};
  std::vector<Tally> tallies(threads, make_tally());
  std::vector<std::vector<std::uint64_t>> done(threads);
  std::exception_ptr failure;
  std::mutex failure_mutex;

  auto worker = [&](unsigned t) {
    try {
      for (;;) {
        if (control.stop_requested.load(std::memory_order_relaxed)) return;
        const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
        if (i >= chunks.size()) return;
        const std::uint64_t chunk = chunks[i];
        if constexpr (std::is_same_v<decltype(play(chunk, plan.items_in(chunk), tallies[t])), bool>) {
          if (!play(chunk, plan.items_in(chunk), tallies[t])) return;
        } else {
          play(chunk, plan.items_in(chunk), tallies[t]);
        }
        done[t].push_back(chunk);
        control.items_done.fetch_add(plan.items_in(chunk), std::memory_order_relaxed);
      }
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      control.stop_requested = true;
    }
  };

  std::vector<std::thread> pool;
  pool.reserve(threads);
  std::string not_started;
  for (unsigned t = 1; t < threads && not_started.empty(); ++t) {
    try {
      pool.emplace_back(worker, t);
    } catch (const std::system_error& e) {
      not_started = "cannot start thread " + std::to_string(t + 1) + " of " + std::to_string(threads) + ": " +
                    e.what() + "; ask for fewer threads (--threads)";
      control.stop_requested = true;
    }
  }
  if (not_started.empty()) worker(0);
  for (auto& thread : pool) thread.join();
  if (!not_started.empty()) throw Error(not_started);
  if (failure) std::rethrow_exception(failure);

  RunOutcome<Tally> outcome{make_tally(), {}, false};
  for (unsigned t = 0; t < threads; ++t) {
    outcome.tally.merge(tallies[t]);
    outcome.completed_chunks.insert(outcome.completed_chunks.end(), done[t].begin(), done[t].end());
  }
  std::sort(outcome.completed_chunks.begin(), outcome.completed_chunks.end());
  outcome.complete = outcome.completed_chunks.size() == chunks.size();
  return outcome;
}

// All chunk indices of a plan, 0..C-1.
inline std::vector<std::uint64_t> all_chunks(const ChunkPlan& plan) {
  std::vector<std::uint64_t> chunks(plan.chunks());
  for (std::uint64_t c = 0; c < chunks.size(); ++c) chunks[c] = c;
  return chunks;
}

// Calls job(i) once for each i in 0..count-1, on `threads` threads in no fixed
// order (run_chunks with chunks of one item and no tally): each job must write
// only its own results. Stops handing out jobs once control.stop_requested is
// set; returns whether every job ran. An exception in a job is rethrown here.
template <class Job>
bool run_jobs(std::size_t count, unsigned threads, Job job, RunControl& control) {
  struct NoTally {
    void merge(const NoTally& /*other*/) {}
  };
  const ChunkPlan plan{count, 1};
  return run_chunks<NoTally>(
             plan, all_chunks(plan), threads, [] { return NoTally{}; },
             [&](std::uint64_t i, std::uint64_t /*items*/, NoTally& /*tally*/) { job(static_cast<std::size_t>(i)); },
             control)
      .complete;
}

}  // namespace cardsim::run
