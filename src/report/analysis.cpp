// The pages of the exact analyses (see sections.hpp): `cardsim analyze
// --out` (the dealer's final totals by up card, the basic strategy chart,
// the EVs by up card of each chart) and `cardsim sidebet --out` (a side
// bet's PAR sheet). Every figure is exact (or within the bound the result
// states): there are no intervals.
#include <sstream>
#include <string>
#include <vector>

#include "charts.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using nlohmann::json;

namespace {

constexpr const char* UPCARDS[] = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"};
constexpr const char* FINALS[] = {"17", "18", "19", "20", "21", "bust", "blackjack"};

// --- analyze -----------------------------------------------------------------

std::string dealer_figures(const json& dealer) {
  TextTable table;
  table.id = "analyze-dealer";
  table.caption = "The dealer's final total by up card before the peek (probabilities of the dealer's hand played "
                  "out; each row sums to 1), and the bust probability given no dealer blackjack";
  table.head = {"up card", "P(up card)"};
  table.head.insert(table.head.end(), std::begin(FINALS), std::end(FINALS));
  table.head.push_back("bust given no blackjack");
  BarChart chart;
  chart.caption = "The dealer's bust probability by up card, before the peek (exact)";
  chart.axis_title = "% of rounds with the up card";
  for (const char* up : UPCARDS) {
    const json& u = dealer.at(up);
    std::vector<std::string> row = {up, fixed(number(u.at("probability")), 6)};
    for (const char* f : FINALS) row.push_back(fixed(number(u.at("before_peek").at(f)), 6));
    row.push_back(fixed(number(u.at("no_blackjack").at("bust")), 6));
    table.rows.push_back(row);
    const double bust = 100 * number(u.at("before_peek").at("bust"));
    chart.bars.push_back(Bar{std::string("up ") + up, bust, NONE, NONE, NONE, percent(bust, 2)});
  }
  return bar_chart(chart) + text_table(table);
}

// The class that shades a chart cell by its action's first letter (stand,
// double, split, surrender; hit is white).
std::string action_class(const std::string& action) {
  switch (action.empty() ? ' ' : action.front()) {
    case 'S': return " class=\"a-s\"";
    case 'D': return " class=\"a-d\"";
    case 'P': return " class=\"a-p\"";
    case 'R': return " class=\"a-r\"";
    default: return "";
  }
}

// A strategy chart's text (a strategy file: "[hard]", a header of up cards,
// a row per hand; comments '#') as a table per section.
std::string chart_tables(const std::string& name, const std::string& text) {
  std::vector<TextTable> tables;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::vector<std::string> cells;
    for (std::string field; fields >> field;) cells.push_back(field);
    if (cells.empty() || cells.front().front() == '#') continue;
    if (cells.front().front() == '[') {
      tables.emplace_back();
      tables.back().css_class = "chart";
      tables.back().caption =
          escape(name + ": " + line.substr(line.find('[') + 1, line.find(']') - line.find('[') - 1));
      continue;
    }
    if (tables.empty()) continue;
    TextTable& table = tables.back();
    if (table.head.empty()) {
      table.head.push_back("hand");
      for (const std::string& up : cells) table.head.push_back(escape(up));
      continue;
    }
    std::vector<std::string> row = {escape(cells.front())};
    for (std::size_t i = 1; i < cells.size(); ++i) {
      row.push_back("<span" + action_class(cells[i]) + ">" + escape(cells[i]) + "</span>");
    }
    table.rows.push_back(row);
  }
  std::string out = "<div class=\"panels\">";
  for (const TextTable& table : tables) out += text_table(table);
  return out + "</div>\n<p>Actions (docs/strategies.md): H hit, S stand, D double (else hit), Ds double (else stand), "
               "P split, Ph split with double after split (else hit), Rh, Rs, Rp surrender (else hit, stand, split), "
               "Hs and Sh hit or stand by the number of cards, D+ and Ds+ double at any number of cards.</p>\n";
}

// A chart's expected value by up card: a table and a bar chart.
std::string ev_figures(const json& s, const std::string& id) {
  const std::string name = s.at("name").get<std::string>();
  const std::string bound =
      s.contains("error_bound")
          ? ", approximate: within " + fixed(100 * number(s.at("error_bound")), 4) + " points of the exact value"
          : ", exact";
  TextTable table;
  table.id = id;
  table.caption = escape("Expected value of " + name +
                         " by the dealer's up card, per initial bet (the player's: negative where the house wins)" +
                         bound + ": given the up card, and its contribution P(up card) x EV to the whole");
  table.head = {"up card", "P(up card)", "EV given the up card", "contribution"};
  BarChart chart;
  chart.caption = "Expected value of " + name + " given the dealer's up card, % of the initial bet" + bound;
  chart.axis_title = "player's expected value (% of initial bet)";
  for (const char* up : UPCARDS) {
    const json& u = s.at("by_upcard").at(up);
    const double ev = 100 * number(u.at("ev"));
    table.rows.push_back({up, fixed(number(u.at("probability")), 6), signed_percent(ev, 4),
                          signed_percent(100 * number(u.at("contribution")), 5)});
    chart.bars.push_back(Bar{std::string("up ") + up, ev, NONE, NONE, NONE, signed_percent(ev, 2)});
  }
  table.rows.push_back({"of which insurance", "", "", signed_percent(100 * number(s.at("insurance_contribution")), 5)});
  table.rows.push_back({"<b>all</b>", "1", "", "<b>" + signed_percent(100 * number(s.at("ev")), 5) + "</b>"});
  return bar_chart(chart) + text_table(table);
}

}  // namespace

std::string method_details(const json& method) {
  std::string out = "<details><summary>Method</summary><ul>";
  for (const auto& [part, text] : method.items()) {
    out += "<li><b>" + escape(words(part)) + "</b>: " + escape(text.get<std::string>()) + "</li>";
  }
  return out + "</ul></details>\n";
}

// analyze --rule-effects: each single rule change's effect on the house
// edge, with the changed game's own optimal strategy and with this game's,
// as bars (the optimal column) and as the table of both.
std::string rule_effects_figures(const json& effects) {
  BarChart chart;
  chart.caption = "Change in house edge from each single rule change, points (+: the house gains), each game with "
                  "its own optimal basic strategy (exact)";
  chart.axis_title = "change in house edge (percentage points)";
  TextTable table;
  table.id = "rule-effects";
  table.caption = "The effect of each rule: the changed game's house edge and its change from this game, with its own "
                  "optimal strategy and with this game's strategy played unchanged";
  table.head = {"rule", "changed to", "house edge", "change (optimal)", "change (base strategy)"};
  table.text_columns = 2;
  for (const json& e : effects) {
    const std::string change = e.at("change").get<std::string>();
    const double optimal = number(e.at("optimal").at("change_percent"));
    const double base = number(e.at("base_strategy").at("change_percent"));
    chart.bars.push_back(Bar{change, optimal, NONE, NONE, NONE, signed_percent(optimal, 4)});
    table.rows.push_back({escape(words(e.at("rule").get<std::string>())), escape(change),
                          percent(number(e.at("optimal").at("house_edge_percent")), 4), signed_percent(optimal, 4),
                          signed_percent(base, 4)});
  }
  return "<h2>Rule effects</h2>\n" + bar_chart(chart) + text_table(table);
}

std::string analyze_body(const json& r) {
  const json& basic = r.at("basic_strategy");
  std::ostringstream out;
  out << "<p class=\"big\">House edge of the basic strategy <b id=\"analyze-edge\">"
      << percent(number(basic.at("house_edge_percent"))) << "</b> (" << escape(basic.at("method").get<std::string>())
      << ")</p>\n<p>Rules: " << escape(r.at("rules").get<std::string>())
      << ". A combinatorial analysis, a fresh shoe each round: every figure is exact unless marked approximate, with "
         "no sampling error.</p>\n";
  if (r.contains("strategy")) {
    out << "<p>House edge of " << escape(r.at("strategy").at("name").get<std::string>())
        << ": <b id=\"analyze-strategy-edge\">" << percent(number(r.at("strategy").at("house_edge_percent")))
        << "</b>.</p>\n";
  }
  if (r.contains("composition_dependent")) {
    const json& cd = r.at("composition_dependent");
    out << "<p>Composition-dependent optimum (split hands: " << escape(cd.at("post_split").get<std::string>())
        << "): house edge <b id=\"analyze-cd-edge\">" << percent(number(cd.at("house_edge_percent"))) << "</b>.</p>\n";
  }
  out << method_details(r.at("method")) << "<h2>The dealer</h2>\n"
      << dealer_figures(r.at("dealer")) << "<h2>Basic strategy</h2>\n"
      << chart_tables(basic.at("name").get<std::string>(), basic.at("chart").get<std::string>())
      << ev_figures(basic, "analyze-ev");
  if (r.contains("strategy")) {
    const json& s = r.at("strategy");
    out << "<h2>Strategy " << escape(s.at("name").get<std::string>()) << "</h2>\n"
        << chart_tables(s.at("name").get<std::string>(), s.at("chart").get<std::string>())
        << ev_figures(s, "analyze-strategy-ev");
  }
  if (r.contains("rule_effects")) out << rule_effects_figures(r.at("rule_effects"));
  return out.str();
}

// --- sidebet -----------------------------------------------------------------

namespace {

std::string published_table(const json& published) {
  if (published.empty()) return "";
  TextTable table;
  table.id = "sidebet-published";
  table.caption = "Published house edges for this shoe, against cardsim's exact one";
  table.head = {"source", "published house edge", "cardsim minus published", "within its rounding", "note"};
  for (const json& p : published) {
    table.rows.push_back({escape(p.at("source").get<std::string>()),
                          escape(p.at("house_edge_percent").get<std::string>()) + "%",
                          signed_percent(number(p.at("difference_percent")), 4) + " points",
                          p.at("within_rounding").get<bool>() ? "yes" : "no",
                          escape(p.contains("note") ? p.at("note").get<std::string>() : std::string())});
  }
  table.text_columns = 2;
  return text_table(table);
}

}  // namespace

std::string sidebet_body(const json& r) {
  const std::string name = r.at("side_bet").at("name").get<std::string>();
  const json& shoe = r.at("shoe");
  const double edge = number(r.at("house_edge_percent"));
  std::ostringstream out;
  out << "<p class=\"big\">" << escape(name) << ": house edge <b id=\"sidebet-edge\">" << percent(edge) << "</b> ("
      << escape(r.at("house_edge").get<std::string>()) << " of a unit bet, exact)</p>\n<p>A fresh shoe of "
      << count(shoe.at("decks")) << " decks"
      << (shoe.contains("h17")
              ? (shoe.at("h17").get<bool>() ? ", the dealer hits soft 17" : ", the dealer stands on soft 17")
              : "")
      << "; the bet looks at " << escape(r.at("looks_at").get<std::string>()) << ": "
      << escape(grouped(r.at("deals").get<std::string>())) << " equally likely deals of " << count(r.at("deal_cards"))
      << " cards, counted exactly. Hit frequency " << percent(100 * number(r.at("hit_frequency")), 3)
      << ", standard deviation of a unit bet " << fixed(number(r.at("standard_deviation")), 4) << ".</p>\n";
  if (r.contains("note")) out << "<p class=\"note\">" << escape(r.at("note").get<std::string>()) << "</p>\n";
  TextTable table;
  table.id = "sidebet-par";
  table.caption = escape("PAR sheet of " + name +
                         ": each outcome's pay (to one), exact combinations and probability, and its return "
                         "(probability x pay, % of a unit bet; the returns sum to the player's return)");
  table.head = {"outcome", "kind", "pays", "combinations", "probability", "probability (decimal)", "return"};
  table.text_columns = 2;
  BarChart chart;
  chart.caption = "Each outcome's return: probability x pay, % of a unit bet (they sum to the player's return, "
                  "minus the house edge)";
  chart.axis_title = "return (% of a unit bet)";
  for (const json& o : r.at("outcomes")) {
    const std::string outcome = o.at("name").get<std::string>();
    const double ret = 100 * number(o.at("return"));
    table.rows.push_back({escape(outcome), escape(o.at("kind").is_null() ? "" : words(o.at("kind").get<std::string>())),
                          escape(text_of(o.at("pays"))), escape(grouped(o.at("combinations").get<std::string>())),
                          escape(o.at("probability").get<std::string>()), fixed(number(o.at("probability_decimal")), 8),
                          signed_percent(ret)});
    chart.bars.push_back(Bar{outcome, ret, NONE, NONE, NONE, signed_percent(ret)});
  }
  table.rows.push_back({"<b>player's return (the sum)</b>", "", "", "", "", "",
                        "<b id=\"sidebet-return\">" + signed_percent(-edge) + "</b>"});
  out << text_table(table) << bar_chart(chart) << published_table(r.at("published")) << method_details(r.at("method"));
  return out.str();
}

}  // namespace cardsim::report
