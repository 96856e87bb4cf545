#include "cardsim/blackjack/side_bet.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "cardsim/blackjack/analysis_dealer.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/core/error.hpp"

namespace cardsim::blackjack {
namespace {

constexpr int KING_RANK = 12;
constexpr int TEN_RANK = 9;
// A deal of the cards-only bets: the seat's two cards, the up card, the hole card.
constexpr int PLAYER_FIRST = 0;
constexpr int PLAYER_SECOND = 1;
constexpr int UPCARD = 2;
constexpr int HOLE = 3;
constexpr int MAX_POSITIONS = 4;
// Most outcomes in a pay table (a sanity limit for files, not a table size).
constexpr std::size_t MAX_OUTCOMES = 64;
// A dealer bust holds at least three cards.
constexpr int MIN_BUST_CARDS = 3;
// Totals of two cards: low totals 2 (A-A) .. 20 (T-T); blackjack totals up to 21.
constexpr int MIN_TOTAL = 2;
constexpr int MAX_TOTAL = 21;
constexpr int MAX_LOW_TOTAL = 20;

WideSum checked_multiply(WideSum a, WideSum b) {
  WideSum product = 0;
  if (__builtin_mul_overflow(a, b, &product)) throw Error("side bet PAR sheet: a count passes 128 bits");
  return product;
}

WideSum checked_add(WideSum a, WideSum b) {
  WideSum sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) throw Error("side bet PAR sheet: a count passes 128 bits");
  return sum;
}

// n (n - 1) ... (n - k + 1): ordered ways to draw k of n cards; 0 if k > n.
WideSum falling(int n, int k) {
  WideSum product = 1;
  for (int i = 0; i < k; ++i) product = checked_multiply(product, n - i > 0 ? n - i : 0);
  return product;
}

long double as_long_double(WideSum x) { return static_cast<long double>(x); }

bool is_blackjack(SuitedCard a, SuitedCard b) {
  return (value_of(a) == ACE && value_of(b) == TEN) || (value_of(a) == TEN && value_of(b) == ACE);
}

// Three distinct consecutive ranks, the ace low (A-2-3) or high (Q-K-A).
bool is_straight(int a, int b, int c) {
  std::array<int, 3> r{a, b, c};
  std::sort(r.begin(), r.end());
  if (r[0] == 0 && r[1] == QUEEN_RANK && r[2] == KING_RANK) return true;
  return r[1] == r[0] + 1 && r[2] == r[1] + 1;
}

bool is_card(const SideBetOutcome& o, SuitedCard card) {
  return rank_of(card) == o.rank && (o.suit < 0 || suit_of(card) == o.suit);
}

// Whether a kind looks at ranks or suits (not only the blackjack values).
bool needs_suits(OutcomeKind kind) {
  switch (kind) {
    case OutcomeKind::total:
    case OutcomeKind::low_total_under:
    case OutcomeKind::low_total_over:
    case OutcomeKind::dealer_bust: return false;
    default: return true;
  }
}

// The cards a kind looks at (without a dealer_blackjack condition).
SideBetCards kind_cards(OutcomeKind kind) {
  switch (kind) {
    case OutcomeKind::flush:
    case OutcomeKind::straight:
    case OutcomeKind::straight_flush:
    case OutcomeKind::trips:
    case OutcomeKind::suited_trips:
    case OutcomeKind::upcard_match: return SideBetCards::first_two_upcard;
    case OutcomeKind::dealer_bust: return SideBetCards::dealer_final;
    default: return SideBetCards::first_two;
  }
}

// Whether `window` holds the cards `need`: the card windows nest, except the
// dealer's final hand, which stands alone.
bool covers(SideBetCards window, SideBetCards need) {
  if (need == SideBetCards::dealer_final || window == SideBetCards::dealer_final) return window == need;
  return window >= need;
}

const char* cards_text(SideBetCards cards) {
  switch (cards) {
    case SideBetCards::first_two: return "first_two";
    case SideBetCards::first_two_upcard: return "first_two_upcard";
    case SideBetCards::first_two_dealer_two: return "first_two_dealer_two";
    case SideBetCards::dealer_final: return "dealer_final";
    default: return "invalid";
  }
}

// Counts every ordered deal of the first two cards (and the up and hole
// cards, as the bet looks at them) and classifies it. A position that no
// outcome looks at beyond its blackjack value is drawn by value (10 values,
// weighted by the cards of that value left) instead of by card (52), and is
// drawn after the positions drawn by card, so that its weight is exact: the
// cards before it are known by value too. Drawing order does not change the
// number of ordered deals, only the order of the product's factors.
class CardDealCounter {
 public:
  CardDealCounter(const SideBet& bet, int decks, ParSheet& sheet) : bet_(bet), decks_(decks), sheet_(sheet) {
    positions_ = bet.cards == SideBetCards::first_two ? 2 : bet.cards == SideBetCards::first_two_upcard ? 3 : 4;
    for (const SideBetOutcome& o : bet.outcomes) {
      if (!needs_suits(o.kind)) continue;
      by_card_[PLAYER_FIRST] = by_card_[PLAYER_SECOND] = true;
      if (kind_cards(o.kind) == SideBetCards::first_two_upcard) by_card_[UPCARD] = true;
    }
    int next = 0;
    for (const bool card_first : {true, false}) {
      for (int p = 0; p < positions_; ++p) {
        if (by_card_[static_cast<std::size_t>(p)] == card_first) order_[static_cast<std::size_t>(next++)] = p;
      }
    }
    value_left_ = ShoeComposition::standard(decks).counts;
    card_left_.fill(decks);
  }

  void count() {
    walk(0, 1);
    sheet_.deal_cards = positions_;
  }

 private:
  void set(int position, SuitedCard card) {
    switch (position) {
      case PLAYER_FIRST: deal_.player[0] = card; break;
      case PLAYER_SECOND: deal_.player[1] = card; break;
      case UPCARD: deal_.upcard = card; break;
      default: deal_.hole = card; break;
    }
  }

  void walk(int depth, WideSum weight) {
    if (depth == positions_) {
      const int outcome = classify(bet_, deal_);
      WideSum& slot = outcome == NO_OUTCOME ? sheet_.losses : sheet_.combinations[static_cast<std::size_t>(outcome)];
      slot = checked_add(slot, weight);
      return;
    }
    const int position = order_[static_cast<std::size_t>(depth)];
    if (by_card_[static_cast<std::size_t>(position)]) {
      for (int c = 0; c < SUITED_CARDS; ++c) {
        const auto card = static_cast<SuitedCard>(c);
        int& left = card_left_[card];
        if (left == 0) continue;
        const WideSum ways = checked_multiply(weight, left);
        --left;
        --value_left_[static_cast<std::size_t>(value_of(card))];
        set(position, card);
        walk(depth + 1, ways);
        ++left;
        ++value_left_[static_cast<std::size_t>(value_of(card))];
      }
    } else {
      for (int v = 1; v <= CARD_VALUES; ++v) {
        int& left = value_left_[static_cast<std::size_t>(v)];
        if (left == 0) continue;
        const WideSum ways = checked_multiply(weight, left);
        --left;
        // Any card of the value stands for all: nothing looks beyond it.
        set(position, suited_card(v == TEN ? TEN_RANK : v - 1, 0));
        walk(depth + 1, ways);
        ++left;
      }
    }
  }

  const SideBet& bet_;
  int decks_;
  ParSheet& sheet_;
  int positions_ = 2;
  std::array<bool, MAX_POSITIONS> by_card_{};
  std::array<int, MAX_POSITIONS> order_{};
  std::array<int, SUITED_CARDS> card_left_{};
  CardCounts value_left_{};
  SideBetDeal deal_;
};

// Counts the dealer's final hands from the full shoe with the analyzer's
// dealer model (DealerModel::hands): a hand of up card u and drawn cards D is
// dealt in m_u x orders(D) x prod_v (m_v - [v = u])_(D_v) ordered ways, and
// each is the prefix of (M - |hand|)_(K - |hand|) deals of K cards.
void count_dealer_hands(const SideBet& bet, int decks, bool h17, ParSheet& sheet) {
  const ShoeComposition shoe = ShoeComposition::standard(decks);
  const DealerModel model(h17);
  struct Dealt {
    WideSum ways = 0;
    int cards = 0;
    bool bust = false;
  };
  std::vector<Dealt> dealt;
  int most_cards = 0;
  for (int up = 1; up <= CARD_VALUES; ++up) {
    CardCounts left = shoe.counts;
    const int up_ways = left[static_cast<std::size_t>(up)]--;
    for (const DealerModel::Hand& hand : model.hands(up)) {
      WideSum ways = checked_multiply(up_ways, hand.orders);
      for (int v = 1; v <= CARD_VALUES && ways != 0; ++v) {
        ways =
            checked_multiply(ways, falling(left[static_cast<std::size_t>(v)], hand.drawn[static_cast<std::size_t>(v)]));
      }
      if (ways == 0) continue;
      dealt.push_back({ways, hand.cards + 1, hand.final == DealerFinal::bust});
      most_cards = std::max(most_cards, hand.cards + 1);
    }
  }
  sheet.deal_cards = most_cards;
  const int shoe_cards = shoe.total();
  SideBetDeal deal;
  for (const Dealt& d : dealt) {
    deal.dealer_cards = d.cards;
    deal.dealer_bust = d.bust;
    const WideSum deals = checked_multiply(d.ways, falling(shoe_cards - d.cards, most_cards - d.cards));
    const int outcome = classify(bet, deal);
    WideSum& slot = outcome == NO_OUTCOME ? sheet.losses : sheet.combinations[static_cast<std::size_t>(outcome)];
    slot = checked_add(slot, deals);
  }
}

WideSum gcd(WideSum a, WideSum b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    const WideSum r = a % b;
    a = b;
    b = r;
  }
  return a;
}

}  // namespace

SideBetCards cards_needed(const SideBetOutcome& outcome) {
  const SideBetCards need = kind_cards(outcome.kind);
  return outcome.dealer_blackjack && need != SideBetCards::dealer_final ? SideBetCards::first_two_dealer_two : need;
}

void validate_side_bet(const SideBet& bet) {
  const std::string where = "side bet '" + bet.name + "'";
  if (bet.cards == SideBetCards::invalid) throw Error(where + ": no cards to look at");
  if (bet.outcomes.empty() || bet.outcomes.size() > MAX_OUTCOMES) {
    throw Error(where + ": " + std::to_string(bet.outcomes.size()) + " outcomes; expected 1.." +
                std::to_string(MAX_OUTCOMES));
  }
  for (const SideBetOutcome& o : bet.outcomes) {
    const auto fail = [&](const std::string& why) { throw Error(where + ", outcome '" + o.name + "': " + why); };
    if (o.kind == OutcomeKind::invalid) fail("no kind");
    if (o.pays_numerator <= 0 || o.pays_denominator <= 0) fail("pays must be a positive number to one");
    switch (o.kind) {
      case OutcomeKind::total:
      case OutcomeKind::suited_total:
      case OutcomeKind::ranked_total:
      case OutcomeKind::matched_total:
        if (o.total < MIN_TOTAL || o.total > MAX_TOTAL) fail("total " + std::to_string(o.total) + "; expected 2..21");
        break;
      case OutcomeKind::low_total_under:
      case OutcomeKind::low_total_over:
        if (o.total < MIN_TOTAL || o.total > MAX_LOW_TOTAL)
          fail("total " + std::to_string(o.total) + "; expected 2..20");
        break;
      case OutcomeKind::card_pair:
      case OutcomeKind::holds_card:
        if (o.rank < 0 || o.rank >= RANKS) fail("no rank (A, 2..10, J, Q, K)");
        if (o.suit < -1 || o.suit >= SUITS) fail("suit out of range");
        break;
      case OutcomeKind::upcard_match:
        if (o.suited < 0 || o.unsuited < 0 || o.suited + o.unsuited < 1 || o.suited + o.unsuited > 2) {
          fail("suited and unsuited matches are counts of the first two cards: 0..2 each, 1 or 2 together");
        }
        break;
      case OutcomeKind::dealer_bust:
        if (o.min_cards < MIN_BUST_CARDS)
          fail("min_cards " + std::to_string(o.min_cards) + "; a dealer bust holds 3 or more cards");
        if (o.max_cards != 0 && o.max_cards < o.min_cards) fail("max_cards is below min_cards");
        if (o.dealer_blackjack) fail("a dealer who busts has no blackjack");
        break;
      default: break;
    }
    if (!covers(bet.cards, cards_needed(o))) {
      fail(std::string("looks at the cards '") + cards_text(cards_needed(o)) + "' but the bet looks at '" +
           cards_text(bet.cards) + "'");
    }
  }
  // The pay unit (the least common multiple of the denominators) and every
  // pay in it, checked before any product is taken: pays such as 7:999983
  // and 5:999979 would overflow the unit, and a tally's sums of squares.
  std::int64_t unit = 1;
  for (const SideBetOutcome& o : bet.outcomes) {
    const std::int64_t step = o.pays_denominator / std::gcd(unit, o.pays_denominator);
    if (unit > MAX_PAY_UNITS / step) {
      throw Error(where + ": its pays' denominators need a unit of more than " + std::to_string(MAX_PAY_UNITS) +
                  " (their least common multiple); use pays with fewer distinct denominators");
    }
    unit *= step;
  }
  for (const SideBetOutcome& o : bet.outcomes) {
    const std::int64_t scale = unit / o.pays_denominator;
    if (o.pays_numerator > MAX_PAY_UNITS / scale) {
      throw Error(where + ", outcome '" + o.name + "': pays " + std::to_string(o.pays_numerator) + ":" +
                  std::to_string(o.pays_denominator) + " is more than " + std::to_string(MAX_PAY_UNITS) +
                  " of the bet's pay units (1/" + std::to_string(unit) + " of a unit bet)");
    }
  }
}

bool matches(const SideBetOutcome& o, const SideBetDeal& deal) {
  if (o.dealer_blackjack && !is_blackjack(deal.upcard, deal.hole)) return false;
  const SuitedCard a = deal.player[0];
  const SuitedCard b = deal.player[1];
  const SuitedCard up = deal.upcard;
  const bool same_rank = rank_of(a) == rank_of(b);
  const bool same_suit = suit_of(a) == suit_of(b);
  const int total = best_total(two_card_hand(value_of(a), value_of(b)));
  const int low_total = value_of(a) + value_of(b);
  const bool flush = same_suit && suit_of(up) == suit_of(a);
  switch (o.kind) {
    case OutcomeKind::pair: return same_rank;
    case OutcomeKind::mixed_pair: return same_rank && is_red(a) != is_red(b);
    case OutcomeKind::colored_pair: return same_rank && !same_suit && is_red(a) == is_red(b);
    case OutcomeKind::perfect_pair: return a == b;
    case OutcomeKind::total: return total == o.total;
    case OutcomeKind::suited_total: return total == o.total && same_suit;
    case OutcomeKind::ranked_total: return total == o.total && same_rank;
    case OutcomeKind::matched_total: return total == o.total && a == b;
    case OutcomeKind::low_total_under: return low_total < o.total;
    case OutcomeKind::low_total_over: return low_total > o.total;
    case OutcomeKind::card_pair: return is_card(o, a) && is_card(o, b);
    case OutcomeKind::holds_card: return is_card(o, a) || is_card(o, b);
    case OutcomeKind::flush: return flush;
    case OutcomeKind::straight: return is_straight(rank_of(a), rank_of(b), rank_of(up));
    case OutcomeKind::straight_flush: return flush && is_straight(rank_of(a), rank_of(b), rank_of(up));
    case OutcomeKind::trips: return same_rank && rank_of(up) == rank_of(a);
    case OutcomeKind::suited_trips: return a == b && b == up;
    case OutcomeKind::upcard_match: {
      int suited = 0, unsuited = 0;
      for (const SuitedCard card : deal.player) {
        if (card == up) {
          ++suited;
        } else if (rank_of(card) == rank_of(up)) {
          ++unsuited;
        }
      }
      return suited == o.suited && unsuited == o.unsuited;
    }
    case OutcomeKind::dealer_bust:
      return deal.dealer_bust && deal.dealer_cards >= o.min_cards &&
             (o.max_cards == 0 || deal.dealer_cards <= o.max_cards);
    default: return false;
  }
}

int classify(const SideBet& bet, const SideBetDeal& deal) {
  for (std::size_t i = 0; i < bet.outcomes.size(); ++i) {
    if (matches(bet.outcomes[i], deal)) return static_cast<int>(i);
  }
  return NO_OUTCOME;
}

SideBetTable::SideBetTable(const SideBet& bet) : cards_(bet.cards) {
  validate_side_bet(bet);
  if (bet.outcomes.size() > static_cast<std::size_t>(INT8_MAX)) {
    throw Error("side bet '" + bet.name + "': too many outcomes for a table");
  }
  const auto put = [&](std::size_t key, const SideBetDeal& deal) {
    if (outcomes_.size() <= key) outcomes_.resize(key + 1, NO_OUTCOME);
    outcomes_[key] = static_cast<std::int8_t>(blackjack::classify(bet, deal));
  };
  SideBetDeal deal;
  if (cards_ == SideBetCards::dealer_final) {
    for (int cards = 0; cards <= MAX_DEALER_CARDS; ++cards) {
      for (const bool bust : {false, true}) {
        deal.dealer_cards = cards;
        deal.dealer_bust = bust;
        put(key(deal), deal);
      }
    }
    return;
  }
  const int upcards = cards_ == SideBetCards::first_two ? 1 : SUITED_CARDS;
  // A hole card that makes a blackjack with the up card, and one that does not.
  const SuitedCard two = suited_card(1, 0);
  for (int a = 0; a < SUITED_CARDS; ++a) {
    for (int b = 0; b < SUITED_CARDS; ++b) {
      for (int up = 0; up < upcards; ++up) {
        deal.player = {static_cast<SuitedCard>(a), static_cast<SuitedCard>(b)};
        deal.upcard = static_cast<SuitedCard>(up);
        deal.hole = two;
        put(key(deal), deal);
        if (cards_ != SideBetCards::first_two_dealer_two) continue;
        const int up_value = value_of(deal.upcard);
        if (up_value != ACE && up_value != TEN) continue;
        deal.hole = up_value == ACE ? suited_card(TEN_RANK, 0) : suited_card(0, 0);
        put(key(deal), deal);
      }
    }
  }
}

SideBetPays side_bet_pays(const SideBet& bet) {
  SideBetPays pays;
  for (const SideBetOutcome& o : bet.outcomes) pays.unit = std::lcm(pays.unit, o.pays_denominator);
  for (const SideBetOutcome& o : bet.outcomes)
    pays.outcomes.push_back(o.pays_numerator * (pays.unit / o.pays_denominator));
  return pays;
}

std::vector<SuitedCard> shoe_suited_cards(int decks, int removed_tens) {
  constexpr int FIRST_TEN = suited_card(TEN - 1, 0);  // the ten of clubs: the tens, then the faces, follow
  std::vector<SuitedCard> cards;
  cards.reserve(static_cast<std::size_t>(decks) * DECK_CARDS);
  for (int d = 0; d < decks; ++d) {
    for (int c = 0; c < DECK_CARDS; ++c) {
      // As shoe_values(): the first `removed_tens` ten-valued cards of each deck out.
      if (c >= FIRST_TEN && c < FIRST_TEN + removed_tens) continue;
      cards.push_back(static_cast<SuitedCard>(c));
    }
  }
  return cards;
}

ParSheet par_sheet(const SideBet& bet, int decks, bool h17) {
  validate_side_bet(bet);
  if (decks < 1 || decks > MAX_DECKS) {
    throw Error("side bet PAR sheet: decks is " + std::to_string(decks) +
                "; expected 1..8 (exact counts need a finite shoe)");
  }
  ParSheet sheet;
  sheet.decks = decks;
  sheet.h17 = h17;
  sheet.combinations.assign(bet.outcomes.size(), 0);
  if (bet.cards == SideBetCards::dealer_final) {
    count_dealer_hands(bet, decks, h17, sheet);
  } else {
    CardDealCounter(bet, decks, sheet).count();
  }
  sheet.deals = falling(decks * SUITED_CARDS, sheet.deal_cards);

  const SideBetPays pays = side_bet_pays(bet);
  sheet.pay_unit = pays.unit;
  sheet.pay_units = pays.outcomes;
  WideSum net = -checked_multiply(sheet.losses, sheet.pay_unit);
  for (std::size_t i = 0; i < bet.outcomes.size(); ++i) {
    net = checked_add(net, checked_multiply(sheet.combinations[i], sheet.pay_units[i]));
  }
  sheet.net_units = net;
  return sheet;
}

double ParSheet::probability(int outcome) const {
  const WideSum count = outcome == NO_OUTCOME ? losses : combinations[static_cast<std::size_t>(outcome)];
  return static_cast<double>(as_long_double(count) / as_long_double(deals));
}

double ParSheet::expected_return() const {
  return static_cast<double>(as_long_double(net_units) / (as_long_double(deals) * static_cast<long double>(pay_unit)));
}

double ParSheet::hit_frequency() const { return 1.0 - probability(NO_OUTCOME); }

double ParSheet::standard_deviation() const {
  const long double unit = static_cast<long double>(pay_unit);
  long double squares = as_long_double(losses) * unit * unit;
  for (std::size_t i = 0; i < combinations.size(); ++i) {
    const long double pay = static_cast<long double>(pay_units[i]);
    squares += as_long_double(combinations[i]) * pay * pay;
  }
  const long double mean = as_long_double(net_units) / as_long_double(deals);
  const long double variance = squares / as_long_double(deals) - mean * mean;
  return static_cast<double>(std::sqrt(std::max(variance, 0.0L)) / unit);
}

ExactFraction reduced_fraction(WideSum numerator, WideSum denominator) {
  if (denominator == 0) throw Error("a fraction with denominator 0");
  if (denominator < 0) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const WideSum g = gcd(numerator, denominator);
  return g == 0 ? ExactFraction{0, 1} : ExactFraction{numerator / g, denominator / g};
}

}  // namespace cardsim::blackjack
