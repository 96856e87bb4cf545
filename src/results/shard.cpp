#include "cardsim/io/shard.hpp"

#include <algorithm>
#include <map>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/whole_number.hpp"
#include "cardsim/io/wide_sum.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/io/zjh_text.hpp"

namespace cardsim::io {
using nlohmann::json;

namespace {

// "sim", "compare" or "sweep": the command in a shard object's identity;
// empty if there is none.
std::string shard_command(const json& result) {
  const json& info = result.at("shard");
  if (!info.contains("identity") || !info.at("identity").is_object()) return {};
  const json& command = info.at("identity").value("command", json());
  return command.is_string() ? command.get<std::string>() : std::string();
}

bool is_paired_command(const std::string& command) { return command == "compare" || command == "sweep"; }
bool is_zjh_command(const std::string& command) { return command == "zjh sim"; }

// What a shard result's checksum covers: the shard object without its
// checksum, and what the merge adds up (the tally, or each variant's tally).
json checked_part(const json& result) {
  json rest = result.at("shard");
  rest.erase("checksum");
  if (!is_paired_command(shard_command(result))) return {{"shard", rest}, {"tally", result.at("tally")}};
  json tallies = json::array();
  for (const json& variant : result.at("variants")) tallies.push_back(variant.at("result").at("tally"));
  return {{"shard", rest}, {"tallies", tallies}};
}

// The text parsed, if it is JSON with a "shard" object.
json parse_shard_json(std::string_view text, const std::string& where) {
  check_json_depth(text, where);
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) throw Error(where + " is not valid JSON (truncated or damaged)");
  if (!j.is_object() || !j.contains("shard") || !j.at("shard").is_object()) {
    throw Error(where + " is not a shard result (no \"shard\" object: written without --shard?)");
  }
  return j;
}

// The checks every shard result passes first: its checksum, schema version,
// command (`kind`: "sim", "compare/sweep" or "zjh sim"), shard i/N, and that
// it is not partial. Returns the shard.
run::Shard check_shard_json(const json& j, const std::string& where, const std::string& kind) {
  const json& info = j.at("shard");
  if (!info.contains("checksum") || !info.at("checksum").is_string() ||
      info.at("checksum").get<std::string>() != fingerprint(checked_part(j).dump())) {
    throw Error(where + ": checksum mismatch: the file is corrupted or was edited");
  }
  const std::string command = shard_command(j);
  if (command.empty()) throw Error(where + ": its shard object names no command");
  const std::string command_kind = is_paired_command(command) ? "compare/sweep" : command;
  if (command_kind != kind) {
    throw Error(where + " is a shard of `cardsim " + excerpt(command) + "`, not of `cardsim " + kind + "`");
  }
  const int schema = is_zjh_command(command) ? ZJH_SCHEMA_VERSION : RESULT_SCHEMA_VERSION;
  if (j.at("schema_version") != schema) {
    throw Error(where + " has schema_version " + excerpt(j.at("schema_version").dump()) + "; this cardsim reads " +
                std::to_string(schema));
  }
  const run::Shard shard{whole_number<std::uint64_t>(info.at("index"), where + ": shard index"),
                         whole_number<std::uint64_t>(info.at("count"), where + ": shard count")};
  if (shard.count == 0 || shard.count > run::MAX_SHARDS || shard.index >= shard.count) {
    throw Error(where + ": bad shard " + run::to_string(shard));
  }
  if (j.at("run").at("partial").get<bool>()) {
    throw Error(where + " (shard " + run::to_string(shard) +
                ") is partial: it was interrupted; rerun or resume that shard");
  }
  return shard;
}

// Reads what every shard result holds (the file's name, its shard, identity
// and performance), and the rest with read_rest(shard, j["shard"], where).
// Shard is ShardResult or PairedShardResult.
template <class Shard, class ReadRest>
Shard shard_from_json(const json& j, const std::string& source, bool paired, ReadRest read_rest) {
  const std::string where = "shard '" + source + "'";
  return read_named(where, [&] {
    Shard shard;
    shard.source = source;
    shard.shard = check_shard_json(j, where, paired ? "compare/sweep" : "sim");
    const json& info = j.at("shard");
    shard.identity = info.at("identity");
    read_rest(shard, info, where);
    const json& performance = j.at("performance");
    shard.threads = whole_number<unsigned>(performance.at("threads"), where + ": threads");
    shard.elapsed_seconds = performance.at("elapsed_seconds").get<double>();
    return shard;
  });
}

ShardResult sim_shard_from_json(const json& j, const std::string& source) {
  return shard_from_json<ShardResult>(
      j, source, false, [&](ShardResult& shard, const json& info, const std::string& where) {
        shard.exact_ev = info.at("exact_ev").get<double>();
        shard.tally = tally_from_json(j.at("tally"));
        // The identity's counting fingerprint vouches for the plays' definition.
        if (j.contains("counting"))
          shard.index_plays = j.at("counting").value("index_plays", std::vector<std::string>{});
        const SimConfig config = sim_config_from_json(shard.identity.at("config"));
        shard.side_bets = side_bets_from_identity(config, shard.identity.value("side_bets", json::array()), where);
        const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
        if (shard.tally.rounds < 0 || static_cast<std::uint64_t>(shard.tally.rounds) !=
                                          run::items_in(plan, run::shard_chunks(plan, shard.shard))) {
          throw Error(where + ": its tally's rounds do not match the chunks of shard " + run::to_string(shard.shard));
        }
        check_tally_possible(shard.tally, config.rules, where);
      });
}

PairedShardResult paired_shard_from_json(const json& j, const std::string& source) {
  return shard_from_json<PairedShardResult>(
      j, source, true, [&](PairedShardResult& shard, const json& info, const std::string& where) {
        const json& identity_variants = shard.identity.at("variants");
        const json& variants = j.at("variants");
        const json& nets = info.at("chunk_table_net");
        // (Absent from the shards of versions before it: read as 0, so they still merge.)
        shard.setup_seconds = j.at("performance").value("setup_seconds", 0.0);
        const std::size_t count = identity_variants.size();
        if (count == 0 || variants.size() != count || info.at("exact_ev").size() != count || nets.size() != count) {
          throw Error(where + ": its variants, exact EVs and chunk nets do not match its identity's " +
                      std::to_string(count) + " variants");
        }
        const SimConfig base = sim_config_from_json(identity_variants.at(0).at("config"));
        const run::ChunkPlan plan{base.rounds, base.chunk_rounds};
        const std::vector<std::uint64_t> chunks = run::shard_chunks(plan, shard.shard);
        const std::uint64_t rounds = run::items_in(plan, chunks);
        for (std::size_t v = 0; v < count; ++v) {
          const SimConfig config = sim_config_from_json(identity_variants.at(v).at("config"));
          if (config.seed != base.seed || config.rounds != base.rounds || config.chunk_rounds != base.chunk_rounds) {
            throw Error(where + ": variant " + std::to_string(v) + " has another seed, rounds or chunk_rounds");
          }
          shard.exact_ev.push_back(info.at("exact_ev").at(v).get<double>());
          shard.tallies.push_back(tally_from_json(variants.at(v).at("result").at("tally")));
          check_tally_possible(shard.tallies.back(), config.rules, where + ", variant " + std::to_string(v));
          shard.chunk_nets.push_back(whole_numbers<std::int64_t>(nets.at(v), where + ": chunk_net"));
          const blackjack::Tally& tally = shard.tallies.back();
          shard.chunk_side_nets.emplace_back(chunks.size());
          if (info.contains("chunk_side_net")) {
            const json& side = info.at("chunk_side_net").at(v);
            std::array<std::int64_t, blackjack::MAX_SIDE_BETS> sums{};
            for (std::size_t i = 0; i < side.size() && i < chunks.size(); ++i) {
              const auto row = whole_numbers<std::int64_t>(side.at(i), where + ": a chunk_side_net row");
              if (row.size() > sums.size()) throw Error(where + ": a chunk_side_net row has too many side bets");
              for (std::size_t b = 0; b < row.size(); ++b) {
                shard.chunk_side_nets.back()[i][b] = row[b];
                sums[b] += row[b];
              }
            }
            for (std::size_t b = 0; b < sums.size(); ++b) {
              if (side.size() != chunks.size() || sums[b] != tally.side_bets[b].net) {
                throw Error(where + ": variant " + std::to_string(v) +
                            "'s side bet nets do not match its tally's chunks");
              }
            }
          }
          // A controlled variant's per-chunk control sums (absent: a plain one).
          shard.chunk_controls.emplace_back(chunks.size(), 0);
          if (info.contains("chunk_table_control")) {
            const json& controls = info.at("chunk_table_control").at(v);
            if (controls.size() != chunks.size()) {
              throw Error(where + ": variant " + std::to_string(v) + "'s chunk controls do not match its chunks");
            }
            blackjack::WideSum sum = 0;
            for (std::size_t i = 0; i < chunks.size(); ++i) {
              shard.chunk_controls.back()[i] = wide_sum_from_json(controls.at(i), where + ": chunk_table_control");
              sum += shard.chunk_controls.back()[i];
            }
            if (sum != tally.control.table_control) {
              throw Error(where + ": variant " + std::to_string(v) + "'s chunk controls do not match its tally's");
            }
          }
          std::uint64_t net = 0;  // unsigned: a damaged file may not overflow a signed sum
          for (const auto n : shard.chunk_nets.back()) net += static_cast<std::uint64_t>(n);
          if (tally.rounds < 0 || static_cast<std::uint64_t>(tally.rounds) != rounds ||
              shard.chunk_nets.back().size() != chunks.size() || net != static_cast<std::uint64_t>(tally.table_net)) {
            throw Error(where + ": variant " + std::to_string(v) +
                        "'s tally and chunk nets do not match the chunks of shard " + run::to_string(shard.shard));
          }
        }
      });
}

// Checks that `shards` are all shards of one run, each once; returns them by
// index. Shard is ShardResult or PairedShardResult.
template <class Shard>
std::map<std::uint64_t, const Shard*> check_shard_set(const std::vector<Shard>& shards) {
  if (shards.empty()) throw Error("no shards to merge");
  const Shard& first = shards.front();
  const std::uint64_t count = first.shard.count;
  std::map<std::uint64_t, const Shard*> by_index;
  for (const Shard& s : shards) {
    if (const std::string difference = identity_difference(s.identity, first.identity); !difference.empty()) {
      throw Error("shard '" + s.source + "' is of another run than '" + first.source + "': " + difference);
    }
    if (s.shard.count != count) {
      throw Error("shard '" + s.source + "' is one of " + std::to_string(s.shard.count) + " shards, '" + first.source +
                  "' one of " + std::to_string(count));
    }
    // Shards of one run computed the same exact values (an edited one would
    // make the merged exact block depend on the order of the files).
    if constexpr (requires { s.exact_ev; }) {
      if (s.exact_ev != first.exact_ev) {
        throw Error("shards '" + first.source + "' and '" + s.source +
                    "' disagree on the exact EV of their run's chart: one of them was edited");
      }
    }
    const auto [it, inserted] = by_index.emplace(s.shard.index, &s);
    if (!inserted) {
      throw Error("shard " + run::to_string(s.shard) + " is given twice: '" + it->second->source + "' and '" +
                  s.source + "'");
    }
  }
  if (by_index.size() != count) {
    std::string missing;
    std::size_t listed = 0;
    for (std::uint64_t i = 0; i < count && listed < 10; ++i) {
      if (by_index.count(i) == 0) {
        missing += (missing.empty() ? "" : ", ") + std::to_string(i);
        ++listed;
      }
    }
    const std::uint64_t absent = count - by_index.size();
    throw Error(std::to_string(absent) + " of " + std::to_string(count) + " shards missing: " + missing +
                (absent > listed ? ", ..." : ""));
  }
  return by_index;
}

// A `zjh sim` shard result as read back.
struct ZjhShardResult {
  std::string source;
  json identity;
  run::Shard shard;
  zjh::SimConfig config;
  zjh::SimTally tally;
  unsigned threads = 0;
  double elapsed_seconds = 0;
};

ZjhShardResult zjh_shard_from_json(const json& j, const std::string& source) {
  const std::string where = "shard '" + source + "'";
  return read_named(where, [&] {
    ZjhShardResult shard;
    shard.source = source;
    shard.shard = check_shard_json(j, where, "zjh sim");
    shard.identity = j.at("shard").at("identity");
    shard.config = zjh_sim_config_from_json(shard.identity.at("config"));
    shard.tally = zjh_tally_from_json(j.at("tally"));
    const run::ChunkPlan plan{shard.config.deals, shard.config.chunk_deals};
    if (shard.tally.deals != run::items_in(plan, run::shard_chunks(plan, shard.shard))) {
      throw Error(where + ": its tally's deals do not match the chunks of shard " + run::to_string(shard.shard));
    }
    if (const std::string problem = zjh::tally_problem(shard.tally, shard.config.players); !problem.empty()) {
      throw Error(where + ": its tally is impossible: " + problem +
                  " (the file was edited, or not written by cardsim)");
    }
    shard.threads = whole_number<unsigned>(j.at("run").at("threads"), where + ": threads");
    shard.elapsed_seconds = j.at("run").at("elapsed_seconds").get<double>();
    return shard;
  });
}

MergedOutput merge_zjh_shards(const std::vector<ZjhShardResult>& shards) {
  const auto by_index = check_shard_set(shards);
  const zjh::SimConfig& config = shards.front().config;
  const run::ChunkPlan plan{config.deals, config.chunk_deals};
  zjh::SimTally tally;
  ZjhRunInfo info{.threads = 0, .complete = true, .completed_chunks = plan.chunks(), .elapsed_seconds = 0};
  for (const auto& [index, s] : by_index) {
    tally.merge(s->tally);
    info.threads = std::max(info.threads, s->threads);
    info.elapsed_seconds = std::max(info.elapsed_seconds, s->elapsed_seconds);
  }
  return {"zjh sim", zjh_sim_result_json(config, tally, info), zjh_sim_summary(config, tally, info, ""), ""};
}

}  // namespace

std::string empty_shard_summary(const run::Shard& shard, const run::ChunkPlan& plan, const std::string& per) {
  const std::uint64_t chunks = plan.chunks();
  return "shard " + run::to_string(shard) + " holds none of the run's " + std::to_string(chunks) +
         (chunks == 1 ? " chunk" : " chunks") + " (" + std::to_string(plan.total_items) + " rounds" + per +
         "; chunk c belongs to shard c mod " + std::to_string(shard.count) +
         "): an empty shard result, with no rounds, which cardsim merge combines with the other shards\n";
}

void seal_shard_result(json& result) { result["shard"]["checksum"] = fingerprint(checked_part(result).dump()); }

void add_shard_info(json& result, const json& identity, const run::Shard& shard, double exact_ev) {
  result["shard"] = {{"index", shard.index},
                     {"count", shard.count},
                     {"assignment", SHARD_ASSIGNMENT},
                     {"identity", identity},
                     {"exact_ev", exact_ev}};
  seal_shard_result(result);
}

void add_paired_shard_info(json& result, const json& identity, const run::Shard& shard,
                           const std::vector<double>& exact_ev, const blackjack::PairedRun& run) {
  json nets = json::array();
  for (const auto& variant_nets : run.chunk_nets) {
    json list = json::array();
    for (const auto c : run.chunks_played) list.push_back(variant_nets[c]);
    nets.push_back(list);
  }
  result["shard"] = {{"index", shard.index}, {"count", shard.count}, {"assignment", SHARD_ASSIGNMENT},
                     {"identity", identity}, {"exact_ev", exact_ev}, {"chunk_table_net", nets}};
  // With control variates: each variant's per-chunk control sum (exact integers, as text).
  if (std::any_of(run.tallies.begin(), run.tallies.end(), [](const auto& t) { return t.control.rounds != 0; })) {
    json controls = json::array();
    for (const auto& variant_controls : run.chunk_controls) {
      json list = json::array();
      for (const auto c : run.chunks_played) list.push_back(wide_to_string(variant_controls[c]));
      controls.push_back(list);
    }
    result["shard"]["chunk_table_control"] = controls;
  }
  // With side bets: each variant's per-chunk net on each of its bets.
  const auto bets_of_variant = [&](std::size_t v) {
    std::size_t bets = 0;
    while (bets < run.tallies[v].side_bets.size() && run.tallies[v].side_bets[bets].bets != 0) ++bets;
    return bets;
  };
  json side_nets = json::array();
  bool any = false;
  for (std::size_t v = 0; v < run.chunk_side_nets.size(); ++v) {
    const std::size_t bets = bets_of_variant(v);
    any = any || bets > 0;
    json list = json::array();
    for (const auto c : run.chunks_played) {
      list.push_back(std::vector<std::int64_t>(run.chunk_side_nets[v][c].begin(),
                                               run.chunk_side_nets[v][c].begin() + static_cast<std::ptrdiff_t>(bets)));
    }
    side_nets.push_back(list);
  }
  if (any) result["shard"]["chunk_side_net"] = side_nets;
  seal_shard_result(result);
}

ShardResult shard_result_from_text(std::string_view text, const std::string& source) {
  return sim_shard_from_json(parse_shard_json(text, "shard '" + source + "'"), source);
}

PairedShardResult paired_shard_result_from_text(std::string_view text, const std::string& source) {
  return paired_shard_from_json(parse_shard_json(text, "shard '" + source + "'"), source);
}

MergedSim merge_sim_shards(const std::vector<ShardResult>& shards) {
  const auto by_index = check_shard_set(shards);
  const ShardResult& first = shards.front();
  MergedSim merged{.config = sim_config_from_json(first.identity.at("config")), .info = {}, .tally = {}};
  const run::ChunkPlan plan{merged.config.rounds, merged.config.chunk_rounds};
  // The merging build writes the result: the shards' identities say they deal the same cards.
  merged.info = RunInfo{.strategy = first.identity.at("strategy").get<std::string>(),
                        .exact_ev = first.exact_ev,
                        .chunks = plan.chunks(),
                        .chunks_played = plan.chunks(),
                        .rounds_played = RunInfo::ALL_ROUNDS,
                        .index_plays = first.index_plays,
                        .shards = first.shard.count,
                        .side_bets = first.side_bets};
  for (const auto& [index, s] : by_index) {
    merged.tally.merge(s->tally);
    // The most threads one shard used: shards run apart, so their threads do not add up.
    merged.info.threads = std::max(merged.info.threads, s->threads);
    merged.info.elapsed_seconds = std::max(merged.info.elapsed_seconds, s->elapsed_seconds);
  }
  return merged;
}

json merge_shards(const std::vector<ShardResult>& shards) {
  const MergedSim merged = merge_sim_shards(shards);
  return sim_result_json(merged.config, merged.info, merged.tally);
}

MergedPaired merge_paired_shard_results(const std::vector<PairedShardResult>& shards) {
  const auto by_index = check_shard_set(shards);
  const PairedShardResult& first = shards.front();
  const json& identity = first.identity;
  MergedPaired merged;
  std::vector<PairedVariant>& variants = merged.variants;
  for (std::size_t v = 0; v < identity.at("variants").size(); ++v) {
    const json& id = identity.at("variants").at(v);
    PairedVariant variant;
    variant.label = id.at("label").get<std::string>();
    variant.values = id.at("values");
    variant.config = sim_config_from_json(id.at("config"));
    variant.strategy = id.at("strategy").get<std::string>();
    variant.chart_fingerprint = id.at("chart_fingerprint").get<std::string>();
    variant.exact_ev = first.exact_ev.at(v);
    variant.side_bets =
        side_bets_from_identity(variant.config, id.value("side_bets", json::array()), "shard '" + first.source + "'");
    variants.push_back(std::move(variant));
  }
  const SimConfig& base = variants.front().config;
  const run::ChunkPlan plan{base.rounds, base.chunk_rounds};
  std::vector<double> wager_units;
  for (const auto& v : variants) wager_units.push_back(blackjack::table_wager_units(v.config.rules));
  blackjack::PairedRun& run = merged.run;
  run = blackjack::empty_paired_run(wager_units, plan.chunks());
  PairedRunInfo& info = merged.info;
  info.command = identity.at("command").get<std::string>();
  info.varied = identity.at("varied").get<std::vector<std::string>>();
  info.chunks = plan.chunks();
  // result["tool"]: the merging build (the identities say the shards deal the same cards).
  info.shards = first.shard.count;
  for (const auto& [index, s] : by_index) {
    const std::vector<std::uint64_t> chunks = run::shard_chunks(plan, s->shard);
    for (std::size_t v = 0; v < variants.size(); ++v) {
      run.tallies[v].merge(s->tallies[v]);
      for (std::size_t i = 0; i < chunks.size(); ++i) {
        run.chunk_nets[v][chunks[i]] = s->chunk_nets[v][i];
        run.chunk_controls[v][chunks[i]] = s->chunk_controls[v][i];
        run.chunk_side_nets[v][chunks[i]] = s->chunk_side_nets[v][i];
      }
    }
    for (const auto c : chunks) run.chunk_rounds[c] = plan.items_in(c);
    run.chunks_played.insert(run.chunks_played.end(), chunks.begin(), chunks.end());
    info.threads = std::max(info.threads, s->threads);
    info.elapsed_seconds = std::max(info.elapsed_seconds, s->elapsed_seconds);
    info.setup_seconds = std::max(info.setup_seconds, s->setup_seconds);
  }
  std::sort(run.chunks_played.begin(), run.chunks_played.end());
  return merged;
}

json merge_paired_shards(const std::vector<PairedShardResult>& shards) {
  const MergedPaired merged = merge_paired_shard_results(shards);
  return paired_result_json(merged.variants, merged.info, merged.run);
}

MergedOutput merge_shard_files(const std::vector<ShardFile>& files) {
  if (files.empty()) throw Error("no shards to merge");
  std::vector<ShardResult> sim;
  std::vector<PairedShardResult> paired;
  std::vector<ZjhShardResult> zjh_sims;
  std::string first_command;
  for (const ShardFile& file : files) {
    const std::string where = "shard '" + file.source + "'";
    const json j = parse_shard_json(file.text, where);
    const std::string command = shard_command(j);
    if (command != "sim" && !is_paired_command(command) && !is_zjh_command(command)) {
      throw Error(where + " is not a shard result of sim, compare, sweep or zjh sim");
    }
    if (first_command.empty()) first_command = command;
    if (command != first_command) {
      throw Error("cannot merge shards of different commands: '" + files.front().source + "' is a " + first_command +
                  " shard, '" + file.source + "' a " + command + " shard");
    }
    if (command == "sim") {
      sim.push_back(sim_shard_from_json(j, file.source));
    } else if (is_zjh_command(command)) {
      zjh_sims.push_back(zjh_shard_from_json(j, file.source));
    } else {
      paired.push_back(paired_shard_from_json(j, file.source));
    }
  }
  if (first_command == "zjh sim") return merge_zjh_shards(zjh_sims);
  if (first_command == "sim") {
    const MergedSim m = merge_sim_shards(sim);
    return {first_command, sim_result_json(m.config, m.info, m.tally), sim_summary(m.config, m.info, m.tally), ""};
  }
  const MergedPaired m = merge_paired_shard_results(paired);
  return {first_command, paired_result_json(m.variants, m.info, m.run), paired_summary(m.variants, m.info, m.run),
          paired_result_csv(m.variants, m.info, m.run)};
}

}  // namespace cardsim::io
