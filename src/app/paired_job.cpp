#include "cardsim/app/paired_job.hpp"

#include <chrono>
#include <cstdio>
#include <new>
#include <utility>

#include "cardsim/blackjack/paired.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/run/shard.hpp"

namespace cardsim::app {
using namespace cardsim::io;  // the formats this floor reads and writes
namespace {
// What a paired run keeps of a variant per chunk: its net, control and side
// bets' nets (blackjack::PairedRun), in bytes.
constexpr double PAIRED_BYTES_PER_CHUNK = 8 + 16 + 8 * blackjack::MAX_SIDE_BETS;
}  // namespace

struct PairedJob::State {
  std::string command;
  std::vector<Variant> variants;
  std::vector<std::string> varied;
  PairedJobOptions options;
  InputRegistry* inputs = nullptr;
  bool sharded = false;
  run::Shard shard;
  std::vector<std::uint64_t> assigned;  // the chunks this run plays
  unsigned threads = 1;
  double setup_seconds = 0;
  blackjack::CompareResult compared;
  double elapsed_seconds = 0;

  const SimConfig& base() const { return variants.front().config; }
  run::ChunkPlan chunk_plan() const { return {base().rounds, base().chunk_rounds}; }
};

PairedJob::PairedJob(std::string command, std::vector<Variant> variants, std::vector<std::string> varied,
                     PairedJobOptions options, InputRegistry& inputs)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  if (variants.empty()) throw Error(command + ": no variants to play");
  s.command = std::move(command);
  s.variants = std::move(variants);
  s.varied = std::move(varied);
  s.options = std::move(options);
  s.inputs = &inputs;
  s.sharded = !s.options.shard.empty();
  if (s.sharded) s.shard = run::parse_shard(s.options.shard);
  if (s.sharded && s.options.target_se > 0) {
    const SettingNames& name = *s.options.names;
    throw Error(name(Setting::target_se) +
                " plays chunks in order until the standard errors are small enough; it does not combine with " +
                name(Setting::shard));
  }
  read_variant_inputs(s.variants, inputs);
  s.assigned = run::shard_chunks(s.chunk_plan(), s.shard);
  s.threads = run::resolve_threads(s.options.threads);
}

PairedJob::PairedJob(PairedJob&&) noexcept = default;
PairedJob& PairedJob::operator=(PairedJob&&) noexcept = default;
PairedJob::~PairedJob() = default;

bool PairedJob::set_up(run::RunControl& control) {
  State& s = *state_;
  s.setup_seconds = prepare_variants(s.variants, s.threads, *s.inputs, &control);
  return !control.stop_requested;
}

std::vector<std::string> PairedJob::warnings() const {
  const State& s = *state_;
  std::vector<std::string> lines;
  for (const Variant& v : s.variants) {
    for (const SideBetFile& file : v.side_bet_files) {
      if (const std::string note = pays_for_decks_note(file, v.config.rules.decks); !note.empty()) {
        lines.push_back("variant '" + excerpt(v.label) + "': " + note);
      }
    }
  }
  const std::uint64_t chunks = s.chunk_plan().chunks();
  if (chunks < MIN_PAIRED_CHUNKS && s.variants.size() > 1) {
    lines.push_back("only " + std::to_string(chunks) +
                    " chunks: the paired standard error is estimated over chunks; lower " +
                    (*s.options.names)(Setting::chunk_rounds) + " for at least " + std::to_string(MIN_PAIRED_CHUNKS));
  }
  return lines;
}

std::uint64_t PairedJob::rounds_total() const { return run::items_in(state_->chunk_plan(), state_->assigned); }

std::uint64_t PairedJob::chunk_rounds() const { return state_->chunk_plan().chunk_items; }

void PairedJob::play(run::RunControl& control) {
  State& s = *state_;
  const auto start = std::chrono::steady_clock::now();
  try {
    s.compared =
        blackjack::compare(variant_engines(s.variants),
                           {s.base().seed, s.chunk_plan(), s.assigned, s.options.target_se}, s.threads, control);
  } catch (const std::bad_alloc&) {
    // The per-chunk sums (net, control, side bets) of every variant, per thread too.
    const std::uint64_t chunks = s.chunk_plan().chunks();
    const double gigabytes = static_cast<double>(chunks) * static_cast<double>(s.variants.size()) *
                             PAIRED_BYTES_PER_CHUNK * (1 + s.threads) / 1e9;
    char size[32];
    std::snprintf(size, sizeof size, "%.1f", gigabytes);
    throw Error("not enough memory for the per-chunk sums of " + std::to_string(s.variants.size()) + " variants x " +
                std::to_string(chunks) + " chunks on " + std::to_string(s.threads) + " threads (about " + size +
                " GB); raise chunk_rounds for fewer chunks, or play fewer variants or threads");
  }
  s.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

PairedJobEnd PairedJob::finish() const {
  const State& s = *state_;
  const blackjack::PairedRun& paired = s.compared.run;
  PairedJobEnd end;
  // Nothing played: no result, but for a shard with no chunks (more shards
  // than chunks), whose result is an empty one.
  const bool empty_shard = s.sharded && s.assigned.empty();
  if (!empty_shard && (paired.tallies.empty() || paired.tallies.front().rounds == 0)) return end;
  const std::vector<PairedVariant> described = describe_variants(s.variants);
  const PairedRunInfo info{.command = s.command,
                           .varied = s.varied,
                           .chunks = s.assigned.size(),
                           .target_se = s.options.target_se,
                           .stopped_by = s.compared.stopped_by,
                           .threads = run::threads_used(s.threads, s.assigned.size()),
                           .elapsed_seconds = s.elapsed_seconds,
                           .setup_seconds = s.setup_seconds};
  nlohmann::json result = paired_result_json(described, info, paired);
  if (s.sharded) {
    std::vector<double> exact_ev;
    for (const Variant& v : s.variants) exact_ev.push_back(v.exact_ev);
    add_paired_shard_info(result,
                          paired_run_identity(s.command, s.varied, described, inputs_identity_json(s.inputs->files())),
                          s.shard, exact_ev, paired);
  } else {
    end.csv = paired_result_csv(described, info, paired);
  }
  end.result = result.dump(2) + "\n";
  end.summary = empty_shard ? empty_shard_summary(s.shard, s.chunk_plan(), " per variant")
                            : paired_summary(described, info, paired);
  if (s.compared.stopped_by == run::StopReason::interrupted) {
    end.interrupted = "interrupted after " + std::to_string(paired.tallies.front().rounds) + " rounds per variant";
  }
  return end;
}

}  // namespace cardsim::app
