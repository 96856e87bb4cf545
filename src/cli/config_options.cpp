#include "config_options.hpp"

#include <cmath>
#include <filesystem>
#include <utility>

#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/run/shard.hpp"
#include "commands.hpp"

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
      ->check(error_check([](const std::string& text) { run::parse_shard(text); }));
}

void add_target_se_option(CLI::App& command, double& target_se, const std::string& help) {
  command.add_option("--target-se", target_se, help)
      ->type_name("SE")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            const nlohmann::json value = io::flag_value_to_json(text);
            if (value.is_number() && value.get<double>() > 0 && std::isfinite(value.get<double>())) return {};
            return "'" + excerpt(text) +
                   "' is not a standard error; expected a number > 0 per initial wager, such as 0.0005";
          },
          ""));
}

std::uint64_t count_value(const std::string& text, const std::string& what, bool zero_allowed) {
  if (zero_allowed && text == "0") return 0;
  return io::parse_count(text, what);
}

CLI::Validator error_check(std::function<void(const std::string&)> check) {
  return CLI::Validator(
      [check = std::move(check)](std::string& text) -> std::string {
        try {
          check(text);
        } catch (const Error& e) {
          return e.what();
        }
        return {};
      },
      "");  // no description: the type name says what is expected
}

CLI::Validator count_check(const std::string& what, bool zero_allowed) {
  return error_check([what, zero_allowed](const std::string& text) {
    try {
      count_value(text, what, zero_allowed);
    } catch (const Error& e) {
      // CLI11 puts the flag's name before the message: not twice.
      const std::string message = e.what();
      throw Error(message.starts_with(what + ": ") ? message.substr(what.size() + 2) : message);
    }
  });
}

CLI::Validator seed_check() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (io::flag_value_to_json(text).is_number_unsigned() &&
            text.find_first_not_of("0123456789") == std::string::npos) {
          return {};
        }
        return "'" + excerpt(text) +
               "' is not a seed; expected a whole number 0..18446744073709551615 (2^64-1) in "
               "decimal digits";
      },
      "");
}

io::SimConfig resolve_config(const ConfigOptions& options) {
  std::set<std::string> flag_keys;
  for (const auto& entry : options.flags) flag_keys.insert(entry.first);
  return config_from_json(config_json(options), flag_keys);
}

io::SimConfig resolve_counting_config(const ConfigOptions& options, const std::string& command, std::uint64_t rounds,
                                      std::uint64_t chunk_rounds) {
  const nlohmann::json given = config_json(options);
  io::SimConfig config = resolve_config(options);
  if (!config.counting.enabled()) {
    throw Error("cardsim " + command +
                " needs a count: --count hi-lo (or any count in the data folder's counts/, or "
                "a count file), or a config with \"count\"");
  }
  if (!given.contains("rounds")) config.rounds = rounds;
  if (!given.contains("chunk_rounds")) config.chunk_rounds = chunk_rounds;
  return config;
}

io::SimConfig config_from_json(const nlohmann::json& j, const std::set<std::string>& flag_keys) {
  return flag_errors_as_usage(flag_keys, [&] { return io::sim_config_from_json(j); });
}

nlohmann::json config_json(const ConfigOptions& options) {
  nlohmann::json j = nlohmann::json::object();
  if (!options.config_file.empty()) {
    j = io::parse_json_object(io::read_file(options.config_file), "config '" + options.config_file + "'");
  }
  for (const auto& [key, text] : options.flags) j[key] = io::flag_value_to_json(text);
  return j;
}

namespace {
// The folder of --config, where a config's relative file names are looked up too.
std::string config_folder(const ConfigOptions& options) {
  return options.config_file.empty() ? "" : std::filesystem::path(options.config_file).parent_path().string();
}
}  // namespace

blackjack::StrategyChart resolve_strategy(const ConfigOptions& options, const io::SimConfig& config) {
  return io::load_strategy(config.strategy, config.rules, config_folder(options));
}

blackjack::Counting resolve_counting(const ConfigOptions& options, const io::SimConfig& config) {
  return io::load_counting(config, config_folder(options));
}

void add_config_inputs(Outputs& outputs, const ConfigOptions& options, const io::SimConfig& config) {
  const std::string folder = config_folder(options);
  outputs.input("--config", options.config_file);
  outputs.input("--strategy", io::strategy_file(config.strategy, folder));
  for (const std::string& file : io::counting_files(config, folder)) outputs.input("the counting file", file);
}

}  // namespace cardsim::cli
