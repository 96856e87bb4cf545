// Reading the text of a JSON file that must hold one object (a config, a
// count system; config.hpp): its nesting depth checked before parsing, a key
// given twice refused, the parser's messages made short.
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "cardsim/core/error.hpp"
#include "cardsim/io/config.hpp"

namespace cardsim::io {
using nlohmann::json;

void check_json_depth(std::string_view text, const std::string& what) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > MAX_JSON_DEPTH) {
        throw Error(what + " nests objects and lists deeper than " + std::to_string(MAX_JSON_DEPTH) +
                    " levels; no cardsim file does");
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

json parse_json_object(std::string_view text, const std::string& what) {
  check_json_depth(text, what);
  // The keys seen in each object being read, innermost last, and the key
  // each one is under (for the message).
  struct Level {
    std::set<std::string> keys;
    std::string last_key;
  };
  std::vector<Level> levels;
  const json::parser_callback_t check_keys = [&](int /*depth*/, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) levels.emplace_back();
    if (event == json::parse_event_t::object_end && !levels.empty()) levels.pop_back();
    if (event == json::parse_event_t::key && !levels.empty()) {
      const std::string key = parsed.get<std::string>();
      if (!levels.back().keys.insert(key).second) {
        std::string where;
        for (std::size_t l = 0; l + 1 < levels.size(); ++l) where += (where.empty() ? "" : ".") + levels[l].last_key;
        throw Error(what + ": key '" + excerpt(key) + "' is given twice" +
                    (where.empty() ? "" : " in '" + excerpt(where) + "'") + "; give each key once");
      }
      levels.back().last_key = key;
    }
    // Free text (a name, a description) is echoed in every result: bounded.
    if (event == json::parse_event_t::value && parsed.is_string() &&
        parsed.get_ref<const std::string&>().size() > MAX_TEXT_BYTES) {
      const std::string key = levels.empty() ? std::string() : levels.back().last_key;
      throw Error(what + ": " + (key.empty() ? std::string("a text") : "the text of '" + excerpt(key) + "'") + " is " +
                  std::to_string(parsed.get_ref<const std::string&>().size()) + " bytes long; at most " +
                  std::to_string(MAX_TEXT_BYTES));
    }
    return true;
  };
  json j;
  try {
    j = json::parse(text, check_keys);
  } catch (const json::parse_error& e) {
    // "[json.exception.parse_error.101] parse error at line 1, column 9: ...;
    // last read: 'TOKEN'; expected ...": without the tag, TOKEN cut.
    std::string message = e.what();
    if (const auto tag = message.find("] "); message.front() == '[' && tag != std::string::npos)
      message.erase(0, tag + 2);
    const std::string opening = "last read: '";
    if (const auto from = message.find(opening); from != std::string::npos) {
      const auto start = from + opening.size();
      auto end = message.find("'; expected ", start);
      if (end == std::string::npos) end = message.size() - 1;
      if (end > start) message.replace(start, end - start, excerpt(message.substr(start, end - start), 40));
    }
    throw Error(what + " is not valid JSON: " + message);
  } catch (const json::exception& e) {
    // A number beyond a double, such as 1e999 (out_of_range.406).
    std::string message = e.what();
    if (const auto tag = message.find("] "); message.front() == '[' && tag != std::string::npos)
      message.erase(0, tag + 2);
    throw Error(what + " is not valid JSON: " + excerpt(message));
  }
  if (!j.is_object()) {
    throw Error(what + " is a JSON " + std::string(j.type_name()) +
                "; expected a JSON object of keys and values, {\"key\": value, ...}");
  }
  return j;
}

}  // namespace cardsim::io
