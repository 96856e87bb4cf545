#include "help.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "cardsim/io/data_dir.hpp"
#include "terminal.hpp"

namespace cardsim::cli {
namespace {

// The group of each flag that is not a config key (config keys get theirs in
// add_config_options, zjh's in src/cli/zjh.cpp), by long name; "command flag" entries for the one flag
// whose group differs between commands.
const std::map<std::string, std::string>& flag_groups() {
  static const std::map<std::string, std::string> groups{
      // Rules (the config's rules are config keys) and what varies them.
      {"config", "Rules"},
      {"vary", "Rules"},
      {"sidebet decks", "Rules"},
      {"sidebet h17", "Rules"},
      // Strategy.
      {"composition-dependent", "Strategy"},
      {"post-split", "Strategy"},
      {"rule-effects", "Strategy"},
      // At the table (play).
      {"play bankroll", "Table"},
      {"bet", "Table"},
      {"coach", "Table"},
      // Counting: index generation and the bet ramp.
      {"hands", "Counting"},
      {"states-per-count", "Counting"},
      {"spread", "Counting"},
      {"ramp bankroll", "Counting"},
      {"kelly-fraction", "Counting"},
      // Run: how much, on what, how to stop and resume.
      {"rounds", "Run"},
      {"seed", "Run"},
      {"chunk-rounds", "Run"},
      {"players", "Run"},
      {"deals", "Run"},
      {"chunk-deals", "Run"},
      {"threads", "Run"},
      {"target-se", "Run"},
      {"shard", "Run"},
      {"checkpoint", "Run"},
      {"checkpoint-every", "Run"},
      {"resume", "Run"},
      {"filter", "Run"},
      {"repetitions", "Run"},
      {"min-time", "Run"},
      // An outside evaluator (bench).
      {"evaluator", "Evaluator"},
      {"time-anyway", "Evaluator"},
      {"timeout", "Evaluator"},
      // Output.
      {"out", "Output"},
      {"csv", "Output"},
      {"json", "Output"},
      {"quiet", "Output"},
      {"write-chart", "Output"},
      {"write-indices", "Output"},
      {"baseline", "Output"},
      {"ascii", "Output"},
      {"cards", "Output"},
      // Other.
      {"help", "Other"},
      {"version", "Other"},
  };
  return groups;
}

// Value names of flags whose parser type says only TEXT.
const std::map<std::string, std::string>& text_value_names() {
  static const std::map<std::string, std::string> names{
      {"rounds", "N"},        {"seed", "N"},        {"chunk-rounds", "N"},   {"out", "FILE"},
      {"csv", "FILE"},        {"json", "FILE"},     {"write-chart", "FILE"}, {"write-indices", "FILE"},
      {"vary", "KEY=VALUES"}, {"deals", "N"},       {"checkpoint", "FILE"},  {"resume", "FILE"},
      {"chunk-deals", "N"},   {"baseline", "FILE"},
  };
  return names;
}

// Each command's examples (tests/cli/cli_test.sh checks that their flags
// are the command's and runs the quick ones).
const std::map<std::string, std::vector<Example>>& example_table() {
  static const std::map<std::string, std::vector<Example>> table{
      {"",
       {{"cardsim sim --config 6d-h17-das --rounds 100M", "the house edge of a shipped rule set, 100 million rounds"},
        {"cardsim compare 6d-s17-das 6d-h17-das", "what H17 costs, both played on the same cards"},
        {"cardsim analyze --decks 2 --h17", "exact values and basic strategy, without simulating"},
        {"cardsim zjh exact", "Zha Jin Hua's hands and heads-up showdowns, enumerated"}}},
      {"sim",
       {{"cardsim sim --config 6d-h17-das --rounds 100M", "a shipped rule set (configs/), 100 million rounds"},
        {"cardsim sim --decks 8 --surrender late --out result.json", "rules as flags; every figure as JSON"},
        {"cardsim sim --count hi-lo --bet-ramp 1:1,2:4,3:8 --indices illustrious18-fab4-s17",
         "a Hi-Lo counter with a bet ramp and index plays"},
        {"cardsim sim --rounds 1G --checkpoint run.ckpt", "a long run that Ctrl-C and --resume continue"}}},
      {"chart", {{"cardsim chart --decks 2 --h17", "the basic strategy computed for 2 decks, H17"}}},
      {"compare",
       {{"cardsim compare 6d-s17-das 6d-h17-das", "S17 against H17, paired on the same cards"},
        {"cardsim compare mine.json 6d-s17-das --csv -", "a config of yours against a shipped one, as CSV"}}},
      {"sweep",
       {{"cardsim sweep --vary decks=1,2,6,8 --vary h17=false,true --csv sweep.csv",
         "the house edge on a grid of decks and H17, one CSV row per cell"}}},
      {"report", {{"cardsim report result.json --out result.html", "a result as one HTML page with charts"}}},
      {"zjh", {{"cardsim zjh deal --players 5", "deal one game of five players"}}},
      {"zjh deal", {{"cardsim zjh deal --players 5 --seed 7", "five hands, ranked, and the winner"}}},
      {"zjh exact", {{"cardsim zjh exact --variant teen-patti", "every hand and showdown under teen patti's ranks"}}},
      {"zjh sim", {{"cardsim zjh sim --players 6 --deals 100M", "seat 1's win rate against five others"}}},
      {"analyze",
       {{"cardsim analyze --config 6d-h17-das --composition-dependent",
         "exact values, basic and composition-dependent strategy"},
        {"cardsim analyze --config 6d-s17-das --rule-effects --csv effects.csv",
         "the exact effect of each single rule change on the house edge"}}},
      {"play", {{"cardsim play --decks 2 --h17 --coach", "a double-deck H17 game with the coach's advice"}}},
      {"merge",
       {{"cardsim merge shard-0.json shard-1.json --out result.json", "the result of a run played as 2 shards"}}},
      {"sidebet", {{"cardsim sidebet 21-plus-3 --decks 6", "the exact PAR sheet of 21+3 for 6 decks"}}},
      {"indices",
       {{"cardsim indices --count hi-lo --write-indices hi-lo.txt",
         "Hi-Lo index plays for the default rules, as an index file"}}},
      {"bench",
       {{"cardsim bench --out bench.json", "cardsim's speed on this machine, as ratios to the dealing limit"},
        {"cardsim bench --filter zjh-eval --evaluator ./libmine.so",
         "your evaluator checked on every hand, then timed beside cardsim's"}}},
      {"ramp",
       {{"cardsim ramp --count hi-lo --indices illustrious18-fab4-s17 --spread 1-12 --bankroll 400",
         "the Kelly bet ramp for a 1-12 spread and 400 units"}}},
  };
  return table;
}

// The help's width: the terminal's, up to 120 (longer lines are hard to read).
std::size_t help_columns() {
  constexpr std::size_t MAX_COLUMNS = 120;
  return std::min(terminal_columns(), MAX_COLUMNS);
}

// What a flag's value is called: N, X, FILE, a|b|c, or the name the
// command gave (I/N, DURATION); "" for a flag without a value.
std::string value_name(const CLI::Option* option) {
  if (option->get_type_size() == 0) return "";
  const std::string full = option->get_type_name();
  std::string base = full.substr(0, full.find(':'));
  static const std::regex SET(":\\{([^}]*)\\}");
  std::smatch set;
  if (base == "INT" || base == "UINT") {
    base = "N";
  } else if (base == "FLOAT") {
    base = "X";
  } else if (base == "TEXT" && std::regex_search(full, set, SET)) {
    base = std::regex_replace(set[1].str(), std::regex(","), "|");
  } else if (base == "TEXT" && full.find(":FILE") != std::string::npos) {
    base = "FILE";
  }
  if (option->get_expected_max() == CLI::detail::expected_max_vector_size) base += "...";
  return base;
}

// The description with what the parser knows and the text may not say: the
// range of a number ("2..17") and the default.
std::string description(const CLI::Option* option) {
  std::string text = option->get_description();
  static const std::regex RANGE("in \\[(-?[0-9]+) - (-?[0-9]+)\\]");
  std::smatch range;
  const std::string full = option->get_type_name();
  if (std::regex_search(full, range, RANGE)) {
    const std::string span = range[1].str() + ".." + range[2].str();
    if (text.find(span) == std::string::npos) text += " (" + span + ")";
  }
  const std::string deflt = option->get_default_str();
  if (!deflt.empty() && text.find("default") == std::string::npos) text += " (default " + deflt + ")";
  return text;
}

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode /*mode*/) const override {
    const std::size_t columns = help_columns();
    std::string out = wrapped(app->get_description(), 0, 0, columns) + "\n\n";
    out += usage(app, name, columns);
    for (const std::string& group : help_groups()) {
      const auto options = app->get_options([&](const CLI::Option* o) {
        return group == "Arguments" ? o->get_positional() : !o->get_positional() && o->get_group() == group;
      });
      if (options.empty()) continue;
      out += "\n" + group + ":\n";
      for (const CLI::Option* o : options) out += option_line(o, columns);
    }
    const auto subcommands = app->get_subcommands([](const CLI::App*) { return true; });
    if (!subcommands.empty()) {
      out += "\nCommands:\n";
      for (const CLI::App* sub : subcommands) out += item("  " + sub->get_name(), sub->get_description(), columns);
    }
    const auto examples = examples_of(path_of(app));
    if (!examples.empty()) {
      out += "\nExamples:\n";
      for (const Example& e : examples) {
        out += "  " + wrapped(e.line, 6, 2, columns) + "\n";
        out += "      " + wrapped(e.what, 6, 6, columns) + "\n";
      }
    }
    return out;
  }

 private:
  static constexpr std::size_t NAME_COLUMNS = 30;  // where the descriptions start
  // Narrower than NAME_COLUMNS plus this, descriptions go below the names,
  // indented by NARROW_INDENT.
  static constexpr std::size_t MIN_DESCRIPTION_COLUMNS = 40;
  static constexpr std::size_t NARROW_INDENT = 8;

  static std::string path_of(const CLI::App* app) {
    std::string path;
    for (const CLI::App* a = app; a->get_parent() != nullptr; a = a->get_parent()) {
      path = a->get_name() + (path.empty() ? "" : " " + path);
    }
    return path;
  }

  std::string usage(const CLI::App* app, const std::string& name, std::size_t columns) const {
    std::string line = "Usage: " + name;
    if (!app->get_subcommands([](const CLI::App*) { return true; }).empty()) {
      line += " COMMAND [FLAGS]";
    } else {
      line += " [FLAGS]";
      for (const CLI::Option* o : app->get_options([](const CLI::Option* o) { return o->get_positional(); })) {
        line += " " + make_option_usage(o);
      }
    }
    return wrapped(line, NARROW_INDENT, 0, columns) + "\n";
  }

  // `left` (a flag's names, indented) and its description, both wrapped.
  static std::string item(const std::string& left, const std::string& text, std::size_t columns) {
    const std::size_t at = columns >= NAME_COLUMNS + MIN_DESCRIPTION_COLUMNS ? NAME_COLUMNS : NARROW_INDENT;
    const std::size_t lead = left.find_first_not_of(' ');
    const std::string names = left.substr(0, lead) + wrapped(left.substr(lead), lead + 4, lead, columns);
    const std::size_t last = display_width(names.substr(names.rfind('\n') + 1));  // npos + 1: all
    const std::string first = last + 2 > at ? names + "\n" + std::string(at, ' ') : names + std::string(at - last, ' ');
    return first + wrapped(text, at, at, columns) + "\n";
  }

  static std::string option_line(const CLI::Option* option, std::size_t columns) {
    std::string names;
    if (option->get_positional()) {
      names = "  " + option->get_name(true, false);
    } else {
      const auto& shorts = option->get_snames();
      names = shorts.empty() ? "      " : "  -" + shorts.front() + ", ";
      for (const std::string& l : option->get_lnames()) names += "--" + l;
      const std::string value = value_name(option);
      if (!value.empty()) names += " " + value;
    }
    return item(names, description(option), columns);
  }
};

std::string group_of(const CLI::App& command, const CLI::Option& option) {
  if (option.get_positional()) return "Arguments";
  if (option.get_group() != "Options") return option.get_group();  // set where it was added (config keys)
  const std::string name = option.get_lnames().empty() ? option.get_snames().front() : option.get_lnames().front();
  const auto& groups = flag_groups();
  if (const auto found = groups.find(command.get_name() + " " + name); found != groups.end()) return found->second;
  if (const auto found = groups.find(name); found != groups.end()) return found->second;
  throw std::logic_error("src/cli/help/help.cpp has no help group for --" + name + " of " + command.get_name());
}

void organize(CLI::App& command, const std::shared_ptr<HelpFormatter>& formatter) {
  command.formatter(formatter);
  command.set_help_flag("-h,--help", "Print this help and exit");
  for (CLI::Option* option : command.get_options()) {
    option->group(group_of(command, *option));
    if (option->get_type_name().rfind("TEXT", 0) == 0 && !option->get_lnames().empty()) {
      const auto named = text_value_names().find(option->get_lnames().front());
      if (named != text_value_names().end()) option->type_name(named->second);
    }
  }
  for (CLI::App* sub : command.get_subcommands([](const CLI::App*) { return true; })) organize(*sub, formatter);
}

}  // namespace

void organize_help(CLI::App& app) { organize(app, std::make_shared<HelpFormatter>()); }

std::vector<Example> examples_of(const std::string& command_path) {
  const auto found = example_table().find(command_path);
  return found == example_table().end() ? std::vector<Example>{} : found->second;
}

std::string nearest_flag(const CLI::App& command, const std::string& word) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& l : option->get_lnames()) names.push_back("--" + l);
    for (const std::string& s : option->get_snames()) names.push_back("-" + s);
  }
  return io::did_you_mean(word, names);
}

}  // namespace cardsim::cli
