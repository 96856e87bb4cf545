// `cardsim zjh`: Zha Jin Hua (炸金花, three-card poker).
//   zjh deal   deal and rank one game
//   zjh exact  enumerate all 22,100 hands and every heads-up showdown
//   zjh sim    Monte Carlo showdowns of N players, multithreaded, deterministic
// Parsing, wiring and printing only; the game lives in cardsim/zjh.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "cardsim/run/mpi.hpp"
#include "cardsim/version.hpp"
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
using io::with_commas;

// Rule flags shared by the three sub-subcommands. Empty strings mean "not
// given": the value then comes from the config file, else from the variant.
struct ZjhRuleOptions {
  std::string variant = "standard";
  std::string config;
  std::string ties;
  std::string a23;
  std::string special_235;
  std::string straight_above_flush;
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
};

// ---- helpers --------------------------------------------------------------

// The largest --chunk-deals (a chunk's random stream is 2^40 draws long).
constexpr std::uint64_t MAX_CHUNK_DEALS = std::uint64_t{1} << 40;

// A boolean rule flag: true or false; on and off are still read, with a
// warning, until 0.3.0 (they were the only spelling before 0.2.0).
bool parse_rule_bool(const std::string& flag, const std::string& text) {
  if (text == "on" || text == "off") {
    std::fprintf(stderr, "warning: %s %s is deprecated and will be refused from 0.3.0: write %s %s\n", flag.c_str(),
                 text.c_str(), flag.c_str(), text == "on" ? "true" : "false");
  }
  return text == "true" || text == "on";
}

void add_rule_flags(CLI::App* app, ZjhRuleOptions& o) {
  app->add_option("--variant", o.variant, "Named rule set (the base the other rule flags change)")
      ->check(CLI::IsMember(zjh::preset_names()))
      ->capture_default_str();
  app->add_option("--config", o.config,
                  "JSON config: {\"variant\", \"rules\": {...}, \"players\"}, or the name of one in the data "
                  "folder's zjh/ (suits-and-235)")
      ->type_name("FILE|NAME")
      ->transform(config_file_check("zjh"));
  app->add_option("--ties", o.ties,
                  "Equal hands: split (share) or suits (spades > hearts > diamonds > clubs) [variant]")
      ->check(CLI::IsMember({"split", "suits"}));
  app->add_option("--a23", o.a23, "A-2-3: lowest straight, or second (only below A-K-Q) [variant]")
      ->check(CLI::IsMember({"lowest", "second"}));
  app->add_option("--special-235", o.special_235,
                  "true: 2-3-5 of mixed suits beats a leopard, and only a leopard [variant]")
      ->type_name("true|false")
      ->check(CLI::IsMember({"true", "false", "on", "off"}));
  app->add_option("--straight-above-flush", o.straight_above_flush,
                  "true: straight beats flush (casino/teen patti) [variant]")
      ->type_name("true|false")
      ->check(CLI::IsMember({"true", "false", "on", "off"}));
}

// Resolution order: variant < config file < flags. `players` is set from the
// config's "players" key if present and the flag was not given.
zjh::Rules resolve_rules(const ZjhRuleOptions& o, const CLI::App* app, unsigned* players, io::InputRegistry& inputs) {
  zjh::Rules rules = zjh::preset_rules(o.variant);
  if (!o.config.empty()) {
    const io::ZjhConfigFile file =
        io::zjh_config_from_json(io::parse_json_object(inputs.read("--config", o.config).bytes, "config " + o.config),
                                 "config " + o.config, o.variant, app->count("--variant") > 0);
    rules = file.rules;
    if (file.players && players != nullptr && app->count("--players") == 0) *players = *file.players;
  }
  if (!o.ties.empty()) rules.ties = zjh::tie_rule_from_string(o.ties);
  if (!o.a23.empty()) rules.a23 = zjh::low_straight_from_string(o.a23);
  if (!o.special_235.empty()) rules.special_235 = parse_rule_bool("--special-235", o.special_235);
  if (!o.straight_above_flush.empty()) {
    rules.straight_above_flush = parse_rule_bool("--straight-above-flush", o.straight_above_flush);
  }
  return rules;
}

std::string category_label(zjh::Category category, bool unicode) {
  return std::string(unicode ? zjh::category_chinese(category) : zjh::category_pinyin(category)) + " " +
         std::string(zjh::category_english(category));
}

// The hand's cards high to low, as text.
std::string hand_text(zjh::Hand hand, bool unicode) {
  std::sort(hand.begin(), hand.end(), [](zjh::Card a, zjh::Card b) { return a > b; });
  if (zjh::rank_of(hand[1]) == zjh::rank_of(hand[2]) && zjh::rank_of(hand[0]) != zjh::rank_of(hand[1])) {
    std::rotate(hand.begin(), hand.begin() + 1, hand.end());  // the pair first, then the kicker
  }
  std::string text;
  for (const zjh::Card card : hand) {
    if (!text.empty()) text += ' ';
    text += zjh::card_text(card, unicode);
  }
  return text;
}

// Width of UTF-8 text in terminal columns, counting CJK characters as two.
std::size_t columns(const std::string& text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    width += (length == 3 && byte >= 0xE4) ? 2 : 1;  // U+4E00.. CJK (2 columns), ♠♥ etc. one
    i += length;
  }
  return width;
}

std::string pad(const std::string& text, std::size_t width) {
  const std::size_t used = columns(text);
  return text + std::string(used < width ? width - used : 0, ' ');
}

// ---- deal -----------------------------------------------------------------

void run_zjh_deal(const ZjhDealOptions& o, const CLI::App* app) {
  unsigned players = o.players;
  io::InputRegistry inputs;
  const zjh::Rules rules = resolve_rules(o.rules, app, &players, inputs);
  zjh::check_players(players);
  const zjh::Evaluator evaluator(rules);
  const zjh::Game game = zjh::deal_game(evaluator, players, o.seed);

  if (o.json) {
    std::cout << io::zjh_deal_json(game, rules, players, o.seed, evaluator.levels()).dump(2) << "\n";
    return;
  }

  const bool unicode = !o.ascii && utf8_locale();
  std::ostringstream text;
  text << "Zha Jin Hua" << (unicode ? " 炸金花" : "") << ": " << players << " players, seed " << o.seed << "\n"
       << "rules: " << zjh::describe(rules) << "\n\n";
  for (std::size_t s = 0; s < game.seats.size(); ++s) {
    const auto& seat = game.seats[s];
    text << "  seat " << pad(std::to_string(s + 1), 3) << pad(hand_text(seat.cards, unicode), 14)
         << pad(category_label(seat.category, unicode), 26) << "place " << seat.place << "\n";
  }
  text << "\nranking: ";
  for (std::size_t i = 0; i < game.ranking.size(); ++i) {
    if (i > 0) {
      const bool tie = game.seats[game.ranking[i]].place == game.seats[game.ranking[i - 1]].place;
      text << (tie ? " = " : " > ");
    }
    text << game.ranking[i] + 1;
  }
  text << "\n";
  if (game.winners == 1) {
    const auto& seat = game.seats[game.ranking[0]];
    text << "winner: seat " << game.ranking[0] + 1 << " with " << category_label(seat.category, unicode) << " ("
         << hand_text(seat.cards, unicode) << ")";
    if (game.leopard_killed) text << ", the 2-3-5 that beats a leopard";
    text << "\n";
  } else {
    text << "winner: seats";
    for (std::size_t i = 0; i < game.winners; ++i) text << (i ? ", " : " ") << game.ranking[i] + 1;
    text << " split the pot with " << category_label(game.seats[game.ranking[0]].category, unicode) << "\n";
  }
  std::cout << text.str();
}

// ---- exact ----------------------------------------------------------------

// The outputs of `zjh exact` and `zjh sim`: --out and the --config it reads, checked.
Outputs zjh_outputs(const std::string& command, const io::InputRegistry& inputs, const std::string& out) {
  Outputs outputs(command, inputs);
  outputs.output("--out", out, /*result=*/true);
  outputs.check();
  return outputs;
}

void run_zjh_exact(const ZjhExactOptions& o, const CLI::App* app) {
  io::InputRegistry inputs;
  const zjh::Rules rules = resolve_rules(o.rules, app, nullptr, inputs);
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
  const bool unicode = utf8_locale();
  std::ostringstream text;
  char buffer[160];
  text << "Zha Jin Hua exact enumeration (" << zjh::describe(rules) << ")\n"
       << with_commas(zjh::HAND_COUNT) << " hands, " << with_commas(result.levels) << " distinct strength levels; "
       << "heads up: " << with_commas(zjh::ORDERED_PAIR_COUNT) << " ordered pairs of disjoint hands\n\n";
  std::snprintf(buffer, sizeof buffer, "%8s %10s %10s %10s %10s %12s", "hands", "P(hand)", "win", "tie", "loss",
                "wins deal");
  text << pad("", 26) << "                      heads up, a hand of this category:\n"
       << pad("category", 26) << buffer << "\n";
  for (const zjh::Category category : zjh::categories_by_strength(rules)) {
    const auto c = static_cast<unsigned>(category);
    const auto pairs = static_cast<double>(result.hands[c] * zjh::DISJOINT_HAND_COUNT);
    std::snprintf(buffer, sizeof buffer, "%8s %10.6f %10.6f %10.6f %10.6f %12.6f", with_commas(result.hands[c]).c_str(),
                  static_cast<double>(result.hands[c]) / zjh::HAND_COUNT, static_cast<double>(result.wins[c]) / pairs,
                  static_cast<double>(result.ties[c]) / pairs, static_cast<double>(result.losses[c]) / pairs,
                  static_cast<double>(result.winning_deals(category)) / static_cast<double>(zjh::ORDERED_PAIR_COUNT));
    text << pad(category_label(category, unicode), 26) << buffer << "\n";
  }
  const auto line = [&](const char* name, std::uint64_t count) {
    const zjh::Fraction f = zjh::make_fraction(count, zjh::ORDERED_PAIR_COUNT);
    std::snprintf(buffer, sizeof buffer, "%.12f", f.value());
    text << "  " << name << " " << with_commas(count) << " / " << with_commas(zjh::ORDERED_PAIR_COUNT) << " = "
         << f.text() << " = " << buffer << "\n";
  };
  text << "\nheads up, first hand:\n";
  line("win ", result.total_wins());
  line("tie ", result.total_ties());
  line("loss", result.total_losses());
  std::snprintf(buffer, sizeof buffer, "%.3f", seconds);
  text << "(" << buffer << " s)\n";
  outputs.write("--out", text.str());
  outputs.finish("");
}

// ---- sim ------------------------------------------------------------------

void run_zjh_sim(const ZjhSimOptions& o, const CLI::App* app) {
  run::require_one_rank("zjh sim", "give each machine its own --seed");
  zjh::SimConfig config;
  config.players = o.players;
  io::InputRegistry inputs;
  config.rules = resolve_rules(o.rules, app, &config.players, inputs);
  config.deals = io::parse_count(o.deals, "--deals");
  config.seed = o.seed;
  config.chunk_deals = io::parse_count(o.chunk_deals, "--chunk-deals");
  if (config.chunk_deals > MAX_CHUNK_DEALS) {
    throw Error("--chunk-deals: '" + o.chunk_deals + "' is too large; expected at most " +
                std::to_string(MAX_CHUNK_DEALS) + " (2^40)");
  }
  zjh::validate(config);
  Outputs outputs = zjh_outputs("zjh-sim", inputs, o.out);
  const unsigned threads = run::resolve_threads(o.threads);

  run::RunControl control;
  const auto start = std::chrono::steady_clock::now();
  run::RunOutcome<zjh::SimTally> outcome;
  {
    const StopOnSignal stop_on_signal(control, "deals", config.chunk_deals, "");
    const ProgressBar progress(control.items_done, config.deals, "deals",
                               !o.quiet && ProgressBar::stderr_is_terminal());
    outcome = zjh::run_sim(config, threads, control);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const io::ZjhRunInfo info{.threads = threads,
                            .complete = outcome.complete,
                            .completed_chunks = outcome.completed_chunks.size(),
                            .elapsed_seconds = seconds};
  const std::string result_text = io::zjh_sim_result_json(config, outcome.tally, info).dump(2) + "\n";
  outputs.write("--out", result_text);
  if (outcome.complete && outputs.summary_stream() == stdout && !o.quiet) {
    std::fputs(io::zjh_sim_summary(config, outcome.tally, info, o.out).c_str(), stdout);
  }
  outputs.finish(result_text, outcome.complete ? ""
                                               : "interrupted after " + std::to_string(outcome.tally.deals) + " of " +
                                                     std::to_string(config.deals) + " deals");
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
  exact_app->callback([exact, exact_app] { run_zjh_exact(*exact, exact_app); });

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
  add_rule_flags(sim_app, sim->rules);
  sim_app->callback([sim, sim_app] { run_zjh_sim(*sim, sim_app); });
}

}  // namespace cardsim::cli
