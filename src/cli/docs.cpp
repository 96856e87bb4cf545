// `cardsim docs WHAT`: the maintainers' generator of the pages, man pages and
// shell completion that describe the command line, from the same tables the
// parser uses (the CLI11 command tree and io::config_keys()), so that they
// cannot drift from the code. Not listed in --help; scripts/update-docs.sh
// and cmake/Docs.cmake call it.
//   commands     one line per command: its path (e.g. "zjh deal"), a tab and
//                its description; the first line is cardsim itself (path "")
//   config-keys  the config key reference, a Markdown table (docs/config.md)
//   completion   the tables of the bash completion (src/cli/completion.bash
//                reads them): each command's subcommands and flags, and each
//                flag's values
//   data-dir     the data folder cardsim reads named charts, counts, index
//                sets and side bets from (io::data_dir())
#include <cstdio>
#include <regex>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/data_dir.hpp"
#include "commands.hpp"

namespace cardsim::cli {
namespace {

constexpr int EXIT_USAGE = 2;
constexpr const char* WHATS = "commands, config-keys, completion, data-dir";

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
    std::string flag = k.key;
    for (char& c : flag) c = c == '_' ? '-' : c;
    if (option->check_lname(flag) && option->get_description().rfind(k.help + "; " + k.allowed, 0) == 0) return &k;
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
    std::string flag = k.key;
    for (char& c : flag) c = c == '_' ? '-' : c;
    const bool has_flag = k.key != "name" && k.key != "description";
    const std::string value = defaults.contains(k.key) ? "`" + defaults.at(k.key).dump() + "`" : "(none)";
    std::printf("| `%s` | %s | %s | %s | %s | %s |\n", k.key.c_str(), has_flag ? ("`--" + flag + "`").c_str() : "-",
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

// A bash word in single quotes.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// Bash associative arrays keyed by "cardsim PATH" (and " FLAG" for a flag;
// " <positional>" for the positionals): declare -g, so that they are global
// even when bash-completion sources the file inside a function.
void print_completion(const std::vector<Command>& commands) {
  std::printf("# Generated by `cardsim docs completion` (src/cli/docs.cpp) from cardsim's command tree.\n");
  for (const char* table : {"_cardsim_subcommands", "_cardsim_flags", "_cardsim_takes_value", "_cardsim_words",
                            "_cardsim_data", "_cardsim_files"}) {
    std::printf("declare -gA %s=()\n", table);
  }
  for (const Command& command : commands) {
    const std::string path = command.path.empty() ? "cardsim" : "cardsim " + command.path;
    std::vector<std::string> subcommands;
    for (const CLI::App* sub : command.app->get_subcommands([](const CLI::App*) { return true; })) {
      subcommands.push_back(sub->get_name());
    }
    std::vector<std::string> flags;
    for (const CLI::Option* option : command.app->get_options()) {
      std::vector<std::string> names;
      for (const std::string& s : option->get_snames()) names.push_back("-" + s);
      for (const std::string& l : option->get_lnames()) names.push_back("--" + l);
      const bool positional = names.empty();
      if (positional) names.push_back("<positional>");
      // A flag that takes no value ends here; one that may take one (a
      // boolean key's [BOOL]) completes its values too.
      if (!positional) flags.insert(flags.end(), names.begin(), names.end());
      if (option->get_expected_max() == 0) continue;
      const Completion completion = completion_of(option);
      for (const std::string& name : names) {
        const std::string key = quoted(path + " " + name);
        if (!positional && option->get_expected_min() > 0) std::printf("_cardsim_takes_value[%s]=1\n", key.c_str());
        if (!completion.words.empty()) {
          std::printf("_cardsim_words[%s]=%s\n", key.c_str(), quoted(joined(completion.words)).c_str());
        }
        if (!completion.data_subfolder.empty()) {
          std::printf("_cardsim_data[%s]=%s\n", key.c_str(), quoted(completion.data_subfolder).c_str());
        }
        if (completion.files) std::printf("_cardsim_files[%s]=1\n", key.c_str());
      }
    }
    if (!subcommands.empty()) {
      std::printf("_cardsim_subcommands[%s]=%s\n", quoted(path).c_str(), quoted(joined(subcommands)).c_str());
    }
    std::printf("_cardsim_flags[%s]=%s\n", quoted(path).c_str(), quoted(joined(flags)).c_str());
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
  } else if (what == "completion") {
    print_completion(commands);
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
