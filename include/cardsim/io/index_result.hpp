// `cardsim indices`: which lines to generate, and the generated indices as an
// index file (ready for --indices), a JSON result and a readable table.
//
// JSON layout (schema_version 1): tool, command "indices", config (resolved),
// method, run (seed, rounds, shoes, chunks, partial), lines (each with the
// generated line, its crossing and interval, the fit, and by_true_count: the
// mean difference and its standard error at each true count) and performance.
// README.md ("Generating indices") documents every field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/counting.hpp"
#include "cardsim/blackjack/index_generator.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"

namespace cardsim::io {

inline constexpr int INDEX_RESULT_SCHEMA_VERSION = 1;

// The lines --hands asks for: an index file or the name of one in the data
// folder's indices/ (its lines and plays), or a list of cells separated by
// commas or spaces, each a hand against an up card, "16vT", "s18v2", "TTv6",
// "insurance", or a surrender cell "R15vT"; cells get their plays from the
// chart (blackjack::candidate_deviations). `from_list` says which it was.
// Throws Error naming the bad item and the forms allowed.
struct IndexHands {
  std::vector<blackjack::IndexPlay> lines;
  bool from_list = false;
  std::string source;  // the file read, or the list as given
};
// (A file is read through `inputs`; a relative path from `folder`, that of
// the config naming it, or the working folder if empty.)
IndexHands load_index_hands(const std::string& hands, const std::string& folder, InputRegistry& inputs);

// The generated lines as an index file: `header` as comment lines, then one
// line per play with its crossing, interval and the given index as a comment.
// Lines not found are written with their given index and a comment saying so.
// `with_given`: the lines came from an index file (its index is the "given"
// one, shown in each comment), not from a list of cells.
std::string format_generated_index_file(const std::vector<blackjack::GeneratedIndex>& lines, const std::string& header,
                                        bool with_given);

// The comment lines at the head of a generated index file: the version, the
// rules, count and chart (`chart_name`), the lines' source, the round starts,
// shoes and seed, how the plays apply and where the method is documented.
std::string generated_index_header(const SimConfig& config, const std::string& chart_name,
                                   const blackjack::IndexRun& run, const IndexHands& hands);

// The result JSON, with performance (`threads`, `elapsed_seconds`: the round
// starts valued per second).
nlohmann::json index_run_json(const SimConfig& config, const blackjack::IndexRun& run,
                              const std::vector<blackjack::GeneratedIndex>& lines, const IndexHands& hands,
                              unsigned threads, double elapsed_seconds);

// A readable table: each line with the generated and the given index, the
// crossing with its 95% interval, the slope and the fit.
std::string format_index_table(const std::vector<blackjack::GeneratedIndex>& lines, bool with_given);

// What `cardsim indices` prints: the rules and count, format_index_table()
// and the round starts, shoes and speed, from the result JSON.
std::string index_summary(const nlohmann::json& result, const std::vector<blackjack::GeneratedIndex>& lines,
                          bool with_given);

}  // namespace cardsim::io
