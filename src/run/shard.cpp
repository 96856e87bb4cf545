#include "cardsim/run/shard.hpp"

#include <charconv>

#include "cardsim/core/error.hpp"

namespace cardsim::run {

namespace {
bool parse_number(std::string_view text, std::uint64_t& value) {
  if (text.empty()) return false;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return ec == std::errc() && ptr == end;
}
}  // namespace

Shard parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  Shard shard;
  if (slash == std::string_view::npos || !parse_number(text.substr(0, slash), shard.index) ||
      !parse_number(text.substr(slash + 1), shard.count) || shard.count == 0 || shard.count > MAX_SHARDS ||
      shard.index >= shard.count) {
    throw Error("shard '" + std::string(text) + "' is not I/N with 0 <= I < N <= " + std::to_string(MAX_SHARDS) +
                " (shards are numbered from 0)");
  }
  return shard;
}

std::string to_string(const Shard& shard) { return std::to_string(shard.index) + "/" + std::to_string(shard.count); }

std::vector<std::uint64_t> shard_chunks(const ChunkPlan& plan, const Shard& shard) {
  std::vector<std::uint64_t> chunks;
  for (std::uint64_t c = shard.index; c < plan.chunks(); c += shard.count) chunks.push_back(c);
  return chunks;
}

std::vector<std::uint64_t> rank_chunks(const std::vector<std::uint64_t>& chunks, int rank, int ranks) {
  std::vector<std::uint64_t> mine;
  const auto step = static_cast<std::size_t>(std::max(1, ranks));
  for (auto i = static_cast<std::size_t>(std::max(0, rank)); i < chunks.size(); i += step) mine.push_back(chunks[i]);
  return mine;
}

std::vector<std::uint64_t> missing_chunks(const std::vector<std::uint64_t>& all,
                                          const std::vector<std::uint64_t>& done) {
  std::vector<std::uint64_t> missing;
  std::set_difference(all.begin(), all.end(), done.begin(), done.end(), std::back_inserter(missing));
  return missing;
}

std::uint64_t items_in(const ChunkPlan& plan, const std::vector<std::uint64_t>& chunks) {
  std::uint64_t items = 0;
  for (const auto c : chunks) items += plan.items_in(c);
  return items;
}

}  // namespace cardsim::run
