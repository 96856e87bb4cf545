// Helpers for the tests of bad input (header-only; tests only, it uses
// GoogleTest).
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "cardsim/core/error.hpp"

namespace cardsim::testutil {

// The message of the Error that `f()` throws, or "" if it throws none.
template <class F>
std::string error_message(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Every change of one digit in text[from, to) makes `read(damaged)` throw
// Error: a checksum or a consistency check catches each.
template <class Read>
void expect_each_digit_change_rejected(const std::string& text, std::size_t from, std::size_t to, Read read) {
  ASSERT_NE(from, std::string::npos);
  for (std::size_t i = from; i < to; ++i) {
    if (text[i] < '0' || text[i] > '9') continue;
    std::string damaged = text;
    damaged[i] = text[i] == '9' ? '8' : static_cast<char>(text[i] + 1);
    ASSERT_THROW(read(damaged), Error) << "accepted a change at byte " << i;
  }
}

}  // namespace cardsim::testutil
