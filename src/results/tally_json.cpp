// A tally as JSON and back, exactly: the form checkpoints and shard results
// hold (integers as JSON numbers, 128-bit sums as decimal strings).

#include "cardsim/io/tally_json.hpp"

#include <array>
#include <string>
#include <vector>

#include "blackjack_keys.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/io/wide_sum.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

bj::WideSum wide_from_json(const json& j, const std::string& what) { return wide_sum_from_json(j, "tally: " + what); }

// A table's field names as a JSON array (after `first`, if given).
template <class Table>
json field_names(const Table& table, const char* first = nullptr) {
  json names = json::array();
  if (first != nullptr) names.push_back(first);
  for (const auto& field : table) names.push_back(field.name);
  return names;
}

// Writes every field of `table` of `from` into the object `j`, and reads them back.
template <class Struct, class Table>
void write_fields(json& j, const Struct& from, const Table& table) {
  for (const auto& field : table) j[field.name] = from.*field.member;
}
template <class Struct, class Table>
void read_fields(const json& j, Struct& to, const Table& table) {
  for (const auto& field : table) j.at(field.name).get_to(to.*field.member);
}

json chunk_sums_json(const bj::ChunkSums& c) {
  json rows = json::array();
  for (std::size_t b = 0; b < c.at_true_count_squared.size(); ++b) {
    if (c.at_true_count_squared[b] == 0 && c.at_true_count_by_rounds[b] == 0) continue;
    rows.push_back({static_cast<int>(b) - bj::TRUE_COUNT_LIMIT, wide_to_string(c.at_true_count_squared[b]),
                    wide_to_string(c.at_true_count_by_rounds[b])});
  }
  json j = {{"chunks", c.chunks},
            {"sd_overflow", c.sd_overflow},
            {"by_true_count_fields", {"true_count", "rounds_squared", "rounds_by_chunk_rounds"}},
            {"by_true_count", rows}};
  for (const auto& [name, member] : bj::CHUNK_SUMS_WIDE_FIELDS) j[name] = wide_to_string(c.*member);
  return j;
}

bj::ChunkSums chunk_sums_from_json(const json& j) {
  bj::ChunkSums c;
  c.chunks = j.at("chunks").get<std::int64_t>();
  if (c.chunks < 0) throw Error("tally: chunk_sums.chunks must not be negative");
  for (const auto& [name, member] : bj::CHUNK_SUMS_WIDE_FIELDS) {
    c.*member = wide_from_json(j.at(name), std::string("chunk_sums.") + name);
  }
  c.sd_overflow = j.at("sd_overflow").get<std::int64_t>();
  if (c.sd_overflow < 0) throw Error("tally: chunk_sums.sd_overflow must not be negative");
  for (const json& row : j.at("by_true_count")) {
    if (!row.is_array() || row.size() != 3 || !row[0].is_number_integer() ||
        row[0].get<std::int64_t>() < -bj::TRUE_COUNT_LIMIT || row[0].get<std::int64_t>() > bj::TRUE_COUNT_LIMIT) {
      throw Error("tally: a chunk_sums.by_true_count row needs 3 fields and a true count within +/-" +
                  std::to_string(bj::TRUE_COUNT_LIMIT));
    }
    const auto b = static_cast<std::size_t>(row[0].get<std::int64_t>() + bj::TRUE_COUNT_LIMIT);
    c.at_true_count_squared[b] = wide_from_json(row[1], "chunk_sums.by_true_count");
    c.at_true_count_by_rounds[b] = wide_from_json(row[2], "chunk_sums.by_true_count");
  }
  return c;
}

// The counting part of a tally (only written when counting was on, so that a
// run without counting writes the tally it always did). By true count: rows
// [true count, rounds, shoes, played, net, net_squared, ace_up, ten_in_hole] for the
// counts that occurred.
json counting_tally_json(const bj::CountingTally& c) {
  json rows = json::array();
  for (std::size_t b = 0; b < c.by_true_count.size(); ++b) {
    const bj::TrueCountTally& x = c.by_true_count[b];
    if (x == bj::TrueCountTally{}) continue;
    json row = {static_cast<int>(b) - bj::TRUE_COUNT_LIMIT};
    for (const auto& field : bj::TRUE_COUNT_TALLY_FIELDS) row.push_back(x.*field.member);
    rows.push_back(row);
  }
  json j = {{"by_true_count_fields", field_names(bj::TRUE_COUNT_TALLY_FIELDS, "true_count")},
            {"by_true_count", rows},
            {"chunk_sums", chunk_sums_json(c.chunk_sums)}};
  write_fields(j, c, bj::COUNTING_TALLY_FIELDS);
  return j;
}

bj::CountingTally counting_tally_from_json(const json& j) {
  bj::CountingTally c;
  read_fields(j, c, bj::COUNTING_TALLY_FIELDS);
  constexpr std::size_t ROW = bj::TRUE_COUNT_TALLY_FIELDS.size() + 1;  // the true count, then the fields
  for (const json& row : j.at("by_true_count")) {
    const auto v = row.get<std::vector<std::int64_t>>();
    if (v.size() != ROW || v[0] < -bj::TRUE_COUNT_LIMIT || v[0] > bj::TRUE_COUNT_LIMIT) {
      throw Error("tally: a by_true_count row needs " + std::to_string(ROW) + " fields and a true count within +/-" +
                  std::to_string(bj::TRUE_COUNT_LIMIT));
    }
    bj::TrueCountTally& x = c.by_true_count[static_cast<std::size_t>(v[0] + bj::TRUE_COUNT_LIMIT)];
    for (std::size_t f = 0; f < bj::TRUE_COUNT_TALLY_FIELDS.size(); ++f)
      x.*bj::TRUE_COUNT_TALLY_FIELDS[f].member = v[f + 1];
  }
  c.chunk_sums = chunk_sums_from_json(j.at("chunk_sums"));
  return c;
}

// The side bets of a tally (written only when a bet was placed, so that a
// run without side bets writes the tally it always did): per bet its sums,
// its wins by outcome (trailing zeros left out) and rows [true count, net,
// net_squared] for the true counts that occurred.
bool has_side_bets(const bj::Tally& t) {
  return std::any_of(t.side_bets.begin(), t.side_bets.end(), [](const bj::SideBetTally& b) { return b.bets != 0; });
}

json side_bets_tally_json(const bj::Tally& t) {
  json bets = json::array();
  std::size_t used = t.side_bets.size();
  while (used > 0 && t.side_bets[used - 1] == bj::SideBetTally{}) --used;
  for (std::size_t i = 0; i < used; ++i) {
    const bj::SideBetTally& b = t.side_bets[i];
    std::size_t outcomes = b.wins.size();
    while (outcomes > 0 && b.wins[outcomes - 1] == 0) --outcomes;
    json rows = json::array();
    for (std::size_t c = 0; c < b.by_true_count.size(); ++c) {
      if (b.by_true_count[c] == bj::SideBetTrueCountTally{}) continue;
      rows.push_back(
          {static_cast<int>(c) - bj::TRUE_COUNT_LIMIT, b.by_true_count[c].net, b.by_true_count[c].net_squared});
    }
    json one;
    write_fields(one, b, bj::SIDE_BET_TALLY_FIELDS);
    one["wins"] = std::vector<std::int64_t>(b.wins.begin(), b.wins.begin() + static_cast<std::ptrdiff_t>(outcomes));
    one["by_true_count_fields"] = {"true_count", "net", "net_squared"};
    one["by_true_count"] = rows;
    bets.push_back(one);
  }
  return bets;
}

void side_bets_tally_from_json(const json& j, bj::Tally& t) {
  if (!j.is_array() || j.size() > t.side_bets.size()) {
    throw Error("tally: side_bets must be an array of at most " + std::to_string(t.side_bets.size()) + " bets");
  }
  for (std::size_t i = 0; i < j.size(); ++i) {
    bj::SideBetTally& b = t.side_bets[i];
    read_fields(j[i], b, bj::SIDE_BET_TALLY_FIELDS);
    const auto wins = j[i].at("wins").get<std::vector<std::int64_t>>();
    if (wins.size() > b.wins.size()) {
      throw Error("tally: a side bet's wins list at most " + std::to_string(b.wins.size()) + " outcomes");
    }
    std::copy(wins.begin(), wins.end(), b.wins.begin());
    for (const json& row : j[i].at("by_true_count")) {
      const auto v = row.get<std::vector<std::int64_t>>();
      if (v.size() != 3 || v[0] < -bj::TRUE_COUNT_LIMIT || v[0] > bj::TRUE_COUNT_LIMIT) {
        throw Error("tally: a side bet's by_true_count row needs 3 fields and a true count within +/-" +
                    std::to_string(bj::TRUE_COUNT_LIMIT));
      }
      b.by_true_count[static_cast<std::size_t>(v[0] + bj::TRUE_COUNT_LIMIT)] = {v[1], v[2]};
    }
  }
}

// The control variate's sums (only written for a controlled run, so that a
// plain run writes the tally it always did): 128-bit sums as strings.
// ControlTally's per-seat sums.
using SeatWideSums = std::array<bj::WideSum, bj::MAX_SEATS>;
constexpr auto CONTROL_SEAT_FIELDS = std::to_array<bj::TallyField<bj::ControlTally, SeatWideSums>>({
    {"seat_control", &bj::ControlTally::seat_control},
    {"seat_controlled_squared", &bj::ControlTally::seat_controlled_squared},
    {"seat_cycle_controlled_squared", &bj::ControlTally::seat_cycle_controlled_squared},
    {"seat_cycle_controlled_by_rounds", &bj::ControlTally::seat_cycle_controlled_by_rounds},
});

// A counted run's control sums: a row [true count, then the bucket fields as
// decimal strings] for every true count with any, and the counter's sums.
json counting_control_json(const bj::CountingControlTally& k) {
  json rows = json::array();
  for (std::size_t b = 0; b < k.control.size(); ++b) {
    json row = json::array({static_cast<int>(b) - bj::TRUE_COUNT_LIMIT});
    bool any = false;
    for (const auto& [name, member] : bj::COUNTING_CONTROL_BUCKET_FIELDS) {
      row.push_back(wide_to_string((k.*member)[b]));
      any = any || (k.*member)[b] != 0;
    }
    if (any) rows.push_back(row);
  }
  json fields = json::array();
  for (const auto& field : bj::COUNTING_CONTROL_BUCKET_FIELDS) fields.push_back(field.name);
  json j = {{"by_true_count_fields", fields}, {"by_true_count", rows}};
  for (const auto& [name, member] : bj::COUNTING_CONTROL_COUNTER_FIELDS) j[name] = wide_to_string(k.*member);
  return j;
}

bj::CountingControlTally counting_control_from_json(const json& j) {
  bj::CountingControlTally k;
  const std::size_t width = bj::COUNTING_CONTROL_BUCKET_FIELDS.size() + 1;
  for (const json& row : j.at("by_true_count")) {
    if (!row.is_array() || row.size() != width || !row[0].is_number_integer() ||
        row[0].get<std::int64_t>() < -bj::TRUE_COUNT_LIMIT || row[0].get<std::int64_t>() > bj::TRUE_COUNT_LIMIT) {
      throw Error("tally: a control.counting.by_true_count row needs " + std::to_string(width) +
                  " fields and a true count within +/-" + std::to_string(bj::TRUE_COUNT_LIMIT));
    }
    const auto b = static_cast<std::size_t>(row[0].get<std::int64_t>() + bj::TRUE_COUNT_LIMIT);
    std::size_t i = 1;
    for (const auto& [name, member] : bj::COUNTING_CONTROL_BUCKET_FIELDS) {
      (k.*member)[b] = wide_from_json(row[i++], std::string("control.counting.by_true_count ") + name);
    }
  }
  for (const auto& [name, member] : bj::COUNTING_CONTROL_COUNTER_FIELDS) {
    k.*member = wide_from_json(j.at(name), std::string("control.counting.") + name);
  }
  return k;
}

json control_tally_json(const bj::ControlTally& c) {
  json j = {{"rounds", c.rounds}, {"cycles", c.cycles}};
  if (!c.counting.empty()) j["counting"] = counting_control_json(c.counting);
  for (const auto& [name, member] : CONTROL_SEAT_FIELDS) {
    json seats = json::array();
    for (const bj::WideSum sum : c.*member) seats.push_back(wide_to_string(sum));
    j[name] = seats;
  }
  for (const auto& [name, member] : bj::CONTROL_TALLY_WIDE_FIELDS) j[name] = wide_to_string(c.*member);
  return j;
}

bj::ControlTally control_tally_from_json(const json& j) {
  bj::ControlTally c;
  c.rounds = j.at("rounds").get<std::int64_t>();
  c.cycles = j.at("cycles").get<std::int64_t>();
  if (c.rounds < 0 || c.cycles < 0 || c.cycles > c.rounds) {
    throw Error("tally: control.rounds and control.cycles must not be negative, nor the cycles more than the rounds");
  }
  for (const auto& [name, member] : CONTROL_SEAT_FIELDS) {
    const json& seats = j.at(name);
    if (!seats.is_array() || seats.size() != static_cast<std::size_t>(bj::MAX_SEATS)) {
      throw Error(std::string("tally: control.") + name + " needs " + std::to_string(bj::MAX_SEATS) + " seats");
    }
    for (std::size_t s = 0; s < seats.size(); ++s) {
      (c.*member)[s] = wide_from_json(seats[s], std::string("control.") + name);
    }
  }
  for (const auto& [name, member] : bj::CONTROL_TALLY_WIDE_FIELDS) {
    c.*member = wide_from_json(j.at(name), std::string("control.") + name);
  }
  if (j.contains("counting")) c.counting = counting_control_from_json(j.at("counting"));
  return c;
}

}  // namespace

json tally_to_json(const bj::Tally& t) {
  json seats = json::array();
  for (const auto& s : t.seats) {
    json row = json::array();
    for (const auto& field : bj::SEAT_TALLY_FIELDS) row.push_back(s.*field.member);
    seats.push_back(row);
  }
  json j = {{"seats_fields", field_names(bj::SEAT_TALLY_FIELDS)}, {"seats", seats}, {"upcard_rounds", t.upcard_rounds}};
  write_fields(j, t, bj::TALLY_FIELDS);
  write_fields(j, t, bj::TALLY_DEALER_FINAL_FIELDS);
  if (!t.counting.empty()) j["counting"] = counting_tally_json(t.counting);
  if (has_side_bets(t)) j["side_bets"] = side_bets_tally_json(t);
  if (!t.control.empty()) j["control"] = control_tally_json(t.control);
  return j;
}

namespace {
// Every number of a tally is a whole number that a signed 64-bit sum holds
// (the 128-bit sums are strings): nlohmann would read 2^63 as a negative
// count, and 1.5 as 1. `path` names where, for the message.
void check_tally_numbers(const json& j, const std::string& path) {
  if (j.is_structured()) {
    for (const auto& [key, value] : j.items()) check_tally_numbers(value, path + "/" + key);
  } else if (j.is_number_float() ||
             (j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))) {
    throw Error("tally: " + path + " is " + excerpt(j.dump()) +
                "; a tally holds whole numbers within +/-(2^63-1) (a file edited, or not written by cardsim)");
  }
}
}  // namespace

bj::Tally tally_from_json(const json& j) {
  check_tally_numbers(j, "tally");
  try {
    bj::Tally t;
    read_fields(j, t, bj::TALLY_FIELDS);
    const json& seats = j.at("seats");
    if (seats.size() != t.seats.size()) throw Error("tally: expected " + std::to_string(t.seats.size()) + " seats");
    for (std::size_t i = 0; i < t.seats.size(); ++i) {
      const auto v = seats.at(i).get<std::vector<std::int64_t>>();
      if (v.size() != bj::SEAT_TALLY_FIELDS.size()) {
        throw Error("tally: a seat needs " + std::to_string(bj::SEAT_TALLY_FIELDS.size()) + " fields");
      }
      for (std::size_t f = 0; f < v.size(); ++f) t.seats[i].*bj::SEAT_TALLY_FIELDS[f].member = v[f];
    }
    t.upcard_rounds = j.at("upcard_rounds").get<decltype(t.upcard_rounds)>();
    read_fields(j, t, bj::TALLY_DEALER_FINAL_FIELDS);
    if (j.contains("counting")) t.counting = counting_tally_from_json(j.at("counting"));
    if (j.contains("side_bets")) side_bets_tally_from_json(j.at("side_bets"), t);
    if (j.contains("control")) t.control = control_tally_from_json(j.at("control"));
    return t;
  } catch (const json::exception& e) {
    throw Error(std::string("malformed tally: ") + e.what());
  }
}

void check_tally_possible(const bj::Tally& tally, const bj::Rules& rules, const std::string& where) {
  if (const std::string problem = bj::tally_problem(tally, rules); !problem.empty()) {
    throw Error(where + ": its tally is impossible: " + excerpt(problem, 200) +
                " (the file was edited, or not written by cardsim)");
  }
}

}  // namespace cardsim::io
