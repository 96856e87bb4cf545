#include "cardsim/io/side_bet_file.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"  // parse_json_object
#include "cardsim/io/data_dir.hpp"
#include "cardsim/io/files.hpp"
#include "cardsim/io/wide_sum.hpp"

namespace cardsim::io {
namespace bj = blackjack;
using nlohmann::json;

namespace {

constexpr double PERCENT_PER_UNIT = 100.0;
constexpr const char* SUBFOLDER = "sidebets";
constexpr const char* EXTENSION = ".json";

// The outcome kinds by name, with the parameter keys each takes (required
// ones first, then optional ones after a '|').
struct KindInfo {
  const char* name;
  bj::OutcomeKind kind;
  const char* parameters;
};
constexpr std::array<KindInfo, 19> KINDS{{
    {"pair", bj::OutcomeKind::pair, ""},
    {"mixed_pair", bj::OutcomeKind::mixed_pair, ""},
    {"colored_pair", bj::OutcomeKind::colored_pair, ""},
    {"perfect_pair", bj::OutcomeKind::perfect_pair, ""},
    {"total", bj::OutcomeKind::total, "total"},
    {"suited_total", bj::OutcomeKind::suited_total, "total"},
    {"ranked_total", bj::OutcomeKind::ranked_total, "total"},
    {"matched_total", bj::OutcomeKind::matched_total, "total"},
    {"low_total_under", bj::OutcomeKind::low_total_under, "total"},
    {"low_total_over", bj::OutcomeKind::low_total_over, "total"},
    {"card_pair", bj::OutcomeKind::card_pair, "rank|suit"},
    {"holds_card", bj::OutcomeKind::holds_card, "rank|suit"},
    {"flush", bj::OutcomeKind::flush, ""},
    {"straight", bj::OutcomeKind::straight, ""},
    {"straight_flush", bj::OutcomeKind::straight_flush, ""},
    {"trips", bj::OutcomeKind::trips, ""},
    {"suited_trips", bj::OutcomeKind::suited_trips, ""},
    {"upcard_match", bj::OutcomeKind::upcard_match, "|suited unsuited"},
    {"dealer_bust", bj::OutcomeKind::dealer_bust, "min_cards|max_cards"},
}};

struct CardsInfo {
  const char* name;
  bj::SideBetCards cards;
  const char* text;  // what the bet looks at, for the report
};
constexpr std::array<CardsInfo, 4> CARDS{{
    {"first_two", bj::SideBetCards::first_two, "the player's first two cards"},
    {"first_two_upcard", bj::SideBetCards::first_two_upcard, "the player's first two cards and the dealer's up card"},
    {"first_two_dealer_two", bj::SideBetCards::first_two_dealer_two,
     "the player's first two cards and the dealer's up and hole cards"},
    {"dealer_final", bj::SideBetCards::dealer_final, "the dealer's final hand, dealt from the full shoe"},
}};

constexpr std::array<const char*, bj::RANKS> RANK_NAMES{"A", "2", "3",  "4", "5", "6", "7",
                                                        "8", "9", "10", "J", "Q", "K"};
constexpr std::array<const char*, bj::SUITS> SUIT_NAMES{"clubs", "diamonds", "hearts", "spades"};

const KindInfo& kind_info(bj::OutcomeKind kind) {
  for (const KindInfo& k : KINDS) {
    if (k.kind == kind) return k;
  }
  throw Error("side bet: an outcome of no known kind");
}

const CardsInfo& cards_info(bj::SideBetCards cards) {
  for (const CardsInfo& c : CARDS) {
    if (c.cards == cards) return c;
  }
  throw Error("side bet: no cards to look at");
}

std::string all_names(auto const& table) {
  std::string names;
  for (const auto& entry : table) names += (names.empty() ? "" : ", ") + std::string(entry.name);
  return names;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> result;
  std::string word;
  for (const char ch : text + " ") {
    if (ch == ' ' || ch == '|') {
      if (!word.empty()) result.push_back(word);
      word.clear();
    } else {
      word.push_back(ch);
    }
  }
  return result;
}

int name_index(const std::string& text, auto const& names) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (text == names[i]) return static_cast<int>(i);
  }
  return -1;
}

// Calls fail() naming the first key of object `j` that is not in `keys`.
void reject_unknown_keys(const json& j, const std::vector<std::string>& keys,
                         const std::function<void(const std::string&)>& fail) {
  for (const auto& [key, value] : j.items()) {
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    std::string list;
    for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k;
    fail("unknown key '" + excerpt(key) + "'; the keys are " + list);
  }
}

// "25" or 25 -> 25:1; "5:2" -> 5:2.
void parse_pays(const json& value, bj::SideBetOutcome& o, const std::function<void(const std::string&)>& fail) {
  const std::string allowed = "; expected a whole number to one such as 25, or \"A:B\" such as \"5:2\"";
  if (value.is_number_integer()) {
    o.pays_numerator = value.get<std::int64_t>();
    o.pays_denominator = 1;
  } else if (value.is_string()) {
    const std::string text = value.get<std::string>();
    const auto colon = text.find(':');
    try {
      std::size_t used = 0;
      o.pays_numerator = std::stoll(text.substr(0, colon), &used);
      if (used != colon && !(colon == std::string::npos && used == text.size()))
        fail("pays '" + excerpt(text) + "'" + allowed);
      if (colon != std::string::npos) {
        o.pays_denominator = std::stoll(text.substr(colon + 1), &used);
        if (used != text.size() - colon - 1) fail("pays '" + excerpt(text) + "'" + allowed);
      }
    } catch (const std::logic_error&) {
      fail("pays '" + excerpt(text) + "'" + allowed);
    }
  } else {
    fail("pays is " + excerpt(value.dump()) + allowed);
  }
  constexpr std::int64_t MAX_PAYS = 1'000'000;
  if (o.pays_numerator <= 0 || o.pays_denominator <= 0 || o.pays_numerator > MAX_PAYS ||
      o.pays_denominator > MAX_PAYS) {
    fail("pays " + excerpt(value.dump()) + " is out of range" + allowed + " (1..1000000)");
  }
}

bj::SideBetOutcome parse_outcome(const json& j, std::size_t index, const std::string& source) {
  bj::SideBetOutcome o;
  o.name = "outcome ";  // until its name is read
  o.name += std::to_string(index + 1);
  if (j.is_object() && j.contains("name") && j.at("name").is_string()) o.name = j.at("name").get<std::string>();
  const std::function<void(const std::string&)> fail = [&](const std::string& why) {
    throw Error("side bet '" + excerpt(source) + "', outcome '" + excerpt(o.name) + "': " + why);
  };
  if (!j.is_object()) fail("expected an object such as {\"name\": \"Flush\", \"kind\": \"flush\", \"pays\": 5}");
  if (!j.contains("name") || !j.at("name").is_string() || o.name.empty()) fail("needs a \"name\" (a string)");
  if (!j.contains("kind") || !j.at("kind").is_string()) fail("needs a \"kind\": one of " + all_names(KINDS));
  const std::string kind = j.at("kind").get<std::string>();
  const KindInfo* info = nullptr;
  for (const KindInfo& k : KINDS) {
    if (kind == k.name) info = &k;
  }
  if (info == nullptr) fail("kind '" + excerpt(kind) + "'; expected one of " + all_names(KINDS));
  o.kind = info->kind;
  if (!j.contains("pays")) fail("needs \"pays\"");
  parse_pays(j.at("pays"), o, fail);

  const std::string params = info->parameters;
  const auto bar = params.find('|');
  const std::vector<std::string> required = words(params.substr(0, bar));
  std::vector<std::string> allowed = words(params);
  allowed.insert(allowed.end(), {"name", "kind", "pays", "dealer_blackjack"});
  reject_unknown_keys(j, allowed, [&](const std::string& why) { fail("kind " + kind + ": " + why); });
  for (const auto& key : required) {
    if (!j.contains(key)) fail("kind " + kind + " needs \"" + key + "\"");
  }
  const auto integer = [&](const char* key, int low, int high) {
    const json& v = j.at(key);
    if (!v.is_number_integer() || v.get<std::int64_t>() < low || v.get<std::int64_t>() > high) {
      fail(std::string("\"") + key + "\" is " + excerpt(v.dump()) + "; expected a whole number " + std::to_string(low) +
           ".." + std::to_string(high));
    }
    return v.get<int>();
  };
  constexpr int MAX_DEALER_CARDS = 21;
  if (j.contains("total")) o.total = integer("total", 2, 21);
  if (j.contains("suited")) o.suited = integer("suited", 0, 2);
  if (j.contains("unsuited")) o.unsuited = integer("unsuited", 0, 2);
  if (j.contains("min_cards")) o.min_cards = integer("min_cards", 3, MAX_DEALER_CARDS);
  if (j.contains("max_cards")) o.max_cards = integer("max_cards", 3, MAX_DEALER_CARDS);
  if (j.contains("rank")) {
    const json& v = j.at("rank");
    const std::string text = v.is_string() ? v.get<std::string>() : v.is_number_integer() ? v.dump() : "";
    o.rank = name_index(text == "T" ? "10" : text, RANK_NAMES);
    if (o.rank < 0) fail("\"rank\" is " + excerpt(v.dump()) + "; expected A, 2..10 (or T), J, Q or K");
  }
  if (j.contains("suit")) {
    const json& v = j.at("suit");
    o.suit = v.is_string() ? name_index(v.get<std::string>(), SUIT_NAMES) : -1;
    if (o.suit < 0) fail("\"suit\" is " + excerpt(v.dump()) + "; expected clubs, diamonds, hearts or spades");
  }
  if (j.contains("dealer_blackjack")) {
    if (!j.at("dealer_blackjack").is_boolean()) fail("\"dealer_blackjack\" must be true or false");
    o.dealer_blackjack = j.at("dealer_blackjack").get<bool>();
  }
  return o;
}

PublishedEdge parse_published(const json& j, const std::string& source) {
  const std::function<void(const std::string&)> fail = [&](const std::string& why) {
    throw Error("side bet '" + excerpt(source) + "', published figure: " + why);
  };
  if (!j.is_object()) fail("expected {\"decks\": N, \"house_edge_percent\": \"6.21\", \"source\": \"...\"}");
  reject_unknown_keys(j, {"decks", "h17", "house_edge_percent", "source", "note"}, fail);
  PublishedEdge p;
  if (!j.contains("decks") || !j.at("decks").is_number_integer() || j.at("decks").get<int>() < 1 ||
      j.at("decks").get<int>() > bj::MAX_DECKS) {
    fail("\"decks\" must be a whole number 1..8");
  }
  p.decks = j.at("decks").get<int>();
  if (j.contains("h17")) {
    if (!j.at("h17").is_boolean()) fail("\"h17\" must be true or false");
    p.h17 = j.at("h17").get<bool>();
  }
  if (!j.contains("house_edge_percent") || !j.at("house_edge_percent").is_string()) {
    fail("\"house_edge_percent\" must be a string of the published digits, such as \"6.21\"");
  }
  p.house_edge_percent = j.at("house_edge_percent").get<std::string>();
  try {
    std::size_t used = 0;
    (void)std::stod(p.house_edge_percent, &used);
    if (used != p.house_edge_percent.size()) throw std::invalid_argument("trailing text");
  } catch (const std::logic_error&) {
    fail("\"house_edge_percent\" '" + excerpt(p.house_edge_percent) + "' is not a number");
  }
  if (!j.contains("source") || !j.at("source").is_string() || j.at("source").get<std::string>().empty()) {
    fail("\"source\" must name where the figure was published");
  }
  p.source = j.at("source").get<std::string>();
  if (j.contains("note")) {
    if (!j.at("note").is_string()) fail("\"note\" must be a string");
    p.note = j.at("note").get<std::string>();
  }
  return p;
}

// 1234567 -> "1,234,567".
std::string grouped(bj::WideSum value) {
  const std::string digits = wide_to_string(value);
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(digits[i]);
    if (digits[i] != '-' && (n - 1 - i) % 3 == 0 && i + 1 < n) out.push_back(',');
  }
  return out;
}

std::string fraction_text(bj::WideSum numerator, bj::WideSum denominator) {
  const bj::ExactFraction f = bj::reduced_fraction(numerator, denominator);
  return wide_to_string(f.numerator) + "/" + wide_to_string(f.denominator);
}

std::string pays_text(const bj::SideBetOutcome& o) {
  return o.pays_denominator == 1 ? std::to_string(o.pays_numerator)
                                 : std::to_string(o.pays_numerator) + ":" + std::to_string(o.pays_denominator);
}

// The published figures for this shoe (decks, and the dealer's rule for
// dealer_final bets).
std::vector<PublishedEdge> published_for(const SideBetFile& file, const bj::ParSheet& sheet) {
  std::vector<PublishedEdge> result;
  for (const PublishedEdge& p : file.published) {
    if (p.decks == sheet.decks && (file.bet.cards != bj::SideBetCards::dealer_final || p.h17 == sheet.h17)) {
      result.push_back(p);
    }
  }
  return result;
}

std::string shoe_text(const SideBetFile& file, const bj::ParSheet& sheet) {
  std::string text = std::to_string(sheet.decks) + (sheet.decks == 1 ? " deck" : " decks");
  if (file.bet.cards == bj::SideBetCards::dealer_final)
    text += sheet.h17 ? ", dealer hits soft 17" : ", dealer stands on soft 17";
  return text;
}

}  // namespace

double PublishedEdge::percent() const { return std::stod(house_edge_percent); }

double PublishedEdge::rounding() const {
  const auto point = house_edge_percent.find('.');
  const int decimals = point == std::string::npos ? 0 : static_cast<int>(house_edge_percent.size() - point - 1);
  return 0.5 * std::pow(10.0, -decimals);
}

SideBetFile parse_side_bet(std::string_view json_text, const std::string& source) {
  const json j = parse_json_object(json_text, "side bet '" + source + "'");
  const std::function<void(const std::string&)> fail = [&](const std::string& why) {
    throw Error("side bet '" + excerpt(source) + "': " + why);
  };
  reject_unknown_keys(j, {"name", "description", "cards", "outcomes", "published", "pays_for_decks"}, fail);
  SideBetFile file;
  if (!j.contains("name") || !j.at("name").is_string() || j.at("name").get<std::string>().empty()) {
    fail("needs a \"name\" (a string)");
  }
  file.bet.name = j.at("name").get<std::string>();
  if (j.contains("description")) {
    if (!j.at("description").is_string()) fail("\"description\" must be a string");
    file.description = j.at("description").get<std::string>();
  }
  const std::string cards = j.contains("cards") && j.at("cards").is_string() ? j.at("cards").get<std::string>() : "";
  for (const CardsInfo& c : CARDS) {
    if (cards == c.name) file.bet.cards = c.cards;
  }
  if (file.bet.cards == bj::SideBetCards::invalid) {
    fail("\"cards\" is " + (j.contains("cards") ? excerpt(j.at("cards").dump()) : std::string("missing")) +
         "; expected one of " + all_names(CARDS));
  }
  if (!j.contains("outcomes") || !j.at("outcomes").is_array() || j.at("outcomes").empty()) {
    fail("needs \"outcomes\": a non-empty list, best hand first");
  }
  const json& outcomes = j.at("outcomes");
  for (std::size_t i = 0; i < outcomes.size(); ++i) file.bet.outcomes.push_back(parse_outcome(outcomes[i], i, source));
  if (j.contains("published")) {
    if (!j.at("published").is_array()) fail("\"published\" must be a list");
    for (const json& p : j.at("published")) file.published.push_back(parse_published(p, source));
  }
  if (j.contains("pays_for_decks")) {
    const json& decks = j.at("pays_for_decks");
    const std::string allowed = "\"pays_for_decks\" must be a non-empty list of deck counts 1.." +
                                std::to_string(bj::MAX_DECKS) + ", such as [6, 8]";
    if (!decks.is_array() || decks.empty() || decks.size() > static_cast<std::size_t>(bj::MAX_DECKS)) fail(allowed);
    for (const json& d : decks) {
      if (!d.is_number_integer() || d.get<long long>() < 1 || d.get<long long>() > bj::MAX_DECKS) fail(allowed);
      file.pays_for_decks.push_back(d.get<int>());
    }
  }
  try {
    bj::validate_side_bet(file.bet);
  } catch (const Error& e) {
    fail(e.what());
  }
  return file;
}

SideBetFile load_side_bet(const std::string& name_or_path) {
  InputRegistry inputs;
  return load_side_bet(name_or_path, inputs);
}

std::vector<SideBetFile> load_side_bets(const std::vector<std::string>& names) {
  InputRegistry inputs;
  return load_side_bets(names, inputs);
}

SideBetFile load_side_bet(const std::string& name_or_path, InputRegistry& inputs, const std::string& folder) {
  const std::string path = find_data_file(name_or_path, folder, SUBFOLDER, EXTENSION);
  if (path.empty()) {
    std::string names;
    for (const std::string& n : shipped_side_bets()) names += (names.empty() ? "" : ", ") + n;
    throw Error("side bet '" + excerpt(name_or_path) + "' is not a file or a bet in " + data_subfolder_text(SUBFOLDER) +
                (names.empty() ? std::string() : " (" + names + ")") + did_you_mean(name_or_path, shipped_side_bets()));
  }
  SideBetFile file = parse_side_bet(inputs.read("side bet", path, name_or_path).bytes, path);
  file.path = path;
  return file;
}

std::vector<SideBetFile> load_side_bets(const std::vector<std::string>& names, InputRegistry& inputs,
                                        const std::string& folder) {
  std::vector<SideBetFile> files;
  for (const std::string& name : names) files.push_back(load_side_bet(name, inputs, folder));
  return files;
}

std::vector<bj::SideBet> bets_of(const std::vector<SideBetFile>& files) {
  std::vector<bj::SideBet> bets;
  for (const SideBetFile& file : files) bets.push_back(file.bet);
  return bets;
}

std::vector<std::string> shipped_side_bets() {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code ec;
  for (const std::string& folder : data_dir_candidates()) {
    const fs::path dir = fs::path(folder) / SUBFOLDER;
    if (!fs::is_directory(fs::path(folder), ec)) continue;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() == EXTENSION) names.push_back(entry.path().stem().string());
    }
    break;  // the data folder is the first candidate that exists
  }
  std::sort(names.begin(), names.end());
  return names;
}

json side_bet_to_json(const bj::SideBet& bet) {
  json outcomes = json::array();
  for (const bj::SideBetOutcome& o : bet.outcomes) {
    const KindInfo& info = kind_info(o.kind);
    json j = {{"name", o.name}, {"kind", info.name}};
    j["pays"] = o.pays_denominator == 1 ? json(o.pays_numerator) : json(pays_text(o));
    for (const std::string& key : words(info.parameters)) {
      if (key == "total") j["total"] = o.total;
      if (key == "rank") j["rank"] = RANK_NAMES[static_cast<std::size_t>(o.rank)];
      if (key == "suit" && o.suit >= 0) j["suit"] = SUIT_NAMES[static_cast<std::size_t>(o.suit)];
      if (key == "suited") j["suited"] = o.suited;
      if (key == "unsuited") j["unsuited"] = o.unsuited;
      if (key == "min_cards") j["min_cards"] = o.min_cards;
      if (key == "max_cards" && o.max_cards > 0) j["max_cards"] = o.max_cards;
    }
    if (o.dealer_blackjack) j["dealer_blackjack"] = true;
    outcomes.push_back(j);
  }
  return {{"name", bet.name}, {"cards", cards_info(bet.cards).name}, {"outcomes", outcomes}};
}

json side_bet_file_to_json(const SideBetFile& file) {
  json j = side_bet_to_json(file.bet);
  if (!file.description.empty()) j["description"] = file.description;
  if (!file.published.empty()) {
    j["published"] = json::array();
    for (const PublishedEdge& p : file.published) {
      json entry = {{"decks", p.decks}, {"house_edge_percent", p.house_edge_percent}, {"source", p.source}};
      if (file.bet.cards == bj::SideBetCards::dealer_final) entry["h17"] = p.h17;
      if (!p.note.empty()) entry["note"] = p.note;
      j["published"].push_back(entry);
    }
  }
  if (!file.pays_for_decks.empty()) j["pays_for_decks"] = file.pays_for_decks;
  return j;
}

std::string pays_for_decks_note(const SideBetFile& file, int decks) {
  const std::vector<int>& shoes = file.pays_for_decks;
  if (shoes.empty() || std::find(shoes.begin(), shoes.end(), decks) != shoes.end()) return {};
  std::string list;
  for (std::size_t i = 0; i < shoes.size(); ++i) {
    list += (i == 0 ? "" : i + 1 == shoes.size() ? " or " : ", ") + std::to_string(shoes[i]);
  }
  return "side bet '" + excerpt(file.bet.name) + "': its pays were published for " + list +
         (shoes.size() == 1 && shoes[0] == 1 ? " deck" : " decks") + ", not " + std::to_string(decks) +
         "; at this shoe its house edge is another (the exact one is in the result)";
}

json par_sheet_json(const SideBetFile& file, const bj::ParSheet& sheet) {
  const bj::SideBet& bet = file.bet;
  json rows = json::array();
  const auto row = [&](const std::string& name, const json& kind, const json& pays, bj::WideSum count, int outcome,
                       double pay) {
    const double p = sheet.probability(outcome);
    rows.push_back({{"name", name},
                    {"kind", kind},
                    {"pays", pays},
                    {"combinations", wide_to_string(count)},
                    {"probability", fraction_text(count, sheet.deals)},
                    {"probability_decimal", p},
                    {"return", p * pay}});
  };
  for (std::size_t i = 0; i < bet.outcomes.size(); ++i) {
    const bj::SideBetOutcome& o = bet.outcomes[i];
    row(o.name, kind_info(o.kind).name, o.pays_denominator == 1 ? json(o.pays_numerator) : json(pays_text(o)),
        sheet.combinations[i], static_cast<int>(i),
        static_cast<double>(o.pays_numerator) / static_cast<double>(o.pays_denominator));
  }
  row("Loss", nullptr, -1, sheet.losses, bj::NO_OUTCOME, -1.0);

  const bj::WideSum edge_denominator = sheet.deals * sheet.pay_unit;
  json published = json::array();
  for (const PublishedEdge& p : published_for(file, sheet)) {
    const double difference = PERCENT_PER_UNIT * sheet.house_edge() - p.percent();
    json entry = {{"house_edge_percent", p.house_edge_percent},
                  {"source", p.source},
                  {"difference_percent", difference},
                  {"within_rounding", std::abs(difference) <= p.rounding() * (1 + 1e-9)}};
    if (!p.note.empty()) entry["note"] = p.note;
    published.push_back(entry);
  }
  json result;
  result["side_bet"] = side_bet_to_json(bet);
  if (!file.path.empty()) result["side_bet"]["file"] = file.path;
  result["shoe"] = {{"decks", sheet.decks}};
  if (bet.cards == bj::SideBetCards::dealer_final) result["shoe"]["h17"] = sheet.h17;
  result["looks_at"] = cards_info(bet.cards).text;
  result["deal_cards"] = sheet.deal_cards;
  result["deals"] = wide_to_string(sheet.deals);
  result["outcomes"] = rows;
  result["house_edge"] = fraction_text(-sheet.net_units, edge_denominator);
  result["house_edge_percent"] = PERCENT_PER_UNIT * sheet.house_edge();
  result["return_percent"] = PERCENT_PER_UNIT * (1 + sheet.expected_return());
  result["hit_frequency"] = sheet.hit_frequency();
  result["standard_deviation"] = sheet.standard_deviation();
  result["published"] = published;
  if (!file.pays_for_decks.empty()) result["pays_for_decks"] = file.pays_for_decks;
  if (const std::string note = pays_for_decks_note(file, sheet.decks); !note.empty()) result["note"] = note;
  return result;
}

std::string format_par_sheet(const SideBetFile& file, const bj::ParSheet& sheet) {
  const bj::SideBet& bet = file.bet;
  std::string out;
  char line[512];
  const auto add = [&](const char* format, auto... args) {
    std::snprintf(line, sizeof line, format, args...);
    out += line;
  };
  add("%s: %s\n", bet.name.c_str(), shoe_text(file, sheet).c_str());
  add("Looks at %s. Deals: %s ordered sequences of %d cards.\n\n", cards_info(bet.cards).text,
      grouped(sheet.deals).c_str(), sheet.deal_cards);
  std::size_t width = 7;
  for (const bj::SideBetOutcome& o : bet.outcomes) width = std::max(width, o.name.size());
  const int w = static_cast<int>(width);
  const int count_width = static_cast<int>(std::max<std::size_t>(12, grouped(sheet.deals).size()));
  add("%-*s %7s %*s %12s %10s\n", w, "Outcome", "Pays", count_width, "Combinations", "Probability", "Return");
  const auto row = [&](const std::string& name, const std::string& pays, bj::WideSum count, double p, double ret) {
    add("%-*s %7s %*s %12.8f %10.6f\n", w, name.c_str(), pays.c_str(), count_width, grouped(count).c_str(), p, ret);
  };
  for (std::size_t i = 0; i < bet.outcomes.size(); ++i) {
    const bj::SideBetOutcome& o = bet.outcomes[i];
    const double p = sheet.probability(static_cast<int>(i));
    row(o.name, pays_text(o), sheet.combinations[i], p,
        p * static_cast<double>(o.pays_numerator) / static_cast<double>(o.pays_denominator));
  }
  const double loss = sheet.probability(bj::NO_OUTCOME);
  row("Loss", "-1", sheet.losses, loss, -loss);
  row("Total", "", sheet.deals, 1.0, sheet.expected_return());
  // The exact fraction where it is short enough to read (the JSON always has it).
  constexpr std::size_t READABLE = 24;
  const std::string exact = fraction_text(-sheet.net_units, sheet.deals * sheet.pay_unit);
  add("\nHouse edge %.4f%%%s, hit frequency %.4f%%, standard deviation %.4f per unit bet\n",
      PERCENT_PER_UNIT * sheet.house_edge(), exact.size() <= READABLE ? (" (exactly " + exact + ")").c_str() : "",
      PERCENT_PER_UNIT * sheet.hit_frequency(), sheet.standard_deviation());
  for (const PublishedEdge& p : published_for(file, sheet)) {
    const double difference = PERCENT_PER_UNIT * sheet.house_edge() - p.percent();
    add("Published %s%% (%s): difference %+.4f points, %s\n", p.house_edge_percent.c_str(), p.source.c_str(),
        difference, std::abs(difference) <= p.rounding() * (1 + 1e-9) ? "within its rounding" : "outside its rounding");
  }
  return out;
}

}  // namespace cardsim::io
