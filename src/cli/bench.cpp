// `cardsim bench`: cardsim's speed on this machine as ratios to the dealing
// limit, and an outside evaluator checked and timed beside cardsim's
// (app/bench.hpp does the work; this file translates flags and prints).
#include "cardsim/app/bench.hpp"

#include <atomic>
#include <cstdio>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"
#include "commands.hpp"
#include "outputs.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

struct BenchOptions {
  app::BenchRequest request;
  std::string out;
  std::string baseline;
  bool quiet = false;
};

// Progress on stderr when it is a terminal: one line redrawn.
class BenchProgress {
 public:
  explicit BenchProgress(bool enabled) : enabled_(enabled) {}
  ~BenchProgress() { clear(); }
  BenchProgress(const BenchProgress&) = delete;
  BenchProgress& operator=(const BenchProgress&) = delete;

  void show(const std::string& text) {
    if (!enabled_) return;
    std::fprintf(stderr, "\r\033[K%s", text.c_str());
    std::fflush(stderr);
    shown_ = true;
  }
  void clear() {
    if (!shown_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    shown_ = false;
  }

 private:
  bool enabled_;
  bool shown_ = false;
};

void run_bench(BenchOptions& options) {
  io::InputRegistry inputs;
  nlohmann::json baseline;
  if (!options.baseline.empty()) {
    const std::string& text = inputs.read("baseline", options.baseline).bytes;
    baseline = io::parse_json_object(text, "--baseline '" + options.baseline + "'");
    app::check_baseline(baseline);
  }
  if (!options.request.evaluator.empty()) inputs.read("evaluator", options.request.evaluator);
  Outputs outputs("bench", inputs);
  outputs.output("--out", options.out, true);
  outputs.check();
  std::FILE* summary = outputs.summary_stream();

  std::atomic<bool> stop{false};
  const StopOnSignal stop_on_signal(stop);
  BenchProgress progress(!options.quiet && ProgressBar::stderr_is_terminal());
  app::BenchRequest& request = options.request;
  request.stop = &stop;
  request.progress = [&](const std::string& name, unsigned repetition, double) {
    progress.show("bench: " + name + " " + std::to_string(repetition) + "/" + std::to_string(request.repetitions));
  };
  request.evaluator_progress = [&](const std::string& phase) { progress.show("evaluator: " + phase); };
  nlohmann::json result = app::run_bench_job(request);
  progress.clear();
  result["inputs"] = io::inputs_identity_json(inputs.files());
  const nlohmann::json evaluator = result.value("evaluator", nlohmann::json());
  const std::string text = result.dump(2) + "\n";
  outputs.write("--out", text);
  if (!options.quiet || summary == stderr) {
    std::fputs(app::bench_summary(result).c_str(), summary);
    if (!baseline.is_null()) {
      for (const std::string& line : app::baseline_lines(result, baseline)) std::fprintf(summary, "%s\n", line.c_str());
    }
  }
  const bool failed =
      evaluator.is_object() && !evaluator.value("interrupted", false) && !evaluator.at("passed").get<bool>();
  outputs.finish(text, result.at("interrupted").get<bool>() ? "bench interrupted" : "");
  if (failed) throw Error("the evaluator " + options.request.evaluator + " failed its check (see above)");
}

}  // namespace

void setup_bench(CLI::App& app) {
  auto options = std::make_shared<BenchOptions>();
  CLI::App* command = app.add_subcommand(
      "bench", "Time cardsim on this machine (ratios to the dealing limit); check and time your own evaluator");
  std::string cases;
  for (const app::BenchCase& c : app::bench_cases()) cases += "\n  " + c.name + ": " + c.what;
  command->footer("Cases (in this order):" + cases +
                  "\nEach figure: the median [min .. max] of the repetitions, and its ratio to the dealing limit "
                  "measured in the same run. docs/bench.md says more, and how to write an evaluator plugin.");
  command->add_option("--filter", options->request.filter, "Run the cases whose name matches REGEX (ECMAScript)")
      ->type_name("REGEX");
  command->add_option("--repetitions", options->request.repetitions, "Repetitions of each case")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  command->add_option("--min-time", options->request.min_time, "Seconds a repetition lasts at least")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 3600.0));
  command->add_option("--threads", options->request.threads, "Threads of the all-threads cases (0: every core)")
      ->capture_default_str();
  command->add_option("-o,--out", options->out, "Write the result JSON to FILE ('-': stdout)");
  command->add_option("--baseline", options->baseline, "A saved bench result: print each ratio's change against it")
      ->check(CLI::ExistingFile);
  command
      ->add_option("--evaluator", options->request.evaluator,
                   "Your evaluator, a shared library (cardsim/evaluator_plugin.h): checked on every hand, then "
                   "timed beside cardsim's")
      ->type_name("LIB");
  command->add_flag("--time-anyway", options->request.time_anyway, "Time the evaluator even if its check fails");
  command->add_option("--timeout", options->request.timeout, "Seconds the evaluator's check and timing may take")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  command->add_flag("-q,--quiet", options->quiet, "No progress and no summary");
  command->callback([options] { run_bench(*options); });
}

}  // namespace cardsim::cli
