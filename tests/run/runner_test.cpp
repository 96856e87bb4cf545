// The chunk runner and the checkpoint journal with a toy tally: any subset of
// chunks, on any number of threads, stopped and resumed or not, merges to the
// same sums. (Run under ThreadSanitizer in CI: scripts/test.sh.)
#include "cardsim/run/runner.hpp"

#include <thread>

#include <gtest/gtest.h>

#include "cardsim/run/journal.hpp"
#include "cardsim/run/shard.hpp"

namespace cardsim::run {
namespace {

// Sums that depend on which chunks were played, not in which order.
struct ToyTally {
  std::uint64_t items = 0;
  std::uint64_t chunk_sum = 0;
  std::uint64_t mixed = 0;
  void merge(const ToyTally& other) {
    items += other.items;
    chunk_sum += other.chunk_sum;
    mixed += other.mixed;
  }
  friend bool operator==(const ToyTally&, const ToyTally&) = default;
};

void play(std::uint64_t chunk, std::uint64_t items, ToyTally& tally) {
  tally.items += items;
  tally.chunk_sum += chunk;
  tally.mixed += (chunk * 0x9E3779B97F4A7C15ULL) ^ items;
}

ToyTally expected(const ChunkPlan& plan, const std::vector<std::uint64_t>& chunks) {
  ToyTally t;
  for (const auto c : chunks) play(c, plan.items_in(c), t);
  return t;
}

TEST(Runner, SameTallyOnAnyThreadCount) {
  const ChunkPlan plan{1'000'003, 1'000};
  const ToyTally want = expected(plan, all_chunks(plan));
  for (const unsigned threads : {1u, 2u, 3u, 8u}) {
    RunControl control;
    const auto outcome = run_chunks<ToyTally>(
        plan, all_chunks(plan), threads, [] { return ToyTally{}; }, play, control);
    EXPECT_TRUE(outcome.complete);
    EXPECT_EQ(outcome.tally, want);
    EXPECT_EQ(outcome.completed_chunks, all_chunks(plan));
    EXPECT_EQ(control.items_done, plan.total_items);
  }
}

TEST(Runner, StoppedRunResumedGivesTheWholeTally) {
  const ChunkPlan plan{200'000, 100};
  RunControl control;
  // Stop once a quarter of the chunks are done; the journal sees every chunk.
  ChunkJournal<ToyTally> journal(ToyTally{}, {});
  const auto first = run_chunks<ToyTally>(
      plan, all_chunks(plan), 4, [] { return ToyTally{}; },
      [&](std::uint64_t chunk, std::uint64_t items, ToyTally& tally) {
        ToyTally part;
        play(chunk, items, part);
        tally.merge(part);
        journal.record(chunk, part);
        if (control.items_done.load() >= plan.total_items / 4) control.stop_requested = true;
      },
      control);
  ASSERT_FALSE(first.complete);
  const auto snapshot = journal.snapshot();
  EXPECT_EQ(snapshot.completed, first.completed_chunks);
  EXPECT_EQ(snapshot.tally, first.tally);
  EXPECT_EQ(first.tally, expected(plan, first.completed_chunks));

  RunControl again;
  const auto rest = run_chunks<ToyTally>(
      plan, missing_chunks(all_chunks(plan), snapshot.completed), 3, [] { return ToyTally{}; }, play, again);
  ASSERT_TRUE(rest.complete);
  ToyTally total = snapshot.tally;
  total.merge(rest.tally);
  EXPECT_EQ(total, expected(plan, all_chunks(plan)));
}

TEST(Runner, JournalSnapshotsWhileWorkersRecord) {
  ChunkJournal<ToyTally> journal(ToyTally{}, {});
  std::vector<std::thread> workers;
  for (std::uint64_t t = 0; t < 4; ++t) {
    workers.emplace_back([&journal, t] {
      for (std::uint64_t c = t; c < 4000; c += 4) {
        ToyTally part;
        play(c, 1, part);
        journal.record(c, part);
      }
    });
  }
  for (int i = 0; i < 50; ++i) {
    const auto snapshot = journal.snapshot();
    ASSERT_EQ(snapshot.tally.items, snapshot.completed.size());
  }
  for (auto& w : workers) w.join();
  const auto last = journal.snapshot();
  ASSERT_EQ(last.completed.size(), 4000u);
  for (std::uint64_t c = 0; c < 4000; ++c) ASSERT_EQ(last.completed[c], c);
}

TEST(Runner, WorkerExceptionIsRethrown) {
  const ChunkPlan plan{100, 10};
  RunControl control;
  EXPECT_THROW(run_chunks<ToyTally>(
                   plan, all_chunks(plan), 2, [] { return ToyTally{}; },
                   [](std::uint64_t chunk, std::uint64_t, ToyTally&) {
                     if (chunk == 5) throw std::runtime_error("chunk 5");
                   },
                   control),
               std::runtime_error);
}

// A chunk abandoned for a stop (play returns false) is not a result: it is
// neither counted nor merged, and the run is partial.
TEST(Runner, AbandonedChunkIsNotCounted) {
  const ChunkPlan plan{100, 10};
  RunControl control;
  const auto outcome = run_chunks<ToyTally>(
      plan, all_chunks(plan), 1, [] { return ToyTally{}; },
      [&](std::uint64_t chunk, std::uint64_t items, ToyTally& tally) {
        if (chunk == 3) {
          control.stop_requested = true;  // as a signal would, mid-chunk
          return false;
        }
        play(chunk, items, tally);
        return true;
      },
      control);
  EXPECT_FALSE(outcome.complete);
  EXPECT_EQ(outcome.completed_chunks, (std::vector<std::uint64_t>{0, 1, 2}));
  EXPECT_EQ(outcome.tally.items, 30u);
}

// --threads has a documented maximum; a result reports the threads that ran.
TEST(Runner, ThreadsAreBounded) {
  EXPECT_THROW(resolve_threads(MAX_THREADS + 1), Error);
  EXPECT_EQ(resolve_threads(MAX_THREADS), MAX_THREADS);
  EXPECT_EQ(threads_used(64, 4), 4u);
  EXPECT_EQ(threads_used(2, 0), 1u);
}

}  // namespace
}  // namespace cardsim::run
