#include "cardsim/app/zjh_job.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/zjh_checkpoint.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/io/zjh_text.hpp"
#include "cardsim/run/journal.hpp"
#include "cardsim/run/shard.hpp"
#include "periodic_checkpoint.hpp"

namespace cardsim::app {

struct ZjhSimJob::State {
  // What the job plays, and what a checkpoint already holds.
  zjh::SimConfig config;
  nlohmann::json inputs;  // inputs_identity_json() of the files the job read
  run::Shard shard;
  bool sharded = false;
  zjh::SimTally done_tally{};
  std::vector<std::uint64_t> done_chunks;
  std::string resumed_from;
  // How it runs.
  ZjhSimRequest request;
  std::vector<std::uint64_t> assigned;  // the shard's chunks
  std::vector<std::uint64_t> todo;      // those still to play
  unsigned threads = 1;
  // play()
  run::RunOutcome<zjh::SimTally> outcome;
  double elapsed_seconds = 0;

  run::ChunkPlan plan() const { return {config.deals, config.chunk_deals}; }
  std::string checkpoint_text(const zjh::SimTally& tally, const std::vector<std::uint64_t>& completed) const {
    return io::zjh_checkpoint_to_text({config, inputs, shard, sharded, completed, tally});
  }
};

ZjhSimJob::ZjhSimJob(std::unique_ptr<State> state) : state_(std::move(state)) {}
ZjhSimJob::ZjhSimJob(ZjhSimJob&&) noexcept = default;
ZjhSimJob& ZjhSimJob::operator=(ZjhSimJob&&) noexcept = default;
ZjhSimJob::~ZjhSimJob() = default;

ZjhSimJob ZjhSimJob::start(const ZjhSimRequest& request, io::InputRegistry& inputs) {
  const SettingNames& name = *request.names;
  auto s = std::make_unique<State>();
  s->request = request;
  if (!request.resume.empty()) {
    if (request.config_given || !request.shard.empty()) {
      throw Error(name(Setting::resume) + " takes the game, the run and the shard from the checkpoint: give no " +
                  name(Setting::config) + ", rule, run key or " + name(Setting::shard));
    }
    io::ZjhCheckpoint checkpoint =
        io::zjh_checkpoint_from_text(inputs.read("checkpoint", request.resume).bytes, request.resume);
    s->config = checkpoint.config;
    s->inputs = std::move(checkpoint.inputs);
    s->shard = checkpoint.shard;
    s->sharded = checkpoint.sharded;
    s->done_tally = checkpoint.tally;
    s->done_chunks = std::move(checkpoint.completed_chunks);
    s->resumed_from = request.resume;
    if (s->request.checkpoint.empty()) s->request.checkpoint = request.resume;
  } else {
    s->config = request.config ? request.config() : zjh::SimConfig{};
    zjh::validate(s->config);
    s->inputs = io::inputs_identity_json(inputs.files());
    s->sharded = !request.shard.empty();
    if (s->sharded) s->shard = run::parse_shard(request.shard);
  }
  s->assigned = run::shard_chunks(s->plan(), s->shard);
  s->todo = run::missing_chunks(s->assigned, s->done_chunks);
  s->threads = run::threads_used(run::resolve_threads(request.threads), s->todo.size());
  return ZjhSimJob(std::move(s));
}

const zjh::SimConfig& ZjhSimJob::config() const { return state_->config; }
const std::string& ZjhSimJob::checkpoint_file() const { return state_->request.checkpoint; }
std::uint64_t ZjhSimJob::deals_done() const { return state_->done_tally.deals; }
std::uint64_t ZjhSimJob::deals_total() const { return deals_done() + run::items_in(state_->plan(), state_->todo); }
std::uint64_t ZjhSimJob::chunk_deals() const { return state_->config.chunk_deals; }

void ZjhSimJob::play(run::RunControl& control) {
  State& s = *state_;
  control.items_done = deals_done();
  std::optional<run::ChunkJournal<zjh::SimTally>> journal;
  std::optional<PeriodicCheckpoint> periodic;
  zjh::ChunkDone on_chunk;
  if (!s.request.checkpoint.empty()) {
    journal.emplace(s.done_tally, s.done_chunks);
    on_chunk = [&](std::uint64_t chunk, const zjh::SimTally& part) { journal->record(chunk, part); };
    periodic.emplace(std::chrono::duration<double>(s.request.checkpoint_seconds), [&] {
      const auto snapshot = journal->snapshot();
      io::write_output(s.request.checkpoint, s.checkpoint_text(snapshot.tally, snapshot.completed));
      if (s.request.checkpoint_written) s.request.checkpoint_written();
    });
  }
  const auto start = std::chrono::steady_clock::now();
  s.outcome = zjh::play_chunks(s.config, s.todo, s.threads, control, on_chunk);
  s.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

ZjhSimJobEnd ZjhSimJob::finish(const std::string& out) const {
  const State& s = *state_;
  ZjhSimJobEnd end;
  end.config = s.config;
  end.tally = s.done_tally;
  end.tally.merge(s.outcome.tally);
  std::vector<std::uint64_t> completed = s.done_chunks;
  completed.insert(completed.end(), s.outcome.completed_chunks.begin(), s.outcome.completed_chunks.end());
  std::sort(completed.begin(), completed.end());
  const bool complete = completed.size() == s.assigned.size();
  const io::ZjhRunInfo info{.threads = s.threads,
                            .complete = complete,
                            .completed_chunks = completed.size(),
                            .elapsed_seconds = s.elapsed_seconds};
  // A shard with no chunks is a result too: an empty one.
  if (end.tally.deals > 0 || (s.sharded && complete)) {
    nlohmann::json result = io::zjh_sim_result_json(s.config, end.tally, info);
    if (s.sharded) io::add_zjh_shard_info(result, io::zjh_run_identity(s.config, s.inputs), s.shard);
    end.result = result.dump(2) + "\n";
    end.summary = io::zjh_sim_summary(s.config, end.tally, info, out);
  }
  if (!s.request.checkpoint.empty()) end.checkpoint = s.checkpoint_text(end.tally, completed);
  if (!complete) {
    const SettingNames& name = *s.request.names;
    end.interrupted =
        "interrupted after " + std::to_string(end.tally.deals) + " of " +
        std::to_string(run::items_in(s.plan(), s.assigned)) + " deals" +
        (s.request.checkpoint.empty() ? "" : "; resume with " + name(Setting::resume) + " " + s.request.checkpoint);
  }
  return end;
}

}  // namespace cardsim::app
