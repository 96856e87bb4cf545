#include "config_options.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>
#include <utility>

#include <nlohmann/json.hpp>

#include "cardsim/app/sim_job.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "cardsim/run/runner.hpp"
#include "cardsim/run/shard.hpp"
#include "commands.hpp"

namespace cardsim::cli {

namespace {

// The group of a config key (ConfigKeyGroup) and its --help group.
ConfigKeyGroup key_group(const std::string& key) {
  static const std::set<std::string> counting{"count",    "true_count_decks", "true_count_rounding",
                                              "bet_ramp", "wong_in",          "wong_out",
                                              "indices",  "bankroll_units",   "rounds_per_hour"};
  if (key == "strategy") return STRATEGY_KEYS;
  if (key == "side_bets") return SIDE_BET_KEYS;
  if (key == "seed") return SEED_KEY;
  if (key == "rounds" || key == "chunk_rounds") return ROUNDS_KEYS;
  if (key == "control_variate") return CONTROL_KEY;
  if (counting.contains(key)) return COUNTING_KEYS;
  return RULE_KEYS;
}

std::string help_group(ConfigKeyGroup group) {
  switch (group) {
    case STRATEGY_KEYS:
    case SIDE_BET_KEYS: return "Strategy";
    case COUNTING_KEYS: return "Counting";
    case SEED_KEY:
    case ROUNDS_KEYS:
    case CONTROL_KEY: return "Run";
    default: return "Rules";
  }
}

// A config key's value name in --help: N, X, TEXT, [BOOL] (a flag alone is true).
std::string value_name(const io::ConfigKey& key) {
  if (key.kind == "boolean") return "[BOOL]";
  if (key.kind == "integer" || key.kind == "count") return "N";
  if (key.kind == "number") return "X";
  return "TEXT";
}

}  // namespace

CLI::Validator config_file_check(const std::string& subfolder) {
  return CLI::Validator(
      [subfolder](std::string& text) -> std::string {
        try {
          text = io::config_path(text, subfolder);
        } catch (const Error& e) {
          return e.what();
        }
        return {};
      },
      "");  // no description: the type name says what is expected
}

void add_config_options(CLI::App& command, const std::shared_ptr<ConfigOptions>& options, unsigned keys,
                        const io::SimConfig& defaults) {
  command
      .add_option("-c,--config", options->config_file,
                  "Config file (JSON), or the name of a rule set of the data folder (6d-h17-das); flags override "
                  "its keys")
      ->type_name("FILE|NAME")
      ->transform(config_file_check());
  const nlohmann::json shown = io::to_json(defaults, /*every_key=*/true);
  for (const io::ConfigKey& key : io::config_keys()) {
    if (key.key == "name" || key.key == "description" || (key_group(key.key) & keys) == 0) continue;
    const std::string flag = "--" + io::config_flag(key.key);
    const std::string help = key.help + "; " + key.allowed + " (default " + shown.at(key.key).dump() + ")";
    if (key.kind == "list") {  // the flag once per item; the items as a JSON array (config_json)
      command
          .add_option_function<std::vector<std::string>>(
              flag,
              [options, name = key.key](const std::vector<std::string>& items) {
                options->flags[name] = nlohmann::json(items).dump();
              },
              help + "; repeat the flag for more")
          ->expected(1)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
          ->type_name("NAME|FILE")
          ->group(help_group(key_group(key.key)));
      continue;
    }
    auto* option = command.add_option_function<std::string>(
        flag, [options, name = key.key](const std::string& text) { options->flags[name] = text; }, help);
    if (key.kind == "boolean") option->expected(0, 1);
    option->type_name(value_name(key))->group(help_group(key_group(key.key)));
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

void add_checkpoint_options(CLI::App& command, std::string& checkpoint, std::string& every, std::string& resume) {
  command
      .add_option("--checkpoint", checkpoint,
                  "Save the finished chunks to FILE at intervals and when stopped (resume with --resume FILE)")
      ->type_name("FILE");
  command.add_option("--checkpoint-every", every, "Interval between checkpoints: seconds, or a number with s, m or h")
      ->type_name("DURATION")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return app::parse_duration(text) > 0 ? "" : "'" + text + "' is not a duration such as 60s, 5m, 1h";
          },
          "DURATION"));
  command
      .add_option("--resume", resume,
                  "Continue the run saved in checkpoint FILE (its config and shard); checkpoints go on to FILE "
                  "unless --checkpoint says otherwise")
      ->type_name("FILE")
      ->check(CLI::ExistingFile);
}

void add_threads_option(CLI::App& command, unsigned& threads) {
  command.add_option("-t,--threads", threads, "Threads (0: all cores)")
      ->capture_default_str()
      ->check(CLI::Range(0u, run::MAX_THREADS));
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

io::SimConfig resolve_config(const ConfigOptions& options, io::InputRegistry& inputs) {
  std::set<std::string> flag_keys;
  for (const auto& entry : options.flags) flag_keys.insert(entry.first);
  return config_from_json(config_json(options, inputs), flag_keys);
}

io::SimConfig resolve_counting_config(const ConfigOptions& options, io::InputRegistry& inputs,
                                      const std::string& command, std::uint64_t rounds, std::uint64_t chunk_rounds) {
  const nlohmann::json given = config_json(options, inputs);
  io::SimConfig config = resolve_config(options, inputs);
  if (!config.counting.enabled()) {
    throw Error("cardsim " + command +
                " needs a count: --count hi-lo (or any count in the data folder's counts/, or "
                "a count file), or a config with \"count\"");
  }
  if (!config.side_bets.empty()) {
    throw Error("cardsim " + command + " plays no side bets: side bets (side_bets, --side-bet) are for `cardsim sim`");
  }
  if (!given.contains("rounds")) config.rounds = rounds;
  if (!given.contains("chunk_rounds")) config.chunk_rounds = chunk_rounds;
  return config;
}

io::SimConfig config_from_json(const nlohmann::json& j, const std::set<std::string>& flag_keys) {
  return flag_errors_as_usage(flag_keys, [&] { return io::sim_config_from_json(j); });
}

nlohmann::json config_json(const ConfigOptions& options, io::InputRegistry& inputs) {
  nlohmann::json j = nlohmann::json::object();
  if (!options.config_file.empty()) {
    j = io::parse_json_object(inputs.read("--config", options.config_file).bytes,
                              "config '" + options.config_file + "'");
  }
  for (const auto& [key, text] : options.flags) {
    // (a structured binding is not captured: clang 14 refuses it)
    const bool list = std::any_of(io::config_keys().begin(), io::config_keys().end(),
                                  [&name = key](const io::ConfigKey& k) { return k.key == name && k.kind == "list"; });
    j[key] = list ? nlohmann::json::parse(text) : io::flag_value_to_json(text);
  }
  return j;
}

std::string naming_folder(const ConfigOptions& options, const std::string& key) {
  if (options.config_file.empty() || options.flags.contains(key)) return "";
  const std::string folder = std::filesystem::path(options.config_file).parent_path().string();
  return folder.empty() ? "." : folder;
}

blackjack::StrategyChart resolve_strategy(const ConfigOptions& options, const io::SimConfig& config,
                                          io::InputRegistry& inputs) {
  return io::load_strategy(config.strategy, config.rules, inputs, naming_folder(options, "strategy"));
}

blackjack::Counting resolve_counting(const ConfigOptions& options, const io::SimConfig& config,
                                     io::InputRegistry& inputs) {
  return io::load_counting(config, inputs, naming_folder(options, "count"), naming_folder(options, "indices"));
}

void warn_side_bet_decks(const std::vector<io::PlayedSideBet>& side_bets, const io::SimConfig& config) {
  for (const io::PlayedSideBet& bet : side_bets) {
    if (const std::string note = io::pays_for_decks_note(bet.file, config.rules.decks); !note.empty()) {
      std::fprintf(stderr, "warning: %s\n", note.c_str());
    }
  }
}

void read_config_files(const ConfigOptions& options, const io::SimConfig& config, io::InputRegistry& inputs) {
  if (const std::string chart = io::strategy_file(config.strategy, naming_folder(options, "strategy"));
      !chart.empty()) {
    inputs.read("strategy chart", chart, config.strategy);
  }
  (void)io::load_counting(config, inputs, naming_folder(options, "count"), naming_folder(options, "indices"));
  (void)io::load_side_bets(config.side_bets, inputs, naming_folder(options, "side_bets"));
}

}  // namespace cardsim::cli
