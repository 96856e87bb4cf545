#include "cardsim/io/zjh_text.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>

#include "cardsim/io/numbers.hpp"
#include "cardsim/zjh/cards.hpp"
#include "cardsim/zjh/evaluator.hpp"

namespace cardsim::io {

namespace {

std::string category_label(zjh::Category category, bool unicode) {
  return std::string(unicode ? zjh::category_chinese(category) : zjh::category_pinyin(category)) + " " +
         std::string(zjh::category_english(category));
}

// The hand's cards high to low, as text.
std::string hand_text(zjh::Hand hand, bool unicode) {
  std::sort(hand.begin(), hand.end(), [](zjh::Card a, zjh::Card b) { return a > b; });
  if (zjh::rank_of(hand[1]) == zjh::rank_of(hand[2]) && zjh::rank_of(hand[0]) != zjh::rank_of(hand[1])) {
    std::rotate(hand.begin(), hand.begin() + 1, hand.end());  // the pair first, then the kicker
  }
  std::string text;
  for (const zjh::Card card : hand) {
    if (!text.empty()) text += ' ';
    text += zjh::card_text(card, unicode);
  }
  return text;
}

// Width of UTF-8 text in terminal columns, counting CJK characters as two.
std::size_t columns(const std::string& text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    width += (length == 3 && byte >= 0xE4) ? 2 : 1;  // U+4E00.. CJK (2 columns), ♠♥ etc. one
    i += length;
  }
  return width;
}

std::string pad(const std::string& text, std::size_t width) {
  const std::size_t used = columns(text);
  return text + std::string(used < width ? width - used : 0, ' ');
}

}  // namespace

std::string zjh_deal_text(const zjh::Game& game, const zjh::Rules& rules, unsigned players, std::uint64_t seed,
                          bool unicode) {
  std::ostringstream text;
  text << "Zha Jin Hua" << (unicode ? " 炸金花" : "") << ": " << players << " players, seed " << seed << "\n"
       << "rules: " << zjh::describe(rules) << "\n\n";
  for (std::size_t s = 0; s < game.seats.size(); ++s) {
    const auto& seat = game.seats[s];
    text << "  seat " << pad(std::to_string(s + 1), 3) << pad(hand_text(seat.cards, unicode), 14)
         << pad(category_label(seat.category, unicode), 26) << "place " << seat.place << "\n";
  }
  text << "\nranking: ";
  for (std::size_t i = 0; i < game.ranking.size(); ++i) {
    if (i > 0) {
      const bool tie = game.seats[game.ranking[i]].place == game.seats[game.ranking[i - 1]].place;
      text << (tie ? " = " : " > ");
    }
    text << game.ranking[i] + 1;
  }
  text << "\n";
  if (game.winners == 1) {
    const auto& seat = game.seats[game.ranking[0]];
    text << "winner: seat " << game.ranking[0] + 1 << " with " << category_label(seat.category, unicode) << " ("
         << hand_text(seat.cards, unicode) << ")";
    if (game.leopard_killed) text << ", the 2-3-5 that beats a leopard";
    text << "\n";
  } else {
    text << "winner: seats";
    for (std::size_t i = 0; i < game.winners; ++i) text << (i ? ", " : " ") << game.ranking[i] + 1;
    text << " split the pot with " << category_label(game.seats[game.ranking[0]].category, unicode) << "\n";
  }
  return text.str();
}

std::string zjh_exact_text(const zjh::ExactResult& result, double elapsed_seconds, bool unicode) {
  std::ostringstream text;
  char buffer[160];
  text << "Zha Jin Hua exact enumeration (" << zjh::describe(result.rules) << ")\n"
       << with_commas(zjh::HAND_COUNT) << " hands, " << with_commas(result.levels) << " distinct strength levels; "
       << "heads up: " << with_commas(zjh::ORDERED_PAIR_COUNT) << " ordered pairs of disjoint hands\n\n";
  std::snprintf(buffer, sizeof buffer, "%8s %10s %10s %10s %10s %12s", "hands", "P(hand)", "win", "tie", "loss",
                "wins deal");
  text << pad("", 26) << "                      heads up, a hand of this category:\n"
       << pad("category", 26) << buffer << "\n";
  for (const zjh::Category category : zjh::categories_by_strength(result.rules)) {
    const auto c = static_cast<unsigned>(category);
    const auto pairs = static_cast<double>(result.hands[c] * zjh::DISJOINT_HAND_COUNT);
    std::snprintf(buffer, sizeof buffer, "%8s %10.6f %10.6f %10.6f %10.6f %12.6f", with_commas(result.hands[c]).c_str(),
                  static_cast<double>(result.hands[c]) / zjh::HAND_COUNT, static_cast<double>(result.wins[c]) / pairs,
                  static_cast<double>(result.ties[c]) / pairs, static_cast<double>(result.losses[c]) / pairs,
                  static_cast<double>(result.winning_deals(category)) / static_cast<double>(zjh::ORDERED_PAIR_COUNT));
    text << pad(category_label(category, unicode), 26) << buffer << "\n";
  }
  const auto line = [&](const char* name, std::uint64_t count) {
    const zjh::Fraction f = zjh::make_fraction(count, zjh::ORDERED_PAIR_COUNT);
    std::snprintf(buffer, sizeof buffer, "%.12f", f.value());
    text << "  " << name << " " << with_commas(count) << " / " << with_commas(zjh::ORDERED_PAIR_COUNT) << " = "
         << f.text() << " = " << buffer << "\n";
  };
  text << "\nheads up, first hand:\n";
  line("win ", result.total_wins());
  line("tie ", result.total_ties());
  line("loss", result.total_losses());
  std::snprintf(buffer, sizeof buffer, "%.3f", elapsed_seconds);
  text << "(" << buffer << " s)\n";
  return text.str();
}

std::string zjh_sim_summary(const zjh::SimConfig& config, const zjh::SimTally& tally, const ZjhRunInfo& run,
                            const std::string& out) {
  const zjh::SeatOutcomes seat = zjh::seat_outcomes(tally);
  const auto played = static_cast<double>(tally.deals);
  char buffer[512];
  std::snprintf(buffer, sizeof buffer,
                "zjh sim: %s deals of %u players in %.2f s (%.1fM deals/s, %u threads) -> %s\n"
                "seat 1: win %.6f ± %.6f, tie %.6f ± %.6f\n",
                with_commas(config.deals).c_str(), config.players, run.elapsed_seconds,
                played / run.elapsed_seconds / 1e6, run.threads, out.c_str(), seat.win.value.value_or(0),
                seat.win.se.value_or(0), seat.tie.value.value_or(0), seat.tie.se.value_or(0));
  return buffer;
}

}  // namespace cardsim::io
