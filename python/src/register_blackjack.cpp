// Blackjack from Python: sim, compare, sweep, analyze and chart, each built
// as the CLI builds it (a config object, io/ to read it, the library call,
// io/ to write the result), so a result is `cardsim ... --out -`'s JSON.
#include <chrono>
#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/analyze.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/paired.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/analysis_result.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/io/variants.hpp"
#include "register.hpp"
#include "watch.hpp"

namespace py = pybind11;
using nlohmann::json;

namespace cardsim::python {
namespace {

namespace bj = blackjack;

// A config as the Python layer passes it: the file at `path` (read as the
// CLI reads --config) or else the JSON object `text`, with the keys of the
// JSON object `keys` set on top, as flags are.
struct ConfigSource {
  std::string path;
  std::string text = "{}";
  std::string keys = "{}";

  json object() const {
    // Through the CLI's parser: a NaN or 1e999 (which Python's json writes)
    // is a bad value (ValueError) naming what holds it.
    io::InputRegistry inputs;
    json j = path.empty() ? io::parse_json_object(text, "config")
                          : io::parse_json_object(inputs.read("config", path).bytes, "config '" + path + "'");
    const json on_top = io::parse_json_object(keys, "config keys");
    for (const auto& [key, value] : on_top.items()) j[key] = value;
    return j;
  }
  // Where the config's relative file names are looked up too.
  std::string folder() const { return std::filesystem::path(path).parent_path().string(); }
};

void check_target_se(double target_se) {
  if (!(target_se >= 0) || !std::isfinite(target_se)) {
    throw Error("target_se " + std::to_string(target_se) +
                " is not a standard error; expected a number > 0 per initial wager, such as 0.0005 (0: none)");
  }
}

std::string sim_json(const ConfigSource& source, unsigned threads, double target_se, bj::SimulationControl& control,
                     Watched& watched) {
  check_target_se(target_se);
  const io::SimConfig config = io::sim_config_from_json(source.object());
  // Every file read once, here (io/inputs.hpp); the side bets' PAR sheets with them.
  io::InputRegistry inputs;
  const bj::StrategyChart chart = io::load_strategy(config.strategy, config.rules, inputs, source.folder());
  const bj::Counting counting = io::load_counting(config, inputs, source.folder(), source.folder());
  const std::vector<io::PlayedSideBet> side_bets =
      io::played_side_bets(config, io::load_side_bets(config.side_bets, inputs, source.folder()));
  std::vector<bj::SideBet> bets;
  for (const io::PlayedSideBet& b : side_bets) bets.push_back(b.file.bet);
  const bj::Engine engine(config.rules, chart, counting, std::move(bets), io::control_variate_of(config));
  const double exact_ev = bj::Analyzer(config.rules).evaluate(chart).ev;
  const run::ChunkPlan plan{config.rounds, config.chunk_rounds};
  threads = run::resolve_threads(threads);
  watched.total = config.rounds;

  const auto start = std::chrono::steady_clock::now();
  const bj::SimulationResult outcome =
      bj::simulate(engine, {config.seed, plan, std::nullopt, target_se}, threads, control);
  if (outcome.tally.rounds == 0) return {};  // stopped before a chunk was played: no result
  const bool by_target = outcome.stopped_by == run::StopReason::target_se;
  const io::RunInfo info{.strategy = chart.name,
                         .exact_ev = exact_ev,
                         .chunks = by_target ? outcome.completed_chunks.size() : plan.chunks(),
                         .chunks_played = outcome.completed_chunks.size(),
                         .threads = run::threads_used(threads, plan.chunks()),
                         .elapsed_seconds = seconds_since(start),
                         .index_plays = io::index_play_lines(counting.indices),
                         .target_se = target_se,
                         .stopped_by = outcome.stopped_by,
                         .side_bets = side_bets};
  return io::sim_result_json(config, info, outcome.tally).dump(JSON_INDENT);
}

// The run keys of compare and sweep: a JSON object {"rounds", "seed",
// "chunk_rounds"}, null where not given.
io::PairedRunKeys paired_run_keys(const std::string& text) {
  const json j = json::parse(text);
  return {j.value("rounds", json()), j.value("seed", json()), j.value("chunk_rounds", json())};
}

// Plays variants paired, as `cardsim compare` and `sweep` do: {"result":
// the result JSON, "csv": its --csv text} (empty if nothing was played).
std::string paired_json(const std::string& command, std::vector<io::Variant> variants,
                        const std::vector<std::string>& varied, unsigned threads, double target_se, Watched& watched) {
  threads = run::resolve_threads(threads);
  // The set-up stops between its jobs when Ctrl-C is pressed.
  io::InputRegistry inputs;
  const double setup_seconds = io::prepare_variants(variants, threads, inputs, &watched.control);
  if (watched.control.stop_requested) return {};
  const io::SimConfig& base = variants.front().config;
  const run::ChunkPlan plan{base.rounds, base.chunk_rounds};
  watched.total = base.rounds;
  const auto start = std::chrono::steady_clock::now();
  const bj::CompareResult compared =
      bj::compare(io::variant_engines(variants), {base.seed, plan, std::nullopt, target_se}, threads, watched.control);
  if (compared.run.tallies.front().rounds == 0) return {};
  const io::PairedRunInfo info{.command = command,
                               .varied = varied,
                               .chunks = plan.chunks(),
                               .target_se = target_se,
                               .stopped_by = compared.stopped_by,
                               .threads = run::threads_used(threads, plan.chunks()),
                               .elapsed_seconds = seconds_since(start),
                               .setup_seconds = setup_seconds};
  const std::vector<io::PairedVariant> described = io::describe_variants(variants);
  // The result and its --csv text (made from the run, not from the JSON).
  return json{{"result", io::paired_result_json(described, info, compared.run)},
              {"csv", io::paired_result_csv(described, info, compared.run)}}
      .dump(JSON_INDENT);
}

py::tuple sim(const ConfigSource& source, unsigned threads, double target_se, const py::object& progress) {
  Watched watched;
  bj::SimulationControl control;
  // simulate() keeps its own RunControl: the watcher follows and stops that one.
  return run_watched(control.run, watched.total, progress,
                     [&] { return sim_json(source, threads, target_se, control, watched); });
}

py::tuple compare(const std::vector<ConfigSource>& sources, const std::string& run_keys, unsigned threads,
                  double target_se, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&] {
    check_target_se(target_se);
    std::vector<json> configs;
    std::vector<std::string> paths;
    for (const ConfigSource& source : sources) {
      configs.push_back(source.object());
      paths.push_back(source.path);
    }
    return paired_json("compare", io::compare_variants(configs, paths, paired_run_keys(run_keys)), {}, threads,
                       target_se, watched);
  });
}

py::tuple sweep(const ConfigSource& base, const std::string& axes_text, const std::string& run_keys, unsigned threads,
                double target_se, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&] {
    check_target_se(target_se);
    std::vector<io::SweepAxis> axes;
    std::vector<std::string> varied;
    for (const json& axis : json::parse(axes_text)) {
      const auto key = axis.at(0).get<std::string>();
      // Text is read as `--vary KEY=TEXT` is: "1,2,6" or a range "0.6:0.9:0.05".
      axes.push_back({key, axis.at(1).is_string() ? io::sweep_axis_values(key, axis.at(1).get<std::string>())
                                                  : axis.at(1).get<std::vector<json>>()});
      varied.push_back(axes.back().key);
    }
    return paired_json("sweep", io::sweep_variants(base.object(), axes, paired_run_keys(run_keys), base.folder()),
                       varied, threads, target_se, watched);
  });
}

// `cardsim analyze`'s result JSON: a strategy other than "basic" is
// evaluated beside the computed one.
std::string analyze(const ConfigSource& source, bool composition_dependent) {
  const py::gil_scoped_release release;
  const io::SimConfig config = io::sim_config_from_json(source.object());
  bj::AnalysisOptions options;
  options.basic_name = io::computed_basic_name(config.rules);
  if (config.strategy != io::BASIC_STRATEGY) {
    options.strategy = io::load_strategy(config.strategy, config.rules, source.folder());
  }
  options.composition_dependent = composition_dependent;
  return io::analysis_result_json(config, bj::analyze(config.rules, options)).dump(JSON_INDENT);
}

std::string chart(const ConfigSource& source) {
  const py::gil_scoped_release release;
  const io::SimConfig config = io::sim_config_from_json(source.object());
  const bj::StrategyChart chart = io::load_strategy(config.strategy, config.rules, source.folder());
  return io::format_strategy_chart(chart, "strategy: " + chart.name + "\nrules: " + io::describe_rules(config.rules));
}

// The config keys as dicts: key, kind, allowed, help, default.
py::list config_keys() {
  const json defaults = io::to_json(io::SimConfig{}, /*every_key=*/true);
  py::list keys;
  for (const io::ConfigKey& key : io::config_keys()) {
    py::dict entry;
    entry["key"] = key.key;
    entry["kind"] = key.kind;
    entry["allowed"] = key.allowed;
    entry["help"] = key.help;
    entry["default"] = defaults.contains(key.key) ? defaults.at(key.key).dump() : "null";
    keys.append(entry);
  }
  return keys;
}

}  // namespace

void register_blackjack(py::module_& m) {
  py::class_<ConfigSource>(m, "ConfigSource", "A config: a file path or a JSON object's text, with keys on top")
      .def(py::init<std::string, std::string, std::string>(), py::arg("path"), py::arg("text"), py::arg("keys"));
  m.def("sim", &sim, py::arg("config"), py::arg("threads"), py::arg("target_se"), py::arg("progress"),
        "Simulates; returns (result JSON text, or '' if nothing was played; the exception that stopped it or None)");
  m.def("compare", &compare, py::arg("configs"), py::arg("run_keys"), py::arg("threads"), py::arg("target_se"),
        py::arg("progress"), "Plays variants paired; returns as sim(), the text {\"result\": ..., \"csv\": ...}");
  m.def("sweep", &sweep, py::arg("base"), py::arg("axes"), py::arg("run_keys"), py::arg("threads"),
        py::arg("target_se"), py::arg("progress"), "Plays a grid of variants paired; returns as compare()");
  m.def("analyze", &analyze, py::arg("config"), py::arg("composition_dependent"),
        "The exact analysis's result JSON text");
  m.def("chart", &chart, py::arg("config"), "The chart a config plays, in the chart file format");
  m.def("config_keys", &config_keys, "The config keys: key, kind, allowed, help and default (JSON text)");
  m.attr("MIN_PAIRED_CHUNKS") = io::MIN_PAIRED_CHUNKS;
}

}  // namespace cardsim::python
