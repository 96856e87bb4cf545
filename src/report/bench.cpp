// The page of a `cardsim bench` result (see sections.hpp): the machine, each
// case's ratio to the dealing limit as a bar from its min to its max around
// the median, the rates, and an outside evaluator's check and timings.
#include <sstream>
#include <string>

#include "charts.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using nlohmann::json;

namespace {

// A rate with an SI prefix: "123.4 M".
std::string si(double value) {
  const char* prefix = "";
  for (const char* p : {"k", "M", "G"}) {
    if (value < 1000) break;
    value /= 1000;
    prefix = p;
  }
  return fixed(value, value < 10 ? 2 : 1) + " " + prefix;
}

std::string machine_table(const json& r) {
  const json& m = r.at("machine");
  const json& s = r.at("settings");
  std::ostringstream out;
  out << "<table id=\"machine\"><caption>The machine and the run</caption>"
      << "<tr><th class=\"l\">CPU</th><td class=\"l\">" << escape(m.at("cpu").get<std::string>()) << "</td></tr>"
      << "<tr><th class=\"l\">hardware threads</th><td class=\"l\">" << count(m.at("cores")) << "</td></tr>"
      << "<tr><th class=\"l\">compiler</th><td class=\"l\">" << escape(m.at("compiler").get<std::string>())
      << "</td></tr><tr><th class=\"l\">flags</th><td class=\"l\">" << escape(m.at("flags").get<std::string>())
      << "</td></tr><tr><th class=\"l\">cardsim</th><td class=\"l\">"
      << escape(m.at("cardsim_version").get<std::string>()) << " (" << escape(m.at("git_revision").get<std::string>())
      << ")</td></tr><tr><th class=\"l\">repetitions</th><td class=\"l\">" << count(s.at("repetitions"))
      << " of at least " << fixed(number(s.at("min_time")), 2) << " s each</td></tr></table>\n";
  return out.str();
}

std::string cases_section(const json& r) {
  const json& cases = r.at("cases");
  if (cases.empty()) return "<p class=\"note\" id=\"no-cases\">No case was measured (the run was interrupted).</p>\n";
  BarChart chart;
  chart.caption = "Each case's speed as a ratio to the dealing limit measured in the same run (units of the case per "
                  "round dealt; the bar is the median of the repetitions, the whisker their min to max): the figure to "
                  "compare between machines";
  chart.axis_title = "ratio to the dealing limit";
  std::ostringstream table;
  table << "<table id=\"cases\"><caption>Each case: what it times, its rate (median of the repetitions, min .. max) "
           "and its ratio to the dealing limit</caption><tr><th class=\"l\">case</th><th class=\"l\">what</th>"
           "<th>rate /s</th><th>min .. max</th><th>ratio</th></tr>\n";
  for (const json& c : cases) {
    const std::string name = c.at("name").get<std::string>();
    const std::string unit = c.at("unit").get<std::string>();
    const json& rate = c.at("rate");
    const json& ratio = c.at("ratio");
    chart.bars.push_back({name, number(ratio.at("median")), number(ratio.at("min")), number(ratio.at("max")), NONE,
                          fixed(number(ratio.at("median")), 4)});
    table << "<tr" << id_attr("case-", name) << "><td class=\"l\">" << escape(name) << "</td><td class=\"l\">"
          << escape(c.at("what").get<std::string>()) << "</td><td>" << si(number(rate.at("median"))) << escape(unit)
          << "</td><td>" << si(number(rate.at("min"))) << ".. " << si(number(rate.at("max"))) << "</td><td>"
          << fixed(number(ratio.at("median")), 4) << "</td></tr>\n";
  }
  table << "</table>\n";
  return bar_chart(chart) + table.str();
}

std::string evaluator_section(const json& e) {
  std::ostringstream out;
  out << "<h2 id=\"evaluator\">Your evaluator</h2>\n";
  if (e.contains("interrupted") && e.at("interrupted").get<bool>()) {
    return out.str() + "<p class=\"note\">Interrupted before its check and timing ended.</p>\n";
  }
  out << "<p>" << escape(e.at("name").get<std::string>()) << " (<code>" << escape(e.at("path").get<std::string>())
      << "</code>, ABI " << count(e.at("abi_version")) << "), rules: " << escape(e.at("rules").get<std::string>())
      << ".</p>\n<table id=\"checks\"><caption>The exhaustive check of each entry point against cardsim's exact "
         "ranking</caption><tr><th class=\"l\">entry point</th><th>checked</th><th>wrong</th>"
         "<th class=\"l\">first wrong, and by category</th></tr>\n";
  for (const json& c : e.at("checks")) {
    const std::string entry = c.at("entry").get<std::string>();
    const bool bj = entry == "bj_hand";
    std::string detail = c.at("passed").get<bool>() ? "right on every one" : "";
    if (c.contains("first")) {
      const json& f = c.at("first");
      detail = bj ? escape(f.at("cards").get<std::string>()) + ": cardsim " +
                        escape(f.at("cardsim").get<std::string>()) + ", the evaluator " +
                        escape(f.at("evaluator").get<std::string>())
                  : escape(f.at("a").get<std::string>()) + " against " + escape(f.at("b").get<std::string>()) +
                        ": cardsim says " + escape(f.at("cardsim").get<std::string>()) + ", the evaluator " +
                        escape(f.at("evaluator").dump());
    }
    if (c.contains("by_category")) {
      for (const json& b : c.at("by_category")) {
        detail += "<br>" + escape(b.at("higher").get<std::string>()) + " &gt; " +
                  escape(b.at("lower").get<std::string>()) + ": " + count(b.at("pairs"));
      }
    }
    out << "<tr" << id_attr("check-", entry) << "><td class=\"l\"><code>" << escape(entry) << "</code></td><td>"
        << count(bj ? c.at("hands") : c.at("pairs")) << (bj ? " hands" : " pairs") << "</td><td>"
        << count(c.at("disagreements")) << "</td><td class=\"l\">" << detail << "</td></tr>\n";
  }
  out << "</table>\n";
  if (e.at("timings").empty()) return out.str() + "<p class=\"note\">Not timed: it failed its check.</p>\n";
  out << "<table id=\"timings\"><caption>Timed on the same cards as cardsim's evaluator (medians of the "
         "repetitions)</caption><tr><th class=\"l\">entry point</th><th class=\"l\">cards</th><th>evaluator /s</th>"
         "<th>cardsim /s</th><th>evaluator / cardsim</th></tr>\n";
  for (const json& t : e.at("timings")) {
    const std::string unit = escape(t.at("unit").get<std::string>());
    out << "<tr><td class=\"l\"><code>" << escape(t.at("entry").get<std::string>()) << "</code></td><td class=\"l\">"
        << escape(t.at("cards").get<std::string>()) << "</td><td>" << si(number(t.at("evaluator").at("median"))) << unit
        << "</td><td>" << si(number(t.at("cardsim").at("median"))) << unit << "</td><td>"
        << fixed(number(t.at("ratio")), 3) << "</td></tr>\n";
  }
  return out.str() + "</table>\n";
}

}  // namespace

std::string bench_body(const json& r) {
  std::string body = machine_table(r) + cases_section(r);
  if (r.at("interrupted").get<bool>()) {
    body += "<p class=\"note\" id=\"interrupted\">Interrupted: the cases shown were measured, the rest not.</p>\n";
  }
  if (r.contains("evaluator")) body += evaluator_section(r.at("evaluator"));
  return body;
}

}  // namespace cardsim::report
