#include "config_options.hpp"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/run/shard.hpp"

namespace cardsim::cli {

void add_config_options(CLI::App& command, const std::shared_ptr<ConfigOptions>& options) {
  command.add_option("-c,--config", options->config_file, "Config file (JSON); flags override its keys")
      ->check(CLI::ExistingFile);
  const nlohmann::json defaults = io::to_json(io::SimConfig{}, /*every_key=*/true);
  for (const io::ConfigKey& key : io::config_keys()) {
    if (key.key == "name" || key.key == "description") continue;
    std::string flag = "--" + key.key;
    for (char& c : flag) c = c == '_' ? '-' : c;
    auto* option = command.add_option_function<std::string>(
        flag, [options, name = key.key](const std::string& text) { options->flags[name] = text; },
        key.help + "; " + key.allowed + " (default " + defaults.at(key.key).dump() + ")");
    if (key.kind == "boolean") option->expected(0, 1);
    option->type_name(key.kind == "boolean" ? "[BOOL]" : "VALUE");
  }
}

void add_shard_option(CLI::App& command, std::string& shard) {
  command
      .add_option("--shard", shard,
                  "Play only shard I of N (0 <= I < N; chunk c belongs to shard c mod N) and write a shard result "
                  "for `cardsim merge`")
      ->type_name("I/N")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            try {
              run::parse_shard(text);
            } catch (const Error& e) {
              return e.what();
            }
            return {};
          },
          ""));  // no description: the type name says I/N
}

io::SimConfig resolve_config(const ConfigOptions& options) { return io::sim_config_from_json(config_json(options)); }

nlohmann::json config_json(const ConfigOptions& options) {
  nlohmann::json j = nlohmann::json::object();
  if (!options.config_file.empty()) {
    try {
      j = nlohmann::json::parse(io::read_file(options.config_file));
    } catch (const nlohmann::json::parse_error& e) {
      throw Error("config '" + options.config_file + "' is not valid JSON: " + e.what());
    }
  }
  for (const auto& [key, text] : options.flags) j[key] = io::flag_value_to_json(text);
  return j;
}

blackjack::StrategyChart resolve_strategy(const ConfigOptions& options, const io::SimConfig& config) {
  const std::string folder =
      options.config_file.empty() ? "" : std::filesystem::path(options.config_file).parent_path().string();
  return io::load_strategy(config.strategy, config.rules, folder);
}

blackjack::Counting resolve_counting(const ConfigOptions& options, const io::SimConfig& config) {
  const std::string folder =
      options.config_file.empty() ? "" : std::filesystem::path(options.config_file).parent_path().string();
  return io::load_counting(config, folder);
}

}  // namespace cardsim::cli
