// `cardsim merge`: the result of a run from the results of its shards
// (`cardsim sim --shard i/N`), identical to the single-process result except
// its "performance" object.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/shard.hpp"
#include "commands.hpp"

namespace cardsim::cli {
namespace {

struct MergeOptions {
  std::vector<std::string> shards;
  std::string out;
  bool quiet = false;
};

void run_merge(const MergeOptions& options) {
  const bool to_stdout = options.out == "-";
  if (!options.out.empty() && !to_stdout) io::check_writable(options.out);
  std::vector<io::ShardResult> shards;
  shards.reserve(options.shards.size());
  for (const std::string& path : options.shards) shards.push_back(io::shard_result_from_text(io::read_file(path), path));
  const nlohmann::json result = io::merge_shards(shards);
  if (!options.out.empty() && !to_stdout) io::write_file_atomically(options.out, result.dump(2) + "\n");
  if (to_stdout) std::printf("%s\n", result.dump(2).c_str());
  if (!options.quiet) std::fprintf(to_stdout ? stderr : stdout, "%s", io::sim_summary(result).c_str());
}

}  // namespace

void setup_merge(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* merge = app.add_subcommand(
      "merge", "Merge the shard results of one run (cardsim sim --shard i/N) into the run's result");
  merge->add_option("shards", options->shards, "Shard result files, all N shards of the run, in any order")
      ->required()
      ->check(CLI::ExistingFile);
  merge->add_option("-o,--out", options->out, "Write the merged result JSON to FILE ('-': stdout)");
  merge->add_flag("-q,--quiet", options->quiet, "No summary");
  merge->callback([options] { run_merge(*options); });
}

}  // namespace cardsim::cli
