// A thread-safe record of the chunks finished so far and their merged tally,
// for checkpoints taken while a run is going on.
//
// run_chunks() merges its threads' tallies only at the end; a checkpoint
// needs the chunks completed up to now. Each worker plays a chunk into a tally
// of its own and then record()s it here; snapshot() copies what was recorded.
// Tallies hold integer sums, so the snapshot is exact whatever the order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace cardsim::run {

template <class Tally>
class ChunkJournal {
 public:
  // Starts from chunks already completed (a resumed run) and their tally.
  ChunkJournal(Tally tally, std::vector<std::uint64_t> completed)
      : tally_(std::move(tally)), completed_(std::move(completed)) {}

  // Adds one finished chunk. Safe to call from several threads.
  void record(std::uint64_t chunk, const Tally& chunk_tally) {
    const std::lock_guard lock(mutex_);
    tally_.merge(chunk_tally);
    completed_.push_back(chunk);
  }

  struct Snapshot {
    Tally tally;
    std::vector<std::uint64_t> completed;  // ascending
  };

  // A consistent copy of what has been recorded (completed chunks sorted).
  Snapshot snapshot() const {
    Snapshot copy;
    {
      const std::lock_guard lock(mutex_);
      copy = Snapshot{tally_, completed_};
    }
    std::sort(copy.completed.begin(), copy.completed.end());
    return copy;
  }

 private:
  mutable std::mutex mutex_;
  Tally tally_;
  std::vector<std::uint64_t> completed_;
};

}  // namespace cardsim::run
