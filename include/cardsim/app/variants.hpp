// The variants of `cardsim compare` and `cardsim sweep`, from config objects:
// validated, each with its chart, engine and exact EV, ready for
// blackjack::compare(). The CLI and the Python module (python/) build their
// comparisons here, so the same configs give the same variants, labels and
// result JSON through either.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cardsim/blackjack/engine.hpp"
#include "cardsim/blackjack/strategy.hpp"
#include "cardsim/io/config.hpp"
#include "cardsim/io/inputs.hpp"
#include "cardsim/io/paired_result.hpp"
#include "cardsim/io/result.hpp"
#include "cardsim/io/side_bet_file.hpp"
#include "cardsim/run/runner.hpp"

namespace cardsim::app {

// Rounds per chunk of a comparison unless told: small enough for 100 chunks
// in the default 10 million rounds (the paired SE is estimated over chunks).
inline constexpr std::uint64_t COMPARE_CHUNK_ROUNDS = 100'000;
// Fewer chunks than this make the paired standard error itself unreliable.
inline constexpr std::uint64_t MIN_PAIRED_CHUNKS = 20;

// The run keys every variant plays with, as config values (a number or a
// count text such as "10M"); null: rounds and seed from the variant's config
// (compare: the baseline's), chunk_rounds COMPARE_CHUNK_ROUNDS.
struct PairedRunKeys {
  nlohmann::json rounds;
  nlohmann::json seed;
  nlohmann::json chunk_rounds;
};

struct Variant {
  std::string label;
  nlohmann::json values = nlohmann::json::object();  // sweep: the varied keys' values
  io::SimConfig config;                              // with the run keys applied
  std::string folder;                                // where relative chart paths are looked for
  std::string chart_file;                            // the chart file it plays, if any
  std::vector<io::SideBetFile> side_bet_files;       // filled by read_variant_inputs()
  // Filled by prepare_variants():
  std::vector<io::PlayedSideBet> side_bets;
  blackjack::StrategyChart chart;
  std::unique_ptr<blackjack::Engine> engine;
  double exact_ev = 0;
};

// A variant from a config object with `keys` applied; `folder` is where its
// relative chart paths are looked for. Throws BadConfigValue (naming the key)
// for a bad value, Error for a counting config (compare and sweep play flat
// bets).
Variant make_variant(std::string label, nlohmann::json config, const PairedRunKeys& keys, const std::string& folder);

// compare's variants: configs[i], read from the file paths[i] (empty: given
// as an object) and labelled by its "name", else the file's stem, else
// "variant i+1"; the first is the baseline, and every variant plays its
// rounds and seed unless `keys` say otherwise. At least two.
std::vector<Variant> compare_variants(const std::vector<nlohmann::json>& configs, const std::vector<std::string>& paths,
                                      PairedRunKeys keys);

// One axis of a sweep: a config key and its values.
struct SweepAxis {
  std::string key;
  std::vector<nlohmann::json> values;
};

// Throws Error unless `key` may be a sweep axis after the axes `earlier`: a
// rule or table key (not rounds, seed or chunk_rounds) not among them.
void check_sweep_axis(const std::string& key, const std::vector<SweepAxis>& earlier);

// The values of one sweep axis written as text (`--vary KEY=TEXT`): "a,b,c",
// each value read as a flag's (flag_value_to_json), or a numeric range
// "from:to:step", both ends included, at most 1000 values ("3:2" is one
// value). Throws BadConfigValue naming `key`.
std::vector<nlohmann::json> sweep_axis_values(const std::string& key, const std::string& spec);

// sweep's variants: one per cell of the grid of `axes` (the last axis
// changing fastest) over `base`, labelled "decks=1 h17=false". Each axis
// passes check_sweep_axis() and has a value; at most 1000 cells.
std::vector<Variant> sweep_variants(const nlohmann::json& base, const std::vector<SweepAxis>& axes,
                                    const PairedRunKeys& keys, const std::string& folder);

// Reads the files the variants name (chart files, side bets; relative names
// from each variant's folder) through `inputs`, once each: after this, the
// outputs can be checked against them, and nothing reads them again.
void read_variant_inputs(std::vector<Variant>& variants, io::InputRegistry& inputs);

// Each variant's chart (the basic charts computed once per distinct
// strategy_rules), engine, side bets' PAR sheets and exact EV (once per
// distinct game), on `threads` threads; an error names the first variant at
// fault. Every value is the one a variant computed alone would get. Reads
// the files through `inputs` (read_variant_inputs first, or here). Stops
// between its jobs once control->stop_requested is set (if `control` is
// given; the variants are then not ready). Returns its seconds.
double prepare_variants(std::vector<Variant>& variants, unsigned threads, io::InputRegistry& inputs,
                        run::RunControl* control = nullptr);
double prepare_variants(std::vector<Variant>& variants, unsigned threads);

// The variants as a paired result names them (after prepare_variants).
std::vector<io::PairedVariant> describe_variants(const std::vector<Variant>& variants);

// The engines of prepared variants, in order, for blackjack::compare().
std::vector<const blackjack::Engine*> variant_engines(const std::vector<Variant>& variants);

}  // namespace cardsim::app
