// An outside evaluator (evaluator_plugin.h) checked and timed beside cardsim's
// (app/bench.hpp: run_evaluator). The plugin is foreign code: it is loaded
// only in a child process, which reports to the parent through a pipe, one
// line each: "phase TEXT" as each step starts, then "result JSON" or
// "error TEXT". The parent reads with a deadline, so a plugin that crashes,
// hangs or exits is a one-line error naming the step, never cardsim's death.
#include "cardsim/evaluator_plugin.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <dlfcn.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cardsim/app/bench.hpp"
#include "cardsim/blackjack/hand.hpp"
#include "cardsim/blackjack/hand_check.hpp"
#include "cardsim/core/error.hpp"
#include "cardsim/io/numbers.hpp"
#include "cardsim/zjh/evaluator_check.hpp"
#include "evaluator_timing.hpp"

namespace cardsim::app {
namespace {

using json = nlohmann::json;

// ---- The child: everything that touches the plugin ----

class Reporter {
 public:
  explicit Reporter(int fd) : fd_(fd) {}
  void phase(const std::string& text) const { line("phase " + text); }
  void line(std::string text) const {
    text += '\n';
    const char* p = text.data();
    std::size_t left = text.size();
    while (left > 0) {
      const ssize_t n = ::write(fd_, p, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) ::_exit(3);
      p += n;
      left -= static_cast<std::size_t>(n);
    }
  }

 private:
  int fd_;
};

std::string verdict_text(int verdict) {
  return verdict > 0 ? "the first wins" : verdict < 0 ? "the second wins" : "a tie";
}

json disagreement_json(const zjh::Disagreement& d) {
  return {{"a", zjh::hand_text(d.a)},
          {"b", zjh::hand_text(d.b)},
          {"cardsim", verdict_text(d.ours)},
          {"evaluator", d.theirs}};
}

}  // namespace

json zjh_check_json(const std::string& entry, const zjh::EvaluatorCheck& check) {
  json by_category = json::array();
  for (unsigned hi = 0; hi < zjh::CATEGORY_COUNT; ++hi) {
    for (unsigned lo = 0; lo < zjh::CATEGORY_COUNT; ++lo) {
      if (check.by_category[hi][lo] == 0) continue;
      by_category.push_back({{"higher", zjh::category_key(static_cast<zjh::Category>(hi))},
                             {"lower", zjh::category_key(static_cast<zjh::Category>(lo))},
                             {"pairs", check.by_category[hi][lo]}});
    }
  }
  json j = {{"entry", entry},
            {"pairs", check.pairs},
            {"disagreements", check.disagreements},
            {"by_category", by_category},
            {"passed", check.ok()}};
  if (check.first) j["first"] = disagreement_json(*check.first);
  if (check.asymmetric) {
    j["asymmetric"] = {{"a", zjh::hand_text(check.asymmetric->a)},
                       {"b", zjh::hand_text(check.asymmetric->b)},
                       {"evaluator", check.asymmetric->theirs},
                       {"reversed", check.asymmetric->ours}};
  }
  if (check.cycle) {
    j["cycle"] = {zjh::hand_text((*check.cycle)[0]), zjh::hand_text((*check.cycle)[1]),
                  zjh::hand_text((*check.cycle)[2])};
  }
  return j;
}

double zjh_sequential_rate(const zjh::Rules& rules) {
  const ZjhTiming ours(rules);
  std::vector<double> rates;
  for (int r = 0; r < 3; ++r) rates.push_back(timed_rate([&] { return ours.ours_sequential(); }, 0.2, nullptr));
  return median_of(rates);
}

namespace {

std::string hand_verdict_text(const blackjack::HandVerdict& v) {
  return std::to_string(v.total) + (v.soft ? " soft" : " hard");
}

// The rules the plugin declares, each flag 0 or 1.
zjh::Rules declared_rules(const cardsim_zjh_rules& r) {
  for (const auto& [name, value] : {std::pair{"ties_by_suit", r.ties_by_suit},
                                    {"a23_second", r.a23_second},
                                    {"special_235", r.special_235},
                                    {"straight_above_flush", r.straight_above_flush}}) {
    if (value != 0 && value != 1) {
      throw Error(std::string("its zjh_rules.") + name + " is " + std::to_string(value) + ", not 0 or 1");
    }
  }
  zjh::Rules rules;
  rules.ties = r.ties_by_suit != 0 ? zjh::TieRule::suits : zjh::TieRule::split;
  rules.a23 = r.a23_second != 0 ? zjh::LowStraight::second : zjh::LowStraight::lowest;
  rules.special_235 = r.special_235 != 0;
  rules.straight_above_flush = r.straight_above_flush != 0;
  return rules;
}

class Child {
 public:
  Child(const EvaluatorRequest& request, const Reporter& out) : request_(request), out_(out) {}

  json run() {
    out_.phase("loading the plugin");
    void* library = ::dlopen(request_.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) throw Error("cannot load it: " + excerpt(::dlerror(), 200));
    void* symbol = ::dlsym(library, CARDSIM_EVALUATOR_SYMBOL);
    if (symbol == nullptr) {
      throw Error(std::string("it does not export ") + CARDSIM_EVALUATOR_SYMBOL +
                  "() (see cardsim/evaluator_plugin.h: extern \"C\" in C++)");
    }
    out_.phase(std::string("calling ") + CARDSIM_EVALUATOR_SYMBOL + "()");
    const auto* e = reinterpret_cast<cardsim_evaluator_plugin_fn>(symbol)();
    if (e == nullptr) throw Error(std::string(CARDSIM_EVALUATOR_SYMBOL) + "() returned NULL");
    if (e->abi_version != CARDSIM_EVALUATOR_ABI_VERSION) {
      throw Error("its ABI version is " + std::to_string(e->abi_version) + ", this cardsim reads version " +
                  std::to_string(CARDSIM_EVALUATOR_ABI_VERSION) +
                  ": rebuild it with this cardsim's evaluator_plugin.h");
    }
    if (e->zjh_rank == nullptr && e->zjh_rank_batch == nullptr && e->zjh_compare == nullptr &&
        e->zjh_compare_batch == nullptr && e->bj_hand == nullptr && e->bj_hand_batch == nullptr) {
      throw Error("it gives no entry point (zjh_rank, zjh_compare or bj_hand, or their batch forms, are all NULL)");
    }
    e_ = e;
    rules_ = declared_rules(e->zjh_rules);
    const std::string name = e->name != nullptr ? excerpt(std::string(e->name, ::strnlen(e->name, 200))) : "";
    json block = {{"path", request_.path},         {"name", name},
                  {"abi_version", e->abi_version}, {"rules", zjh::describe(rules_)},
                  {"checks", json::array()},       {"timings", json::array()}};
    bool passed = true;
    if (has_rank()) passed = add_check(block, zjh_check_json("zjh_rank", check_rank())) && passed;
    if (has_compare()) passed = add_check(block, zjh_check_json("zjh_compare", check_compare())) && passed;
    if (has_bj()) passed = add_check(block, check_bj()) && passed;
    block["passed"] = passed;
    if (passed || request_.time_anyway) time(block);
    return block;
  }

 private:
  bool has_rank() const { return e_->zjh_rank != nullptr || e_->zjh_rank_batch != nullptr; }
  bool has_compare() const { return e_->zjh_compare != nullptr || e_->zjh_compare_batch != nullptr; }
  bool has_bj() const { return e_->bj_hand != nullptr || e_->bj_hand_batch != nullptr; }

  static bool add_check(json& block, const json& check) {
    block["checks"].push_back(check);
    return check.at("passed").get<bool>();
  }

  // The plugin's ranks of `hands` (3 cards each, flat), batch form when given.
  void ranks_of(const zjh::Card* cards, std::size_t n, std::uint32_t* ranks) const {
    if (e_->zjh_rank_batch != nullptr) {
      e_->zjh_rank_batch(cards, n, ranks);
    } else {
      for (std::size_t i = 0; i < n; ++i) ranks[i] = e_->zjh_rank(cards + 3 * i);
    }
  }

  void compare(const zjh::Card* a, const zjh::Card* b, std::size_t n, std::int8_t* out) const {
    if (e_->zjh_compare_batch != nullptr) {
      e_->zjh_compare_batch(a, b, n, out);
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        const int v = e_->zjh_compare(a + 3 * i, b + 3 * i);
        out[i] = static_cast<std::int8_t>(std::clamp(v, -100, 100));
      }
    }
  }

  // The single form against the batch form on every 97th input: they must agree.
  template <class Single, class Batch>
  void same_forms(const std::string& entry, std::size_t n, Single single, Batch batch) const {
    for (std::size_t i = 0; i < n; i += 97) {
      if (single(i) != batch(i)) {
        throw Error(entry + " and " + entry + "_batch disagree on input " + std::to_string(i) +
                    " of the check: give the same answers in both forms");
      }
    }
  }

  zjh::EvaluatorCheck check_rank() const {
    const auto& hands = zjh::all_hands();
    out_.phase("checking zjh_rank: the order of every pair of the 22,100 hands, " + zjh::describe(rules_));
    std::vector<std::uint32_t> ranks(hands.size());
    ranks_of(hands.front().data(), hands.size(), ranks.data());
    if (e_->zjh_rank != nullptr && e_->zjh_rank_batch != nullptr) {
      same_forms(
          "zjh_rank", hands.size(), [&](std::size_t i) { return e_->zjh_rank(hands[i].data()); },
          [&](std::size_t i) { return ranks[i]; });
    }
    return zjh::check_ranks(rules_, ranks);
  }

  zjh::EvaluatorCheck check_compare() const {
    out_.phase("checking zjh_compare: every ordered pair of disjoint hands (407 million), " + zjh::describe(rules_));
    if (e_->zjh_compare != nullptr && e_->zjh_compare_batch != nullptr) {
      // Hand i against the hand half the list away (0 where they share a card).
      const auto& hands = zjh::all_hands();
      const auto other = [&](std::size_t i) -> const zjh::Hand& {
        return hands[(i + hands.size() / 2) % hands.size()];
      };
      const auto disjoint = [&](std::size_t i) {
        const zjh::Hand& b = other(i);
        return std::none_of(hands[i].begin(), hands[i].end(),
                            [&](zjh::Card c) { return std::find(b.begin(), b.end(), c) != b.end(); });
      };
      same_forms(
          "zjh_compare", hands.size(),
          [&](std::size_t i) { return disjoint(i) ? e_->zjh_compare(hands[i].data(), other(i).data()) : 0; },
          [&](std::size_t i) {
            std::int8_t out = 0;
            if (disjoint(i)) e_->zjh_compare_batch(hands[i].data(), other(i).data(), 1, &out);
            return static_cast<int>(out);
          });
    }
    const zjh::EvaluatorCheck check = zjh::check_comparator(
        rules_,
        [this](const zjh::Card* a, const zjh::Card* b, std::size_t n, std::int8_t* out) { compare(a, b, n, out); });
    if (check.out_of_range) {
      throw Error("its zjh_compare returned " + std::to_string(check.out_of_range->theirs) + " for " +
                  zjh::hand_text(check.out_of_range->a) + " against " + zjh::hand_text(check.out_of_range->b) +
                  ", not -1, 0 or 1");
    }
    return check;
  }

  json check_bj() const {
    const blackjack::HandList& hands = blackjack::check_hands();
    out_.phase("checking bj_hand: " + io::with_commas(hands.size()) + " blackjack hands");
    std::vector<std::uint8_t> totals(hands.size());
    std::vector<std::uint8_t> soft(hands.size());
    bj_hands(hands.ranks.data(), hands.counts.data(), hands.size(), totals.data(), soft.data());
    if (e_->bj_hand != nullptr && e_->bj_hand_batch != nullptr) {
      std::vector<std::size_t> offsets(hands.size(), 0);
      for (std::size_t i = 1; i < hands.size(); ++i) offsets[i] = offsets[i - 1] + hands.counts[i - 1];
      same_forms(
          "bj_hand", hands.size(),
          [&](std::size_t i) {
            int s = 0;
            const int total = e_->bj_hand(hands.ranks.data() + offsets[i], hands.counts[i], &s);
            return std::pair{total, s};
          },
          [&](std::size_t i) {
            return std::pair{int{totals[i]}, int{soft[i]}};
          });
    }
    const blackjack::HandCheck check = blackjack::check_hand_totals(totals, soft);
    if (check.out_of_range) {
      throw Error("its bj_hand returned total " + std::to_string(check.out_of_range->theirs.total) + " soft " +
                  std::to_string(check.out_of_range->soft_value) + " for " +
                  blackjack::ranks_text(check.out_of_range->ranks) + ", not a total of 2..31 and soft 0 or 1");
    }
    json j = {{"entry", "bj_hand"},
              {"hands", check.hands},
              {"disagreements", check.disagreements},
              {"soft_disagreements", check.soft_disagreements},
              {"bust_disagreements", check.bust_disagreements},
              {"passed", check.ok()}};
    if (check.first) {
      j["first"] = {{"cards", blackjack::ranks_text(check.first->ranks)},
                    {"cardsim", hand_verdict_text(check.first->ours)},
                    {"evaluator", hand_verdict_text(check.first->theirs)}};
    }
    return j;
  }

  void bj_hands(const std::uint8_t* ranks, const std::uint8_t* counts, std::size_t n, std::uint8_t* totals,
                std::uint8_t* soft) const {
    if (e_->bj_hand_batch != nullptr) {
      e_->bj_hand_batch(ranks, counts, n, totals, soft);
      return;
    }
    for (std::size_t i = 0; i < n; ++i) {
      int s = 0;
      const int total = e_->bj_hand(ranks, counts[i], &s);
      totals[i] = static_cast<std::uint8_t>(std::clamp(total, 0, 255));
      soft[i] = static_cast<std::uint8_t>(std::clamp(s, 0, 255));
      ranks += counts[i];
    }
  }

  // Times `theirs` and `ours` in alternate repetitions (so that a machine's
  // drift touches both alike).
  void timing(json& block, const std::string& entry, const std::string& cards, const std::string& unit,
              const std::function<std::uint64_t()>& ours, const std::function<std::uint64_t()>& theirs) const {
    out_.phase("timing " + entry + " on " + cards);
    std::vector<double> our_rates;
    std::vector<double> their_rates;
    for (unsigned r = 0; r < request_.repetitions; ++r) {
      our_rates.push_back(timed_rate(ours, request_.min_time, nullptr));
      their_rates.push_back(timed_rate(theirs, request_.min_time, nullptr));
    }
    block["timings"].push_back({{"entry", entry},
                                {"cards", cards},
                                {"unit", unit},
                                {"cardsim", rates_summary(our_rates)},
                                {"evaluator", rates_summary(their_rates)},
                                {"ratio", median_of(their_rates) / median_of(our_rates)}});
  }

  void time(json& block) const {
    const TimingCards& cards = TimingCards::get();
    const ZjhTiming ours(rules_);
    if (has_rank()) {
      std::vector<std::uint32_t> ranks(cards.random.size());
      timing(
          block, "zjh_rank", "random hands", "hands", [&] { return ours.ours_random(); },
          [&] {
            ranks_of(cards.random.front().data(), cards.random.size(), ranks.data());
            keep(ranks.data());
            return static_cast<std::uint64_t>(cards.random.size());
          });
      const auto& all = zjh::all_hands();
      timing(
          block, "zjh_rank", "every hand in order", "hands", [&] { return ours.ours_sequential(); },
          [&] {
            for (int pass = 0; pass < 16; ++pass) ranks_of(all.front().data(), all.size(), ranks.data());
            keep(ranks.data());
            return static_cast<std::uint64_t>(16 * all.size());
          });
    }
    if (has_compare()) {
      std::vector<std::int8_t> out(cards.first.size());
      timing(
          block, "zjh_compare", "random showdowns", "pairs", [&] { return ours.ours_compare(); },
          [&] {
            compare(cards.first.front().data(), cards.second.front().data(), cards.first.size(), out.data());
            keep(out.data());
            return static_cast<std::uint64_t>(cards.first.size());
          });
    }
    if (has_bj()) {
      const std::size_t n = cards.blackjack.size() / 3;
      const std::vector<std::uint8_t> counts(n, 3);
      std::vector<std::uint8_t> totals(n);
      std::vector<std::uint8_t> soft(n);
      timing(
          block, "bj_hand", "random three-card hands", "hands",
          [&] {
            std::uint64_t sum = 0;
            for (std::size_t i = 0; i < n; ++i) {
              blackjack::HandState s = blackjack::EMPTY_HAND;
              for (std::size_t c = 0; c < 3; ++c)
                s = blackjack::add_card(s, std::min(cards.blackjack[3 * i + c], std::uint8_t{10}));
              sum += static_cast<std::uint64_t>(blackjack::best_total(s));
            }
            keep(sum);
            return static_cast<std::uint64_t>(n);
          },
          [&] {
            bj_hands(cards.blackjack.data(), counts.data(), n, totals.data(), soft.data());
            keep(totals.data());
            return static_cast<std::uint64_t>(n);
          });
    }
  }

  const EvaluatorRequest& request_;
  const Reporter& out_;
  const cardsim_evaluator* e_ = nullptr;
  zjh::Rules rules_;
};

[[noreturn]] void child_main(const EvaluatorRequest& request, int fd) {
  // The default action for every signal the parent may handle (Python's
  // faulthandler would print its traceback for the plugin's crash).
  for (const int sig : {SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(sig, SIG_DFL);
  const Reporter out(fd);
  try {
    out.line("result " + Child(request, out).run().dump());
    ::_exit(0);
  } catch (const Error& e) {
    out.line(std::string("error ") + e.what());
  } catch (const std::exception& e) {
    out.line(std::string("error internal: ") + e.what());
  }
  ::_exit(1);
}

// ---- The parent ----

std::string signal_name(int sig) {
  const char* abbrev = ::sigabbrev_np(sig);
  return abbrev != nullptr ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

}  // namespace

json run_evaluator(const EvaluatorRequest& request) {
  const std::string flag = request.names(Setting::evaluator);
  const std::string who = "the evaluator " + excerpt(request.path);
  struct stat st {};
  if (::stat(request.path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    throw Error(flag + " " + excerpt(request.path) +
                ": no such file (give the shared library's path, e.g. ./libmine.so)");
  }
  if (!(request.timeout > 0)) throw Error(request.names(Setting::timeout) + " must be positive seconds");
  int fds[2];
  if (::pipe(fds) != 0) throw Error(std::string("cannot make a pipe for the evaluator: ") + std::strerror(errno));
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw Error(std::string("cannot start the evaluator's process: ") + std::strerror(errno));
  if (pid == 0) {
    ::close(fds[0]);
    child_main(request, fds[1]);
  }
  ::close(fds[1]);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(request.timeout);
  std::string buffer;
  std::string phase = "starting";
  std::string result;
  std::string error;
  bool timed_out = false;
  bool stopped = false;
  for (;;) {
    if (request.stop != nullptr && request.stop->load()) {
      stopped = true;
      break;
    }
    const auto left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min(left * 1000 + 1, 100.0)));
    if (ready < 0 && errno != EINTR) break;
    if (ready <= 0) continue;
    char chunk[65536];
    const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the child closed the pipe: it has ended
    buffer.append(chunk, static_cast<std::size_t>(n));
    for (std::size_t eol; (eol = buffer.find('\n')) != std::string::npos;) {
      const std::string line = buffer.substr(0, eol);
      buffer.erase(0, eol + 1);
      if (line.starts_with("phase ")) {
        phase = line.substr(6);
        if (request.progress) request.progress(phase);
      } else if (line.starts_with("result ")) {
        result = line.substr(7);
      } else if (line.starts_with("error ")) {
        error = line.substr(6);
      }
    }
  }
  ::close(fds[0]);
  if (timed_out || stopped) ::kill(pid, SIGKILL);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (stopped || (request.stop != nullptr && request.stop->load() && result.empty())) {
    return {{"path", request.path}, {"interrupted", true}, {"phase", phase}};
  }
  if (timed_out) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g s", request.timeout);
    throw Error(who + " did not finish within " + seconds + " (" + request.names(Setting::timeout) + ") while " +
                phase);
  }
  if (WIFSIGNALED(status)) {
    throw Error(who + " crashed (" + signal_name(WTERMSIG(status)) + ") while " + phase);
  }
  if (!error.empty()) throw Error(who + ": " + error);
  if (result.empty()) {
    throw Error(who + " ended its process (exit code " + std::to_string(WEXITSTATUS(status)) + ") while " + phase);
  }
  return json::parse(result);
}

std::vector<std::string> evaluator_summary(const json& e) {
  std::vector<std::string> lines;
  if (e.value("interrupted", false)) {
    lines.push_back("evaluator " + e.at("path").get<std::string>() + ": interrupted while " +
                    e.value("phase", std::string()));
    return lines;
  }
  lines.push_back("evaluator " + e.at("name").get<std::string>() + " (" + e.at("path").get<std::string>() + "), ABI " +
                  std::to_string(e.at("abi_version").get<unsigned>()) + ", rules: " + e.at("rules").get<std::string>());
  for (const json& c : e.at("checks")) {
    const std::string entry = c.at("entry").get<std::string>();
    const bool bj = entry == "bj_hand";
    const std::uint64_t total = bj ? c.at("hands").get<std::uint64_t>() : c.at("pairs").get<std::uint64_t>();
    const std::string what = bj ? " hands" : " pairs";
    const auto wrong = c.at("disagreements").get<std::uint64_t>();
    if (c.at("passed").get<bool>()) {
      lines.push_back("  " + entry + ": right on all " + io::with_commas(total) + what);
      continue;
    }
    lines.push_back("  " + entry + ": WRONG on " + io::with_commas(wrong) + " of " + io::with_commas(total) + what);
    if (c.contains("first")) {
      const json& f = c["first"];
      if (bj) {
        lines.push_back("    first: " + f.at("cards").get<std::string>() + ": cardsim " +
                        f.at("cardsim").get<std::string>() + ", the evaluator " + f.at("evaluator").get<std::string>());
      } else {
        lines.push_back("    first: " + f.at("a").get<std::string>() + " against " + f.at("b").get<std::string>() +
                        ": cardsim says " + f.at("cardsim").get<std::string>() + ", the evaluator " +
                        verdict_text(f.at("evaluator").get<int>()));
      }
    }
    if (c.contains("by_category") && !c["by_category"].empty()) {
      std::string line = "    by category (cardsim's higher > lower: pairs):";
      const char* separator = " ";
      for (const json& b : c["by_category"]) {
        line.append(separator).append(b.at("higher").get<std::string>()).append(" > ");
        line.append(b.at("lower").get<std::string>()).append(": ");
        line.append(io::with_commas(b.at("pairs").get<std::uint64_t>()));
        separator = "; ";
      }
      lines.push_back(line);
    }
    if (c.contains("asymmetric")) {
      const json& a = c["asymmetric"];
      lines.push_back("    not antisymmetric: " + a.at("a").get<std::string>() + " against " +
                      a.at("b").get<std::string>() + " gives " + std::to_string(a.at("evaluator").get<int>()) +
                      ", the other way round " + std::to_string(a.at("reversed").get<int>()));
    }
    if (c.contains("cycle")) {
      const json& y = c["cycle"];
      lines.push_back("    not transitive: " + y[0].get<std::string>() + " > " + y[1].get<std::string>() + " > " +
                      y[2].get<std::string>() + " > the first");
    }
  }
  if (!e.at("passed").get<bool>() && e.at("timings").empty()) {
    lines.push_back("  not timed: it failed its check (--time-anyway times it all the same)");
  }
  for (const json& t : e.at("timings")) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "  timing %s on %s: evaluator %.4g M %s/s, cardsim %.4g M/s: %.3gx cardsim's speed",
                  t.at("entry").get<std::string>().c_str(), t.at("cards").get<std::string>().c_str(),
                  t.at("evaluator").at("median").get<double>() / 1e6, t.at("unit").get<std::string>().c_str(),
                  t.at("cardsim").at("median").get<double>() / 1e6, t.at("ratio").get<double>());
    lines.emplace_back(line);
  }
  return lines;
}

}  // namespace cardsim::app
