// `cardsim report` reads a result as untrusted data: for every field of real
// results (fuzz/seeds/report: sim with one and three seats, side bets,
// counting, a shard, --target-se, compare, sweep, a compare shard, zjh sim,
// zjh exact, analyze, sidebet, ramp and indices), a hostile
// value in its place is either refused with an error naming that field or
// shown escaped: no page ever holds a tag the file carried.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cardsim/core/error.hpp"
#include "cardsim/report/html.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;
namespace fs = std::filesystem;

const std::string HOSTILE = "<script>alert(1)</script>";

std::vector<fs::path> seeds() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(CARDSIM_REPORT_SEEDS)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

json read_json(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

// The JSON pointer `pointer` with list indices as "*": one case per field.
std::string pattern_of(const std::string& pointer) {
  std::string out;
  std::stringstream parts(pointer);
  for (std::string part; std::getline(parts, part, '/');) {
    if (part.empty()) continue;
    const bool index = part.find_first_not_of("0123456789") == std::string::npos;
    out += "/" + (index ? std::string("*") : part);
  }
  return out;
}

// Every value of `j` (objects and lists too), as JSON pointers.
void pointers(const json& j, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
  out.push_back(at);
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) pointers(value, at / key, out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) pointers(j[i], at / i, out);
  }
}

TEST(ReportSchema, TheSeedsAreReported) {
  ASSERT_GE(seeds().size(), 15U);
  for (const fs::path& file : seeds()) {
    EXPECT_NO_THROW(report::html_page(read_json(file))) << file;
  }
}

TEST(ReportSchema, AHostileValueInEveryFieldIsRefusedOrEscaped) {
  std::size_t cases = 0;
  std::size_t refused = 0;
  std::size_t unread = 0;  // in a tally: the page never reads it (merge checks it: tally_problem)
  for (const fs::path& file : seeds()) {
    const json result = read_json(file);
    std::vector<json::json_pointer> all;
    pointers(result, json::json_pointer(), all);
    std::set<std::string> done;
    for (const json::json_pointer& pointer : all) {
      if (pointer.empty() || !done.insert(pattern_of(pointer.to_string())).second) continue;
      const bool in_tally = pattern_of(pointer.to_string()).find("/tally") != std::string::npos;
      for (const json& hostile : {json(HOSTILE), json::object({{HOSTILE, HOSTILE}}), json::array({HOSTILE})}) {
        json bad = result;
        bad[pointer] = hostile;
        ++cases;
        unread += in_tally ? 1 : 0;
        try {
          const std::string page = report::html_page(bad);
          EXPECT_EQ(page.find("<script"), std::string::npos) << file << " " << pointer.to_string();
        } catch (const Error& e) {
          ++refused;
          // The message names the field (its last key, or the list it is in),
          // or the member the page needs that the hostile value lacks.
          const std::string message = e.what();
          const std::string key = pointer.back();
          const bool index = key.find_first_not_of("0123456789") == std::string::npos;
          bool named = message.find(index ? pointer.parent_pointer().back() : key) != std::string::npos;
          // (A hostile object in place of another object, or of a null the
          // page reads as an object, lacks the member the page needs.)
          const json& original = result[pointer];
          if (hostile.is_object() && (original.is_object() || original.is_null())) {
            named = named ||
                    (message.find("' not found") != std::string::npos && message.find(HOSTILE) == std::string::npos);
          }
          EXPECT_TRUE(named) << file << " " << pointer.to_string() << ": " << message;
        }
      }
    }
  }
  EXPECT_GT(cases, 1000U);
  // Most of what the page reads is checked by the schema, not only escaped.
  EXPECT_GT(refused, (cases - unread) / 2);
}

TEST(ReportSchema, AWrongTypeIsRefusedNamingTheField) {
  json result = read_json(fs::path(CARDSIM_REPORT_SEEDS) / "sim.json");
  result["run"]["seed"] = "<script>x</script>";
  try {
    report::html_page(result);
    FAIL() << "a text seed was reported";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "run/seed must be a whole number >= 0, not a text");
  }
  result = read_json(fs::path(CARDSIM_REPORT_SEEDS) / "sim.json");
  result["edge"]["house_edge_percent"] = true;
  EXPECT_THROW(report::html_page(result), Error);
}

TEST(ReportSchema, ZhaJinHuaResultsAreReportedOrRefusedTruly) {
  // zjh results have a schema_version of their own (1): reported, not
  // refused as results of another version.
  const json sim = read_json(fs::path(CARDSIM_REPORT_SEEDS) / "zjhsim.json");
  ASSERT_EQ(sim.at("schema_version"), 1);
  EXPECT_NE(report::html_page(sim).find("<table id=\"zjh-by-category\">"), std::string::npos);
  json wrong = sim;
  wrong["schema_version"] = 2;
  try {
    report::html_page(wrong);
    FAIL() << "a zjh sim result of schema_version 2 was reported";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("this cardsim reports zjh sim results of schema_version 1"), std::string::npos)
        << e.what();
  }
  // One deal: nothing to report, said so.
  const json deal = {{"schema_version", 1}, {"command", "zjh deal"}, {"seats", json::array()}};
  try {
    report::html_page(deal);
    FAIL() << "a zjh deal was reported";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("a 'zjh deal' result is one deal"), std::string::npos) << e.what();
  }
  // A Chinese name is text like any other: escaped.
  json hostile = sim;
  hostile["seat"]["by_category"][0]["chinese"] = "豹子<b>";
  const std::string page = report::html_page(hostile);
  EXPECT_NE(page.find("leopard (豹子&lt;b&gt;)"), std::string::npos);
}

}  // namespace
}  // namespace cardsim::io
