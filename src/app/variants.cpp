#include "cardsim/app/variants.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <set>
#include <sstream>
#include <utility>

#include "cardsim/app/sim_job.hpp"
#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::app {
using namespace cardsim::io;  // the formats this floor reads and writes
namespace {
using nlohmann::json;

// The most cells a sweep may have.
constexpr std::size_t MAX_SWEEP_CELLS = 1000;

// The index of `key` in `keys`, appended if new (keys are few: a linear search).
template <class Key, class Equal>
std::size_t index_of(std::vector<Key>& keys, const Key& key, Equal equal) {
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (equal(keys[i], key)) return i;
  }
  keys.push_back(key);
  return keys.size() - 1;
}

}  // namespace

void check_sweep_axis(const std::string& key, const std::vector<SweepAxis>& earlier) {
  const auto& keys = config_keys();
  const bool known = std::any_of(keys.begin(), keys.end(), [&](const ConfigKey& k) { return k.key == key; });
  if (!known || key == "rounds" || key == "seed" || key == "chunk_rounds") {
    throw Error("--vary '" + key + "': not a rule or table key one can vary (see `cardsim sim --help`)");
  }
  if (std::any_of(earlier.begin(), earlier.end(), [&](const SweepAxis& axis) { return axis.key == key; })) {
    throw Error("--vary " + key + " is given twice");
  }
}

std::vector<json> sweep_axis_values(const std::string& key, const std::string& spec) {
  const auto bad = [&](const std::string& what) {
    return BadConfigValue(key, "--vary " + key + "=" + excerpt(spec) + ": " + what);
  };
  const auto first_colon = spec.find(':');
  const auto second_colon = first_colon == std::string::npos ? std::string::npos : spec.find(':', first_colon + 1);
  const bool range_shape = second_colon != std::string::npos && spec.find(',') == std::string::npos &&
                           spec.find(':', second_colon + 1) == std::string::npos;
  if (range_shape) {
    const json from = flag_value_to_json(spec.substr(0, first_colon));
    const json to = flag_value_to_json(spec.substr(first_colon + 1, second_colon - first_colon - 1));
    const json step = flag_value_to_json(spec.substr(second_colon + 1));
    // Not numbers: one value that holds colons, such as a payout "3:2".
    if (from.is_number() && to.is_number() && step.is_number()) {
      const double a = from.get<double>();
      const double s = step.get<double>();
      if (s <= 0 || to.get<double>() < a) {
        throw bad(std::string("a range is from:to:step with from <= to and step > 0 (both ends included), e.g. "
                              "0.6:0.9:0.05; this one ") +
                  (s <= 0 ? "has a step <= 0" : "descends"));
      }
      // (As a double first: a range such as 0:2^64-1:1 has more values than a long holds.)
      const double values_in_range = std::floor((to.get<double>() - a) / s + 1e-9) + 1;
      if (!(values_in_range <= static_cast<double>(MAX_SWEEP_CELLS))) {
        char many[32];
        std::snprintf(many, sizeof many, "%.15g", values_in_range);
        throw bad(std::string("the range has ") + many + " values; at most " + std::to_string(MAX_SWEEP_CELLS));
      }
      const auto count = static_cast<long>(values_in_range);
      const bool integers = from.is_number_integer() && step.is_number_integer();
      std::vector<json> values;
      for (long i = 0; i < count; ++i) {
        const double value = std::round((a + static_cast<double>(i) * s) * 1e10) / 1e10;
        values.push_back(integers ? json(static_cast<long long>(std::llround(value))) : json(value));
      }
      return values;
    }
  }
  std::vector<json> values;
  std::stringstream items(spec);
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) throw bad("an empty value");
    values.push_back(flag_value_to_json(item));
  }
  return values;
}

Variant make_variant(std::string label, json config, const PairedRunKeys& keys, const std::string& folder) {
  if (!keys.rounds.is_null()) config["rounds"] = keys.rounds;
  if (!keys.seed.is_null()) config["seed"] = keys.seed;
  config["chunk_rounds"] = keys.chunk_rounds.is_null() ? json(COMPARE_CHUNK_ROUNDS) : keys.chunk_rounds;
  Variant v;
  v.label = std::move(label);
  v.config = sim_config_from_json(config);
  if (v.config.counting.enabled()) {
    throw Error("variant '" + v.label + "': compare and sweep play flat-bet strategies; counting (count '" +
                v.config.counting.count + "') is for `cardsim sim`");
  }
  v.config.control_variate = control_variate_of(v.config);  // echoed in the result and the run identity
  v.chart_file = strategy_file(v.config.strategy, folder);
  v.folder = folder;
  return v;
}

std::vector<Variant> compare_variants(const std::vector<json>& configs, const std::vector<std::string>& paths,
                                      PairedRunKeys keys) {
  if (configs.size() < 2) throw Error("compare needs at least two config files (the first is the baseline)");
  // Every variant plays the baseline's rounds and seed, unless told otherwise.
  const SimConfig baseline = sim_config_from_json(configs.front());
  if (keys.rounds.is_null()) keys.rounds = baseline.rounds;
  if (keys.seed.is_null()) keys.seed = baseline.seed;
  std::vector<Variant> variants;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const std::filesystem::path path(paths.at(i));
    const json& name = configs[i].contains("name") ? configs[i]["name"] : json();
    const std::string label = name.is_string() && !name.get<std::string>().empty() ? name.get<std::string>()
                              : !path.empty()                                      ? path.stem().string()
                                                                                   : "variant " + std::to_string(i + 1);
    variants.push_back(make_variant(label, configs[i], keys, path.parent_path().string()));
  }
  return variants;
}

std::vector<Variant> sweep_variants(const json& base, const std::vector<SweepAxis>& axes, const PairedRunKeys& keys,
                                    const std::string& folder) {
  if (axes.empty()) throw Error("sweep needs at least one --vary KEY=VALUES (e.g. --vary decks=1,2,6,8)");
  std::size_t cells = 1;
  std::string sizes;
  for (std::size_t a = 0; a < axes.size(); ++a) {
    check_sweep_axis(axes[a].key, std::vector<SweepAxis>(axes.begin(), axes.begin() + static_cast<std::ptrdiff_t>(a)));
    if (axes[a].values.empty()) throw Error("--vary " + axes[a].key + ": no values");
    sizes += (sizes.empty() ? "" : " x ") + std::to_string(axes[a].values.size());
    // Checked before multiplying: 8 axes of 256 values would wrap to 0 cells.
    if (axes[a].values.size() > MAX_SWEEP_CELLS / cells) {
      throw Error("the sweep has more than " + std::to_string(MAX_SWEEP_CELLS) + " cells (" + sizes +
                  (a + 1 < axes.size() ? " x ..." : "") + "); at most " + std::to_string(MAX_SWEEP_CELLS));
    }
    cells *= axes[a].values.size();
  }
  std::vector<Variant> variants;
  for (std::size_t cell = 0; cell < cells; ++cell) {
    json config = base;
    json values = json::object();
    std::string label;
    std::size_t rest = cell;
    // The last axis changes fastest.
    std::vector<std::size_t> index(axes.size());
    for (std::size_t a = axes.size(); a-- > 0;) {
      index[a] = rest % axes[a].values.size();
      rest /= axes[a].values.size();
    }
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const json& value = axes[a].values[index[a]];
      config[axes[a].key] = value;
      values[axes[a].key] = value;
      label += (label.empty() ? "" : " ") + axes[a].key + "=" +
               (value.is_string() ? value.get<std::string>() : value.dump());
    }
    variants.push_back(make_variant(label, config, keys, folder));
    variants.back().values = values;
  }
  return variants;
}

void read_variant_inputs(std::vector<Variant>& variants, InputRegistry& inputs) {
  for (Variant& variant : variants) {
    if (!variant.chart_file.empty()) inputs.read("strategy chart", variant.chart_file, variant.config.strategy);
    variant.side_bet_files = load_side_bets(variant.config.side_bets, inputs, variant.folder);
  }
}

double prepare_variants(std::vector<Variant>& variants, unsigned threads) {
  InputRegistry inputs;
  return prepare_variants(variants, threads, inputs);
}

double prepare_variants(std::vector<Variant>& variants, unsigned threads, InputRegistry& inputs,
                        run::RunControl* stop) {
  namespace bj = blackjack;
  if (std::any_of(variants.begin(), variants.end(),
                  [](const Variant& v) { return v.side_bet_files.size() != v.config.side_bets.size(); })) {
    read_variant_inputs(variants, inputs);
  }
  const auto start = std::chrono::steady_clock::now();
  run::RunControl unstopped;
  run::RunControl& control = stop != nullptr ? *stop : unstopped;
  const std::uint64_t done_before = control.items_done;
  auto in_parallel = [&](std::size_t jobs, const std::function<void(std::size_t)>& job) {
    run::run_jobs(jobs, threads, job, control);
  };
  const auto stopped = [&] { return control.stop_requested.load(); };
  const auto same = [](const bj::Rules& a, const bj::Rules& b) { return a == b; };

  // The basic charts, each computed for the first variant of its strategy_rules.
  std::vector<bj::Rules> basic_keys;
  std::vector<std::size_t> basic_first;  // [key]: the variant it is computed for
  for (std::size_t v = 0; v < variants.size(); ++v) {
    if (variants[v].config.strategy != BASIC_STRATEGY) continue;
    const std::size_t before = basic_keys.size();
    if (index_of(basic_keys, bj::strategy_rules(variants[v].config.rules), same) == before) basic_first.push_back(v);
  }
  std::vector<bj::StrategyChart> basic_charts(basic_keys.size());
  in_parallel(basic_keys.size(), [&](std::size_t k) {
    basic_charts[k] = bj::optimal_basic_strategy(variants[basic_first[k]].config.rules);
  });
  if (stopped()) return 0;
  const BasicChartSource computed = [&](const bj::Rules& rules) {
    return basic_charts[index_of(basic_keys, bj::strategy_rules(rules), same)];
  };

  // Charts and engines in variant order (an error names the first variant at
  // fault), then the exact EVs.
  struct EvKey {
    bj::Rules rules;
    const bj::StrategyChart* chart;
  };
  const auto same_game = [](const EvKey& a, const EvKey& b) {
    return a.rules == b.rules && a.chart->hard == b.chart->hard && a.chart->soft == b.chart->soft &&
           a.chart->pairs == b.chart->pairs;
  };
  std::vector<EvKey> ev_keys;
  std::vector<std::size_t> ev_first, ev_of(variants.size());
  for (std::size_t v = 0; v < variants.size() && !stopped(); ++v) {
    Variant& variant = variants[v];
    variant.chart = load_strategy(variant.config.strategy, variant.config.rules, inputs, variant.folder, computed);
    variant.side_bets = played_side_bets(variant.config, variant.side_bet_files);
    // The variants' buckets follow the baseline's coordinate: a round's
    // variants play by the values of one composition (docs/control-variates.md).
    const bj::ControlValues* baseline = v == 0 ? nullptr : variants[0].engine->control_values();
    variant.engine = make_engine(variant.config, variant.chart, bj::Counting{}, variant.side_bets,
                                 control_variate_of(variant.config), baseline ? &baseline->coordinate() : nullptr);
    const std::size_t before = ev_keys.size();
    ev_of[v] = index_of(ev_keys, EvKey{bj::analysis_rules(variant.config.rules), &variant.chart}, same_game);
    if (ev_of[v] == before) ev_first.push_back(v);
  }
  std::vector<double> evs(ev_keys.size());
  in_parallel(ev_keys.size(), [&](std::size_t k) {
    const Variant& first = variants[ev_first[k]];
    evs[k] = bj::Analyzer(first.config.rules).evaluate(first.chart).ev;
  });
  if (stopped()) return 0;
  for (std::size_t v = 0; v < variants.size(); ++v) variants[v].exact_ev = evs[ev_of[v]];
  control.items_done = done_before;  // (run_jobs counted its jobs)
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<PairedVariant> describe_variants(const std::vector<Variant>& variants) {
  std::vector<PairedVariant> described;
  for (const Variant& v : variants) {
    described.push_back(
        {v.label, v.values, v.config, v.chart.name, chart_fingerprint(v.chart), v.exact_ev, v.side_bets});
  }
  return described;
}

std::vector<const blackjack::Engine*> variant_engines(const std::vector<Variant>& variants) {
  std::vector<const blackjack::Engine*> engines;
  for (const Variant& v : variants) engines.push_back(v.engine.get());
  return engines;
}

}  // namespace cardsim::app
