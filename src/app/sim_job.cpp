#include "cardsim/app/sim_job.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <stop_token>
#include <thread>
#include <utility>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/checkpoint.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/io/tally_json.hpp"
#include "cardsim/run/journal.hpp"
#include "cardsim/run/runner.hpp"
#include "periodic_checkpoint.hpp"

namespace cardsim::app {
using namespace cardsim::io;  // the formats this floor reads and writes
namespace bj = blackjack;

std::unique_ptr<bj::Engine> make_engine(const SimConfig& config, const bj::StrategyChart& chart,
                                        const bj::Counting& counting, const std::vector<PlayedSideBet>& side_bets,
                                        bj::ControlVariate control, const bj::CardProbabilities* coordinate) {
  bj::EngineSetup setup{.counting = counting};
  setup.side_bets.reserve(side_bets.size());
  for (const PlayedSideBet& b : side_bets) setup.side_bets.push_back(b.file.bet);
  if (control == bj::ControlVariate::exact && coordinate != nullptr) {  // the buckets along another run's coordinate
    setup.control =
        std::make_shared<const bj::ControlValues>(config.rules, bj::ResolvedStrategy(config.rules, chart), *coordinate);
    control = bj::ControlVariate::none;
  }
  return std::make_unique<bj::Engine>(bj::make_engine(config.rules, chart, std::move(setup), control));
}

nlohmann::json config_object(const std::string& path, const nlohmann::json& keys, InputRegistry& inputs,
                             const std::string& what) {
  nlohmann::json j = path.empty() ? nlohmann::json::object()
                                  : parse_json_object(inputs.read(what, path).bytes, "config '" + path + "'");
  for (const auto& [key, value] : keys.items()) j[key] = value;
  return j;
}

double parse_duration(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    return 0;
  }
  const std::string unit = text.substr(used);
  const double scale = unit.empty() || unit == "s" ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : 0;
  const double seconds = value * scale;
  return seconds > 0 && seconds < 1e9 ? seconds : 0;
}

namespace {

// One rank's share of an MPI run, as sent to rank 0.
std::string rank_report(const bj::SimulationResult& outcome, unsigned threads) {
  return nlohmann::json{{"tally", tally_to_json(outcome.tally)},
                        {"chunks", chunk_ranges_to_json(outcome.completed_chunks)},
                        {"threads", threads}}
      .dump();
}

}  // namespace

struct SimJob::State {
  // What the job plays: the config, chart, counting and side bets, the files
  // they came from (their fingerprints), the shard, and what a checkpoint
  // already holds (nothing for a fresh job).
  SimConfig config;
  bj::StrategyChart chart;
  bj::Counting counting;
  std::vector<PlayedSideBet> side_bets;
  nlohmann::json inputs;  // inputs_identity_json() of the files the job read
  run::Shard shard;
  bool sharded = false;
  bj::Tally done_tally{};
  std::vector<std::uint64_t> done_chunks;
  std::string resumed_from;

  std::unique_ptr<bj::Engine> engine;
  double exact_ev = 0;

  // prepare()
  SimJobOptions options;
  std::vector<std::uint64_t> assigned;  // the shard's chunks
  std::vector<std::uint64_t> todo;      // this process's chunks still to play
  unsigned threads = 1;

  // play()
  bj::SimulationResult outcome;
  double elapsed_seconds = 0;

  run::ChunkPlan chunk_plan() const { return {config.rounds, config.chunk_rounds}; }
  int ranks() const { return options.mpi ? options.mpi->size() : 1; }
  std::string checkpoint_text(const bj::Tally& tally, const std::vector<std::uint64_t>& completed) const {
    return checkpoint_to_text({config, chart, counting, side_bets, inputs, shard, sharded, completed, tally});
  }
  void build() {
    engine = make_engine(config, chart, counting, side_bets, control_variate_of(config));
    exact_ev = bj::Analyzer(config.rules).evaluate(chart).ev;
  }
};

SimJob::SimJob(std::unique_ptr<State> state) : state_(std::move(state)) {}
SimJob::SimJob(SimJob&&) noexcept = default;
SimJob& SimJob::operator=(SimJob&&) noexcept = default;
SimJob::~SimJob() = default;

// Every file is read here, once, through `inputs`.
SimJob::SimJob(SimConfig config, const KeyFolder& folder, InputRegistry& inputs, const std::string& shard)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.config = std::move(config);
  s.config.control_variate = control_variate_of(s.config);  // echoed in the result and checkpoints
  s.chart = load_strategy(s.config.strategy, s.config.rules, inputs, folder("strategy"));
  s.counting = load_counting(s.config, inputs, folder("count"), folder("indices"));
  s.side_bets = played_side_bets(s.config, load_side_bets(s.config.side_bets, inputs, folder("side_bets")));
  s.inputs = inputs_identity_json(inputs.files());
  s.sharded = !shard.empty();
  if (s.sharded) s.shard = run::parse_shard(shard);
  s.build();
}

// A resumed job reads only its checkpoint, which holds what the job read when it started.
SimJob SimJob::resumed(const std::string& path, InputRegistry& inputs) {
  Checkpoint checkpoint = checkpoint_from_text(inputs.read("checkpoint", path).bytes, path);
  auto s = std::make_unique<State>();
  s->config = std::move(checkpoint.config);
  // A checkpoint written before control variates (no control_variate key) played plain rounds.
  if (!s->config.control_variate) s->config.control_variate = bj::ControlVariate::none;
  s->chart = std::move(checkpoint.chart);
  s->counting = std::move(checkpoint.counting);
  s->side_bets = std::move(checkpoint.side_bets);
  s->inputs = std::move(checkpoint.inputs);
  s->shard = checkpoint.shard;
  s->sharded = checkpoint.sharded;
  s->done_tally = checkpoint.tally;
  s->done_chunks = std::move(checkpoint.completed_chunks);
  s->resumed_from = path;
  s->build();
  return SimJob(std::move(s));
}

const SimConfig& SimJob::config() const { return state_->config; }
const std::vector<PlayedSideBet>& SimJob::side_bets() const { return state_->side_bets; }
const std::string& SimJob::resumed_from() const { return state_->resumed_from; }
const std::string& SimJob::checkpoint_file() const { return state_->options.checkpoint; }

SimJob SimJob::start(const SimRequest& request, InputRegistry& inputs) {
  const SettingNames& name = *request.options.names;
  if (!request.resume.empty()) {
    if (request.config_given || !request.shard.empty()) {
      throw Error(name(Setting::resume) + " takes the config and shard from the checkpoint: give no " +
                  name(Setting::config) + ", config key or " + name(Setting::shard));
    }
    SimJob job = resumed(request.resume, inputs);
    job.prepare(request.options);
    return job;
  }
  SimJob job(request.config ? request.config() : SimConfig{}, request.folder, inputs, request.shard);
  job.prepare(request.options);
  return job;
}

void SimJob::prepare(SimJobOptions options) {
  State& s = *state_;
  if (options.checkpoint.empty()) options.checkpoint = s.resumed_from;
  s.options = std::move(options);
  const SimJobOptions& o = s.options;
  const SettingNames& name = *o.names;
  if (!o.checkpoint.empty() && s.ranks() > 1) {
    throw Error(name(Setting::checkpoint) + " and " + name(Setting::resume) + " work in one process, not under " +
                name(Setting::mpi) + "; give each job a " + name(Setting::shard) + " instead");
  }
  if (o.target_se > 0 && (s.sharded || !o.checkpoint.empty() || s.ranks() > 1)) {
    throw Error(name(Setting::target_se) +
                " plays chunks in order until the standard error is small enough; it does not combine with " +
                name(Setting::shard) + ", " + name(Setting::checkpoint) + ", " + name(Setting::resume) + " or " +
                name(Setting::mpi));
  }
  s.assigned = run::shard_chunks(s.chunk_plan(), s.shard);
  const int rank = o.mpi ? o.mpi->rank() : 0;
  s.todo = run::rank_chunks(run::missing_chunks(s.assigned, s.done_chunks), rank, s.ranks());
  s.threads = run::threads_used(run::resolve_threads(o.threads), s.todo.size());
}

std::uint64_t SimJob::rounds_done() const { return static_cast<std::uint64_t>(state_->done_tally.rounds); }
std::uint64_t SimJob::rounds_total() const { return rounds_done() + run::items_in(state_->chunk_plan(), state_->todo); }

void SimJob::play(bj::SimulationControl& control) {
  State& s = *state_;
  control.run.items_done = rounds_done();
  // With a checkpoint, each chunk is also recorded in the journal, from
  // which the periodic checkpoints are taken.
  std::optional<run::ChunkJournal<bj::Tally>> journal;
  std::optional<PeriodicCheckpoint> periodic;
  if (!s.options.checkpoint.empty()) {
    journal.emplace(s.done_tally, s.done_chunks);
    control.on_chunk = [&](std::uint64_t chunk, const bj::Tally& part) { journal->record(chunk, part); };
    periodic.emplace(std::chrono::duration<double>(s.options.checkpoint_seconds), [&] {
      const auto snapshot = journal->snapshot();
      write_output(s.options.checkpoint, s.checkpoint_text(snapshot.tally, snapshot.completed));
      if (s.options.checkpoint_written) s.options.checkpoint_written();
    });
  }
  const auto start = std::chrono::steady_clock::now();
  s.outcome = bj::simulate(*s.engine, {s.config.seed, s.chunk_plan(), s.todo, s.options.target_se}, s.threads, control);
  s.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  periodic.reset();
  control.on_chunk = nullptr;
}

std::optional<SimJobEnd> SimJob::finish() {
  const State& s = *state_;
  const bool by_target = s.outcome.stopped_by == run::StopReason::target_se;
  // Rank 0 collects the other ranks' tallies (in an MPI run).
  bj::Tally total = s.done_tally;
  std::vector<std::uint64_t> completed = s.done_chunks;
  unsigned all_threads = s.threads;
  if (s.options.mpi) {
    const std::vector<std::string> reports = s.options.mpi->gather(rank_report(s.outcome, s.threads));
    if (!s.options.mpi->root()) return std::nullopt;
    all_threads = 0;
    for (const std::string& report : reports) {
      const auto j = nlohmann::json::parse(report);
      total.merge(tally_from_json(j.at("tally")));
      const auto chunks = chunk_ranges_from_json(j.at("chunks"), s.chunk_plan().chunks());
      completed.insert(completed.end(), chunks.begin(), chunks.end());
      all_threads += j.at("threads").get<unsigned>();
    }
  } else {
    total.merge(s.outcome.tally);
    completed.insert(completed.end(), s.outcome.completed_chunks.begin(), s.outcome.completed_chunks.end());
  }
  std::sort(completed.begin(), completed.end());
  const bool complete = by_target || completed.size() == s.assigned.size();

  SimJobEnd end;
  // A run stopped by the target SE is complete with the chunks it played.
  end.info = RunInfo{
      .strategy = s.chart.name,
      .exact_ev = s.exact_ev,
      .chunks = by_target ? completed.size() : s.assigned.size(),
      .chunks_played = completed.size(),
      .threads = all_threads,
      .elapsed_seconds = s.elapsed_seconds,
      // speed counts the rounds this run played, not those a checkpoint held
      .rounds_played = total.rounds - s.done_tally.rounds,
      .index_plays = index_play_lines(s.counting.indices),
      .target_se = s.options.target_se,
      .stopped_by = by_target  ? run::StopReason::target_se
                    : complete ? run::StopReason::rounds
                               : run::StopReason::interrupted,
      .mpi_ranks = static_cast<unsigned>(s.ranks()),
      .side_bets = s.side_bets,
  };
  // A shard with no chunks (more shards than chunks) is a result too: an empty one.
  if (total.rounds > 0 || (s.sharded && complete)) {
    nlohmann::json result = sim_result_json(s.config, end.info, total);
    if (s.sharded) {
      add_shard_info(result, run_identity(s.config, s.chart, s.counting, s.side_bets, s.inputs), s.shard, s.exact_ev);
    }
    end.result = result.dump(2) + "\n";
    end.summary =
        total.rounds > 0 ? sim_summary(s.config, end.info, total) : empty_shard_summary(s.shard, s.chunk_plan());
  }
  if (!s.options.checkpoint.empty()) end.checkpoint = s.checkpoint_text(total, completed);
  if (!complete) {
    end.interrupted = "interrupted after " + std::to_string(total.rounds) + " of " +
                      std::to_string(run::items_in(s.chunk_plan(), s.assigned)) + " rounds" +
                      (s.options.checkpoint.empty()
                           ? ""
                           : "; resume with " + (*s.options.names)(Setting::resume) + " " + s.options.checkpoint);
  }
  end.tally = std::move(total);
  return end;
}

}  // namespace cardsim::app
