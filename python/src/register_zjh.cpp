// Zha Jin Hua from Python: the exact enumeration and the simulation, with the
// rules resolved as `cardsim zjh` resolves them (the variant, a config file's
// rules, then the rule keys on top) and the CLI's result JSON.
#include <chrono>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cardsim/app/bench.hpp"
#include "cardsim/app/zjh_job.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/io/outputs.hpp"
#include "cardsim/io/zjh_config.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/zjh/evaluator_check.hpp"
#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/sim.hpp"
#include "register.hpp"
#include "watch.hpp"

namespace py = pybind11;
using nlohmann::json;

namespace cardsim::python {
namespace {

// A zjh game as the Python layer passes it: a config file `path` or a config
// object's JSON text (empty: none), the variant (empty: the config's, else
// the default; given, it wins over the config's) and the rule keys (a JSON
// object) on top.
struct ZjhSource {
  std::string path;
  std::string text;
  std::string variant;
  std::string rules = "{}";
  bool given() const { return !path.empty() || !text.empty() || !variant.empty() || rules != "{}"; }
};

// The game as io resolves it for the CLI too; `players` given or not.
// The config file is read through `inputs` (as the CLI's --config), so that
// it is an input of the run's identity.
io::ZjhGame resolve(const ZjhSource& source, std::optional<unsigned> players, io::InputRegistry& inputs) {
  io::ZjhGameKeys keys;
  if (!source.path.empty()) {
    keys.config_name = "config " + source.path;
    keys.config = io::parse_json_object(inputs.read("--config", source.path).bytes, keys.config_name);
  } else if (!source.text.empty()) {
    keys.config = json::parse(source.text);
  }
  if (!source.variant.empty()) keys.variant = source.variant;
  keys.rules = json::parse(source.rules);
  keys.players = players;
  return io::resolve_zjh_game(keys);
}

// The config keys as a JSON list (zjh_config_keys_json).
std::string config_keys() { return io::zjh_config_keys_json().dump(); }

std::string exact(const ZjhSource& source) {
  const py::gil_scoped_release release;
  io::InputRegistry inputs;
  const zjh::Rules rules = resolve(source, std::nullopt, inputs).rules;
  const auto start = std::chrono::steady_clock::now();
  const zjh::ExactResult result = zjh::exact_heads_up(rules);
  return io::zjh_exact_result_json(result, seconds_since(start)).dump(JSON_INDENT);
}

// How zjh_sim runs beside its game: as `cardsim zjh sim`'s flags.
struct ZjhRun {
  std::optional<unsigned> players;  // absent: the config's, else 2
  std::string deals;
  std::uint64_t seed = 1;
  std::string chunk_deals;  // a count, as deals
  unsigned threads = 0;
  std::string checkpoint;  // --checkpoint ("" none)
  double checkpoint_seconds = 60;
  std::string resume;           // --resume ("" none)
  std::string shard;            // --shard "i/N" ("" the whole run)
  bool run_keys_given = false;  // deals, seed or chunk_deals given (not with resume)
};

// One job through the library's job layer (app::ZjhSimJob), as `cardsim zjh
// sim` runs it: the result JSON text ("" if no deal was played).
py::tuple sim(const ZjhSource& source, const ZjhRun& how, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&]() -> std::string {
    if (!(how.checkpoint_seconds > 0 && how.checkpoint_seconds < 1e9)) {
      throw Error("checkpoint_every " + std::to_string(how.checkpoint_seconds) +
                  " is not an interval; expected seconds > 0, such as 60");
    }
    io::InputRegistry inputs;
    app::ZjhSimJob job = app::ZjhSimJob::start({.resume = how.resume,
                                                .config =
                                                    [&] {
                                                      const io::ZjhGame game = resolve(source, how.players, inputs);
                                                      zjh::SimConfig config;
                                                      config.rules = game.rules;
                                                      config.players = game.players.value_or(config.players);
                                                      config.deals = io::parse_count(how.deals, "deals");
                                                      config.seed = how.seed;
                                                      config.chunk_deals =
                                                          io::parse_count(how.chunk_deals, "chunk_deals");
                                                      return config;
                                                    },
                                                .config_given = source.given() || how.players || how.run_keys_given,
                                                .shard = how.shard,
                                                .threads = how.threads,
                                                .checkpoint = how.checkpoint,
                                                .checkpoint_seconds = how.checkpoint_seconds,
                                                .checkpoint_written = {},
                                                .names = &app::PYTHON_SETTINGS},
                                               inputs);
    io::Outputs outputs("zjh-sim", inputs);
    outputs.may_update(how.resume, "checkpoint");
    outputs.output("checkpoint", job.checkpoint_file());
    outputs.check();
    watched.total = job.deals_total();
    job.play(watched.control);
    const app::ZjhSimJobEnd end = job.finish("");
    outputs.write("checkpoint", end.checkpoint);
    outputs.finish(end.result);
    return end.result;
  });
}

// The ranking check of `ranks` (one per zjh_hands() hand) under the game's
// rules: the check's JSON text, as a bench result's evaluator check.
std::string check_ranks(const ZjhSource& source, const std::vector<std::uint32_t>& ranks) {
  const py::gil_scoped_release release;
  io::InputRegistry inputs;
  const zjh::Rules rules = resolve(source, std::nullopt, inputs).rules;
  json check = app::zjh_check_json("zjh_rank", zjh::check_ranks(rules, ranks));
  check["rules"] = zjh::describe(rules);
  return check.dump(JSON_INDENT);
}

// Every hand once, in the order check_ranks reads the ranks.
std::vector<std::tuple<int, int, int>> hands() {
  std::vector<std::tuple<int, int, int>> out;
  for (const zjh::Hand& h : zjh::all_hands()) out.emplace_back(h[0], h[1], h[2]);
  return out;
}

// Cardsim's evaluator's rate on those hands in that order (hands/s).
double our_rate(const ZjhSource& source) {
  const py::gil_scoped_release release;
  io::InputRegistry inputs;
  return app::zjh_sequential_rate(resolve(source, std::nullopt, inputs).rules);
}

}  // namespace

void register_zjh(py::module_& m) {
  py::class_<ZjhSource>(m, "ZjhSource", "A Zha Jin Hua game: config path or text, variant and rule keys")
      // A path is a file or a zjh config's name, as `cardsim zjh --config` takes it.
      .def(py::init([](const std::string& path, std::string text, std::string variant, std::string rules) {
             return ZjhSource{path.empty() ? path : io::config_path(path, "zjh"), std::move(text), std::move(variant),
                              std::move(rules)};
           }),
           py::arg("path"), py::arg("text"), py::arg("variant"), py::arg("rules"));
  m.def("zjh_exact", &exact, py::arg("game"), "The exact enumeration's result JSON text");
  py::class_<ZjhRun>(m, "ZjhRun", "How zjh_sim runs: players, deals, seed, chunks, threads, checkpoint, resume, shard")
      .def(py::init<std::optional<unsigned>, std::string, std::uint64_t, std::string, unsigned, std::string, double,
                    std::string, std::string, bool>(),
           py::arg("players"), py::arg("deals"), py::arg("seed"), py::arg("chunk_deals"), py::arg("threads"),
           py::arg("checkpoint"), py::arg("checkpoint_seconds"), py::arg("resume"), py::arg("shard"),
           py::arg("run_keys_given"));
  m.def("zjh_sim", &sim, py::arg("game"), py::arg("run"), py::arg("progress"), "Simulates; returns as sim()");
  m.def("zjh_config_keys", &config_keys,
        "The zjh config keys: a JSON list of {key, rule, kind, allowed, help, default}");
  m.attr("ZJH_DEFAULT_CHUNK_DEALS") = zjh::DEFAULT_CHUNK_DEALS;
  m.def("zjh_hands", &hands, "The 22,100 hands, cards increasing, in the order zjh_check_ranks reads ranks");
  m.def("zjh_check_ranks", &check_ranks, py::arg("game"), py::arg("ranks"), "The ranking check's JSON text");
  m.def("zjh_rate", &our_rate, py::arg("game"), "cardsim's evaluator's hands/s on zjh_hands() in order");
}

}  // namespace cardsim::python
