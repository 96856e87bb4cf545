// Outputs as coreutils treat them (io::write_output), the checks before a run,
// the fallback file, error excerpts and decimal scaling. Devices, FIFOs and
// links are made in a scratch folder, never in the real /dev; the device node
// case runs only as root (CI runs as root).
#include "cardsim/io/files.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cardsim/core/error.hpp"
#include "cardsim/io/numbers.hpp"
#include "testutil/errors.hpp"

namespace cardsim::io {
namespace {
namespace fs = std::filesystem;

// A scratch folder, removed at the end; the test runs inside it.
class Files : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "cardsim-files-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    folder_ = pattern;
    previous_ = fs::current_path();
    fs::current_path(folder_);
  }
  void TearDown() override {
    fs::current_path(previous_);
    std::error_code ec;
    fs::remove_all(folder_, ec);
  }
  static std::string contents(const std::string& path) { return read_file(path); }
  static void put(const std::string& path, const std::string& text) { std::ofstream(path) << text; }
  static struct stat lstat_of(const std::string& path) {
    struct stat st {};
    EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
    return st;
  }

  fs::path folder_;
  fs::path previous_;
};

TEST_F(Files, RegularFileIsReplacedAtomicallyKeepingItsPermissions) {
  put("r.json", "old");
  ::chmod("r.json", 0640);
  const ino_t before = lstat_of("r.json").st_ino;
  EXPECT_EQ(resolve_output("r.json").mode, OutputMode::atomic);
  write_output("r.json", "new");
  EXPECT_EQ(contents("r.json"), "new");
  EXPECT_NE(lstat_of("r.json").st_ino, before);  // a new file renamed over the old
  EXPECT_EQ(lstat_of("r.json").st_mode & 07777, 0640u);
  // No temporary left beside it.
  int files = 0;
  for (const auto& entry : fs::directory_iterator(".")) files += entry.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 1);
}

TEST_F(Files, SymlinkIsFollowedAndStaysALink) {
  fs::create_directory("data");
  put("data/real.json", "old");
  fs::create_symlink("data/real.json", "link.json");
  fs::create_symlink("link.json", "link2.json");  // a chain of links
  const OutputTarget target = resolve_output("link2.json");
  EXPECT_EQ(target.mode, OutputMode::atomic);
  EXPECT_EQ(target.path, "data/real.json");
  write_output("link2.json", "new");
  EXPECT_TRUE(S_ISLNK(lstat_of("link.json").st_mode));
  EXPECT_TRUE(S_ISLNK(lstat_of("link2.json").st_mode));
  EXPECT_EQ(contents("data/real.json"), "new");
  // A dangling link: its target is created, the link kept.
  fs::create_symlink("data/later.json", "dangling.json");
  write_output("dangling.json", "made");
  EXPECT_TRUE(S_ISLNK(lstat_of("dangling.json").st_mode));
  EXPECT_EQ(contents("data/later.json"), "made");
  // A loop of links is an error, not a hang.
  fs::create_symlink("loop-b", "loop-a");
  fs::create_symlink("loop-a", "loop-b");
  EXPECT_THROW(resolve_output("loop-a"), Error);
}

TEST_F(Files, FifoIsWrittenInPlace) {
  ASSERT_EQ(::mkfifo("pipe", 0600), 0);
  EXPECT_EQ(resolve_output("pipe").mode, OutputMode::in_place);
  EXPECT_NO_THROW(check_output("pipe"));  // does not open it (that would wait for a reader)
  std::string received;
  std::thread reader([&] { received = read_file("pipe"); });
  write_output("pipe", "through the pipe");
  reader.join();
  EXPECT_EQ(received, "through the pipe");
  EXPECT_TRUE(S_ISFIFO(lstat_of("pipe").st_mode));
}

TEST_F(Files, CharacterDeviceIsWrittenInPlaceAndStaysADevice) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod needs root";
  // The null device's numbers (1, 3), as a node in the scratch folder.
  ASSERT_EQ(::mknod("null", S_IFCHR | 0666, makedev(1, 3)), 0);
  EXPECT_EQ(resolve_output("null").mode, OutputMode::in_place);
  check_output("null");
  write_output("null", "gone");
  EXPECT_TRUE(S_ISCHR(lstat_of("null").st_mode));
  // Through a link: the link is followed to the device, written in place.
  fs::create_symlink("null", "to-null");
  write_output("to-null", "gone");
  EXPECT_TRUE(S_ISCHR(lstat_of("null").st_mode));
  EXPECT_TRUE(S_ISLNK(lstat_of("to-null").st_mode));
  // The full device (1, 7): the write fails and says why.
  ASSERT_EQ(::mknod("full", S_IFCHR | 0666, makedev(1, 7)), 0);
  const std::string message = testutil::error_message([] { write_output("full", "x"); });
  EXPECT_EQ(message, "cannot write 'full': No space left on device");
  EXPECT_TRUE(S_ISCHR(lstat_of("full").st_mode));
}

TEST_F(Files, LinkIntoProcIsAnOpenFileWrittenInPlace) {
  // /dev/stdout is such a link (to /proc/self/fd/1); made here, not used from /dev.
  const int fd = ::open("target.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "before ", 7), 7);
  fs::create_symlink("/proc/self/fd/" + std::to_string(fd), "to-fd");
  EXPECT_EQ(resolve_output("to-fd").mode, OutputMode::in_place);
  write_output("to-fd", "after");
  ::close(fd);
  EXPECT_EQ(contents("target.txt"), "before after");  // appended, not renamed over
  EXPECT_TRUE(S_ISLNK(lstat_of("to-fd").st_mode));
}

TEST_F(Files, ChecksBeforeTheRunNameTheProblem) {
  const auto problem = [](const std::string& path) { return testutil::error_message([&] { check_output(path); }); };
  EXPECT_EQ(problem("r.json"), "");
  EXPECT_EQ(problem("-"), "");
  put("a.txt", "a file");
  EXPECT_EQ(problem("a.txt/r.json"), "cannot write 'a.txt/r.json': 'a.txt' is a file, not a folder");
  EXPECT_EQ(problem("a.txt/deeper/r.json"), "cannot write 'a.txt/deeper/r.json': 'a.txt' is a file, not a folder");
  EXPECT_EQ(problem("missing/r.json"), "cannot write 'missing/r.json': folder 'missing' does not exist");
  fs::create_directory("dir");
  EXPECT_EQ(problem("dir"), "cannot write 'dir': it is a folder");
  EXPECT_EQ(problem(""), "the output path is empty");
  const std::string long_name(300, 'n');
  EXPECT_NE(problem(long_name).find("the file name is 300 bytes long; folder '.' allows at most"), std::string::npos);
  // A name just under the limit works: its temporary's name is shortened.
  const std::string longest(static_cast<std::size_t>(::pathconf(".", _PC_NAME_MAX)), 'm');
  EXPECT_EQ(problem(longest), "");
  write_output(longest, "fits");
  EXPECT_EQ(contents(longest), "fits");
  fs::create_symlink("missing/r.json", "dangling");
  EXPECT_EQ(problem("dangling"),
            "cannot write 'dangling' (a link to 'missing/r.json'): folder 'missing' does not exist");
  EXPECT_TRUE(!fs::exists("r.json") && !fs::exists("missing"));  // checks create nothing
}

TEST_F(Files, IdentityComparesFilesNotNames) {
  put("a.json", "a");
  fs::create_hard_link("a.json", "hard.json");
  fs::create_symlink("a.json", "soft.json");
  put("b.json", "b");
  EXPECT_EQ(*file_identity("a.json"), *file_identity("./a.json"));
  EXPECT_EQ(*file_identity("a.json"), *file_identity("hard.json"));
  EXPECT_EQ(*file_identity("a.json"), *file_identity("soft.json"));
  EXPECT_FALSE(*file_identity("a.json") == *file_identity("b.json"));
  EXPECT_FALSE(file_identity("none.json").has_value());
}

TEST_F(Files, FallbackGoesToTheCurrentFolderElseTmpdir) {
  const std::string saved = save_fallback("sim", "{}\n");
  EXPECT_EQ(saved.find("cardsim-sim-"), 0u) << saved;
  EXPECT_EQ(contents(saved), "{}\n");
  // In a folder that was removed, the current folder cannot take it.
  fs::create_directory("gone");
  fs::create_directory("tmp");
  fs::current_path("gone");
  fs::remove(folder_ / "gone");
  ::setenv("TMPDIR", (folder_ / "tmp").c_str(), 1);
  const std::string elsewhere = save_fallback("sim", "{}\n");
  ::unsetenv("TMPDIR");
  fs::current_path(folder_);
  EXPECT_EQ(elsewhere.find((folder_ / "tmp").string()), 0u) << elsewhere;
  EXPECT_EQ(contents(elsewhere), "{}\n");
}

TEST(Excerpt, CutsLongInputAndEscapesControlCharacters) {
  EXPECT_EQ(excerpt("short"), "short");
  EXPECT_EQ(excerpt(std::string(200, 'a')), std::string(EXCERPT_CHARS, 'a') + "...");
  EXPECT_EQ(excerpt("a\nb\tc\rd\x01"), "a\\nb\\tc\\rd\\x01");
  // UTF-8 characters are counted as one and never cut in two.
  EXPECT_EQ(excerpt("炸金花", 2), "炸金...");
}

TEST(DecimalShift, PercentagesShowTheDigitsOfTheirFraction) {
  EXPECT_EQ(percent(0.0025625), 0.25625);  // -100 * -0.0025625 gives 0.25625000000000003
  EXPECT_NE(100 * 0.07, 7.0);
  EXPECT_EQ(percent(0.07), 7.0);
  EXPECT_EQ(percent(-0.004057460422035926), -0.4057460422035926);
  EXPECT_EQ(shift_decimal(0.123, 1), 1.23);
  EXPECT_EQ(shift_decimal(1e-300, -20), 1e-320);
  EXPECT_TRUE(std::isinf(shift_decimal(1e300, 10)));
  // Zero is never negative.
  EXPECT_FALSE(std::signbit(percent(-0.0)));
  EXPECT_FALSE(std::signbit(percent(0.0)));
  // Within a rounding of x * 100 for any x (here 10^4 values).
  for (int i = 1; i <= 10000; ++i) {
    const double x = std::sin(i) / i;
    EXPECT_NEAR(percent(x), 100 * x, 4e-16 * std::abs(100 * x)) << x;
  }
}

}  // namespace
}  // namespace cardsim::io
