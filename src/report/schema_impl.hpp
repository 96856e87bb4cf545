// What the rooms of the report's schema check share (internal to report/):
// the kinds a field may hold and the field lists. schema.cpp holds the lists
// of sim, compare, sweep, zjh and bench results and the check;
// schema_tools.cpp those of analyze, sidebet, ramp and indices.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

namespace cardsim::report {

// The kinds a field may hold (a field may allow several).
enum Kind : unsigned {
  TEXT = 1U << 0,     // a string (the page escapes it)
  NUMBER = 1U << 1,   // a finite number
  INTEGER = 1U << 2,  // a whole number
  COUNT = 1U << 3,    // a whole number >= 0
  FLAG = 1U << 4,     // true or false
  NUL = 1U << 5,      // null: no estimate (one round, no standard error...)
  OBJECT = 1U << 6,
  LIST = 1U << 7,
  SHARE = 1U << 8,  // a probability or a rate: a finite number from 0 to 1
  ANY = ~0U,        // shown as its JSON text, escaped (a sweep's varied values)
};

struct Field {
  const char* path;  // keys from the result (or a variant's result), "*" for any list item or map key
  unsigned kinds;
};

// A kind of result's fields (in parts), the parents whose keys are names
// (up cards, totals, the method's parts: "*" in the paths below them), and
// the fields under one key found again under another (from, to).
struct Fields {
  std::vector<std::span<const Field>> parts;
  std::vector<std::string> maps;
  std::vector<std::pair<std::string, std::string>> copies;
};

// The fields the pages of `cardsim analyze --out`, `sidebet --out`, `ramp
// --out` and `indices --out` show (a ramp's "predicted" and "simulated" are
// a sim result's "counting" object besides these: schema.cpp adds them).
Fields analyze_fields();
Fields sidebet_fields();
Fields ramp_fields();
Fields indices_fields();

}  // namespace cardsim::report
