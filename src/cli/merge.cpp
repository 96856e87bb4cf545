// `cardsim merge`: the result of a run from the results of its shards
// (`cardsim sim|compare|sweep|zjh sim --shard i/N`), identical to the single-process
// result except its "performance" object.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/shard.hpp"
#include "commands.hpp"
#include "outputs.hpp"

namespace cardsim::cli {
namespace {

struct MergeOptions {
  std::vector<std::string> shards;
  std::string out;
  std::string csv;
  bool quiet = false;
};

void run_merge(const MergeOptions& options) {
  io::InputRegistry inputs;
  std::vector<io::ShardFile> files;
  files.reserve(options.shards.size());
  for (const std::string& path : options.shards) files.push_back({path, inputs.read("shard", path).bytes});
  Outputs outputs("merge", inputs);
  outputs.output("--out", options.out, /*result=*/true);
  outputs.output("--csv", options.csv);
  outputs.check();
  const io::MergedOutput merged = io::merge_shard_files(files);
  const bool paired = merged.command == "compare" || merged.command == "sweep";
  if (!options.csv.empty() && !paired) {
    throw Error("--csv is for the shards of compare and sweep; a " + merged.command + " result has no CSV");
  }
  const std::string result_text = merged.result.dump(2) + "\n";
  outputs.write("--out", result_text);
  if (paired) outputs.write("--csv", merged.csv);
  if (!options.quiet) std::fputs(merged.summary.c_str(), outputs.summary_stream());
  outputs.finish(result_text);
}

}  // namespace

void setup_merge(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* merge = app.add_subcommand(
      "merge", "Merge the shard results of one run (cardsim sim, compare, sweep or zjh sim --shard i/N) into the run's "
               "result");
  merge->add_option("shards", options->shards, "Shard result files, all N shards of the run, in any order")
      ->required()
      ->check(CLI::ExistingFile);
  merge->add_option("-o,--out", options->out, "Write the merged result JSON to FILE ('-': stdout)");
  merge->add_option("--csv", options->csv,
                    "Write the CSV of a merged compare or sweep result to FILE (as `cardsim compare/sweep --csv`)");
  merge->add_flag("-q,--quiet", options->quiet, "No summary");
  merge->callback([options] { run_merge(*options); });
}

}  // namespace cardsim::cli
