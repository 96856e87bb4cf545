// The game config on the command line, shared by the subcommands that play
// blackjack: --config FILE plus one flag per config key (io::config_keys()),
// flags overriding the file; and --shard I/N, shared by sim, compare and sweep.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/io/result.hpp"
#include "commands.hpp"
#include "outputs.hpp"

namespace cardsim::cli {

struct ConfigOptions {
  std::string config_file;
  std::map<std::string, std::string> flags;  // config key -> flag text, for the flags given
};

// The groups of config keys, as a command takes them as flags and --help
// lists them (a bit mask).
enum ConfigKeyGroup : unsigned {
  RULE_KEYS = 1,      // the rules and the table ("Rules")
  STRATEGY_KEYS = 2,  // strategy ("Strategy")
  SIDE_BET_KEYS = 4,  // side_bets ("Strategy")
  COUNTING_KEYS = 8,  // count, bet_ramp, indices, wong_in... ("Counting")
  SEED_KEY = 16,      // seed ("Run")
  ROUNDS_KEYS = 32,   // rounds, chunk_rounds ("Run")
  CONTROL_KEY = 64,   // control_variate ("Run")
  ALL_KEYS = 127,
};

// Adds --config (a file, or a rule set of the data folder by name) and a flag
// per config key of the groups `keys` to `command`, each in its help group;
// values land in `options`. A config file may hold every key. The help shows
// each key's default from `defaults` (a command with defaults of its own, such
// as ramp's rounds, passes them).
void add_config_options(CLI::App& command, const std::shared_ptr<ConfigOptions>& options, unsigned keys = ALL_KEYS,
                        const io::SimConfig& defaults = io::SimConfig{});

// A check of a config file argument that also takes the name of a file in
// `subfolder` of the data folder and puts its path in its place
// (io::config_path, which the Python calls use too).
CLI::Validator config_file_check(const std::string& subfolder = "");

// Adds --shard I/N (validated by run::parse_shard) to `command`, into `shard`.
void add_shard_option(CLI::App& command, std::string& shard);
// --checkpoint FILE, --checkpoint-every DURATION and --resume FILE (sim, zjh sim).
void add_checkpoint_options(CLI::App& command, std::string& checkpoint, std::string& every, std::string& resume);

// Adds -t/--threads N (0: all cores; at most run::MAX_THREADS, shown as 0..1024) to `command`.
void add_threads_option(CLI::App& command, unsigned& threads);

// Adds --target-se X (a standard error > 0 per initial wager) to `command`.
void add_target_se_option(CLI::App& command, double& target_se, const std::string& help);

// A check of a flag's text: it passes when `check(text)` throws no Error, and
// fails with the Error's message (CLI11 puts the flag's name before it).
CLI::Validator error_check(std::function<void(const std::string&)> check);

// A check of a count flag's text (io::parse_count's grammar: 1000000,
// 1_000_000, 1e9, 2.5M, 100k), naming `what`; with `zero_allowed` also "0".
CLI::Validator count_check(const std::string& what, bool zero_allowed = false);

// A count flag's value: io::parse_count(text), or 0 for "0" when the flag
// allows it (count_check checked the text at parse time).
std::uint64_t count_value(const std::string& text, const std::string& what, bool zero_allowed = false);

// A check of a seed flag's text: a whole number 0..2^64-1 in decimal digits
// (CLI11 alone would wrap "-1" to 2^64-1).
CLI::Validator seed_check();

// The config file (if any, read through `inputs`) with the flags on top,
// validated. A bad value of a flag is a usage error (UsageError, exit 2), of
// the file an Error (exit 1).
io::SimConfig resolve_config(const ConfigOptions& options, io::InputRegistry& inputs);

// Validates a config object as io::sim_config_from_json; a bad value of one of
// `flag_keys` (keys given on the command line) throws UsageError.
io::SimConfig config_from_json(const nlohmann::json& j, const std::set<std::string>& flag_keys);

// Calls make() and returns what it does; a BadConfigValue of one of
// `flag_keys` (keys given on the command line) becomes a UsageError.
template <class Make>
auto flag_errors_as_usage(const std::set<std::string>& flag_keys, Make make) -> decltype(make()) {
  try {
    return make();
  } catch (const io::BadConfigValue& e) {
    if (flag_keys.contains(e.key)) throw UsageError(e.what());
    throw;
  }
}

// The same before validation: the file's JSON object with the flags' values set.
nlohmann::json config_json(const ConfigOptions& options, io::InputRegistry& inputs);

// resolve_config() for a command that needs a count (indices, ramp): an Error
// naming `command` without one; `rounds` and `chunk_rounds` the command's own
// defaults unless the file or a flag gives them.
io::SimConfig resolve_counting_config(const ConfigOptions& options, io::InputRegistry& inputs,
                                      const std::string& command, std::uint64_t rounds, std::uint64_t chunk_rounds);

// The folder a relative file name of config key `key` is found from: the
// working folder ("") for a key given as a flag, else the folder of --config.
std::string naming_folder(const ConfigOptions& options, const std::string& key);

// The strategy chart the config names (a relative path from naming_folder()).
blackjack::StrategyChart resolve_strategy(const ConfigOptions& options, const io::SimConfig& config,
                                          io::InputRegistry& inputs);

// The counting setup the config names (count and index files found as charts
// are); disabled when the config's count is "none".
blackjack::Counting resolve_counting(const ConfigOptions& options, const io::SimConfig& config,
                                     io::InputRegistry& inputs);

// A warning on stderr for each side bet of `side_bets` whose pays were
// published for another number of decks than the config's (the result JSON
// says it too).
void warn_side_bet_decks(const std::vector<io::PlayedSideBet>& side_bets, const io::SimConfig& config);

// Reads every file `config` names (chart, count, index list, side bets)
// through `inputs`, so that no output can be one of them, even those the
// command does not play (an analysis of a config with side bets).
void read_config_files(const ConfigOptions& options, const io::SimConfig& config, io::InputRegistry& inputs);

}  // namespace cardsim::cli
