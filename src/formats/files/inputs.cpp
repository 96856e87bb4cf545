#include "cardsim/io/inputs.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <nettle/sha2.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cardsim/core/error.hpp"

namespace cardsim::io {
namespace fs = std::filesystem;

namespace {

// Bytes asked of read() at a time.
constexpr std::size_t READ_BLOCK = std::size_t{1} << 16;

std::string hex(const unsigned char* bytes, std::size_t size) {
  static constexpr char DIGITS[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < size; ++i) {
    out += DIGITS[bytes[i] >> 4];
    out += DIGITS[bytes[i] & 0xF];
  }
  return out;
}

// The whole content of `path`, at most MAX_INPUT_BYTES; throws Error naming it.
std::string read_limited(const std::string& path, const std::string& what, std::optional<FileIdentity>& identity) {
  const auto fail = [&](const std::string& why) {
    throw Error("cannot read '" + excerpt(path) + "' (" + what + "): " + why);
  };
  if (path.find('\0') != std::string::npos) fail("a file name cannot hold a NUL character");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) fail(std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    const int err = errno;
    ::close(fd);
    fail(S_ISDIR(st.st_mode) ? "it is a folder, not a file" : std::strerror(err));
  }
  identity =
      FileIdentity{static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino), S_ISCHR(st.st_mode)};
  // A file says its size: too large is refused before reading (a FIFO or a
  // device says none and is read up to the limit).
  if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > MAX_INPUT_BYTES) {
    ::close(fd);
    fail("it is " + std::to_string(static_cast<std::uint64_t>(st.st_size) >> 20) + " MiB, larger than " +
         std::to_string(MAX_INPUT_BYTES >> 20) + " MiB, the most cardsim reads of an input");
  }
  std::string bytes;
  for (;;) {
    const std::size_t before = bytes.size();
    bytes.resize(before + READ_BLOCK);
    const ssize_t n = ::read(fd, bytes.data() + before, READ_BLOCK);
    if (n < 0 && errno == EINTR) {
      bytes.resize(before);
      continue;
    }
    if (n < 0) {
      const int err = errno;
      ::close(fd);
      fail(std::strerror(err));
    }
    bytes.resize(before + static_cast<std::size_t>(n));
    if (n == 0) break;
    if (bytes.size() > MAX_INPUT_BYTES) {
      ::close(fd);
      fail("larger than " + std::to_string(MAX_INPUT_BYTES >> 20) + " MiB, the most cardsim reads of an input");
    }
  }
  ::close(fd);
  return bytes;
}

}  // namespace

std::string sha256_fingerprint(std::string_view bytes) {
  sha256_ctx context{};
  sha256_init(&context);
  sha256_update(&context, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
  unsigned char digest[SHA256_DIGEST_SIZE];
  sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
  return "sha256:" + hex(digest, SHA256_DIGEST_SIZE);
}

std::string resolve_named(const std::string& name, const std::string& naming_file) {
  if (naming_file.empty() || name.empty() || fs::path(name).is_absolute()) return name;
  const fs::path folder = fs::path(naming_file).parent_path();
  return folder.empty() ? name : (folder / name).string();
}

const InputFile& InputRegistry::read(const std::string& what, const std::string& path, const std::string& name) {
  if (const InputFile* known = find(path)) return *known;
  InputFile file{what, name.empty() ? path : name, path, {}, {}, {}};
  file.bytes = read_limited(path, what, file.identity);
  file.fingerprint = sha256_fingerprint(file.bytes);
  files_.push_back(std::move(file));
  return files_.back();
}

const InputFile* InputRegistry::find(const std::string& path) const {
  const std::optional<FileIdentity> identity = file_identity(path);
  for (const InputFile& file : files_) {
    if (identity ? file.identity && *file.identity == *identity && !identity->character_device : file.path == path) {
      return &file;
    }
  }
  return nullptr;
}

nlohmann::json inputs_identity_json(const std::deque<InputFile>& files) {
  nlohmann::json inputs = nlohmann::json::array();
  for (const InputFile& file : files) {
    inputs.push_back({{"what", file.what}, {"name", file.name}, {"fingerprint", file.fingerprint}});
  }
  return inputs;
}

std::string inputs_difference(const nlohmann::json& mine, const nlohmann::json& theirs) {
  if (mine == theirs) return {};
  // A damaged or hostile identity whose inputs are not a list (null: none said).
  for (const nlohmann::json* inputs : {&mine, &theirs}) {
    if (!inputs->is_array() && !inputs->is_null()) {
      return "the inputs of one identity are " + excerpt(inputs->dump(), 40) + ", not a list of files";
    }
  }
  const auto text = [](const nlohmann::json& input, const char* key) {
    const nlohmann::json& value = input.is_object() ? input.value(key, nlohmann::json()) : nlohmann::json();
    return value.is_string() ? value.get<std::string>() : std::string("?");
  };
  const std::size_t common = std::min(mine.size(), theirs.size());
  for (std::size_t i = 0; i < common; ++i) {
    const nlohmann::json& a = mine[i];
    const nlohmann::json& b = theirs[i];
    if (text(a, "what") != text(b, "what")) {
      return "input " + std::to_string(i + 1) + " is " + excerpt(text(a, "what")) + " '" + excerpt(text(a, "name")) +
             "' in one and " + excerpt(text(b, "what")) + " '" + excerpt(text(b, "name")) + "' in the other";
    }
    if (text(a, "fingerprint") != text(b, "fingerprint")) {
      return excerpt(text(a, "what")) + " '" + excerpt(text(a, "name")) + "' differs: its content changed (" +
             excerpt(text(a, "fingerprint"), 20) + "... against " + excerpt(text(b, "fingerprint"), 20) + "...)";
    }
  }
  if (mine.size() != theirs.size()) {
    const nlohmann::json& extra = mine.size() > theirs.size() ? mine[common] : theirs[common];
    return excerpt(text(extra, "what")) + " '" + excerpt(text(extra, "name")) +
           "' is an input of one and not the other";
  }
  return {};
}

}  // namespace cardsim::io
