// The input registry (io/inputs.hpp): each file read once and kept, its
// SHA-256 (against the FIPS 180-2 examples), names resolved from the file
// that gives them, outputs told from inputs, a size limit, and the
// difference of two runs' inputs named by file.
#include "cardsim/io/inputs.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "cardsim/core/error.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
namespace fs = std::filesystem;

struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("cardsim-inputs-" + std::to_string(::getpid()));
  TempFolder() { fs::create_directories(path); }
  ~TempFolder() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

TEST(Inputs, Sha256OfTheStandardExamples) {
  EXPECT_EQ(sha256_fingerprint("abc"), "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_fingerprint(""), "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Inputs, NamesAreRelativeToTheFileThatGivesThem) {
  EXPECT_EQ(resolve_named("sb.json", "games/c.json"), "games/sb.json");
  EXPECT_EQ(resolve_named("sb.json", "c.json"), "sb.json");
  EXPECT_EQ(resolve_named("sb.json", ""), "sb.json");
  EXPECT_EQ(resolve_named("/abs/sb.json", "games/c.json"), "/abs/sb.json");
}

TEST(Inputs, EachFileIsReadOnceAndKept) {
  const TempFolder folder;
  const std::string path = folder.write("a.json", "{\"x\": 1}");
  InputRegistry inputs;
  const InputFile& first = inputs.read("--config", path);
  EXPECT_EQ(first.bytes, "{\"x\": 1}");
  EXPECT_EQ(first.fingerprint, sha256_fingerprint("{\"x\": 1}"));
  // The same file by another path (a hard link) is the same input, not read again.
  fs::create_hard_link(path, folder.path / "b.json");
  folder.write("a.json", "changed");  // (the same inode: a rewrite in place)
  EXPECT_EQ(&inputs.read("side bet", (folder.path / "b.json").string()), &first);
  EXPECT_EQ(inputs.files().size(), 1u);
  EXPECT_TRUE(inputs.is_input((folder.path / "b.json").string()));
  EXPECT_FALSE(inputs.is_input((folder.path / "new.json").string()));
  // Deleted after the start: what was read is still there.
  fs::remove(path);
  EXPECT_EQ(inputs.files().front().bytes, "{\"x\": 1}");
}

TEST(Inputs, UnreadableAndEndlessInputsAreRefused) {
  InputRegistry inputs;
  EXPECT_NE(testutil::error_message([&] {
              inputs.read("shard", "/no/such/file");
            }).find("cannot read '/no/such/file' (shard): No such file"),
            std::string::npos);
  EXPECT_NE(testutil::error_message([&] { inputs.read("shard", "/dev/zero"); }).find("larger than 256 MiB"),
            std::string::npos);
  EXPECT_NE(testutil::error_message([&] { inputs.read("--config", "/tmp"); }).find("it is a folder"),
            std::string::npos);
}

TEST(Inputs, DifferencesNameTheFile) {
  const nlohmann::json a = nlohmann::json::parse(
      R"([{"what": "--config", "name": "c.json", "fingerprint": "sha256:1"},
          {"what": "side bet", "name": "sb.json", "fingerprint": "sha256:2"}])");
  nlohmann::json moved = a;
  moved[0]["name"] = "../c.json";  // the same files from another folder
  EXPECT_EQ(inputs_difference(a, moved), "");
  nlohmann::json edited = a;
  edited[1]["fingerprint"] = "sha256:3";
  EXPECT_EQ(inputs_difference(edited, a).rfind("side bet 'sb.json' differs: its content changed", 0), 0u);
  nlohmann::json fewer = a;
  fewer.erase(1);
  EXPECT_NE(inputs_difference(fewer, a).find("side bet 'sb.json' is an input of one and not the other"),
            std::string::npos);
}

// A shard or checkpoint whose identity's inputs are not a list (a damaged or
// hostile file with a valid checksum: fuzz_cli seed 10496) is a difference, not a crash.
TEST(Inputs, InputsThatAreNotAListAreADifference) {
  const nlohmann::json a = nlohmann::json::parse(R"([{"what": "--config", "name": "c.json", "fingerprint": "x"}])");
  const nlohmann::json text = "AAAA";
  EXPECT_EQ(inputs_difference(text, a), "the inputs of one identity are \"AAAA\", not a list of files");
  EXPECT_EQ(inputs_difference(a, nlohmann::json(42)), "the inputs of one identity are 42, not a list of files");
  EXPECT_EQ(inputs_difference(nullptr, nullptr), "");
  EXPECT_EQ(inputs_difference(text, text), "");  // a file against itself
}

}  // namespace
}  // namespace cardsim::io
