#include "testutil/side_bet_reference.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "testutil/blackjack_reference.hpp"

namespace cardsim::testutil {
namespace {

int points(const PlainCard& c) { return c.rank >= 10 ? 10 : c.rank; }
bool red(const PlainCard& c) { return c.suit == 'd' || c.suit == 'h'; }
bool same(const PlainCard& a, const PlainCard& b) { return a.rank == b.rank && a.suit == b.suit; }

void deal_rest(const std::vector<PlainCard>& shoe, std::vector<bool>& used, std::vector<PlainCard>& deal, int cards,
               const PlainJudge& judge, std::map<std::string, std::uint64_t>& counts) {
  if (static_cast<int>(deal.size()) == cards) {
    ++counts[judge(deal)];
    return;
  }
  for (std::size_t i = 0; i < shoe.size(); ++i) {
    if (used[i]) continue;
    used[i] = true;
    deal.push_back(shoe[i]);
    deal_rest(shoe, used, deal, cards, judge, counts);
    deal.pop_back();
    used[i] = false;
  }
}

void dealer_rest(std::array<int, 11>& left, std::vector<int>& hand, bool h17, std::uint64_t ways,
                 std::map<std::string, std::uint64_t>& counts) {
  if (hand.size() >= 2) {
    const NaiveHandValue v = naive_hand_value(hand);
    const bool stands = v.bust || v.total >= 18 || (v.total == 17 && !(h17 && v.soft));
    if (stands) {
      counts[(v.bust ? "bust " : "stand ") + std::to_string(hand.size())] += ways;
      return;
    }
  }
  for (int value = 1; value <= 10; ++value) {
    if (left[static_cast<std::size_t>(value)] == 0) continue;
    const auto n = static_cast<std::uint64_t>(left[static_cast<std::size_t>(value)]--);
    hand.push_back(value);
    dealer_rest(left, hand, h17, ways * n, counts);
    hand.pop_back();
    ++left[static_cast<std::size_t>(value)];
  }
}

}  // namespace

std::map<std::string, std::uint64_t> enumerate_deals(int decks, int cards, const PlainJudge& judge) {
  std::vector<PlainCard> shoe;
  for (int d = 0; d < decks; ++d) {
    for (const char suit : {'c', 'd', 'h', 's'}) {
      for (int rank = 1; rank <= 13; ++rank) shoe.push_back({rank, suit});
    }
  }
  std::vector<bool> used(shoe.size(), false);
  std::vector<PlainCard> deal;
  std::map<std::string, std::uint64_t> counts;
  deal_rest(shoe, used, deal, cards, judge, counts);
  return counts;
}

std::string plain_perfect_pairs(const std::vector<PlainCard>& deal) {
  const PlainCard& a = deal[0];
  const PlainCard& b = deal[1];
  if (a.rank != b.rank) return "";
  if (a.suit == b.suit) return "perfect";
  return red(a) == red(b) ? "colored" : "mixed";
}

std::string plain_three_card_poker(const std::vector<PlainCard>& deal) {
  const bool flush = deal[0].suit == deal[1].suit && deal[1].suit == deal[2].suit;
  const bool trips = deal[0].rank == deal[1].rank && deal[1].rank == deal[2].rank;
  const std::set<int> ranks{deal[0].rank, deal[1].rank, deal[2].rank};
  // The twelve straights, ace low (A-2-3) to ace high (Q-K-A).
  bool straight = false;
  for (int low = 1; low <= 11; ++low) {
    const std::set<int> run{low, low + 1, low + 2};
    straight = straight || ranks == run;
  }
  straight = straight || ranks == std::set<int>{12, 13, 1};
  if (trips && flush) return "suited_trips";
  if (straight && flush) return "straight_flush";
  if (trips) return "trips";
  if (straight) return "straight";
  if (flush) return "flush";
  return "";
}

std::string plain_match_the_dealer(const std::vector<PlainCard>& deal) {
  int suited = 0, unsuited = 0;
  for (int i = 0; i < 2; ++i) {
    if (same(deal[static_cast<std::size_t>(i)], deal[2])) {
      ++suited;
    } else if (deal[static_cast<std::size_t>(i)].rank == deal[2].rank) {
      ++unsuited;
    }
  }
  if (suited + unsuited == 0) return "";
  return "S" + std::to_string(suited) + "U" + std::to_string(unsuited);
}

std::string plain_lucky_ladies(const std::vector<PlainCard>& deal) {
  const PlainCard& a = deal[0];
  const PlainCard& b = deal[1];
  const bool ace = a.rank == 1 || b.rank == 1;
  const int total = points(a) + points(b) + (ace && points(a) + points(b) + 10 <= 21 ? 10 : 0);
  const bool queens_of_hearts = a.rank == 12 && a.suit == 'h' && b.rank == 12 && b.suit == 'h';
  const int dealer = points(deal[2]) + points(deal[3]);
  const bool dealer_blackjack = dealer == 11 && (deal[2].rank == 1 || deal[3].rank == 1);
  if (queens_of_hearts) return dealer_blackjack ? "qh_pair_bj" : "qh_pair";
  if (total != 20) return "";
  if (same(a, b)) return "matched_20";
  if (a.suit == b.suit) return "suited_20";
  return "any_20";
}

std::map<std::string, std::uint64_t> enumerate_dealer_hands(int decks, bool h17) {
  std::array<int, 11> left{};
  for (int value = 1; value <= 10; ++value) left[static_cast<std::size_t>(value)] = decks * (value == 10 ? 16 : 4);
  std::vector<int> hand;
  std::map<std::string, std::uint64_t> counts;
  dealer_rest(left, hand, h17, 1, counts);
  return counts;
}

}  // namespace cardsim::testutil
