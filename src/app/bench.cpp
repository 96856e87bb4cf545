// The bench job's suite (app/bench.hpp): each case a workload built once and
// a step timed over and over. A hand-written timing loop rather than Google
// Benchmark's runner: the figures are ratios to a reference measured in the
// same run, the run stops between repetitions on a signal and keeps what it
// measured, and the installed program does not depend on libbenchmark.
#include "cardsim/app/bench.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <regex>
#include <thread>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/blackjack/dealing_limit.hpp"
#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/core/rng.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/version.hpp"
#include "cardsim/zjh/evaluator.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"
#include "evaluator_timing.hpp"

#ifndef CARDSIM_CXX_FLAGS
#define CARDSIM_CXX_FLAGS ""
#endif

namespace cardsim::app {
namespace {

using json = nlohmann::json;

constexpr std::uint64_t BENCH_SEED = 2024;

// A case's work: step() does some units of work and returns how many.
using Step = std::function<std::uint64_t()>;

// A hand of three blackjack cards (values 1..10) from a fixed seed.
std::vector<std::array<int, 3>> blackjack_hands(std::size_t n) {
  core::Rng rng = core::chunk_rng(BENCH_SEED, core::StreamPurpose::zjh_bench, 2);
  std::vector<std::array<int, 3>> hands(n);
  for (auto& hand : hands) {
    for (int& card : hand) card = std::min(static_cast<int>(core::bounded(rng, 13)) + 1, 10);
  }
  return hands;
}

// The naive hand evaluator a first implementation writes: the cards in a
// vector, summed, one ace counted 11 if that does not bust.
int naive_total(const std::vector<int>& cards) {
  int total = 0;
  bool ace = false;
  for (const int card : cards) {
    total += card;
    ace = ace || card == 1;
  }
  return ace && total + 10 <= 21 ? total + 10 : total;
}

blackjack::Engine standard_engine(bool controlled) {
  const blackjack::Rules rules;
  return blackjack::make_engine(rules, io::load_strategy("basic", rules, ""), {},
                                controlled ? blackjack::ControlVariate::exact : blackjack::ControlVariate::none);
}

unsigned all_threads(const BenchRequest& request) {
  return request.threads != 0 ? request.threads : std::max(1u, std::thread::hardware_concurrency());
}

// The workload of case `name`, built (engines, tables, hands) before timing.
Step make_step(const std::string& name, const BenchRequest& request) {
  if (name == "dealing") {
    auto dealing = std::make_shared<blackjack::DealingLimit>(BENCH_SEED);
    return [dealing] {
      keep(dealing->deal(100'000));
      return std::uint64_t{100'000};
    };
  }
  if (name.starts_with("hand-eval/")) {
    auto hands = std::make_shared<std::vector<std::array<int, 3>>>(blackjack_hands(1 << 16));
    if (name == "hand-eval/table") {
      return [hands] {
        std::uint64_t sum = 0;
        for (const auto& h : *hands) {
          blackjack::HandState s = blackjack::EMPTY_HAND;
          for (const int c : h) s = blackjack::add_card(s, c);
          sum += static_cast<std::uint64_t>(blackjack::best_total(s));
        }
        keep(sum);
        return static_cast<std::uint64_t>(hands->size());
      };
    }
    return [hands] {
      std::uint64_t sum = 0;
      for (const auto& h : *hands) sum += static_cast<std::uint64_t>(naive_total({h[0], h[1], h[2]}));
      keep(sum);
      return static_cast<std::uint64_t>(hands->size());
    };
  }
  if (name.starts_with("round/")) {
    const bool controlled = name.find("/controlled/") != std::string::npos;
    auto engine = std::make_shared<const blackjack::Engine>(standard_engine(controlled));
    if (name.ends_with("/1-thread")) {
      auto rng = std::make_shared<core::Rng>(core::chunk_rng(BENCH_SEED, core::StreamPurpose::blackjack_chunk, 0));
      return [engine, rng] {
        blackjack::Tally tally;
        engine->play_chunk(100'000, *rng, tally);
        keep(tally.table_net);
        return std::uint64_t{100'000};
      };
    }
    const unsigned threads = all_threads(request);
    auto seed = std::make_shared<std::uint64_t>(BENCH_SEED);
    return [engine, threads, seed] {
      const std::uint64_t rounds = std::uint64_t{500'000} * threads;
      const blackjack::Tally tally = blackjack::simulate(*engine, (*seed)++, rounds, 250'000, threads);
      keep(tally.table_net);
      return rounds;
    };
  }
  if (name.starts_with("zjh-eval/")) {
    auto timing = std::make_shared<ZjhTiming>(zjh::Rules{});
    const bool random = name.ends_with("/random");
    return [timing, random] { return random ? timing->ours_random() : timing->ours_sequential(); };
  }
  if (name == "zjh-sim/2-players") {
    auto evaluator = std::make_shared<const zjh::Evaluator>(zjh::Rules{});
    auto chunk = std::make_shared<std::uint64_t>(0);
    return [evaluator, chunk] {
      constexpr std::uint64_t DEALS = 1 << 18;
      zjh::SimTally tally;
      zjh::play_chunk(*evaluator, 2, BENCH_SEED, (*chunk)++, DEALS, tally);
      keep(tally.seat_wins[0]);
      return DEALS;
    };
  }
  if (name == "analysis/6-decks") {
    return [] {
      blackjack::Rules rules;
      rules.surrender = blackjack::Surrender::late;
      blackjack::Analyzer analyzer(rules);
      keep(analyzer.evaluate(analyzer.optimal_chart()).ev);
      return std::uint64_t{1};
    };
  }
  throw Error("internal: no workload for bench case " + name);
}

std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.starts_with("model name")) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        std::string model = line.substr(colon + 1);
        model.erase(0, model.find_first_not_of(' '));
        return model;
      }
    }
  }
  return "unknown";
}

// A number with its SI prefix: "123.4M".
std::string si(double value) {
  const char* prefix = "";
  for (const char* p : {"k", "M", "G"}) {
    if (std::fabs(value) < 1000) break;
    value /= 1000;
    prefix = p;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.4g%s", value, prefix);
  return text;
}

}  // namespace

const std::vector<BenchCase>& bench_cases() {
  static const std::vector<BenchCase> cases = {
      {"dealing", "rounds",
       "the dealing limit: the standard shoe dealt 5.4 cards a round, nothing played (the reference)"},
      {"hand-eval/table", "hands", "blackjack hand totals, three cards, by cardsim's transition table"},
      {"hand-eval/naive", "hands", "blackjack hand totals, three cards, summed from a vector with the ace adjusted"},
      {"round/plain/1-thread", "rounds",
       "the standard game (6 decks S17 DAS, cut card 75%, basic strategy), one thread"},
      {"round/controlled/1-thread", "rounds", "the same rounds with the control variate, one thread"},
      {"round/plain/all-threads", "rounds", "the standard game on every thread (wall clock)"},
      {"round/controlled/all-threads", "rounds", "the controlled standard game on every thread (wall clock)"},
      {"zjh-eval/random", "hands", "Zha Jin Hua hand strengths, 4 Mi random hands (cache misses)"},
      {"zjh-eval/sequential", "hands", "Zha Jin Hua hand strengths, the 22,100 hands in order"},
      {"zjh-sim/2-players", "deals", "Zha Jin Hua deals of 2 players (deal, evaluate, showdown, tally), one thread"},
      {"analysis/6-decks", "analyses",
       "the exact analysis: 6 decks S17 DAS LS, optimal chart and its EV, splits exact"},
  };
  return cases;
}

json machine_description() {
  return {{"cpu", cpu_model()},
          {"cores", std::thread::hardware_concurrency()},
          {"compiler", std::string("GCC ") + __VERSION__},
          {"flags", CARDSIM_CXX_FLAGS},
          {"cardsim_version", VERSION},
          {"git_revision", GIT_REVISION}};
}

json run_bench(const BenchRequest& request) {
  if (request.repetitions < 1 || request.repetitions > 1000) {
    throw Error(request.names(Setting::repetitions) + " must be 1 to 1000, not " + std::to_string(request.repetitions));
  }
  if (!(request.min_time >= 0 && request.min_time <= 3600)) {
    throw Error(request.names(Setting::min_time) + " must be 0 to 3600 seconds, not " +
                std::to_string(request.min_time));
  }
  std::regex filter;
  try {
    filter = std::regex(request.filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw Error(request.names(Setting::filter) + " '" + excerpt(request.filter) + "' is no regular expression (" +
                e.what() + ")");
  }
  std::vector<const BenchCase*> chosen;
  for (const BenchCase& c : bench_cases()) {
    if (request.filter.empty() || std::regex_search(c.name, filter)) chosen.push_back(&c);
  }
  if (chosen.empty()) {
    std::string names;
    for (const BenchCase& c : bench_cases()) names += (names.empty() ? "" : ", ") + c.name;
    throw Error(request.names(Setting::filter) + " '" + excerpt(request.filter) + "' matches no case; the cases are " +
                names);
  }
  // The reference is measured first in every run, whether its case is chosen
  // or not.
  const Step reference = make_step("dealing", request);
  std::vector<double> reference_rates;
  bool interrupted = false;
  auto measure = [&](const std::string& name, const Step& step, std::vector<double>& rates) {
    if (request.progress) request.progress(name, 0, 0);
    for (unsigned r = 1; r <= request.repetitions; ++r) {
      const double rate = timed_rate(step, request.min_time, request.stop);
      if (rate < 0) {
        interrupted = true;
        return;
      }
      rates.push_back(rate);
      if (request.progress) request.progress(name, r, rate);
    }
  };
  measure("dealing", reference, reference_rates);
  json cases = json::array();
  if (reference_rates.empty()) return {{"reference_rate", 0}, {"cases", cases}, {"interrupted", true}};
  // Each case's repetitions done, the one in progress at a stop included.
  std::vector<std::pair<const BenchCase*, std::vector<double>>> measured;
  for (const BenchCase* c : chosen) {
    std::vector<double> rates;
    if (c->name == "dealing") {
      rates = reference_rates;
    } else if (!interrupted) {
      measure(c->name, make_step(c->name, request), rates);
    }
    if (!rates.empty()) measured.emplace_back(c, std::move(rates));
  }
  const double reference_rate = median_of(reference_rates);
  for (const auto& [c, rates] : measured) {
    cases.push_back({{"name", c->name},
                     {"unit", c->unit},
                     {"what", c->what},
                     {"repetitions", rates.size()},
                     {"rate", rates_summary(rates)},
                     {"ratio", rates_summary(rates, 1 / reference_rate)},
                     {"rates", rates}});
  }
  return {{"reference_rate", reference_rate}, {"cases", cases}, {"interrupted", interrupted}};
}

json bench_result(const BenchRequest& request, const json& run, const json& evaluator) {
  json result = {{"schema_version", io::BENCH_SCHEMA_VERSION},
                 {"command", "bench"},
                 {"tool", {{"name", "cardsim"}, {"version", VERSION}, {"git_revision", GIT_REVISION}}},
                 {"machine", machine_description()},
                 {"settings",
                  {{"filter", request.filter},
                   {"repetitions", request.repetitions},
                   {"min_time", request.min_time},
                   {"threads", all_threads(request)}}},
                 {"reference", {{"name", "dealing"}, {"unit", "rounds"}, {"rate", run.at("reference_rate")}}},
                 {"cases", run.at("cases")},
                 {"interrupted", run.at("interrupted")}};
  if (!evaluator.is_null()) result["evaluator"] = evaluator;
  return result;
}

void check_baseline(const json& baseline) {
  auto fail = [](const std::string& what) { throw Error("--baseline: " + what); };
  if (!baseline.is_object() || baseline.value("command", json()) != "bench") {
    fail("not a bench result (its \"command\" is not \"bench\")");
  }
  if (!baseline.contains("cases") || !baseline["cases"].is_array()) fail("no \"cases\" list");
  const json& cases = baseline["cases"];
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const json& c = cases[i];
    const std::string at = "cases[" + std::to_string(i) + "]";
    if (!c.is_object() || !c.contains("name") || !c["name"].is_string()) fail(at + " has no name");
    const json* ratio = c.contains("ratio") && c["ratio"].is_object() && c["ratio"].contains("median")
                            ? &c["ratio"]["median"]
                            : nullptr;
    if (ratio == nullptr || !ratio->is_number() || !(ratio->get<double>() > 0) ||
        !std::isfinite(ratio->get<double>())) {
      fail(at + ".ratio.median is not a positive number");
    }
  }
}

json run_bench_job(const BenchRequest& request) {
  json evaluator;
  if (!request.evaluator.empty()) {
    EvaluatorRequest e;
    e.path = request.evaluator;
    e.time_anyway = request.time_anyway;
    e.timeout = request.timeout;
    e.repetitions = request.repetitions;
    e.min_time = request.min_time;
    e.progress = request.evaluator_progress;
    e.stop = request.stop;
    e.names = request.names;
    evaluator = run_evaluator(e);
  }
  const bool stopped = request.stop != nullptr && request.stop->load();
  json run = {{"reference_rate", 0}, {"cases", json::array()}, {"interrupted", true}};
  if (!stopped) run = run_bench(request);
  json result = bench_result(request, run, evaluator);
  if (evaluator.is_object() && evaluator.value("interrupted", false)) result["interrupted"] = true;
  return result;
}

std::vector<std::string> baseline_lines(const json& result, const json& baseline) {
  check_baseline(baseline);
  const json& machine = baseline.value("machine", json::object());
  const std::string then = machine.is_object() && machine.contains("cpu") && machine["cpu"].is_string()
                               ? machine["cpu"].get<std::string>()
                               : std::string("unknown CPU");
  std::vector<std::string> lines;
  lines.push_back("against the baseline (" + excerpt(then) + "): ratio to the dealing limit then -> now");
  for (const json& now : result.at("cases")) {
    for (const json& old : baseline["cases"]) {
      if (old["name"] != now["name"]) continue;
      const double before = old["ratio"]["median"].get<double>();
      const double after = now["ratio"]["median"].get<double>();
      char line[200];
      std::snprintf(line, sizeof line, "  %-30s %10.4g -> %-10.4g (%+.1f%%)", now["name"].get<std::string>().c_str(),
                    before, after, 100 * (after / before - 1));
      lines.emplace_back(line);
    }
  }
  return lines;
}

std::string bench_summary(const json& result) {
  const json& m = result.at("machine");
  std::string out = "cardsim " + m.at("cardsim_version").get<std::string>() + " bench on " +
                    m.at("cpu").get<std::string>() + " (" + std::to_string(m.at("cores").get<unsigned>()) +
                    " hardware threads), " + m.at("compiler").get<std::string>() + " (" +
                    m.at("flags").get<std::string>() + ")\n";
  const json& s = result.at("settings");
  char line[256];
  std::snprintf(line, sizeof line, "%u repetitions of >= %g s; figures: median [min .. max]\n",
                s.at("repetitions").get<unsigned>(), s.at("min_time").get<double>());
  out += line;
  std::snprintf(line, sizeof line, "%-30s %-40s %s\n", "case", "rate /s [min .. max]", "ratio to dealing");
  out += line;
  for (const json& c : result.at("cases")) {
    const json& rate = c.at("rate");
    const json& ratio = c.at("ratio");
    const std::string rates = si(rate.at("median").get<double>()) + " " + c.at("unit").get<std::string>() + " [" +
                              si(rate.at("min").get<double>()) + " .. " + si(rate.at("max").get<double>()) + "]";
    std::snprintf(line, sizeof line, "%-30s %-40s %.4g\n", c.at("name").get<std::string>().c_str(), rates.c_str(),
                  ratio.at("median").get<double>());
    out += line;
  }
  if (result.at("interrupted").get<bool>()) out += "interrupted: the cases above were measured, the rest not\n";
  if (result.contains("evaluator")) {
    for (const std::string& l : evaluator_summary(result["evaluator"])) out += l + "\n";
  }
  return out;
}

}  // namespace cardsim::app
