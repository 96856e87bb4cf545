// The bench job: cardsim's speed on this machine (`cardsim bench`,
// cardsim.bench), and an outside evaluator checked and timed beside cardsim's
// (--evaluator, evaluator_plugin.h).
//
// Every case is timed in `repetitions` repetitions of at least `min_time`
// seconds each; its figure is the median rate (with the min and max), and its
// ratio is that rate over the rate of the reference case "dealing" measured in
// the same run: a bare loop dealing the standard game's shoe (6 decks, cut card
// at 75%, one burn card) 5.4 cards a round with the engine's generator. Rates
// differ between machines; ratios to the dealing limit much less, so they are
// what to compare between machines, compilers and versions.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/app/settings.hpp"
#include "cardsim/zjh/evaluator_check.hpp"

namespace cardsim::app {

// One case of the suite.
struct BenchCase {
  std::string name;  // "dealing", "round/plain/1-thread", ...
  std::string unit;  // what the rate counts: "rounds", "hands", "deals", "analyses"
  std::string what;  // one line for humans
};

// The suite, in the order it runs (the reference first).
const std::vector<BenchCase>& bench_cases();

struct BenchRequest {
  std::string filter;  // an ECMAScript regex searched in case names; empty: every case
  unsigned repetitions = 5;
  double min_time = 0.2;  // seconds per repetition
  unsigned threads = 0;   // the all-threads cases' threads; 0: every hardware thread
  // Called after each repetition (case name, repetition number from 1, its
  // rate) and before each case ("" as the rate's case: starting).
  std::function<void(const std::string& name, unsigned repetition, double rate)> progress;
  // Set (by a signal): the case in progress ends after its repetition, and
  // the result holds the cases measured (`interrupted`: true).
  const std::atomic<bool>* stop = nullptr;
  SettingNames names = CLI_SETTINGS;  // the front end's names, in errors
  // An outside evaluator to check and time first ("": none), as
  // EvaluatorRequest says (its repetitions and min_time are the suite's).
  std::string evaluator;
  bool time_anyway = false;
  double timeout = 600;
  std::function<void(const std::string& phase)> evaluator_progress;
};

// The machine the run is on: {"cpu", "cores", "compiler", "flags",
// "cardsim_version", "git_revision"} (reads /proc/cpuinfo on Linux).
nlohmann::json machine_description();

// Runs the suite: the bench result's "cases" and "interrupted" (the result
// head and machine are the caller's, see bench_result()). Throws
// cardsim::Error for a filter that is no regex or matches no case, or
// repetitions or min_time out of range.
nlohmann::json run_bench(const BenchRequest& request);

// The bench job, as every front end runs it: the evaluator (if given), then
// the suite unless stopped meanwhile; the whole result (bench_result), its
// "interrupted" true when either was stopped.
nlohmann::json run_bench_job(const BenchRequest& request);

// The whole bench result: {"schema_version", "command": "bench", "tool",
// "machine", "settings", "reference", "cases", "interrupted"} and the
// evaluator's block when given.
nlohmann::json bench_result(const BenchRequest& request, const nlohmann::json& cases_and_interrupted,
                            const nlohmann::json& evaluator);

// Throws cardsim::Error naming the field unless `baseline` is a bench result
// whose cases each have a name and a positive ratio (read back: untrusted).
void check_baseline(const nlohmann::json& baseline);

// --baseline: one line per case found in both runs, its ratio to the dealing
// limit now and then and the change ("round/plain/1-thread  0.412 -> 0.431
// (+4.6%)"), after check_baseline().
std::vector<std::string> baseline_lines(const nlohmann::json& result, const nlohmann::json& baseline);

// The text summary of a bench result (the header, then one line per case).
std::string bench_summary(const nlohmann::json& result);

// ---- An outside evaluator (evaluator_plugin.h) ----

struct EvaluatorRequest {
  std::string path;          // the plugin (a shared library)
  bool time_anyway = false;  // time it even if its check fails
  double timeout = 600;      // seconds for the child process's check and timing
  unsigned repetitions = 5;  // of each timing
  double min_time = 0.2;     // seconds a timing repetition
  // Called with each phase as it starts ("checking zjh_rank: 22,100 hands").
  std::function<void(const std::string& phase)> progress;
  const std::atomic<bool>* stop = nullptr;
  SettingNames names = CLI_SETTINGS;
};

// Loads the plugin in a child process, checks each entry point it gives
// exhaustively, then (if they pass, or time_anyway) times it beside cardsim's
// evaluator on the same cards. Returns the "evaluator" block of the bench
// result: {"path", "name", "abi_version", "rules", "checks": [...],
// "timings": [...], "passed"}. Throws cardsim::Error in one line for a plugin
// that cannot be loaded, lacks the symbol, has another ABI version, gives no
// entry point, crashes, hangs past the timeout or returns values out of range.
nlohmann::json run_evaluator(const EvaluatorRequest& request);

// A ranking or comparator check as the evaluator block's "checks" list
// holds it ("entry": "zjh_rank" or "zjh_compare").
nlohmann::json zjh_check_json(const std::string& entry, const zjh::EvaluatorCheck& check);

// Cardsim's evaluator's rate (hands/s, the median of 3 repetitions of 0.2 s)
// on the 22,100 hands in order, as the evaluator timings measure it.
double zjh_sequential_rate(const zjh::Rules& rules);

// The text lines of an evaluator block (the checks' verdicts and witnesses,
// the timings and ratios).
std::vector<std::string> evaluator_summary(const nlohmann::json& evaluator);

}  // namespace cardsim::app
