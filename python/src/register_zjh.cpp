// Zha Jin Hua from Python: the exact enumeration and the simulation, with the
// rules resolved as `cardsim zjh` resolves them (the variant, a config file's
// rules, then the rule keys on top) and the CLI's result JSON.
#include <chrono>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/zjh_config.hpp"
#include "cardsim/io/zjh_result.hpp"
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
};

// The game as io resolves it for the CLI too; `players` given or not.
io::ZjhGame resolve(const ZjhSource& source, std::optional<unsigned> players = std::nullopt) {
  io::ZjhGameKeys keys;
  if (!source.path.empty()) {
    keys.config_name = "config " + source.path;
    keys.config = io::parse_json_object(io::read_file(source.path), keys.config_name);
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
  const zjh::Rules rules = resolve(source).rules;
  const auto start = std::chrono::steady_clock::now();
  const zjh::ExactResult result = zjh::exact_heads_up(rules);
  return io::zjh_exact_result_json(result, seconds_since(start)).dump(JSON_INDENT);
}

// `players` absent: the config's, else 2.
py::tuple sim(const ZjhSource& source, std::optional<unsigned> players, const std::string& deals, std::uint64_t seed,
              std::uint64_t chunk_deals, unsigned threads, const py::object& progress) {
  Watched watched;
  return run_watched(watched.control, watched.total, progress, [&]() -> std::string {
    const io::ZjhGame game = resolve(source, players);
    zjh::SimConfig config;
    config.rules = game.rules;
    config.players = game.players.value_or(config.players);
    config.deals = io::parse_count(deals, "deals");
    config.seed = seed;
    config.chunk_deals = chunk_deals;
    zjh::validate(config);
    const unsigned used = run::resolve_threads(threads);
    watched.total = config.deals;
    const auto start = std::chrono::steady_clock::now();
    const run::RunOutcome<zjh::SimTally> outcome = zjh::run_sim(config, used, watched.control);
    if (outcome.tally.deals == 0) return {};
    const io::ZjhRunInfo info{.threads = used,
                              .complete = outcome.complete,
                              .completed_chunks = outcome.completed_chunks.size(),
                              .elapsed_seconds = seconds_since(start)};
    return io::zjh_sim_result_json(config, outcome.tally, info).dump(JSON_INDENT);
  });
}

}  // namespace

void register_zjh(py::module_& m) {
  py::class_<ZjhSource>(m, "ZjhSource", "A Zha Jin Hua game: config path or text, variant and rule keys")
      .def(py::init<std::string, std::string, std::string, std::string>(), py::arg("path"), py::arg("text"),
           py::arg("variant"), py::arg("rules"));
  m.def("zjh_exact", &exact, py::arg("game"), "The exact enumeration's result JSON text");
  m.def("zjh_sim", &sim, py::arg("game"), py::arg("players"), py::arg("deals"), py::arg("seed"), py::arg("chunk_deals"),
        py::arg("threads"), py::arg("progress"), "Simulates; returns as sim()");
  m.def("zjh_config_keys", &config_keys,
        "The zjh config keys: a JSON list of {key, rule, kind, allowed, help, default}");
  m.attr("ZJH_DEFAULT_CHUNK_DEALS") = zjh::DEFAULT_CHUNK_DEALS;
}

}  // namespace cardsim::python
