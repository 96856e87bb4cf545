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

#include "cardsim/app/analyze_job.hpp"
#include "cardsim/app/paired_job.hpp"
#include "cardsim/app/sim_job.hpp"
#include "cardsim/app/variants.hpp"
#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/paired.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/outputs.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/shard.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "register.hpp"
#include "watch.hpp"

namespace py = pybind11;
using nlohmann::json;

namespace cardsim::python {
namespace {

namespace bj = blackjack;

// A config as the Python layer passes it: the file at `path` (a path or a
// rule set's name, resolved as the CLI resolves --config) or else the JSON object `text`, with the keys of the
// JSON object `keys` set on top, as flags are.
struct ConfigSource {
  std::string path;
  std::string text = "{}";
  std::string keys = "{}";

  // Through the CLI's parser: a NaN or 1e999 (which Python's json writes) is
  // a bad value (ValueError) naming what holds it.
  // The file is read through `inputs` as `what` (app::config_object), so that
  // it is an input of the run's identity, as the CLI's is.
  json object(io::InputRegistry& inputs, const std::string& what = "--config") const {
    const json on_top = io::parse_json_object(keys, "config keys");
    if (!path.empty()) return app::config_object(path, on_top, inputs, what);
    json j = io::parse_json_object(text, "config");
    for (const auto& [key, value] : on_top.items()) j[key] = value;
    return j;
  }
  json object() const {
    io::InputRegistry inputs;
    return object(inputs);
  }
  bool given() const { return !path.empty() || text != "{}" || keys != "{}"; }
  // Where the config's relative file names are looked up too.
  std::string folder() const { return std::filesystem::path(path).parent_path().string(); }
  // Where the relative name of `key` is found, as the CLI finds it: a key
  // given on top (a flag) from the working folder, one of the file from the
  // file's folder.
  std::string folder_of(const std::string& key) const {
    if (path.empty() || io::parse_json_object(keys, "config keys").contains(key)) return "";
    const std::string f = folder();
    return f.empty() ? "." : f;
  }
};

void check_target_se(double target_se) {
  if (!(target_se >= 0) || !std::isfinite(target_se)) {
    throw Error("target_se " + std::to_string(target_se) +
                " is not a standard error; expected a number > 0 per initial wager, such as 0.0005 (0: none)");
  }
}

// How cardsim.sim runs beside its config: as `cardsim sim`'s flags.
struct SimRun {
  unsigned threads = 0;
  double target_se = 0;
  std::string checkpoint;          // --checkpoint ("" none)
  double checkpoint_seconds = 60;  // --checkpoint-every
  std::string resume;              // --resume ("" none)
  std::string shard;               // --shard "i/N" ("" the whole run)
};

// One job through the library's job layer (app::SimJob), as `cardsim sim`
// runs it: the result JSON text ("" if no round was played).
std::string sim_json(const ConfigSource& source, const SimRun& how, bj::SimulationControl& control, Watched& watched) {
  check_target_se(how.target_se);
  if (!(how.checkpoint_seconds > 0 && how.checkpoint_seconds < 1e9)) {
    throw Error("checkpoint_every " + std::to_string(how.checkpoint_seconds) +
                " is not an interval; expected seconds > 0, such as 60");
  }
  // Every file read once, here (io/inputs.hpp).
  io::InputRegistry inputs;
  app::SimJob job = app::SimJob::start({.resume = how.resume,
                                        .config = [&] { return io::sim_config_from_json(source.object(inputs)); },
                                        .config_given = source.given(),
                                        .folder = [&](const std::string& key) { return source.folder_of(key); },
                                        .shard = how.shard,
                                        .options = {.threads = how.threads,
                                                    .target_se = how.target_se,
                                                    .checkpoint = how.checkpoint,
                                                    .checkpoint_seconds = how.checkpoint_seconds,
                                                    .checkpoint_written = {},
                                                    .mpi = nullptr,
                                                    .names = &app::PYTHON_SETTINGS}},
                                       inputs);
  const std::string& checkpoint = job.checkpoint_file();
  io::Outputs outputs("sim", inputs);
  outputs.may_update(how.resume, "checkpoint");
  outputs.output("checkpoint", checkpoint);
  outputs.check();
  watched.total = job.rounds_total();
  job.play(control);
  const app::SimJobEnd end = *job.finish();
  outputs.write("checkpoint", end.checkpoint);
  outputs.finish(end.result);
  return end.result;
}

// `cardsim merge`: the result of a run from its shard results `shards`, each
// (name, text): a file's path and "" (the file is read), or a name for
// messages and the result's JSON text (a dict given in Python): {"command":
// "sim", "compare", "sweep" or "zjh sim", "result": the result, "csv": the
// CSV of a compare or sweep ("" else)}.
std::string merge(const std::vector<std::pair<std::string, std::string>>& shards) {
  const py::gil_scoped_release release;
  io::InputRegistry inputs;
  std::vector<io::ShardFile> files;
  files.reserve(shards.size());
  for (const auto& [name, text] : shards) {
    files.push_back({name, text.empty() ? inputs.read("shard", name).bytes : text});
  }
  const io::MergedOutput merged = io::merge_shard_files(files);
  const bool paired = merged.command == "compare" || merged.command == "sweep";
  return json{{"command", merged.command}, {"result", merged.result}, {"csv", paired ? merged.csv : ""}}.dump(
      JSON_INDENT);
}

// The run keys of compare and sweep: a JSON object {"rounds", "seed",
// "chunk_rounds"}, null where not given.
app::PairedRunKeys paired_run_keys(const std::string& text) {
  const json j = json::parse(text);
  return {j.value("rounds", json()), j.value("seed", json()), j.value("chunk_rounds", json())};
}

// Plays variants paired through app::PairedJob, as `cardsim compare` and
// `sweep` do: {"result": the result JSON, "csv": its --csv text ("" for a
// shard)}, or "" if nothing was played.
// `inputs`: the files read so far (the configs), to which the variants' are added.
std::string paired_json(const std::string& command, std::vector<app::Variant> variants,
                        const std::vector<std::string>& varied, unsigned threads, double target_se,
                        const std::string& shard, io::InputRegistry& inputs, Watched& watched) {
  app::PairedJob job(command, std::move(variants), varied, {.threads = threads, .target_se = target_se, .shard = shard},
                     inputs);
  // The set-up stops between its jobs when Ctrl-C is pressed.
  if (!job.set_up(watched.control)) return {};
  watched.total = job.rounds_total();
  job.play(watched.control);
  const app::PairedJobEnd end = job.finish();
  if (end.result.empty()) return {};
  return json{{"result", json::parse(end.result)}, {"csv", end.csv}}.dump(JSON_INDENT);
}

py::tuple sim(const ConfigSource& source, const SimRun& how, const py::object& progress) {
  Watched watched;
  bj::SimulationControl control;
  // simulate() keeps its own RunControl: the watcher follows and stops that one.
  return run_watched(control.run, watched.total, progress, [&] { return sim_json(source, how, control, watched); });
}

py::tuple compare(const std::vector<ConfigSource>& sources, const std::string& run_keys, unsigned threads,
                  double target_se, const std::string& shard, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&] {
    check_target_se(target_se);
    io::InputRegistry inputs;
    std::vector<json> configs;
    std::vector<std::string> paths;
    for (const ConfigSource& source : sources) {
      configs.push_back(source.object(inputs, "config"));
      paths.push_back(source.path);
    }
    return paired_json("compare", app::compare_variants(configs, paths, paired_run_keys(run_keys)), {}, threads,
                       target_se, shard, inputs, watched);
  });
}

py::tuple sweep(const ConfigSource& base, const std::string& axes_text, const std::string& run_keys, unsigned threads,
                double target_se, const std::string& shard, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&] {
    check_target_se(target_se);
    std::vector<app::SweepAxis> axes;
    std::vector<std::string> varied;
    for (const json& axis : json::parse(axes_text)) {
      const auto key = axis.at(0).get<std::string>();
      // Text is read as `--vary KEY=TEXT` is: "1,2,6" or a range "0.6:0.9:0.05".
      axes.push_back({key, axis.at(1).is_string() ? app::sweep_axis_values(key, axis.at(1).get<std::string>())
                                                  : axis.at(1).get<std::vector<json>>()});
      varied.push_back(axes.back().key);
    }
    io::InputRegistry inputs;
    return paired_json("sweep",
                       app::sweep_variants(base.object(inputs), axes, paired_run_keys(run_keys), base.folder()), varied,
                       threads, target_se, shard, inputs, watched);
  });
}

// `cardsim analyze`'s result JSON (the analyze job): a strategy other than
// "basic" is evaluated beside the computed one.
std::string analyze(const ConfigSource& source, bool composition_dependent, const std::string& post_split,
                    bool rule_effects, unsigned threads) {
  const py::gil_scoped_release release;
  app::AnalyzeRequest request;
  request.config = io::sim_config_from_json(source.object());
  if (request.config.strategy != io::BASIC_STRATEGY) {
    request.options.strategy = io::load_strategy(request.config.strategy, request.config.rules, source.folder());
  }
  request.options.composition_dependent = composition_dependent;
  request.options.post_split = bj::post_split_from_name(post_split);
  request.rule_effects = rule_effects;
  request.threads = threads;
  run::RunControl control;
  return app::run_analyze_job(request, control).result.dump(JSON_INDENT);
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
      // A path is a file or a rule set's name, as --config takes it.
      .def(py::init([](const std::string& path, std::string text, std::string keys) {
             return ConfigSource{path.empty() ? path : io::config_path(path, ""), std::move(text), std::move(keys)};
           }),
           py::arg("path"), py::arg("text"), py::arg("keys"));
  py::class_<SimRun>(m, "SimRun", "How sim runs: threads, target SE, checkpoint, resume and shard, as the CLI's flags")
      .def(py::init<unsigned, double, std::string, double, std::string, std::string>(), py::arg("threads"),
           py::arg("target_se"), py::arg("checkpoint"), py::arg("checkpoint_seconds"), py::arg("resume"),
           py::arg("shard"));
  m.def("sim", &sim, py::arg("config"), py::arg("run"), py::arg("progress"),
        "Simulates; returns (result JSON text, or '' if nothing was played; the exception that stopped it or None)");
  m.def("merge", &merge, py::arg("shards"),
        "Merges the shard results of one run, each (path, \"\") or (name, JSON text): the text {\"result\": ..., "
        "\"csv\": ...}");
  m.def("compare", &compare, py::arg("configs"), py::arg("run_keys"), py::arg("threads"), py::arg("target_se"),
        py::arg("shard"), py::arg("progress"),
        "Plays variants paired; returns as sim(), the text {\"result\": ..., \"csv\": ...}");
  m.def("sweep", &sweep, py::arg("base"), py::arg("axes"), py::arg("run_keys"), py::arg("threads"),
        py::arg("target_se"), py::arg("shard"), py::arg("progress"),
        "Plays a grid of variants paired; returns as compare()");
  m.def("analyze", &analyze, py::arg("config"), py::arg("composition_dependent"), py::arg("post_split"),
        py::arg("rule_effects"), py::arg("threads"), "The exact analysis's result JSON text");
  m.def("chart", &chart, py::arg("config"), "The chart a config plays, in the chart file format");
  m.def("config_keys", &config_keys, "The config keys: key, kind, allowed, help and default (JSON text)");
  m.attr("MIN_PAIRED_CHUNKS") = app::MIN_PAIRED_CHUNKS;
}

}  // namespace cardsim::python
