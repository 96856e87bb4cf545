// `cardsim compare` and `cardsim sweep`: rule variants played on the same cards
// (common random numbers), each variant's edge and each difference against the
// first variant, the baseline, with a paired standard error.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/paired.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/run/runner.hpp"
#include "cardsim/version.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {
using nlohmann::json;

// Fewer chunks than this make the paired standard error itself unreliable.
constexpr std::uint64_t MIN_PAIRED_CHUNKS = 20;
// Rounds per chunk of a comparison unless told: small enough for 100 chunks in
// the default 10 million rounds.
constexpr std::uint64_t COMPARE_CHUNK_ROUNDS = 100'000;

// Run settings common to every variant; given on the command line, else taken
// from the baseline config.
struct RunOptions {
  std::string rounds;
  std::string seed;
  std::string chunk_rounds;
  double target_se = 0;  // per initial wager; 0: play all rounds
  unsigned threads = 0;
  std::string out;
  std::string csv;
  bool quiet = false;
};

void add_run_options(CLI::App& command, RunOptions& run) {
  command.add_option("--rounds", run.rounds, "Rounds each variant plays (1e9, 100M...); default: the baseline config's");
  command.add_option("--seed", run.seed, "Seed (default: the baseline config's)");
  command.add_option("--chunk-rounds", run.chunk_rounds,
                     "Rounds per chunk (default 100000: the paired SE is estimated over chunks)");
  command.add_option("--target-se", run.target_se,
                     "Stop once the standard error of every difference (of the edge, for one variant) is at most "
                     "this, per initial wager (e.g. 0.0005); checked every 20 chunks")
      ->check(CLI::PositiveNumber);
  command.add_option("-t,--threads", run.threads, "Threads (0: all cores)")->capture_default_str();
  command.add_option("-o,--out", run.out, "Write the result JSON to FILE ('-': stdout)");
  command.add_option("--csv", run.csv, "Write one CSV row per variant to FILE");
  command.add_flag("-q,--quiet", run.quiet, "No progress bar and no summary");
}

struct Variant {
  std::string label;
  json values = json::object();  // sweep: the varied keys' values
  io::SimConfig config;
  blackjack::StrategyChart chart;
  std::unique_ptr<blackjack::Engine> engine;
  double exact_ev = 0;
};

// Builds a variant from a config object (validated here); `folder` is where
// relative chart paths are looked for.
Variant make_variant(std::string label, json config, const RunOptions& run, const std::string& folder) {
  if (!run.rounds.empty()) config["rounds"] = run.rounds;
  if (!run.seed.empty()) config["seed"] = io::flag_value_to_json(run.seed);
  config["chunk_rounds"] = run.chunk_rounds.empty() ? json(COMPARE_CHUNK_ROUNDS) : json(run.chunk_rounds);
  Variant v;
  v.label = std::move(label);
  v.config = io::sim_config_from_json(config);
  if (v.config.counting.enabled()) {
    throw Error("variant '" + v.label + "': compare and sweep play flat-bet strategies; counting (count '" +
                v.config.counting.count + "') is for `cardsim sim`");
  }
  v.chart = io::load_strategy(v.config.strategy, v.config.rules, folder, DATA_DIR);
  v.engine = std::make_unique<blackjack::Engine>(v.config.rules, v.chart);
  v.exact_ev = blackjack::Analyzer(v.config.rules).evaluate(v.chart).ev;
  return v;
}

json read_config_file(const std::string& path) {
  try {
    return json::parse(io::read_file(path));
  } catch (const json::parse_error& e) {
    throw Error("config '" + path + "' is not valid JSON: " + e.what());
  }
}

std::string csv_field(const json& value) {
  std::string text = value.is_string() ? value.get<std::string>() : value.dump();
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// Plays the variants paired, in one go or in batches until --target-se is met,
// and writes the JSON, the CSV and the summary.
void run_variants(const std::string& command, std::vector<Variant>& variants, const std::vector<std::string>& varied,
                  const RunOptions& run) {
  if (variants.empty()) throw Error(command + ": no variants to play");
  const io::SimConfig& base = variants.front().config;
  const bool to_stdout = run.out == "-";
  if (!run.out.empty() && !to_stdout) io::check_writable(run.out);
  if (!run.csv.empty()) io::check_writable(run.csv);

  const run::ChunkPlan plan{base.rounds, base.chunk_rounds};
  if (plan.chunks() < MIN_PAIRED_CHUNKS && variants.size() > 1) {
    std::fprintf(stderr, "warning: only %llu chunks: the paired standard error is estimated over chunks; "
                         "lower --chunk-rounds for at least %llu\n",
                 static_cast<unsigned long long>(plan.chunks()), static_cast<unsigned long long>(MIN_PAIRED_CHUNKS));
  }
  std::vector<const blackjack::Engine*> engines;
  for (const auto& v : variants) engines.push_back(v.engine.get());
  const unsigned threads = run::resolve_threads(run.threads);

  run::RunControl control;
  const StopOnSignal stop_on_signal(control.stop_requested);
  const auto start = std::chrono::steady_clock::now();
  blackjack::PairedRun paired;
  std::string stopped_by = "rounds";
  {
    const ProgressBar progress(control.items_done, plan.total_items, "rounds",
                               !run.quiet && ProgressBar::stderr_is_terminal());
    const std::uint64_t batch = run.target_se > 0 ? run::TARGET_SE_BATCH_CHUNKS : plan.chunks();
    std::vector<std::uint64_t> played;
    for (std::uint64_t first = 0; first < plan.chunks(); first += batch) {
      std::vector<std::uint64_t> chunks;
      for (std::uint64_t c = first; c < std::min(plan.chunks(), first + batch); ++c) chunks.push_back(c);
      blackjack::PairedRun part = blackjack::play_paired(engines, base.seed, plan, chunks, threads, control);
      const bool interrupted = part.chunks_played.size() < chunks.size();
      if (paired.tallies.empty()) {
        paired = std::move(part);
      } else {
        for (std::size_t v = 0; v < variants.size(); ++v) {
          paired.tallies[v].merge(part.tallies[v]);
          for (const auto c : part.chunks_played) paired.chunk_wins[v][c] = part.chunk_wins[v][c];
        }
        for (const auto c : part.chunks_played) paired.chunk_rounds[c] = part.chunk_rounds[c];
        paired.chunks_played.insert(paired.chunks_played.end(), part.chunks_played.begin(), part.chunks_played.end());
      }
      if (interrupted) {
        stopped_by = "interrupted";
        break;
      }
      if (run.target_se > 0) {
        double worst = 0;
        for (std::size_t v = 0; v < variants.size(); ++v) {
          const auto& t = paired.tallies[v];
          const double se = io::estimate(t.table_net, t.table_net_squared, t.rounds,
                                         static_cast<double>(variants[v].config.rules.bet_units() *
                                                             variants[v].config.rules.seats)).se;
          worst = std::max(worst, v == 0 ? (variants.size() == 1 ? se : 0.0)
                                         : blackjack::paired_difference(paired, v, 0, se, se).se);
        }
        if (worst <= run.target_se) {
          stopped_by = "target_se";
          break;
        }
      }
    }
    std::sort(paired.chunks_played.begin(), paired.chunks_played.end());
  }
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  json result;
  result["schema_version"] = io::RESULT_SCHEMA_VERSION;
  result["tool"] = io::tool_json();
  result["command"] = command;
  const std::int64_t rounds_played = paired.tallies.front().rounds;
  result["run"] = {{"seed", base.seed},
                   {"rounds_requested", base.rounds},
                   {"rounds", rounds_played},
                   {"chunks", plan.chunks()},
                   {"chunks_played", paired.chunks_played.size()},
                   {"chunk_rounds", base.chunk_rounds},
                   {"target_se", run.target_se > 0 ? json(run.target_se) : json(nullptr)},
                   {"stopped_by", stopped_by},
                   {"partial", stopped_by == "interrupted"},
                   {"pairing", "common random numbers: every variant plays chunk c from the same stream and shoe k "
                               "of it from the same cards; differences' SE from the per-chunk differences"}};
  result["varied"] = varied;
  json list = json::array();
  std::vector<double> edge_se(variants.size());
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const io::RunInfo info{variants[v].chart.name, variants[v].exact_ev, plan.chunks(), paired.chunks_played.size(),
                           threads, elapsed};
    json one = io::sim_result_json(variants[v].config, info, paired.tallies[v]);
    one.erase("performance");
    one.erase("tool");
    one.erase("schema_version");
    edge_se[v] = one["edge"]["standard_error"].get<double>();
    json entry = {{"label", variants[v].label}, {"values", variants[v].values}, {"result", one}};
    if (v == 0) {
      entry["difference"] = nullptr;
    } else {
      const auto d = blackjack::paired_difference(paired, v, 0, edge_se[v], edge_se[0]);
      entry["difference"] = {{"against", variants[0].label},
                             {"mean", d.mean},
                             {"standard_error", d.se},
                             {"ci95", {d.ci95_low, d.ci95_high}},
                             {"house_edge_change_percent", -100.0 * d.mean},
                             {"standard_error_unpaired", d.se_unpaired},
                             {"variance_reduction", d.se > 0 ? (d.se_unpaired * d.se_unpaired) / (d.se * d.se) : 0.0}};
    }
    list.push_back(entry);
  }
  result["variants"] = list;
  result["performance"] = {{"threads", threads},
                           {"elapsed_seconds", elapsed},
                           {"rounds_per_second", elapsed > 0 ? static_cast<double>(rounds_played) *
                                                                   static_cast<double>(variants.size()) / elapsed
                                                             : 0.0}};

  // CSV: one row per variant, one column per statistic.
  std::ostringstream csv;
  csv << "label";
  for (const auto& key : varied) csv << "," << key;
  csv << ",rounds,house_edge_percent,se_percent,ci95_low_percent,ci95_high_percent,exact_house_edge_percent,"
         "change_percent,change_se_percent,change_se_unpaired_percent,win_rate,loss_rate,push_rate,"
         "blackjack_rate,player_bust_rate,dealer_bust_rate,rounds_per_shoe\n";
  for (const auto& entry : list) {
    const json& r = entry["result"];
    csv << csv_field(entry["label"]);
    for (const auto& key : varied) csv << "," << csv_field(entry["values"][key]);
    const json& edge = r["edge"];
    const json& diff = entry["difference"];
    const auto percent = [](const json& x) { return csv_field(json(100.0 * x.get<double>())); };
    csv << "," << r["run"]["rounds"] << "," << edge["house_edge_percent"] << "," << percent(edge["standard_error"])
        << "," << edge["house_edge_ci95_percent"][0] << "," << edge["house_edge_ci95_percent"][1] << ","
        << r["exact"]["house_edge_percent"] << ","
        << (diff.is_null() ? "" : csv_field(diff["house_edge_change_percent"])) << ","
        << (diff.is_null() ? "" : percent(diff["standard_error"])) << ","
        << (diff.is_null() ? "" : percent(diff["standard_error_unpaired"])) << "," << r["outcomes"]["rates_per_hand"]["win"]
        << "," << r["outcomes"]["rates_per_hand"]["loss"] << "," << r["outcomes"]["rates_per_hand"]["push"] << ","
        << r["outcomes"]["rates_per_round"]["blackjack"] << "," << r["outcomes"]["rates_per_hand"]["player_bust"]
        << "," << r["dealer"]["bust_rate"] << "," << r["shoe"]["rounds_per_shoe"] << "\n";
  }

  if (!run.out.empty() && !to_stdout) io::write_file_atomically(run.out, result.dump(2) + "\n");
  if (to_stdout) std::printf("%s\n", result.dump(2).c_str());
  if (!run.csv.empty()) io::write_file_atomically(run.csv, csv.str());

  if (!run.quiet || stopped_by == "interrupted") {
    FILE* summary = to_stdout ? stderr : stdout;
    std::fprintf(summary, "%s%s: %lld rounds per variant, seed %llu, %llu of %llu chunks (stopped by %s)\n",
                 stopped_by == "interrupted" ? "PARTIAL RESULT: " : "", command.c_str(),
                 static_cast<long long>(rounds_played), static_cast<unsigned long long>(base.seed),
                 static_cast<unsigned long long>(paired.chunks_played.size()),
                 static_cast<unsigned long long>(plan.chunks()), stopped_by.c_str());
    std::fprintf(summary, "%-40s %12s %10s %12s %21s %10s\n", "variant", "house edge", "SE", "exact", "change (paired SE)",
                 "unpaired");
    for (const auto& entry : list) {
      const json& edge = entry["result"]["edge"];
      const json& diff = entry["difference"];
      char change[64] = "baseline";
      char unpaired[32] = "";
      if (!diff.is_null()) {
        std::snprintf(change, sizeof change, "%+.4f%% (%.4f%%)", diff["house_edge_change_percent"].get<double>(),
                      100 * diff["standard_error"].get<double>());
        std::snprintf(unpaired, sizeof unpaired, "%.4f%%", 100 * diff["standard_error_unpaired"].get<double>());
      }
      std::string label = entry["label"].get<std::string>();
      if (label.size() > 40) label = label.substr(0, 37) + "...";
      std::fprintf(summary, "%-40s %11.4f%% %9.4f%% %11.4f%% %21s %10s\n", label.c_str(),
                   edge["house_edge_percent"].get<double>(), 100 * edge["standard_error"].get<double>(),
                   entry["result"]["exact"]["house_edge_percent"].get<double>(), change, unpaired);
    }
  }
  if (stopped_by == "interrupted") {
    throw Interrupted("interrupted after " + std::to_string(rounds_played) + " rounds per variant" +
                      (run.out.empty() || to_stdout ? "" : "; the partial result is in " + run.out));
  }
}

// ---- compare ---------------------------------------------------------------

struct CompareOptions {
  std::vector<std::string> configs;
  RunOptions run;
};

void run_compare(const CompareOptions& options) {
  if (options.configs.size() < 2) throw Error("compare needs at least two config files (the first is the baseline)");
  std::vector<json> configs;
  for (const auto& path : options.configs) configs.push_back(read_config_file(path));
  // Every variant plays the baseline's rounds and seed, unless flags say otherwise.
  RunOptions run = options.run;
  const io::SimConfig baseline = io::sim_config_from_json(configs.front());
  if (run.rounds.empty()) run.rounds = std::to_string(baseline.rounds);
  if (run.seed.empty()) run.seed = std::to_string(baseline.seed);
  std::vector<Variant> variants;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const std::filesystem::path path(options.configs[i]);
    const json& name = configs[i].contains("name") ? configs[i]["name"] : json();
    const std::string label = name.is_string() && !name.get<std::string>().empty() ? name.get<std::string>()
                                                                                   : path.stem().string();
    variants.push_back(make_variant(label, configs[i], run, path.parent_path().string()));
  }
  run_variants("compare", variants, {}, run);
}

// ---- sweep -----------------------------------------------------------------

struct SweepOptions {
  std::shared_ptr<ConfigOptions> config = std::make_shared<ConfigOptions>();
  std::vector<std::string> vary;
  RunOptions run;
};

// The values of one --vary KEY=SPEC: "a,b,c" or a numeric range "from:to:step"
// (both ends included).
std::vector<json> sweep_values(const std::string& key, const std::string& spec) {
  std::vector<json> values;
  const auto first_colon = spec.find(':');
  const auto second_colon = first_colon == std::string::npos ? std::string::npos : spec.find(':', first_colon + 1);
  const bool numeric_range = second_colon != std::string::npos && spec.find(',') == std::string::npos &&
                             spec.find(':', second_colon + 1) == std::string::npos;
  if (numeric_range) {
    const json from = io::flag_value_to_json(spec.substr(0, first_colon));
    const json to = io::flag_value_to_json(spec.substr(first_colon + 1, second_colon - first_colon - 1));
    const json step = io::flag_value_to_json(spec.substr(second_colon + 1));
    if (from.is_number() && to.is_number() && step.is_number() && step.get<double>() > 0 &&
        to.get<double>() >= from.get<double>()) {
      const double a = from.get<double>();
      const double s = step.get<double>();
      const auto count = static_cast<long>(std::floor((to.get<double>() - a) / s + 1e-9)) + 1;
      if (count > 1000) throw Error("--vary " + key + ": the range has " + std::to_string(count) + " values; at most 1000");
      const bool integers = from.is_number_integer() && step.is_number_integer();
      for (long i = 0; i < count; ++i) {
        const double value = std::round((a + static_cast<double>(i) * s) * 1e10) / 1e10;
        values.push_back(integers ? json(static_cast<long long>(std::llround(value))) : json(value));
      }
      return values;
    }
    // Not numbers: a value that holds colons, such as a payout "3:2".
  }
  std::stringstream items(spec);
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) throw Error("--vary " + key + "=" + spec + ": an empty value");
    values.push_back(io::flag_value_to_json(item));
  }
  return values;
}

void run_sweep(const SweepOptions& options) {
  if (options.vary.empty()) throw Error("sweep needs at least one --vary KEY=VALUES (e.g. --vary decks=1,2,6,8)");
  const json base = config_json(*options.config);
  std::vector<std::string> keys;
  std::vector<std::vector<json>> axes;
  for (const auto& spec : options.vary) {
    const auto eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      throw Error("--vary '" + spec + "': expected KEY=VALUES, e.g. decks=1,2,6,8 or penetration=0.6:0.9:0.05");
    }
    std::string key = spec.substr(0, eq);
    std::replace(key.begin(), key.end(), '-', '_');
    bool known = false;
    for (const auto& k : io::config_keys()) known = known || k.key == key;
    if (!known || key == "rounds" || key == "seed" || key == "chunk_rounds") {
      throw Error("--vary '" + key + "': not a rule or table key one can vary (see `cardsim sim --help`)");
    }
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) throw Error("--vary " + key + " is given twice");
    keys.push_back(key);
    axes.push_back(sweep_values(key, spec.substr(eq + 1)));
  }
  std::size_t cells = 1;
  for (const auto& axis : axes) cells *= axis.size();
  if (cells > 1000) throw Error("the sweep has " + std::to_string(cells) + " cells; at most 1000");

  const std::string folder =
      options.config->config_file.empty() ? "" : std::filesystem::path(options.config->config_file).parent_path().string();
  std::vector<Variant> variants;
  for (std::size_t cell = 0; cell < cells; ++cell) {
    json config = base;
    json values = json::object();
    std::string label;
    std::size_t rest = cell;
    // The last --vary changes fastest.
    std::vector<std::size_t> index(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      index[a] = rest % axes[a].size();
      rest /= axes[a].size();
    }
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const json& value = axes[a][index[a]];
      config[keys[a]] = value;
      values[keys[a]] = value;
      label += (label.empty() ? "" : " ") + keys[a] + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
    }
    variants.push_back(make_variant(label, config, options.run, folder));
    variants.back().values = values;
  }
  run_variants("sweep", variants, keys, options.run);
}

}  // namespace

void setup_compare(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* command = app.add_subcommand(
      "compare", "Play rule variants on the same cards; each one's edge and its difference from the first");
  command->add_option("configs", options->configs, "Config files; the first is the baseline")
      ->required()
      ->check(CLI::ExistingFile);
  add_run_options(*command, options->run);
  command->callback([options] { run_compare(*options); });
}

void setup_sweep(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* command =
      app.add_subcommand("sweep", "Play a grid of rule variants (paired, on the same cards) and write JSON and CSV");
  add_config_options(*command, options->config);
  command->add_option("--vary", options->vary,
                      "KEY=VALUES: a config key and its values, a list (decks=1,2,6,8) or a range "
                      "(penetration=0.6:0.9:0.05); repeat for a grid")
      ->required();
  // --rounds, --seed and --chunk-rounds are config keys too: the run options
  // take them (so they apply to every cell) instead of the config flags.
  command->remove_option(command->get_option("--rounds"));
  command->remove_option(command->get_option("--seed"));
  command->remove_option(command->get_option("--chunk-rounds"));
  add_run_options(*command, options->run);
  command->callback([options] { run_sweep(*options); });
}

}  // namespace cardsim::cli
