// `cardsim zjh`: Zha Jin Hua (炸金花, three-card poker).
//   zjh deal   deal and rank one game
//   zjh exact  enumerate all 22,100 hands and every heads-up showdown
//   zjh sim    Monte Carlo showdowns of N players, multithreaded, deterministic
// Parsing, wiring and printing only; the game lives in cardsim/zjh.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/app/sim_job.hpp"
#include "cardsim/app/zjh_job.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/zjh_config.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/io/zjh_text.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/zjh/exact.hpp"
#include "cardsim/zjh/rules.hpp"
#include "cardsim/zjh/showdown.hpp"
#include "cardsim/zjh/sim.hpp"
#include "commands.hpp"
#include "config_options.hpp"
#include "locale.hpp"
#include "outputs.hpp"
#include "progress.hpp"
#include "signals.hpp"

namespace cardsim::cli {
namespace {

// The game flags shared by the three sub-subcommands: --config, and --variant
// and a flag per rule key, made from io::zjh_config_keys(). Flags not given
// are absent: their values come from the config file, else from the variant.
struct ZjhRuleOptions {
  std::string config;
  std::map<std::string, std::string> flags;  // config key -> flag text, for the flags given
};

struct ZjhDealOptions {
  ZjhRuleOptions rules;
  unsigned players = 4;
  std::uint64_t seed = 1;
  bool json = false;
  bool ascii = false;
};

struct ZjhExactOptions {
  ZjhRuleOptions rules;
  bool json = false;
  std::string out = "-";
};

struct ZjhSimOptions {
  ZjhRuleOptions rules;
  unsigned players = 2;
  std::string deals = "10M";
  std::uint64_t seed = 1;
  unsigned threads = 0;
  std::string chunk_deals = std::to_string(zjh::DEFAULT_CHUNK_DEALS);
  std::string out = "-";
  bool quiet = false;
  std::string shard;  // "i/N", empty: the whole run
  std::string checkpoint;
  std::string checkpoint_every = "60s";
  std::string resume;
};

// ---- helpers --------------------------------------------------------------

// A boolean rule flag: true or false; on and off are still read, with a
// warning, until 0.3.0 (they were the only spelling before 0.2.0).
bool parse_rule_bool(const std::string& flag, const std::string& text) {
  if (text == "on" || text == "off") {
    std::fprintf(stderr, "warning: %s %s is deprecated and will be refused from 0.3.0: write %s %s\n", flag.c_str(),
                 text.c_str(), flag.c_str(), text == "on" ? "true" : "false");
  }
  return text == "true" || text == "on";
}

// The flag of a config key, in --help's Rules: its help (a rule key's ends
// "[variant]": its default is the variant's) and its values, checked as it is
// parsed.
void add_key_flag(CLI::App* app, ZjhRuleOptions& o, const io::ZjhConfigKey& key) {
  CLI::Option* option = app->add_option_function<std::string>(
      "--" + io::zjh_config_flag(key.key), [&o, name = key.key](const std::string& text) { o.flags[name] = text; },
      key.rule ? key.help + " [variant]" : key.help);
  if (key.kind == "boolean") {
    option->type_name("true|false")->check(CLI::IsMember({"true", "false", "on", "off"}));
  } else {
    option->check(CLI::IsMember(key.values));
  }
  if (!key.rule) option->default_str(nlohmann::json::parse(key.default_value).get<std::string>());
  option->group("Rules");
}

void add_rule_flags(CLI::App* app, ZjhRuleOptions& o) {
  for (const io::ZjhConfigKey& key : io::zjh_config_keys()) {
    if (key.key == "variant") add_key_flag(app, o, key);
  }
  app->add_option("--config", o.config,
                  "JSON config: {\"variant\", \"rules\": {...}, \"players\"}, or the name of one in the data "
                  "folder's zjh/ (suits-and-235)")
      ->type_name("FILE|NAME")
      ->transform(config_file_check("zjh"));
  for (const io::ZjhConfigKey& key : io::zjh_config_keys()) {
    if (key.rule) add_key_flag(app, o, key);
  }
}

// The game the flags name (io::resolve_zjh_game: variant < config file <
// flags); `players` the --players flag's value if it was given.
io::ZjhGame resolve_game(const ZjhRuleOptions& o, std::optional<unsigned> players, io::InputRegistry& inputs) {
  io::ZjhGameKeys keys;
  if (!o.config.empty()) {
    keys.config_name = "config " + o.config;
    keys.config = io::parse_json_object(inputs.read("--config", o.config).bytes, keys.config_name);
  }
  for (const io::ZjhConfigKey& key : io::zjh_config_keys()) {
    const auto given = o.flags.find(key.key);
    if (given == o.flags.end()) continue;
    if (key.key == "variant") {
      keys.variant = given->second;
    } else if (key.kind == "boolean") {
      keys.rules[key.key] = parse_rule_bool("--" + io::zjh_config_flag(key.key), given->second);
    } else {
      keys.rules[key.key] = given->second;
    }
  }
  keys.players = players;
  return io::resolve_zjh_game(keys);
}

// The --players flag's value if it was given.
std::optional<unsigned> players_given(const CLI::App* app, unsigned players) {
  return app->count("--players") > 0 ? std::optional<unsigned>(players) : std::nullopt;
}

// ---- deal -----------------------------------------------------------------

void run_zjh_deal(const ZjhDealOptions& o, const CLI::App* app) {
  io::InputRegistry inputs;
  const io::ZjhGame game = resolve_game(o.rules, players_given(app, o.players), inputs);
  const unsigned players = game.players.value_or(o.players);
  zjh::check_players(players);
  const zjh::Evaluator evaluator(game.rules);
  const zjh::Game dealt = zjh::deal_game(evaluator, players, o.seed);
  if (o.json) {
    std::cout << io::zjh_deal_json(dealt, game.rules, players, o.seed, evaluator.levels()).dump(2) << "\n";
  } else {
    std::cout << io::zjh_deal_text(dealt, game.rules, players, o.seed, !o.ascii && utf8_locale());
  }
}

// ---- exact ----------------------------------------------------------------

// The outputs of `zjh exact` and `zjh sim`: --out and the --config it reads, checked.
Outputs zjh_outputs(const std::string& command, const io::InputRegistry& inputs, const std::string& out) {
  Outputs outputs(command, inputs);
  outputs.output("--out", out, /*result=*/true);
  outputs.check();
  return outputs;
}

void run_zjh_exact(const ZjhExactOptions& o) {
  io::InputRegistry inputs;
  const zjh::Rules rules = resolve_game(o.rules, std::nullopt, inputs).rules;
  Outputs outputs = zjh_outputs("zjh-exact", inputs, o.out);
  const auto start = std::chrono::steady_clock::now();
  const zjh::ExactResult result = zjh::exact_heads_up(rules);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (o.json) {
    const std::string result_text = io::zjh_exact_result_json(result, seconds).dump(2) + "\n";
    outputs.write("--out", result_text);
    outputs.finish(result_text);
    return;
  }
  outputs.write("--out", io::zjh_exact_text(result, seconds, utf8_locale()));
  outputs.finish("");
}

// ---- sim ------------------------------------------------------------------

void run_zjh_sim(const ZjhSimOptions& o, const CLI::App* app) {
  run::require_one_rank("zjh sim", "give each machine its own --shard");
  io::InputRegistry inputs;
  const bool rules_given = !o.rules.config.empty() || !o.rules.flags.empty() || app->count("--players") > 0 ||
                           app->count("--deals") > 0 || app->count("--seed") > 0 || app->count("--chunk-deals") > 0;
  app::ZjhSimJob job = app::ZjhSimJob::start(
      {.resume = o.resume,
       .config =
           [&] {
             const io::ZjhGame game = resolve_game(o.rules, players_given(app, o.players), inputs);
             zjh::SimConfig config;
             config.rules = game.rules;
             config.players = game.players.value_or(o.players);
             config.deals = io::parse_count(o.deals, "--deals");
             config.seed = o.seed;
             config.chunk_deals = io::parse_count(o.chunk_deals, "--chunk-deals");
             return config;
           },
       .config_given = rules_given,
       .shard = o.shard,
       .threads = o.threads,
       .checkpoint = o.checkpoint,
       .checkpoint_seconds = app::parse_duration(o.checkpoint_every),
       .checkpoint_written = note_checkpoint_written,
       .names = &app::CLI_SETTINGS},
      inputs);
  const std::string& checkpoint = job.checkpoint_file();
  Outputs outputs("zjh-sim", inputs);
  outputs.may_update(o.resume, "--checkpoint");
  outputs.output("--out", o.out, /*result=*/true);
  outputs.output("--checkpoint", checkpoint);
  outputs.check();
  if (!o.resume.empty() && checkpoint == o.resume) note_checkpoint_written();

  run::RunControl control;
  {
    control.items_done = job.deals_done();
    const StopOnSignal stop_on_signal(control, "deals", job.chunk_deals(), checkpoint);
    const ProgressBar progress(control.items_done, job.deals_total(), "deals",
                               !o.quiet && ProgressBar::stderr_is_terminal());
    job.play(control);
  }
  const app::ZjhSimJobEnd end = job.finish(o.out);
  outputs.write("--checkpoint", end.checkpoint);
  outputs.write("--out", end.result);
  if (end.interrupted.empty() && outputs.summary_stream() == stdout && !o.quiet) {
    std::fputs(end.summary.c_str(), stdout);
  }
  outputs.finish(end.result, end.interrupted);
}

}  // namespace

void setup_zjh(CLI::App& app) {
  CLI::App* zjh_app = app.add_subcommand("zjh", "Zha Jin Hua (炸金花, three-card poker): deal, exact, sim");
  zjh_app->require_subcommand(1);

  auto deal = std::make_shared<ZjhDealOptions>();
  CLI::App* deal_app = zjh_app->add_subcommand("deal", "Deal one game, rank the hands and name the winner");
  deal_app->add_option("-p,--players", deal->players, "Players")->check(CLI::Range(2, 17))->capture_default_str();
  deal_app->add_option("-s,--seed", deal->seed, "Random seed: 0..2^64-1")->check(seed_check())->capture_default_str();
  deal_app->add_flag("--json", deal->json, "Print JSON instead of text");
  deal_app->add_flag("--ascii", deal->ascii, "Letters for suits (s h d c) even on a UTF-8 terminal");
  add_rule_flags(deal_app, deal->rules);
  deal_app->callback([deal, deal_app] { run_zjh_deal(*deal, deal_app); });

  auto exact = std::make_shared<ZjhExactOptions>();
  CLI::App* exact_app = zjh_app->add_subcommand("exact", "Enumerate all 22,100 hands and every heads-up showdown");
  exact_app->add_flag("--json", exact->json, "Print JSON instead of text");
  exact_app->add_option("-o,--out", exact->out, "Output file, - for stdout")->capture_default_str();
  add_rule_flags(exact_app, exact->rules);
  exact_app->callback([exact] { run_zjh_exact(*exact); });

  auto sim = std::make_shared<ZjhSimOptions>();
  CLI::App* sim_app = zjh_app->add_subcommand("sim", "Monte Carlo showdowns of N players (JSON result)");
  sim_app->add_option("-p,--players", sim->players, "Players")->check(CLI::Range(2, 17))->capture_default_str();
  sim_app->add_option("-n,--deals", sim->deals, "Deals: 1000000, 1_000_000, 1e9, 2.5M, 100k, 1G")
      ->check(count_check("--deals"))
      ->capture_default_str();
  sim_app->add_option("-s,--seed", sim->seed, "Random seed: 0..2^64-1")->check(seed_check())->capture_default_str();
  add_threads_option(*sim_app, sim->threads);
  sim_app
      ->add_option("--chunk-deals", sim->chunk_deals,
                   "Deals per chunk (part of what the seed determines): a count as --deals, such as 50k")
      ->check(count_check("--chunk-deals"))
      ->capture_default_str();
  sim_app->add_option("-o,--out", sim->out, "Result JSON file, - for stdout")->capture_default_str();
  sim_app->add_flag("-q,--quiet", sim->quiet, "No progress display");
  add_shard_option(*sim_app, sim->shard);
  add_checkpoint_options(*sim_app, sim->checkpoint, sim->checkpoint_every, sim->resume);
  add_rule_flags(sim_app, sim->rules);
  sim_app->callback([sim, sim_app] { run_zjh_sim(*sim, sim_app); });
}

}  // namespace cardsim::cli
