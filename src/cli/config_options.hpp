// The game config on the command line, shared by the subcommands that play
// blackjack: --config FILE plus one flag per config key (io::config_keys()),
// flags overriding the file; and --shard I/N, shared by sim, compare and sweep.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/io/config.hpp"

namespace cardsim::cli {

struct ConfigOptions {
  std::string config_file;
  std::map<std::string, std::string> flags;  // config key -> flag text, for the flags given
};

// Adds --config and a flag per config key to `command`; values land in `options`.
void add_config_options(CLI::App& command, const std::shared_ptr<ConfigOptions>& options);

// Adds --shard I/N (validated by run::parse_shard) to `command`, into `shard`.
void add_shard_option(CLI::App& command, std::string& shard);

// The config file (if any) with the flags on top, validated.
io::SimConfig resolve_config(const ConfigOptions& options);

// The same before validation: the file's JSON object with the flags' values set.
nlohmann::json config_json(const ConfigOptions& options);

// The strategy chart the config names (files relative to the config's folder
// are found too).
blackjack::StrategyChart resolve_strategy(const ConfigOptions& options, const io::SimConfig& config);

// The counting setup the config names (count and index files found as charts
// are); disabled when the config's count is "none".
blackjack::Counting resolve_counting(const ConfigOptions& options, const io::SimConfig& config);

}  // namespace cardsim::cli
