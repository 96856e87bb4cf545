// Checkpoint files: written and read back exactly; any damage (a cut, a
// changed digit, another build, inconsistent chunks) is rejected whole.
#include "cardsim/io/checkpoint.hpp"

#include <filesystem>

#include <gtest/gtest.h>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/simulate.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/counting_file.hpp"
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/run_identity.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/io/strategy_file.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
using nlohmann::json;

// The tally of the checkpoint's completed chunks, played by `engine`.
blackjack::Tally play_chunks(const Checkpoint& c, const blackjack::Engine& engine) {
  blackjack::SimulationControl control;
  const blackjack::SimulationPlan plan{c.config.seed, {c.config.rounds, c.config.chunk_rounds}, c.completed_chunks, 0};
  return blackjack::simulate(engine, plan, 1, control).tally;
}

Checkpoint sample_checkpoint(bool sharded) {
  Checkpoint c;
  c.config = sim_config_from_json({{"rounds", 40'000}, {"chunk_rounds", 3'000}, {"seats", 2}, {"seed", 9}});
  c.chart = blackjack::hit_below_16_chart();
  c.sharded = sharded;
  c.shard = sharded ? run::Shard{1, 3} : run::Shard{};
  c.completed_chunks = sharded ? std::vector<std::uint64_t>{1, 4, 13} : std::vector<std::uint64_t>{0, 1, 2, 5, 13};
  c.tally = play_chunks(c, blackjack::make_engine(c.config.rules, c.chart));
  return c;
}

std::string error_of(const std::string& text) {
  return testutil::error_message([&] { checkpoint_from_text(text, "ck.json"); });
}

TEST(Checkpoint, ReadsBackWhatWasWritten) {
  for (const bool sharded : {false, true}) {
    const Checkpoint c = sample_checkpoint(sharded);
    const std::string text = checkpoint_to_text(c);
    const Checkpoint back = checkpoint_from_text(text, "ck.json");
    EXPECT_EQ(to_json(back.config), to_json(c.config));
    EXPECT_EQ(back.chart.name, c.chart.name);
    EXPECT_EQ(format_strategy_chart(back.chart), format_strategy_chart(c.chart));
    EXPECT_EQ(back.sharded, sharded);
    EXPECT_EQ(back.shard, c.shard);
    EXPECT_EQ(back.completed_chunks, c.completed_chunks);
    EXPECT_EQ(back.tally, c.tally);
    EXPECT_EQ(checkpoint_to_text(back), text);
  }
}

TEST(Checkpoint, ChunkRangesAreCompact) {
  EXPECT_EQ(chunk_ranges_to_json({0, 1, 2, 5, 7, 8}).dump(), "[[0,2],[5,5],[7,8]]");
  EXPECT_EQ(chunk_ranges_from_json(json::parse("[[0,2],[5,5],[7,8]]"), 9),
            (std::vector<std::uint64_t>{0, 1, 2, 5, 7, 8}));
  for (const char* bad :
       {"[[2,0]]", "[[0,9]]", "[[0,2],[2,3]]", "[[3,4],[0,1]]", "[[0]]", "[[-1,2]]", "{}", "[[0,1.5]]"}) {
    EXPECT_THROW(chunk_ranges_from_json(json::parse(bad), 9), Error) << bad;
  }
}

TEST(Checkpoint, EveryTruncationIsRejected) {
  const std::string text = checkpoint_to_text(sample_checkpoint(true));
  for (std::size_t length = 0; length + 1 < text.size(); ++length) {  // the last byte is the newline
    ASSERT_NE(error_of(text.substr(0, length)), "") << "accepted a checkpoint cut at byte " << length;
  }
}

TEST(Checkpoint, ChangedDigitsAreRejected) {
  const std::string text = checkpoint_to_text(sample_checkpoint(false));
  int changed = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') continue;
    std::string damaged = text;
    damaged[i] = text[i] == '9' ? '8' : static_cast<char>(text[i] + 1);
    ASSERT_NE(error_of(damaged), "") << "accepted a change at byte " << i;
    ++changed;
  }
  EXPECT_GT(changed, 100);
}

TEST(Checkpoint, ClearErrors) {
  EXPECT_NE(error_of("{\"format\": \"cardsim-checkpoint\", ").find("not valid JSON"), std::string::npos);
  EXPECT_NE(error_of("{\"schema_version\": 1}").find("not a cardsim checkpoint"), std::string::npos);
  json j = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  j["tally"]["rounds"] = 1;
  EXPECT_NE(error_of(j.dump()).find("checksum mismatch"), std::string::npos);
  // Consistent checksums but inconsistent content: each is still rejected.
  const auto resealed = [](json k) {
    k["checksum"] = json_checksum(k);
    return error_of(k.dump());
  };
  json other = j;
  other["identity"]["compatibility"]["stream_version"] = 0;
  other["tally"] = json::parse(checkpoint_to_text(sample_checkpoint(false)))["tally"];
  EXPECT_NE(resealed(other).find("resume with a build of the same versions"), std::string::npos);
  // The git revision is not part of a run's identity: a checkpoint holds none.
  EXPECT_EQ(j.at("identity").dump().find("git_revision"), std::string::npos);
  json rounds = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  rounds["tally"]["rounds"] = 1;
  EXPECT_NE(resealed(rounds).find("rounds do not match"), std::string::npos);
  json foreign = json::parse(checkpoint_to_text(sample_checkpoint(true)));
  foreign["completed_chunks"] = json::parse("[[2,2]]");
  EXPECT_NE(resealed(foreign).find("not in shard 1/3"), std::string::npos);
  json chart = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  chart["strategy_chart"] = "[hard]\n";
  EXPECT_NE(resealed(chart).find("fingerprint"), std::string::npos);
  json version = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  version["format_version"] = 1;  // before checkpoints carried the counting
  EXPECT_NE(resealed(version).find("format_version"), std::string::npos);
  // Issue 30: a count above 2^63-1, resealed, was read as a negative count.
  json big = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  big["tally"]["dealer_blackjacks"] = 9'300'000'000'000'000'000ULL;
  EXPECT_NE(resealed(big).find("tally/dealer_blackjacks is 9300000000000000000; a tally holds whole numbers"),
            std::string::npos)
      << resealed(big);
  json fraction = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  fraction["tally"]["shoes"] = 1.5;
  EXPECT_NE(resealed(fraction).find("tally/shoes is 1.5"), std::string::npos);
}

// Issue 30: a run with side bets holds the bets themselves (their pay tables,
// named by a path that does not exist where the checkpoint is read), so that a
// resume reads no side bet file; a pay table changed inside is refused.
TEST(Checkpoint, CarriesTheSideBetsItPlayed) {
  Checkpoint c = sample_checkpoint(false);
  c.config.side_bets = {"elsewhere/sb.json"};
  SideBetFile file = load_side_bet("perfect-pairs-25-12-6");
  c.side_bets = played_side_bets(c.config, {file});
  c.inputs = json::array({{{"what", "side bet"}, {"name", "elsewhere/sb.json"}, {"fingerprint", "sha256:00"}}});
  c.tally = {};
  c.completed_chunks = {};
  const std::string text = checkpoint_to_text(c);
  const Checkpoint back = checkpoint_from_text(text, "ck.json");
  ASSERT_EQ(back.side_bets.size(), 1u);
  EXPECT_EQ(back.side_bets[0].named, "elsewhere/sb.json");
  EXPECT_EQ(side_bet_file_to_json(back.side_bets[0].file), side_bet_file_to_json(file));
  EXPECT_EQ(back.side_bets[0].exact.net_units, c.side_bets[0].exact.net_units);
  EXPECT_EQ(back.inputs, c.inputs);
  EXPECT_EQ(checkpoint_to_text(back), text);
  json pays = json::parse(text);
  pays["identity"]["side_bets"][0]["file"]["outcomes"][0]["pays"] = 250;
  pays["checksum"] = json_checksum(pays);
  // (The identity is resealed too: its side bets are what the run plays.)
  const Checkpoint edited = checkpoint_from_text(pays.dump(), "edited.json");
  EXPECT_NE(edited.side_bets[0].exact.net_units, c.side_bets[0].exact.net_units);
  json missing = json::parse(text);
  missing["identity"].erase("side_bets");
  missing["checksum"] = json_checksum(missing);
  EXPECT_NE(error_of(missing.dump()).find("side bets do not match its config"), std::string::npos);
}

// A counting run's checkpoint, its config naming the count and index files by
// paths that do not exist where it is read: what they held is in the file.
Checkpoint counting_checkpoint() {
  Checkpoint c;
  c.config = sim_config_from_json({{"rounds", 40'000},
                                   {"chunk_rounds", 3'000},
                                   {"seed", 9},
                                   {"surrender", "late"},
                                   {"count", "elsewhere/my-count.json"},
                                   {"indices", "elsewhere/plays.txt"},
                                   {"bet_ramp", "1:1,2:4"},
                                   {"wong_out", -1}});
  c.chart = blackjack::hit_below_16_chart();
  const std::string data = data_dir();
  const auto system = parse_count_system(read_file(data + "/counts/zen.json"), "zen", c.config.rules.decks);
  c.counting = make_counting(c.config, system,
                             parse_index_plays(read_file(data + "/indices/illustrious18-fab4-s17.txt"), "i18"));
  c.completed_chunks = {0, 3};
  c.tally = play_chunks(c, blackjack::make_engine(c.config.rules, c.chart, {.counting = c.counting}));
  return c;
}

TEST(Checkpoint, CarriesTheCountingItCountedWith) {
  const Checkpoint c = counting_checkpoint();
  const std::string text = checkpoint_to_text(c);
  const Checkpoint back = checkpoint_from_text(text, "ck.json");  // no file named by the config is read
  ASSERT_TRUE(back.counting.enabled);
  EXPECT_EQ(counting_definition_json(back.counting), counting_definition_json(c.counting));
  EXPECT_EQ(back.counting.system.tags, c.counting.system.tags);
  EXPECT_EQ(back.counting.indices.size(), c.counting.indices.size());
  EXPECT_EQ(back.counting.ramp.size(), 2u);
  EXPECT_TRUE(back.counting.has_wong_out);
  EXPECT_EQ(back.tally, c.tally);
  EXPECT_EQ(checkpoint_to_text(back), text);
  // Resealed but inconsistent: a changed tag, no definition for a counting
  // config, a definition for a run without counting.
  const auto resealed = [](json k) {
    k["checksum"] = json_checksum(k);
    return error_of(k.dump());
  };
  json tag = json::parse(text);
  tag["counting"]["count_system"]["tags"]["5"] = 1;
  EXPECT_NE(resealed(tag).find("does not match"), std::string::npos);
  json none = json::parse(text);
  none["counting"] = nullptr;
  EXPECT_NE(resealed(none).find("counting definition is missing"), std::string::npos);
  json extra = json::parse(checkpoint_to_text(sample_checkpoint(false)));
  extra["counting"] = json::parse(text)["counting"];
  EXPECT_NE(resealed(extra).find("counting definition is present"), std::string::npos);
}

TEST(CountingDefinition, ShippedFilesReadBackToThemselves) {
  namespace fs = std::filesystem;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(data_dir()) / "counts")) {
    for (const int decks : {1, 8}) {
      const auto system = parse_count_system(read_file(entry.path().string()), entry.path().string(), decks);
      const auto back = parse_count_system(count_system_to_json(system).dump(), "back", 2);  // explicit: decks unused
      EXPECT_EQ(back.tags, system.tags) << entry.path();
      EXPECT_EQ(back.scale, system.scale) << entry.path();
      EXPECT_EQ(back.initial_running_count, system.initial_running_count) << entry.path() << " " << decks;
    }
    ++files;
  }
  for (const auto& entry : fs::directory_iterator(fs::path(data_dir()) / "indices")) {
    const auto plays = parse_index_plays(read_file(entry.path().string()), entry.path().string());
    const std::string text = format_index_plays(plays);
    const auto back = parse_index_plays(text, "back");
    ASSERT_EQ(back.size(), plays.size()) << entry.path();
    for (std::size_t i = 0; i < plays.size(); ++i) {
      EXPECT_EQ(back[i].hand, plays[i].hand);
      EXPECT_EQ(back[i].value, plays[i].value);
      EXPECT_EQ(back[i].upcard, plays[i].upcard);
      EXPECT_EQ(back[i].index, plays[i].index);
      EXPECT_EQ(back[i].at_or_above, plays[i].at_or_above);
      EXPECT_EQ(back[i].below, plays[i].below) << entry.path() << " line " << i;
    }
    EXPECT_EQ(format_index_plays(back), text);
    ++files;
  }
  EXPECT_GE(files, 10);
}

TEST(Fingerprint, IsFnv1a64) {
  EXPECT_EQ(fingerprint(""), "fnv1a64:cbf29ce484222325");
  EXPECT_EQ(fingerprint("a"), "fnv1a64:af63dc4c8601ec8c");
}

}  // namespace
}  // namespace cardsim::io
