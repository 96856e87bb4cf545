#include "cardsim/io/strategy_file.hpp"

#include <array>
#include <sstream>
#include <vector>

#include "cardsim/blackjack/analysis.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using bj::ChartAction;

namespace {

// The rows an action may appear in.
enum class Rows : std::uint8_t { all, pairs, totals };

struct ActionName {
  ChartAction action;
  const char* name;
  Rows rows;
};
constexpr std::array<ActionName, 13> ACTION_NAMES{{
    {ChartAction::hit, "H", Rows::all},
    {ChartAction::stand, "S", Rows::all},
    {ChartAction::double_else_hit, "D", Rows::all},
    {ChartAction::double_else_stand, "Ds", Rows::all},
    {ChartAction::hit_two_stand_more, "Hs", Rows::totals},
    {ChartAction::stand_two_hit_more, "Sh", Rows::totals},
    {ChartAction::double_any_else_hit, "D+", Rows::totals},
    {ChartAction::double_any_else_stand, "Ds+", Rows::totals},
    {ChartAction::split, "P", Rows::pairs},
    {ChartAction::split_if_das_else_hit, "Ph", Rows::pairs},
    {ChartAction::surrender_else_hit, "Rh", Rows::all},
    {ChartAction::surrender_else_stand, "Rs", Rows::all},
    {ChartAction::surrender_else_split, "Rp", Rows::pairs},
}};

// The rows of a section: pairs, or totals (hard and soft).
Rows rows_of(const std::string& section) { return section == "pairs" ? Rows::pairs : Rows::totals; }

// Whether an action may appear in `rows`.
bool allowed_in(const ActionName& a, Rows rows) { return a.rows == Rows::all || a.rows == rows; }

// The actions allowed in a section's rows, as an error lists them.
std::string allowed_actions(const std::string& section) {
  std::string list;
  for (const auto& a : ACTION_NAMES) {
    if (allowed_in(a, rows_of(section))) list += std::string(list.empty() ? "" : " ") + a.name;
  }
  return list;
}

constexpr const char* TWO_OR_MORE_LEGEND =
    "Hs: hit two cards, stand on three or more; Sh: stand on two cards, hit three or more";
constexpr const char* DOUBLE_ANY_LEGEND =
    "D+ / Ds+: double at any number of cards (double_any_cards), else hit / stand; D and Ds double two cards only";

// Column order of the files: up cards 2..9, T, A.
constexpr std::array<int, bj::CARD_VALUES> COLUMN_UPCARDS{2, 3, 4, 5, 6, 7, 8, 9, 10, 1};
constexpr std::array<const char*, bj::CARD_VALUES> COLUMN_LABELS{"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"};

const char* action_name(ChartAction action) {
  for (const auto& a : ACTION_NAMES) {
    if (a.action == action) return a.name;
  }
  return "?";
}

std::vector<std::string> words_of(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Row label -> row index, or 0 if not a label of this section.
int row_index(const std::string& section, const std::string& label) {
  if (section == "pairs") {
    if (label == "A" || label == "a") return 1;
    if (label == "T" || label == "t" || label == "10") return 10;
    if (label.size() == 1 && label[0] >= '2' && label[0] <= '9') return label[0] - '0';
    return 0;
  }
  int value = 0;
  for (const char ch : label) {
    if (ch < '0' || ch > '9' || value > 100) return 0;
    value = value * 10 + (ch - '0');
  }
  if (section == "hard" && value >= bj::HARD_MIN && value <= bj::HARD_MAX) return value;
  if (section == "soft" && value >= bj::SOFT_MIN && value <= bj::SOFT_MAX) return value;
  return 0;
}

}  // namespace

bj::StrategyChart parse_strategy_chart(std::string_view text, const std::string& source) {
  bj::StrategyChart chart;
  chart.name = source;
  std::istringstream in{std::string(text)};
  std::string section;
  bool header_seen = false;
  int line_number = 0;
  auto fail = [&](const std::string& message) -> void {
    throw Error(source + ":" + std::to_string(line_number) + ": " + message);
  };
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto words = words_of(line);
    if (words.empty()) continue;
    if (words.size() == 1 && words[0].front() == '[' && words[0].back() == ']') {
      section = words[0].substr(1, words[0].size() - 2);
      if (section != "hard" && section != "soft" && section != "pairs") {
        fail("unknown section " + excerpt(words[0]) + "; expected [hard], [soft] or [pairs]");
      }
      header_seen = false;
      continue;
    }
    // (The line is not quoted: a file that is no chart, such as /etc/shadow,
    // is not echoed.)
    if (section.empty()) fail("not a strategy chart: expected a section [hard], [soft] or [pairs] first");
    if (!header_seen) {
      bool ok = words.size() == bj::CARD_VALUES;
      for (std::size_t i = 0; ok && i < words.size(); ++i) {
        ok = words[i] == COLUMN_LABELS[i] || (i == 8 && words[i] == "10");
      }
      if (!ok) fail("expected the up-card header '2 3 4 5 6 7 8 9 T A' in [" + section + "]");
      header_seen = true;
      continue;
    }
    const int row = row_index(section, words[0]);
    if (row == 0) {
      fail("'" + excerpt(words[0]) + "' is not a row of [" + section + "]; rows are " +
           (section == "hard"   ? "4..21"
            : section == "soft" ? "12..21"
                                : "2..9, T, A"));
    }
    if (words.size() != bj::CARD_VALUES + 1) {
      fail("row " + excerpt(words[0]) + " of [" + section + "] has " + std::to_string(words.size() - 1) +
           " actions; expected 10 (one per up card 2..A)");
    }
    bj::ChartRows& rows = section == "hard" ? chart.hard : section == "soft" ? chart.soft : chart.pairs;
    auto& cells = rows[static_cast<std::size_t>(row)];
    if (cells[static_cast<std::size_t>(COLUMN_UPCARDS[0])] != ChartAction::invalid) {
      fail("row " + excerpt(words[0]) + " of [" + section + "] appears twice");
    }
    for (std::size_t i = 0; i < bj::CARD_VALUES; ++i) {
      const std::string& word = words[i + 1];
      ChartAction action = ChartAction::invalid;
      for (const auto& a : ACTION_NAMES) {
        if (word == a.name && allowed_in(a, rows_of(section))) action = a.action;
      }
      if (action == ChartAction::invalid) {
        // (std::string("'"): GCC 12 warns of a false overlap in `"'" + string&&`.)
        fail(std::string("'") + excerpt(word) + "' (row " + excerpt(words[0]) + ", up card " + COLUMN_LABELS[i] +
             ") is not an action" + (section == "pairs" ? "" : " of [" + section + "]") +
             "; allowed: " + allowed_actions(section));
      }
      cells[static_cast<std::size_t>(COLUMN_UPCARDS[i])] = action;
    }
  }
  // Every row present.
  auto require_rows = [&](const bj::ChartRows& rows, const std::string& name, std::vector<int> wanted) {
    for (const int row : wanted) {
      if (rows[static_cast<std::size_t>(row)][2] == ChartAction::invalid) {
        const std::string label = name != "pairs" ? std::to_string(row)
                                  : row == 1      ? "A"
                                  : row == 10     ? "T"
                                                  : std::to_string(row);
        throw Error(source + ": row " + label + " of [" + name +
                    "] is missing; a chart needs hard 4..21, soft 12..21 and pairs 2..A");
      }
    }
  };
  std::vector<int> hard_rows, soft_rows, pair_rows;
  for (int t = bj::HARD_MIN; t <= bj::HARD_MAX; ++t) hard_rows.push_back(t);
  for (int t = bj::SOFT_MIN; t <= bj::SOFT_MAX; ++t) soft_rows.push_back(t);
  for (int c = 1; c <= bj::CARD_VALUES; ++c) pair_rows.push_back(c);
  require_rows(chart.hard, "hard", hard_rows);
  require_rows(chart.soft, "soft", soft_rows);
  require_rows(chart.pairs, "pairs", pair_rows);
  return chart;
}

std::string format_strategy_chart(const bj::StrategyChart& chart, const std::string& header_comment) {
  std::ostringstream out;
  out << "# cardsim strategy chart\n";
  if (!header_comment.empty()) {
    std::istringstream lines(header_comment);
    for (std::string line; std::getline(lines, line);) out << "# " << line << "\n";
  }
  // Hs and Sh are cardsim's own notation, not the usual charts': said where used.
  bool two_or_more = false;
  bool double_any = false;
  for (const bj::ChartRows* rows : {&chart.hard, &chart.soft}) {
    for (const auto& row : *rows) {
      for (const ChartAction a : row) {
        two_or_more = two_or_more || a == ChartAction::hit_two_stand_more || a == ChartAction::stand_two_hit_more;
        double_any = double_any || a == ChartAction::double_any_else_hit || a == ChartAction::double_any_else_stand;
      }
    }
  }
  if (two_or_more) out << "# " << TWO_OR_MORE_LEGEND << "\n";
  if (double_any) out << "# " << DOUBLE_ANY_LEGEND << "\n";
  // Each line: a 5-wide label, then 4-wide columns, without trailing spaces.
  auto emit = [&](std::string label, const std::vector<std::string>& cells) {
    std::string line = label;
    line.resize(5, ' ');
    for (const auto& cell : cells) {
      std::string padded = cell;
      padded.resize(4, ' ');
      line += padded;
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out << line << "\n";
  };
  auto section = [&](const char* name, const bj::ChartRows& rows, const std::vector<int>& order, auto label_of) {
    out << "\n[" << name << "]\n";
    emit("", std::vector<std::string>(COLUMN_LABELS.begin(), COLUMN_LABELS.end()));
    for (const int row : order) {
      std::vector<std::string> cells;
      for (const int up : COLUMN_UPCARDS) {
        cells.emplace_back(action_name(rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(up)]));
      }
      emit(label_of(row), cells);
    }
  };
  std::vector<int> hard_rows, soft_rows;
  for (int t = bj::HARD_MIN; t <= bj::HARD_MAX; ++t) hard_rows.push_back(t);
  for (int t = bj::SOFT_MIN; t <= bj::SOFT_MAX; ++t) soft_rows.push_back(t);
  const auto number = [](int row) { return std::to_string(row); };
  section("hard", chart.hard, hard_rows, number);
  section("soft", chart.soft, soft_rows, number);
  section("pairs", chart.pairs, {2, 3, 4, 5, 6, 7, 8, 9, 10, 1}, [](int row) {
    return row == 1 ? std::string("A") : row == 10 ? std::string("T") : std::to_string(row);
  });
  return out.str();
}

namespace {
bool built_in_strategy(const std::string& strategy) {
  return strategy == "hit-below-16" || strategy == "mimic-dealer" || strategy == "always-stand" || strategy == "basic";
}
}  // namespace

std::string computed_basic_name(const bj::Rules& rules) { return "basic (computed for " + describe_rules(rules) + ")"; }

std::string strategy_file(const std::string& strategy, const std::string& folder) {
  return built_in_strategy(strategy) ? std::string() : find_data_file(strategy, folder, "strategies", ".txt");
}

bj::StrategyChart load_strategy(const std::string& strategy, const bj::Rules& rules, const std::string& folder,
                                const BasicChartSource& basic) {
  InputRegistry inputs;
  return load_strategy(strategy, rules, inputs, folder, basic);
}

bj::StrategyChart load_strategy(const std::string& strategy, const bj::Rules& rules, InputRegistry& inputs,
                                const std::string& folder, const BasicChartSource& basic) {
  if (strategy == "hit-below-16") return bj::hit_below_16_chart();
  if (strategy == "mimic-dealer") return bj::mimic_dealer_chart(rules);
  if (strategy == "always-stand") return bj::always_stand_chart();
  if (strategy == BASIC_STRATEGY) {
    bj::StrategyChart chart = basic ? basic(rules) : bj::optimal_basic_strategy(rules);
    chart.name = computed_basic_name(rules);
    return chart;
  }
  const std::string path = strategy_file(strategy, folder);
  if (path.empty()) {
    std::vector<std::string> names = data_names("strategies", ".txt");
    names.insert(names.end(), {"basic", "hit-below-16", "mimic-dealer", "always-stand"});
    throw Error("strategy '" + excerpt(strategy) +
                "' is not a named strategy (basic, hit-below-16, mimic-dealer, always-stand), a chart in " +
                data_subfolder_text("strategies") + ", or a chart file" + did_you_mean(strategy, names));
  }
  bj::StrategyChart chart = parse_strategy_chart(inputs.read("strategy chart", path, strategy).bytes, path);
  chart.name = strategy;
  return chart;
}

}  // namespace cardsim::io
