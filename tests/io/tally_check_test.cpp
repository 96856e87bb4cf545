// A tally read back must be possible (blackjack::tally_problem): every tally
// cardsim plays passes, whatever the rules, seats, count, side bets and
// control; each impossible edit is named; a resealed checkpoint or shard with
// an impossible tally is refused, and shards that disagree on the exact EV do
// not merge.
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cardsim/app/sim_job.hpp"
#include "cardsim/blackjack/tally.hpp"
#include "cardsim/io/checkpoint.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/shard.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

struct Played {
  SimConfig config;
  blackjack::Tally tally;
  std::string result;  // the result JSON (a shard result if `shard` was given)
};

// The job of `keys` (a config object) played to its end, as `cardsim sim` plays it.
Played play(json keys, const std::string& shard = "") {
  keys["rounds"] = keys.value("rounds", 20'000);
  keys["chunk_rounds"] = keys.value("chunk_rounds", 4'000);
  InputRegistry inputs;
  app::SimJob job(
      sim_config_from_json(keys), [](const std::string&) { return std::string(); }, inputs, shard);
  job.prepare({.threads = 1,
               .target_se = 0,
               .checkpoint = {},
               .checkpoint_seconds = 60,
               .checkpoint_written = {},
               .mpi = nullptr});
  blackjack::SimulationControl control;
  job.play(control);
  const app::SimJobEnd end = *job.finish();
  return {job.config(), end.tally, end.result};
}

// The config file `name` of the data folder, with `keys` on top.
json game_file(const std::string& name, const json& keys) {
  json j = parse_json_object(read_file(data_dir() + "/" + name), name);
  j.erase("name");
  j.erase("description");
  for (const auto& [key, value] : keys.items()) j[key] = value;
  return j;
}

const std::vector<json>& games() {
  static const std::vector<json> list = {
      json::object(),
      {{"seats", 7}, {"control_variate", "none"}},
      {{"count", "hi-lo"},
       {"bet_ramp", "1:1,2:2,3:4,4:8"},
       {"wong_in", 0},
       {"indices", "illustrious18-fab4-s17"},
       {"seats", 3}},
      {{"side_bets", {"21-plus-3", "lucky-ladies"}}, {"seats", 2}},
      {{"count", "hi-lo"}, {"side_bets", {"21-plus-3"}}},
      {{"decks", "infinite"}, {"seats", 2}},
      {{"reshuffle", "every-round"}, {"surrender", "late"}, {"hole_card", "enhc"}},
      game_file("free-bet-6d-h17.json", {{"seats", 2}}),
      game_file("spanish21-6d-h17.json", json::object()),
      game_file("blackjack-switch-6d-h17.json", {{"seats", 2}}),
      {{"decks", 1}, {"blackjack_pays", "6:5"}, {"resplit_aces", true}},
  };
  return list;
}

TEST(TallyCheck, EveryTallyCardsimPlaysIsPossible) {
  for (const json& keys : games()) {
    SCOPED_TRACE(keys.dump());
    const Played p = play(keys);
    EXPECT_EQ(blackjack::tally_problem(p.tally, p.config.rules), "");
    EXPECT_EQ(blackjack::tally_problem(tally_from_json(tally_to_json(p.tally)), p.config.rules), "");
  }
}

TEST(TallyCheck, EachImpossibleEditIsNamed) {
  const Played p = play({{"count", "hi-lo"}, {"bet_ramp", "1:1,2:4"}, {"seats", 3}, {"side_bets", {"21-plus-3"}}});
  ASSERT_FALSE(p.tally.control.empty());
  using Edit = std::function<void(blackjack::Tally&)>;
  const std::vector<std::pair<std::string, Edit>> edits = {
      {"dealer_blackjacks", [](auto& t) { t.dealer_blackjacks = 2 * t.rounds; }},
      {"wins + losses", [](auto& t) { ++t.seats[0].wins; }},
      {"seats[1].wagered", [](auto& t) { t.seats[1].wagered += 2; }},
      {"seats[2].hands", [](auto& t) { ++t.seats[2].hands; }},
      {"seats[0].busts", [](auto& t) { t.seats[0].busts = t.seats[0].losses + 1; }},
      {"seats[1].net_squared", [](auto& t) { t.seats[1].net_squared = 0; }},
      {"seats[4] is not empty", [](auto& t) { t.seats[4].hands = 1; }},
      {"table_net", [](auto& t) { ++t.table_net; }},
      {"dealer_final[5] and dealer_final_unneeded", [](auto& t) { ++t.upcard_rounds[5]; }},
      {"dealer_final[7]", [](auto& t) { ++t.dealer_final[7][2]; }},
      {"counting.by_true_count rounds",
       [](auto& t) { ++t.counting.by_true_count[blackjack::TRUE_COUNT_LIMIT].rounds; }},
      {"counting.rounds_played", [](auto& t) { t.counting.rounds_played = t.rounds + 1; }},
      {"ten_in_hole",
       [](auto& t) {
         auto& x = t.counting.by_true_count[blackjack::TRUE_COUNT_LIMIT];
         x.ten_in_hole = x.ace_up + 1;
       }},
      {"side_bets[0].bets", [](auto& t) { ++t.side_bets[0].bets; }},
      {"side_bets[0].wins", [](auto& t) { t.side_bets[0].wins[0] = t.side_bets[0].bets + 1; }},
      {"control.rounds", [](auto& t) { ++t.control.rounds; }},
      {"control.cycles", [](auto& t) { t.control.cycles = 0; }},
      {"control.table_control", [](auto& t) { t.control.table_control += 1; }},
      {"control.seat_controlled_squared[0]", [](auto& t) { t.control.seat_controlled_squared[0] /= 1000; }},
      {"control.table_controlled_squared", [](auto& t) { t.control.table_controlled_squared = 0; }},
      {"control.cycle_net_squared", [](auto& t) { t.control.cycle_net_squared = 0; }},
      {"shoes", [](auto& t) { t.shoes = -1; }},
  };
  ASSERT_EQ(blackjack::tally_problem(p.tally, p.config.rules), "");
  for (const auto& [field, edit] : edits) {
    blackjack::Tally t = p.tally;
    edit(t);
    EXPECT_NE(blackjack::tally_problem(t, p.config.rules).find(field), std::string::npos)
        << field << ": " << blackjack::tally_problem(t, p.config.rules);
  }
}

TEST(TallyCheck, ResealedCheckpointWithAnImpossibleTallyIsRefused) {
  const Played p = play(json::object());
  Checkpoint c;
  c.config = p.config;
  c.chart = blackjack::hit_below_16_chart();
  const run::ChunkPlan plan{c.config.rounds, c.config.chunk_rounds};
  c.completed_chunks = run::all_chunks(plan);
  c.tally = p.tally;
  json j = json::parse(checkpoint_to_text(c));
  ASSERT_NO_THROW(checkpoint_from_text(j.dump(), "ck.json"));
  // The edit: twice as many dealer blackjacks as rounds (a rate of
  // 2.0), sealed again with the public checksum.
  j["tally"]["dealer_blackjacks"] = 2 * p.tally.rounds;
  j["checksum"] = json_checksum(j);
  const std::string error = testutil::error_message([&] { checkpoint_from_text(j.dump(), "ck.json"); });
  EXPECT_NE(error.find("checkpoint 'ck.json': its tally is impossible: dealer_blackjacks is 40000, more than the "
                       "rounds (20000)"),
            std::string::npos)
      << error;
}

TEST(TallyCheck, ResealedShardsAreRefusedAndMustAgreeOnTheExactValue) {
  std::vector<std::string> texts;
  for (int i = 0; i < 2; ++i) texts.push_back(play(json::object(), std::to_string(i) + "/2").result);
  const auto merge_of = [](const std::vector<std::string>& shards) {
    return testutil::error_message([&] {
      std::vector<ShardFile> files;
      for (std::size_t i = 0; i < shards.size(); ++i) files.push_back({std::to_string(i) + ".json", shards[i]});
      merge_shard_files(files);
    });
  };
  ASSERT_EQ(merge_of(texts), "");
  json impossible = json::parse(texts[1]);
  impossible["tally"]["seats"][0][4] = impossible["tally"]["seats"][0][4].get<std::int64_t>() + 1;  // wins
  seal_shard_result(impossible);
  EXPECT_NE(merge_of({texts[0], impossible.dump()}).find("shard '1.json': its tally is impossible: seats[0]."),
            std::string::npos);
  json other_exact = json::parse(texts[1]);
  other_exact["shard"]["exact_ev"] = -0.5;
  seal_shard_result(other_exact);
  for (const auto& order : {std::vector<std::string>{texts[0], other_exact.dump()},
                            std::vector<std::string>{other_exact.dump(), texts[0]}}) {
    EXPECT_NE(merge_of(order).find("disagree on the exact EV"), std::string::npos) << merge_of(order);
  }
}

}  // namespace
}  // namespace cardsim::io
