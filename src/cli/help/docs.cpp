// `cardsim docs WHAT`: the maintainers' generator of the pages, man pages and
// shell completion that describe the command line, from the same tables the
// parser uses (the CLI11 command tree and io::config_keys()), so that they
// cannot drift from the code. Not listed in --help; scripts/update-docs.sh
// and cmake/Docs.cmake call it.
//   commands     one line per command: its path (e.g. "zjh deal"), a tab and
//                its description; the first line is cardsim itself (path "")
//   config-keys  the config key reference, a Markdown table (docs/config.md)
//   zjh-config-keys  Zha Jin Hua's config keys, a Markdown table (docs/zjh.md,
//                io::zjh_config_keys())
//   examples     one line per example of a command's --help: the command's
//                path, a tab, the command line, a tab, what it does (the man
//                pages' EXAMPLES)
//   completion   the tables of the bash and zsh completions
//                (src/cli/help/completion.bash and completion.zsh read them): each
//                command's subcommands and flags, each flag's values, and
//                the names of the shipped charts, counts, rule sets...
//   completion-fish  the same as the fish completion's `complete` lines
//                (src/cli/help/completion.fish has the functions they call)
//   data-dir     the data folder cardsim reads named charts, counts, index
//                sets and side bets from (io::data_dir())
#include <algorithm>
#include <cstdio>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/zjh_config.hpp"
#include "commands.hpp"
#include "help.hpp"

namespace cardsim::cli {
namespace {

constexpr int EXIT_USAGE = 2;
constexpr const char* WHATS = "commands, config-keys, zjh-config-keys, examples, completion, completion-fish, data-dir";

// Every command under `app` (itself first), depth first, with its path.
struct Command {
  const CLI::App* app;
  std::string path;  // "" for cardsim itself, else "sim", "zjh deal", ...
};
void collect_commands(const CLI::App* app, const std::string& path, std::vector<Command>& out) {
  out.push_back({app, path});
  for (const CLI::App* sub : app->get_subcommands([](const CLI::App*) { return true; })) {
    collect_commands(sub, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out);
  }
}

// The config key a flag sets (add_config_options: "--true-count-decks" with
// the key's help and allowed values as its help), or nullptr; sidebet's
// --decks, say, is a flag of its own.
const io::ConfigKey* config_key_of(const CLI::Option* option) {
  for (const io::ConfigKey& k : io::config_keys()) {
    if (option->check_lname(io::config_flag(k.key)) &&
        option->get_description().rfind(k.help + "; " + k.allowed, 0) == 0)
      return &k;
  }
  return nullptr;
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

void print_config_keys() {
  const nlohmann::json defaults = io::to_json(io::SimConfig{}, /*every_key=*/true);
  std::printf("| key | flag | type | allowed values | default | meaning |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (const io::ConfigKey& k : io::config_keys()) {
    const std::string flag = io::config_flag(k.key);
    const bool has_flag = k.key != "name" && k.key != "description";
    const std::string value = defaults.contains(k.key) ? "`" + defaults.at(k.key).dump() + "`" : "(none)";
    std::printf("| `%s` | %s | %s | %s | %s | %s |\n", k.key.c_str(), has_flag ? ("`--" + flag + "`").c_str() : "-",
                k.kind.c_str(), markdown_cell(k.allowed).c_str(), markdown_cell(value).c_str(),
                markdown_cell(k.help).c_str());
  }
}

void print_zjh_config_keys() {
  std::printf("| key | flag | type | allowed values | default | meaning |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (const io::ZjhConfigKey& k : io::zjh_config_keys()) {
    const std::string flag = io::zjh_config_flag(k.key);
    const std::string key = (k.rule ? "rules." : "") + k.key;
    const std::string value = k.default_value.empty() ? "(none)" : "`" + k.default_value + "`";
    std::printf("| `%s` | %s | %s | %s | %s | %s |\n", key.c_str(), flag.empty() ? "-" : ("`--" + flag + "`").c_str(),
                k.kind.c_str(), markdown_cell(k.allowed).c_str(), markdown_cell(value).c_str(),
                markdown_cell(k.help).c_str());
  }
}

// What a flag's (or a positional's) value completes to.
struct Completion {
  std::vector<std::string> words;  // fixed values
  std::string data_subfolder;      // names of the files in this folder of the data folder
  bool files = false;              // file names
};

// The values a text names, by one rule for every help text and config key:
//   - the quoted words that are values ("cut-card", "3:2", "none"), not
//     patterns ("p:q", "TC:UNITS,...") or examples of lists ("1:1,2:2");
//   - a small whole range "1..8" or CLI11's "[1 - 8]" (at most 17 values),
//     each number;
//   - a set {a,b,c} (CLI11's IsMember in a type name);
//   - a folder of the data folder it names ("configs/counts/", "the data
//     folder's sidebets/"): the names of the files in it;
//   - "file" (a chart file, "TEXT:FILE", "to FILE"): file names.
void add_values(const std::string& text, Completion& completion) {
  static const std::regex QUOTED("\"([a-z0-9][a-z0-9.-]*|[0-9]+:[0-9]+)\"");
  static const std::regex RANGE("(^|[^0-9.-])([0-9]{1,3})(\\.\\.| - )([0-9]{1,3})($|[^0-9.])");
  static const std::regex SET("\\{([^}]*)\\}");
  static const std::regex DATA_FOLDER("(configs/|data folder's )([a-z]+)/");
  static const std::regex RULE_SETS("rule sets? of the data folder");
  constexpr int MAX_RANGE = 16;
  const auto add = [&](const std::string& word) {
    for (const std::string& w : completion.words) {
      if (w == word) return;
    }
    completion.words.push_back(word);
  };
  for (std::sregex_iterator m(text.begin(), text.end(), QUOTED), end; m != end; ++m) add((*m)[1]);
  for (std::sregex_iterator m(text.begin(), text.end(), RANGE), end; m != end; ++m) {
    const int lo = std::stoi((*m)[2]);
    const int hi = std::stoi((*m)[4]);
    if (hi >= lo && hi - lo <= MAX_RANGE) {
      for (int v = lo; v <= hi; ++v) add(std::to_string(v));
    }
  }
  for (std::sregex_iterator m(text.begin(), text.end(), SET), end; m != end; ++m) {
    const std::string list = (*m)[1];
    std::size_t start = 0;
    for (std::size_t comma = list.find(','); start <= list.size(); comma = list.find(',', start)) {
      if (comma == std::string::npos) comma = list.size();
      add(list.substr(start, comma - start));
      start = comma + 1;
    }
  }
  std::smatch folder;
  if (std::regex_search(text, folder, DATA_FOLDER)) completion.data_subfolder = folder[2];
  if (std::regex_search(text, RULE_SETS)) completion.data_subfolder = ".";  // the data folder's top: rule sets
  if (text.find("FILE") != std::string::npos || text.find(" file") != std::string::npos) completion.files = true;
}

Completion completion_of(const CLI::Option* option) {
  Completion completion;
  if (const io::ConfigKey* key = config_key_of(option)) {
    if (key->kind == "boolean") {
      completion.words = {"true", "false"};
    } else {
      add_values(key->allowed, completion);
    }
    return completion;
  }
  // Values from the type name ("TEXT:{auto,box,line}"); a positional's also
  // from its help text (sidebet's bet: "a name in the data folder's sidebets/"),
  // a flag's data folder too.
  add_values(option->get_type_name(), completion);
  const std::string& help = option->get_description();
  if (option->get_positional()) {
    add_values(help, completion);
  } else if (completion.data_subfolder.empty()) {
    // A flag's help text names only its data folder (indices' --hands: "a
    // name in the data folder's indices/"); its quoted words are examples.
    Completion named;
    add_values(help, named);
    completion.data_subfolder = named.data_subfolder;
  }
  completion.files = completion.files || help.find("FILE") != std::string::npos;
  return completion;
}

// A shell word in single quotes (bash, zsh and fish read it alike).
std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// What the completions know of a flag or positional.
struct Completed {
  std::vector<std::string> names;  // "-c", "--config"; empty for a positional
  bool takes_value = false;        // a value must follow
  bool may_take_value = false;     // a value may follow (a boolean key's [BOOL])
  Completion values;
  std::string description;
};
struct CompletedCommand {
  std::string path;                                              // "cardsim sim"
  std::vector<std::pair<std::string, std::string>> subcommands;  // name, description
  std::vector<Completed> options;                                // flags, then positionals
};

std::vector<CompletedCommand> completion_model(const std::vector<Command>& commands) {
  std::vector<CompletedCommand> model;
  for (const Command& command : commands) {
    CompletedCommand c;
    c.path = command.path.empty() ? "cardsim" : "cardsim " + command.path;
    for (const CLI::App* sub : command.app->get_subcommands([](const CLI::App*) { return true; })) {
      c.subcommands.emplace_back(sub->get_name(), sub->get_description());
    }
    for (const CLI::Option* option : command.app->get_options()) {
      Completed o;
      for (const std::string& s : option->get_snames()) o.names.push_back("-" + s);
      for (const std::string& l : option->get_lnames()) o.names.push_back("--" + l);
      o.description = option->get_description();
      if (option->get_expected_max() != 0) {
        o.takes_value = option->get_expected_min() > 0;
        o.may_take_value = !o.takes_value;
        o.values = completion_of(option);
      }
      c.options.push_back(o);
    }
    model.push_back(c);
  }
  return model;
}

// The names of the files in each folder of the data folder the completions
// name (the shipped ones, found where this cardsim finds its data), without
// their extension: "strategies" -> {"basic-h17-das", ...}; "." the rule sets.
std::map<std::string, std::vector<std::string>> shipped_names(const std::vector<CompletedCommand>& model) {
  std::map<std::string, std::vector<std::string>> names;
  for (const CompletedCommand& c : model) {
    for (const Completed& o : c.options) {
      const std::string& sub = o.values.data_subfolder;
      if (sub.empty() || names.contains(sub)) continue;
      std::vector<std::string> found = io::data_names(sub == "." ? "" : sub, ".json");
      if (sub != ".") {
        const std::vector<std::string> text = io::data_names(sub, ".txt");
        found.insert(found.end(), text.begin(), text.end());
        std::sort(found.begin(), found.end());
      }
      names[sub] = found;
    }
  }
  return names;
}

// The tables of the bash and zsh completions (src/cli/help/completion.bash and
// completion.zsh read them): associative arrays keyed by "cardsim PATH" (and
// " FLAG" for a flag; " <positional>" for the positionals), written as lists
// of key-value pairs, which bash (5.1 and later) and zsh both read; typeset
// -g, so that they are global when the file is sourced inside a function.
void print_completion(const std::vector<CompletedCommand>& model) {
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> tables;
  for (const CompletedCommand& c : model) {
    std::vector<std::string> flags;
    for (const Completed& o : c.options) {
      const bool positional = o.names.empty();
      flags.insert(flags.end(), o.names.begin(), o.names.end());
      if (!o.takes_value && !o.may_take_value) continue;
      for (const std::string& name : positional ? std::vector<std::string>{"<positional>"} : o.names) {
        const std::string key = c.path + " " + name;
        if (o.takes_value && !positional) tables["_cardsim_takes_value"].emplace_back(key, "1");
        if (!o.values.words.empty()) tables["_cardsim_words"].emplace_back(key, joined(o.values.words));
        if (!o.values.data_subfolder.empty()) tables["_cardsim_data"].emplace_back(key, o.values.data_subfolder);
        if (o.values.files) tables["_cardsim_files"].emplace_back(key, "1");
      }
    }
    std::vector<std::string> subcommands;
    for (const auto& sub : c.subcommands) subcommands.push_back(sub.first);
    if (!subcommands.empty()) tables["_cardsim_subcommands"].emplace_back(c.path, joined(subcommands));
    tables["_cardsim_flags"].emplace_back(c.path, joined(flags));
  }
  for (const auto& [sub, names] : shipped_names(model)) tables["_cardsim_names"].emplace_back(sub, joined(names));
  std::printf("# Generated by `cardsim docs completion` (src/cli/help/docs.cpp) from cardsim's command tree.\n");
  for (const char* table : {"_cardsim_subcommands", "_cardsim_flags", "_cardsim_takes_value", "_cardsim_words",
                            "_cardsim_data", "_cardsim_files", "_cardsim_names"}) {
    std::printf("typeset -gA %s=(\n", table);
    for (const auto& [key, value] : tables[table])
      std::printf("  %s %s\n", shell_quoted(key).c_str(), shell_quoted(value).c_str());
    std::printf(")\n");
  }
}

// A command's words after "cardsim": "" for cardsim itself, "zjh deal".
std::string words_of(const CompletedCommand& c) { return c.path == "cardsim" ? "" : c.path.substr(8); }

// A description for fish's completion list: the help text up to its first ';'.
std::string short_description(const std::string& text) { return text.substr(0, text.find(';')); }

// The fish completion's lines (src/cli/help/completion.fish has the functions they
// call): one `complete` per subcommand and flag, conditioned on the command
// the line names (__cardsim_command), and the shipped names.
void print_completion_fish(const std::vector<CompletedCommand>& model) {
  std::printf("# Generated by `cardsim docs completion-fish` (src/cli/help/docs.cpp) from cardsim's command tree.\n");
  std::printf("function __cardsim_subcommands\n    switch \"$argv\"\n");
  for (const CompletedCommand& c : model) {
    if (c.subcommands.empty()) continue;
    std::vector<std::string> names;
    for (const auto& sub : c.subcommands) names.push_back(sub.first);
    std::printf("        case %s\n            printf '%%s\\n' %s\n", shell_quoted(words_of(c)).c_str(),
                joined(names).c_str());
  }
  std::printf("    end\nend\n");
  std::printf("function __cardsim_shipped_names\n    switch \"$argv\"\n");
  for (const auto& [sub, names] : shipped_names(model)) {
    std::printf("        case %s\n            printf '%%s\\n' %s\n", shell_quoted(sub).c_str(), joined(names).c_str());
  }
  std::printf("    end\nend\n");
  std::printf("complete -c cardsim -e\n");
  for (const CompletedCommand& c : model) {
    const std::string when = "'test \"$(__cardsim_command)\" = \"" + words_of(c) + "\"'";
    bool file_positionals = false;
    for (const auto& [name, description] : c.subcommands) {
      std::printf("complete -c cardsim -n %s -f -a %s -d %s\n", when.c_str(), shell_quoted(name).c_str(),
                  shell_quoted(short_description(description)).c_str());
    }
    for (const Completed& o : c.options) {
      std::string line = "complete -c cardsim -n " + when;
      std::string values = joined(o.values.words);
      if (!o.values.data_subfolder.empty()) {
        values += std::string(values.empty() ? "" : " ") + "(__cardsim_data_names " + o.values.data_subfolder + ")";
      }
      if (o.names.empty()) {  // a positional
        file_positionals = file_positionals || o.values.files;
        if (!values.empty()) std::printf("%s -a %s\n", line.c_str(), shell_quoted(values).c_str());
        continue;
      }
      for (const std::string& name : o.names)
        line += (name.size() == 2 ? " -s " : " -l ") + name.substr(name[1] == '-' ? 2 : 1);
      if (o.takes_value) line += o.values.files ? " -r" : " -x";
      if (o.takes_value && !values.empty()) line += " -a " + shell_quoted(values);
      std::printf("%s -d %s\n", line.c_str(), shell_quoted(short_description(o.description)).c_str());
    }
    // No file names where the command takes none.
    if (!file_positionals) std::printf("complete -c cardsim -n %s -f\n", when.c_str());
  }
}

}  // namespace

int run_docs(const CLI::App& app, const std::vector<std::string>& args) {
  const std::string what = args.empty() ? "" : args.front();
  if (args.size() != 1) {
    std::fprintf(stderr, "error: usage: cardsim docs WHAT; WHAT is one of: %s\n", WHATS);
    return EXIT_USAGE;
  }
  std::vector<Command> commands;
  collect_commands(&app, "", commands);
  if (what == "commands") {
    for (const Command& c : commands) std::printf("%s\t%s\n", c.path.c_str(), c.app->get_description().c_str());
  } else if (what == "config-keys") {
    print_config_keys();
  } else if (what == "zjh-config-keys") {
    print_zjh_config_keys();
  } else if (what == "examples") {
    for (const Command& c : commands) {
      for (const Example& e : examples_of(c.path))
        std::printf("%s\t%s\t%s\n", c.path.c_str(), e.line.c_str(), e.what.c_str());
    }
  } else if (what == "completion") {
    print_completion(completion_model(commands));
  } else if (what == "completion-fish") {
    print_completion_fish(completion_model(commands));
  } else if (what == "data-dir") {
    try {
      std::printf("%s\n", io::data_dir().c_str());
    } catch (const Error& e) {
      std::fprintf(stderr, "error: %s\n", e.what());
      return 1;
    }
  } else {
    std::fprintf(stderr, "error: unknown docs page '%s'; expected one of: %s\n", excerpt(what).c_str(), WHATS);
    return EXIT_USAGE;
  }
  return 0;
}

}  // namespace cardsim::cli
