#include "cardsim/report/html.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/analysis_result.hpp"
#include "cardsim/io/index_result.hpp"
#include "cardsim/io/ramp_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/zjh_result.hpp"
#include "charts.hpp"
#include "schema.hpp"
#include "sections.hpp"
#include "text.hpp"

namespace cardsim::report {
using io::BENCH_SCHEMA_VERSION;
using io::RESULT_SCHEMA_VERSION;
using io::Z95;
using io::ZJH_SCHEMA_VERSION;
using nlohmann::json;

const char* const STYLE =
    // (A font stack that falls back to a CJK font: Zha Jin Hua's names.)
    "body{font-family:system-ui,\"Noto Sans CJK SC\",\"Noto Sans SC\",\"Source Han Sans SC\",\"PingFang SC\","
    "\"Microsoft YaHei\",sans-serif;max-width:62em;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}"
    "th{background:#f2f2f2}td.l,th.l{text-align:left}caption{caption-side:top;text-align:left;padding:.3em 0;"
    "font-weight:bold}figure{margin:1.2em 0}figcaption{font-weight:bold;margin-bottom:.3em;max-width:52em}"
    "svg{max-width:100%;height:auto}svg text{font-size:12px}svg text.axis,svg text.value{font-size:11px;fill:#444}"
    "svg text.title{font-size:12px;fill:#222}.big{font-size:1.4em}"
    ".banner{border:2px solid #c0392b;background:#fdecea;padding:.6em 1em;font-weight:bold}"
    ".note{border:2px solid #b7950b;background:#fef9e7;padding:.6em 1em}"
    ".panels{display:flex;flex-wrap:wrap;gap:0 1.5em}.panels figure{margin:.5em 0}"
    "details{margin:.6em 0}summary{cursor:pointer;font-weight:bold}td small{color:#666}"
    ".scale span{display:inline-block;min-width:1.8em;padding:0 .2em;text-align:center;border:1px solid #ddd}"
    "table.chart td{text-align:center;padding:0}table.chart td span{display:block;padding:.1em .3em}"
    ".a-s{background:#fde2a7}.a-d{background:#b8e3b0}.a-p{background:#b7d3f2}.a-r{background:#dddddd}";

// An edge's 95% interval in percent of the initial wager as (low, high), the
// edge itself at both ends when there is none (one round).
std::pair<double, double> edge_interval(const json& edge) {
  const json& ci = edge.at("house_edge_ci95_percent");
  const double mean = number(edge.at("house_edge_percent"));
  return ci.is_null() ? std::pair{mean, mean} : std::pair{number(ci.at(0)), number(ci.at(1))};
}

// Whether the result's exact value is that of the strategy it played (not
// with index plays, to which no exact value applies).
bool same_strategy(const json& r) { return r.at("exact").at("same_strategy").get<bool>(); }

// A paired difference against the baseline as a change of house edge in
// percentage points (positive: worse for the player) with its 95% interval.
Bar change_bar(const std::string& label, const json& difference) {
  Bar bar;
  bar.label = label;
  bar.value = number(difference.at("house_edge_change_percent"));
  const double half = 100 * Z95 * number(difference.at("standard_error"));
  bar.low = bar.value - half;
  bar.high = bar.value + half;
  bar.text = signed_percent(bar.value) + " " + pm95(half, 4);
  return bar;
}

namespace {

// The rules summary with how deep a cut-card shoe is dealt, which it leaves
// out (it already says "infinite deck" and "fresh shoe each round").
std::string rules_line(const json& r) {
  const json& config = r.at("config");
  std::string line = r.at("rules_summary").get<std::string>();
  if (config.at("decks") == "infinite" || config.at("reshuffle") == "every-round") return line;
  const auto cut_card = config.at("cut_card").get<long long>();
  const double penetration = 100 * number(config.at("penetration"));
  const int digits = std::abs(penetration - std::round(penetration)) < 1e-9 ? 0 : 2;
  return line + (cut_card > 0 ? ", cut card after " + std::to_string(cut_card) + " cards"
                              : ", penetration " + fixed(penetration, digits) + "% (cut card)");
}

// --- banners ---------------------------------------------------------------

// What makes the page's figures other than those of a whole, finished run:
// an interrupted run, one shard of several, a stop at --target-se.
std::string banners(const json& r) {
  std::ostringstream out;
  const json& run = r.at("run");
  const std::string rounds = count(run.at("rounds"));
  const std::string requested = count(run.at("rounds_requested"));
  const std::string per = r.at("command") == "sim" ? "" : " per variant";
  if (run.at("partial").get<bool>()) {
    const std::string how = run.contains("stopped_by") ? run.at("stopped_by").get<std::string>() : "interrupted";
    out << "<p class=\"banner\" id=\"banner-partial\">Partial result: " << rounds << " of " << requested << " rounds"
        << per << " played (" << count(run.at("chunks_played")) << " of " << count(run.at("chunks"))
        << " chunks), stopped: " << escape(how)
        << ". Every figure below is over the rounds played only; resume from a checkpoint to finish the run.</p>\n";
  }
  if (r.contains("shard")) {
    const json& shard = r.at("shard");
    const std::string index = shard.at("index").dump();
    const std::string count = shard.at("count").dump();
    out << "<p class=\"banner\" id=\"banner-shard\">Shard " << index << "/" << count << " (numbered 0.."
        << shard.at("count").get<long long>() - 1
        << "): merge before reading. This page holds only the chunks c with c mod " << count << " = " << index << " ("
        << rounds << " of " << requested << " rounds" << per << "); run <code>cardsim merge</code> on all " << count
        << " shards for the result.</p>\n";
  }
  // (A result of no rounds, an empty shard, has no exact comparison.)
  const bool index_plays = run.at("rounds") == 0 ? false
                           : r.at("command") == "sim"
                               ? !same_strategy(r)
                               : std::any_of(r.at("variants").begin(), r.at("variants").end(),
                                             [](const json& v) { return !same_strategy(v.at("result")); });
  if (index_plays) {
    out << "<p class=\"note\" id=\"banner-index-plays\">Index plays: no exact value applies to a run that deviates "
           "from "
           "its chart by the count. The exact figure shown is that of the chart without the index plays, for "
           "reference, "
           "and is not compared with the simulation.</p>\n";
  }
  if (run.contains("stopped_by") && !run.at("target_se").is_null()) {
    const bool reached = run.at("stopped_by") == "target_se";
    out << "<p class=\"note\" id=\"banner-target-se\">Run with --target-se " << run.at("target_se").dump()
        << " (standard error of the " << (r.at("command") == "sim" ? "edge" : "differences") << ", per initial wager): "
        << (reached ? "stopped on reaching it after " + rounds + " of at most " + requested + " rounds" + per
                    : "not reached; stopped at " + rounds + " rounds" + per + " (" +
                          escape(run.at("stopped_by").get<std::string>()) + ")")
        << ".</p>\n";
  }
  return out.str();
}

// --- one sim result --------------------------------------------------------

// A controlled run: what the headline is, the plain estimate of the same
// rounds, and the variance reduction factor.
std::string control_paragraph(const json& r) {
  if (!r.contains("control_variate") || r.at("control_variate").at("headline") != "controlled" ||
      !r.contains("edge_plain") || r.at("edge_plain").at("standard_error").is_null()) {
    return "";
  }
  std::ostringstream out;
  const json& factor = r.at("control_variate").at("variance_reduction_factor");
  const auto [low, high] = edge_interval(r.at("edge_plain"));
  out << "<p>The controlled estimate: each round's result less its control variate, built from the chart's exact "
         "values (docs/control-variates.md). The plain estimate of the same rounds: "
      << percent(number(r.at("edge_plain").at("house_edge_percent"))) << ", 95% interval " << percent(low) << " .. "
      << percent(high) << ".";
  if (!factor.at("mean").is_null()) {
    out << " Variance " << fixed(number(factor.at("mean")), 1);
    if (!factor.at("standard_error").is_null()) out << " &plusmn; " << fixed(number(factor.at("standard_error")), 1);
    out << " times smaller: these rounds are worth "
        << count(std::llround(number(r.at("control_variate").at("effective_rounds")))) << " plain ones.";
  }
  out << "</p>\n";
  return out.str();
}

std::string edge_paragraph(const json& r, const std::string& ids) {
  std::ostringstream out;
  const json& edge = r.at("edge");
  // A counting run leads with the counter's win; the house edge of one flat
  // bet per seat comes second.
  const bool counting = r.contains("counting");
  if (counting) out << report::counting_headline(r, ids);
  out << (counting ? "<p>Flat-bet house edge <b" : "<p class=\"big\">House edge <b") << id_attr(ids, "house-edge")
      << ">" << percent(number(edge.at("house_edge_percent"))) << "</b>";
  if (edge.at("standard_error").is_null()) {
    out << " (one round: no standard error).</p>\n";
  } else {
    const auto [low, high] = edge_interval(edge);
    out << ", 95% interval <span" << id_attr(ids, "house-edge-ci") << ">" << percent(low) << " .. " << percent(high)
        << "</span>; standard error " << percent(100 * number(edge.at("standard_error"))) << ", SD per round "
        << fixed(number(edge.at("sd_per_round")), 4) << " initial wagers.</p>\n";
  }
  out << control_paragraph(r);
  out << "<p>Per initial wager, over every round dealt (" << count(r.at("run").at("rounds"))
      << " rounds); positive: the house wins."
      << (counting ? " One flat bet per seat in every round (index plays included): not the counter's result, "
                     "which is above and under Counting."
                   : "")
      << "</p>\n";
  const json& exact = r.at("exact");
  if (same_strategy(r)) {
    out << "<p>Exact house edge of the same strategy with a fresh shoe each round (combinatorial analysis): <b"
        << id_attr(ids, "exact-edge") << ">" << percent(number(exact.at("house_edge_percent"))) << "</b>"
        << ".</p>\n";
    // A shoe dealt to a cut card: the difference is a figure of the game.
    if (exact.contains("cut_card_effect") && exact.at("cut_card_effect").is_object()) {
      const json& effect = exact.at("cut_card_effect");
      const json& ci = effect.at("ci95_points");
      out << "<p>Cut-card effect, this shoe game's house edge less a fresh shoe's: <b"
          << id_attr(ids, "cut-card-effect") << ">" << signed_fixed(number(effect.at("points")), 4) << " points</b> "
          << pm_se(number(effect.at("se_points")), 4) << "; 95% interval " << signed_fixed(number(ci.at(0)), 4)
          << " .. " << signed_fixed(number(ci.at(1)), 4) << ".</p>\n";
    }
  } else {
    out << "<p>No exact value applies to this run (it plays index plays). For reference only, the exact house edge of "
        << escape(exact.at("strategy").get<std::string>()) << " with a fresh shoe each round: <b"
        << id_attr(ids, "exact-edge") << ">" << percent(number(exact.at("house_edge_percent")))
        << "</b> (not compared).</p>\n";
  }
  return out.str();
}

std::string rules_table(const json& r, const std::string& ids) {
  std::ostringstream out;
  const json& run = r.at("run");
  out << "<table><caption>The game and the run</caption>"
      << "<tr><th class=\"l\">rules</th><td class=\"l\"" << id_attr(ids, "rules") << ">" << escape(rules_line(r))
      << "</td></tr>"
      << "<tr><th class=\"l\">seats</th><td class=\"l\">" << r.at("config").at("seats").dump() << "</td></tr>"
      << "<tr><th class=\"l\">strategy</th><td class=\"l\">" << escape(r.at("strategy").get<std::string>())
      << "</td></tr>"
      << "<tr><th class=\"l\">rounds</th><td class=\"l\"" << id_attr(ids, "rounds") << ">" << count(run.at("rounds"))
      << "</td></tr>"
      << "<tr><th class=\"l\">seed</th><td class=\"l\">" << run.at("seed").dump() << "</td></tr></table>\n";
  return out.str();
}

// Bars of the shares `keys` of `rates`, in percent ("player_bust": "player bust").
BarChart share_bars(const json& rates, const std::vector<std::string>& keys) {
  BarChart chart;
  for (const std::string& key : keys) {
    const double value = 100 * number(rates.at(key));
    chart.bars.push_back(Bar{words(key), value, NONE, NONE, NONE, percent(value, 2)});
  }
  return chart;
}

// The outcomes of the hands played (one denominator: hands, after splits) in
// two charts: how each hand ended (win, loss, push and, where the game offers
// it, surrender: they add to 100%), and what some hands also did (double,
// bust: overlapping the first); the blackjacks and splits per round in a line
// of their own.
std::string outcome_chart(const json& r) {
  const json& hand = r.at("outcomes").at("rates_per_hand");
  const json& round = r.at("outcomes").at("rates_per_round");
  const bool surrender = r.at("config").value("surrender", "none") != "none";
  const std::string hands = count(r.at("outcomes").at("counts").at("hands"));
  BarChart ended = share_bars(hand, surrender ? std::vector<std::string>{"win", "loss", "push", "surrender"}
                                              : std::vector<std::string>{"win", "loss", "push"});
  ended.caption = "How the " + hands + " hands played (after splits) ended: share of the hands won, lost, pushed" +
                  (surrender ? " and surrendered" : "") + "; these add to 100%";
  ended.axis_title = "% of hands played";
  BarChart also = share_bars(hand, {"double", "player_bust"});
  also.caption = "What some of the " + hands +
                 " hands played also did: share of the hands doubled and busted, overlapping the shares above (a "
                 "doubled hand also won, lost or pushed; a bust is a loss)";
  also.axis_title = "% of hands played, overlapping";
  std::string out = report::bar_chart(ended) + report::bar_chart(also) + "<p>Player blackjacks: <b>" +
                    percent(100 * number(round.at("blackjack")), 2) + "</b> of a seat's rounds";
  if (round.contains("split"))
    out += "; splits: " + percent(100 * number(round.at("split")), 2) + " of a seat's rounds";
  return out + "; hands played per seat and round " + fixed(number(round.at("hands")), 4) + ".</p>\n";
}

constexpr const char* UPCARDS[] = {"2", "3", "4", "5", "6", "7", "8", "9", "T", "A"};
constexpr const char* FINALS[] = {"17", "18", "19", "20", "21", "bust", "blackjack"};

// The dealer's hand played out in every round (dealer.played_out): a round
// that left the dealer nothing to play for is completed for the statistics.
std::string dealer_figures(const json& r) {
  const json& dealer = r.at("dealer");
  const json& by_upcard = dealer.at("by_upcard");
  const std::string every_round = "all rounds with that up card (the dealer's hand played out in every round, also "
                                  "where no player needed it)";
  BarChart chart;
  chart.caption = "Dealer bust probability by up card: share of " + every_round + ", with 95% intervals";
  chart.axis_title = "% of rounds with the up card";
  for (const char* up : UPCARDS) {
    const json& played_out = by_upcard.at(up).at("played_out");
    const double bust = 100 * number(played_out.at("final").at("bust"));
    const double half = played_out.at("bust_standard_error").is_null()
                            ? NONE
                            : 100 * Z95 * number(played_out.at("bust_standard_error"));
    chart.bars.push_back(Bar{std::string("up ") + up, bust, bust - half, bust + half, NONE, percent(bust, 2)});
  }
  std::ostringstream out;
  out << report::bar_chart(chart) << "<table class=\"dealer\"><caption>Dealer final total by up card: share of "
      << every_round << "; standard error below each share; rows sum to 1</caption><tr><th class=\"l\">up card</th>";
  for (const char* f : FINALS) out << "<th>" << f << "</th>";
  out << "<th>rounds</th></tr>";
  const auto row = [&](const std::string& name, const json& played_out, const json& standard_errors,
                       const json& rounds) {
    out << "<tr><td class=\"l\">" << name << "</td>";
    for (const char* f : FINALS) {
      out << "<td>" << fixed(number(played_out.at("final").at(f)), 4) << "<br><small>"
          << maybe(standard_errors.at(f), 4) << "</small></td>";
    }
    out << "<td>" << count(rounds) << "</td></tr>";
  };
  for (const char* up : UPCARDS) {
    const json& played_out = by_upcard.at(up).at("played_out");
    row(up, played_out, played_out.at("final_standard_error"), by_upcard.at(up).at("rounds"));
  }
  row("all", dealer.at("played_out"), dealer.at("played_out").at("final_standard_error"), r.at("run").at("rounds"));
  out << "</table>\n";
  return out.str();
}

// Each seat's house edge, when several play.
std::string seats_table(const json& r) {
  const json& seats = r.at("seats");
  if (seats.size() < 2) return "";
  std::ostringstream out;
  out << "<table><caption>House edge by seat, per initial wager of that seat, over all "
      << count(r.at("run").at("rounds")) << " rounds</caption><tr><th class=\"l\">seat</th><th>house edge</th>"
      << "<th>95% interval</th></tr>";
  for (const json& seat : seats) {
    const auto [low, high] = edge_interval(seat.at("edge"));
    out << "<tr><td class=\"l\">" << seat.at("seat").dump() << "</td><td>"
        << percent(number(seat.at("edge").at("house_edge_percent"))) << "</td><td>" << percent(low) << " .. "
        << percent(high) << "</td></tr>";
  }
  out << "</table>\n";
  return out.str();
}

// The part of the page for one sim result; `ids` prefixes its element ids.
std::string sim_section(const json& r, const std::string& ids) {
  std::string out = edge_paragraph(r, ids) + rules_table(r, ids);
  if (r.contains("counting")) out += report::counting_section(r, ids);
  if (r.contains("side_bets")) out += report::side_bets_section(r, ids);
  return out + "<h2>Outcomes and the dealer</h2>\n" + seats_table(r) + outcome_chart(r) + dealer_figures(r);
}

// --- compare and sweep -----------------------------------------------------

// Every variant's edge with its 95% interval and the exact value.
BarChart edge_bars(const json& variants, const std::string& caption) {
  BarChart chart;
  chart.caption = caption;
  chart.axis_title = "house edge (% of initial wager)";
  chart.mark_name = "exact, fresh shoe each round";
  for (const json& v : variants) {
    const json& edge = v.at("result").at("edge");
    const auto [low, high] = edge_interval(edge);
    const double exact =
        same_strategy(v.at("result")) ? number(v.at("result").at("exact").at("house_edge_percent")) : NONE;
    chart.bars.push_back(Bar{v.at("label").get<std::string>(), number(edge.at("house_edge_percent")), low, high, exact,
                             percent(number(edge.at("house_edge_percent")))});
  }
  return chart;
}

}  // namespace

// A variant's label: a sweep cell's varied keys in words with their values
// ("split hands=4, blackjack pays=6:5"), a compare variant's as given (its
// config's name).
std::string variant_label(const json& r, const json& v) {
  if (!r.contains("varied") || r.at("varied").empty()) return v.at("label").get<std::string>();
  std::string label;
  for (const json& key : r.at("varied")) {
    label += (label.empty() ? "" : ", ") + words(key.get<std::string>()) + "=" +
             text_of(v.at("values").at(key.get<std::string>()));
  }
  return label;
}

// Whether the paired changes are controlled estimates (docs/control-variates.md).
bool controlled_changes(const json& r) {
  for (const json& v : r.at("variants")) {
    const json& diff = v.at("difference");
    if (!diff.is_null() && diff.contains("estimate") && diff.at("estimate") == "controlled") return true;
  }
  return false;
}

// The variants, sorted by their change against the baseline (the baseline first).
std::string variants_table(const json& r) {
  std::vector<const json*> rows;
  for (const json& v : r.at("variants")) rows.push_back(&v);
  const auto change = [](const json* v) {
    return v->at("difference").is_null() ? -INFINITY : number(v->at("difference").at("house_edge_change_percent"));
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const json* a, const json* b) { return change(a) < change(b); });
  const bool controlled = controlled_changes(r);
  std::ostringstream out;
  out << "<table id=\"variants\"><caption>Every variant, sorted by its change in house edge against the baseline "
         "(paired on the same cards; most favourable to the player first); percent of the initial wager, "
      << count(r.at("run").at("rounds")) << " rounds each"
      << (controlled ? "; the edges and changes are controlled estimates, the plain change of the same rounds beside "
                       "them"
                     : "")
      << "</caption><tr><th class=\"l\">variant</th><th>house edge</th>"
      << "<th>95% interval</th><th>exact</th><th>change</th><th>paired SE</th><th>unpaired SE</th>"
      << (controlled ? "<th>plain change</th><th>plain paired SE</th>" : "") << "</tr>";
  for (const json* v : rows) {
    const json& edge = v->at("result").at("edge");
    const json& diff = v->at("difference");
    const auto [low, high] = edge_interval(edge);
    out << "<tr><td class=\"l\">" << escape(variant_label(r, *v)) << "</td><td>"
        << percent(number(edge.at("house_edge_percent"))) << "</td><td>"
        << (edge.at("house_edge_ci95_percent").is_null() ? std::string("none (one round)")
                                                         : percent(low) + " .. " + percent(high))
        << "</td><td>"
        << (same_strategy(v->at("result")) ? percent(number(v->at("result").at("exact").at("house_edge_percent")))
                                           : std::string("none (index plays)"))
        << "</td><td class=\"change\">"
        << (diff.is_null() ? "baseline" : signed_percent(number(diff.at("house_edge_change_percent")))) << "</td><td>"
        << (diff.is_null() ? "" : percent(100 * number(diff.at("standard_error")))) << "</td><td>"
        << (diff.is_null() ? "" : percent(100 * number(diff.at("standard_error_unpaired")))) << "</td>";
    if (controlled) {
      const json* plain = v->contains("difference_plain") ? &v->at("difference_plain") : nullptr;
      out << "<td>" << (plain == nullptr ? "" : signed_percent(number(plain->at("house_edge_change_percent"))))
          << "</td><td>"
          << (plain == nullptr || plain->at("standard_error").is_null()
                  ? ""
                  : percent(100 * number(plain->at("standard_error"))))
          << "</td>";
    }
    out << "</tr>";
  }
  out << "</table>\n";
  return out.str();
}

// Each variant's whole result, folded.
std::string variant_details(const json& r) {
  std::ostringstream out;
  out << "<h2>Each variant</h2>\n";
  int i = 0;
  for (const json& v : r.at("variants")) {
    out << "<details><summary>" << escape(variant_label(r, v)) << "</summary>\n"
        << sim_section(v.at("result"), "variant-" + std::to_string(i++) + "-") << "</details>\n";
  }
  return out.str();
}

namespace {

std::string compare_section(const json& r) {
  const json& variants = r.at("variants");
  const std::string chunks = count(r.at("run").at("chunks_played"));
  BarChart changes;
  changes.caption = "Change in house edge against the baseline (" + variants.at(0).at("label").get<std::string>() +
                    "), played on the same cards: percentage points of the initial wager, with 95% intervals from the "
                    "paired standard error over " +
                    chunks + " chunks (positive: worse for the player)" +
                    (report::controlled_changes(r) ? "; controlled estimates (the rounds' results less their control "
                                                     "variates, docs/control-variates.md)"
                                                   : "");
  changes.axis_title = "change in house edge (percentage points)";
  for (std::size_t i = 1; i < variants.size(); ++i) {
    changes.bars.push_back(change_bar(variants[i].at("label").get<std::string>(), variants[i].at("difference")));
  }
  std::string out = "<h2>Changes against the baseline</h2>\n";
  if (!changes.bars.empty()) out += report::bar_chart(changes);
  out +=
      report::bar_chart(edge_bars(variants, "House edge of each variant over its " + count(r.at("run").at("rounds")) +
                                                " rounds, with 95% intervals (the intervals overlap even where the "
                                                "paired change above is clear)"));
  return out + variants_table(r) + variant_details(r);
}

}  // namespace

namespace {

// The body of a sim, compare or sweep result: banners, then its part.
std::string blackjack_body(const json& result) {
  std::ostringstream page;
  page << banners(result);
  const std::string command = result.at("command").get<std::string>();
  if (result.at("run").at("rounds") == 0) {
    // An empty shard (more shards than chunks): nothing to draw.
    page << "<p class=\"note\" id=\"empty\">No rounds: this shard holds none of the run's chunks ("
         << count(result.at("run").at("rounds_requested")) << " rounds in chunks of "
         << count(result.at("run").at("chunk_rounds"))
         << "), so it has no figures. Merge it with the other shards (<code>cardsim merge</code>) and report the "
            "merged result.</p>\n";
  } else if (command == "sim") {
    page << sim_section(result, "");
  } else {
    page << "<p>" << result.at("variants").size() << " variants, " << count(result.at("run").at("rounds"))
         << " rounds each on the same cards (common random numbers), seed " << result.at("run").at("seed").dump()
         << "; baseline: " << escape(variant_label(result, result.at("variants").at(0))) << " ("
         << escape(rules_line(result.at("variants").at(0).at("result"))) << ").</p>\n"
         << (command == "compare" ? compare_section(result) : report::sweep_section(result));
  }
  return page.str();
}

// A kind of result the report draws: its command, the schema_version this
// cardsim writes it in, the page's title and its body.
struct PageKind {
  const char* command;
  int schema_version;
  const char* title;
  std::string (*body)(const json&);
};
const PageKind KINDS[] = {
    {"sim", RESULT_SCHEMA_VERSION, "sim", blackjack_body},
    {"compare", RESULT_SCHEMA_VERSION, "compare", blackjack_body},
    {"sweep", RESULT_SCHEMA_VERSION, "sweep", blackjack_body},
    {"zjh sim", ZJH_SCHEMA_VERSION, "Zha Jin Hua (炸金花) sim", report::zjh_body},
    {"zjh exact", ZJH_SCHEMA_VERSION, "Zha Jin Hua (炸金花) exact", report::zjh_body},
    {"bench", BENCH_SCHEMA_VERSION, "bench", report::bench_body},
    {"analyze", io::ANALYSIS_SCHEMA_VERSION, "analyze", report::analyze_body},
    {"sidebet", io::SIDEBET_SCHEMA_VERSION, "sidebet", report::sidebet_body},
    {"ramp", io::RAMP_RESULT_SCHEMA_VERSION, "ramp", report::ramp_body},
    {"indices", io::INDEX_RESULT_SCHEMA_VERSION, "indices", report::indices_body},
};

// "sim, compare, ... or indices": the commands whose results the report draws.
std::string kinds_list() {
  std::string list;
  for (std::size_t i = 0; i < std::size(KINDS); ++i) {
    list += (i == 0 ? "" : i + 1 == std::size(KINDS) ? " or " : ", ") + std::string(KINDS[i].command);
  }
  return list;
}

}  // namespace

std::string html_page(const json& result) {
  if (!result.is_object() || !result.contains("schema_version") || !result.contains("command")) {
    throw Error("not a cardsim result: expected a JSON object with a schema_version and a command");
  }
  const json& command_value = result.at("command");
  const std::string command = command_value.is_string() ? command_value.get<std::string>() : command_value.dump();
  if (command == "zjh deal") {
    throw Error("command: a 'zjh deal' result is one deal, with no statistics to report (cardsim zjh deal prints "
                "it); report takes the results of " +
                kinds_list());
  }
  const auto kind =
      std::find_if(std::begin(KINDS), std::end(KINDS), [&](const PageKind& k) { return command == k.command; });
  if (kind == std::end(KINDS)) {
    throw Error("command: cannot report a '" + excerpt(command) + "' result; expected " + kinds_list());
  }
  // (Each kind of result has a schema of its own: io/result.hpp,
  // io/zjh_result.hpp, app/bench.hpp, io/analysis_result.hpp...)
  if (result.at("schema_version") != kind->schema_version) {
    throw Error("a " + excerpt(command) + " result of schema_version " + excerpt(result.at("schema_version").dump()) +
                "; this cardsim reports " + command + " results of schema_version " +
                std::to_string(kind->schema_version) +
                " (run it again with this cardsim, or report it with the one that wrote it)");
  }
  // A result file is data from anywhere: every field the page shows is of
  // its kind before anything is built from it.
  report::check_result_schema(result);
  try {
    std::ostringstream page;
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cardsim " << kind->title
         << " report</title><style>" << report::STYLE << "</style></head><body>\n<h1>cardsim " << kind->title
         << " report</h1>\n"
         << kind->body(result);
    page << "<p><small>cardsim " << escape(result.at("tool").at("version").get<std::string>()) << " ("
         << escape(result.at("tool").at("git_revision").get<std::string>()) << ")</small></p>\n</body></html>\n";
    return page.str();
  } catch (const json::exception& e) {
    throw Error(std::string("malformed cardsim result: ") + e.what());
  } catch (const std::logic_error& e) {  // a bet ramp that is not numbers
    throw Error(std::string("malformed cardsim result: ") + e.what());
  }
}

}  // namespace cardsim::report
