#include "sim/web/live_request.hpp"

#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <algorithm>
#include <cmath>

namespace volley {

ScenarioDocument ScenarioSources::open(const std::string& scenario, const std::string* text) const {
  if (text != nullptr) {
    if (text->size() > limits.max_scenario_bytes)
      throw RequestError(
          413, "text: scenario text of " + std::to_string(text->size()) + " bytes; at most " + std::to_string(limits.max_scenario_bytes));
    return ScenarioDocument::from_string(*text, "scenario text");
  }
  const std::string name = scenario.empty() ? DefaultScenarioName : scenario;
  // Shipped scenarios by name, from the binary (never a file of that name in the working directory),
  // named as `volley run NAME` names them so that results agree field for field.
  for (const auto& shipped : embedded_scenarios())
    if (name == shipped.name) return ScenarioDocument::from_string(shipped.text, std::string("scenarios/") + shipped.name + ".toml");
  // Files only when named, exactly as given, on the server's command line.
  if (std::find(files.begin(), files.end(), name) != files.end()) return open_scenario(name, {});
  throw RequestError(403, "scenario: '" + name + "' is neither a shipped scenario nor a file named on the server's command line");
}

ScenarioDocument ScenarioSources::open(const std::string& scenario, const std::string* text, const std::vector<std::string>& sets,
                                       const std::vector<std::string>& extra, const std::string& extra_option) const {
  ScenarioDocument doc = open(scenario, text);
  try {
    for (const auto& set : sets) doc.apply_set(set);
    for (const auto& set : extra) doc.apply_set(set, extra_option);
  } catch (ScenarioErrors& e) {
    std::vector<ScenarioError> errors = e.errors();
    doc.locate(errors);
    throw ScenarioErrors(std::move(errors));
  }
  return doc;
}

uint64_t request_seed(const RunSettings& settings) {
  try {
    return settings.seed_value();
  } catch (const std::invalid_argument& e) {
    throw RequestError(400, e.what());
  }
}

std::vector<std::string> ScenarioSources::names() const {
  std::vector<std::string> out;
  for (const auto& shipped : embedded_scenarios()) out.emplace_back(shipped.name);
  out.insert(out.end(), files.begin(), files.end());
  return out;
}

nlohmann::json parse_json_body(const std::string& body) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > MaxJsonDepth)
        throw RequestError(400, "the body is JSON nested deeper than " + std::to_string(MaxJsonDepth) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  try {
    return nlohmann::json::parse(body);
  } catch (const nlohmann::json::exception& e) {  // a parse error, or a number out of range (1e999)
    throw RequestError(400, std::string("the body is not JSON: ") + e.what());
  }
}

nlohmann::json parse_request_object(const std::string& body, const std::vector<std::string>& allowed) {
  const nlohmann::json json = parse_json_body(body);
  if (!json.is_object()) throw RequestError(400, "the body must be a JSON object");
  for (const auto& [key, value] : json.items())
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string list;
      for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
      throw RequestError(400, "unknown key '" + key + "' (expected one of: " + list + ")");
    }
  return json;
}

namespace {

std::string text_field(const nlohmann::json& json, const char* key, size_t max_bytes) {
  const auto& v = json.at(key);
  if (!v.is_string()) throw RequestError(400, std::string(key) + ": expected a string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max_bytes) throw RequestError(413, std::string(key) + ": longer than " + std::to_string(max_bytes) + " bytes");
  return s;
}

std::vector<std::string> assignments_field(const nlohmann::json& json, const char* key, const ServeLimits& limits) {
  const auto& v = json.at(key);
  if (!v.is_array()) throw RequestError(400, std::string(key) + ": expected a list of \"KEY=VALUE\" strings");
  if (v.size() > limits.max_sets)
    throw RequestError(413, std::string(key) + ": more than " + std::to_string(limits.max_sets) + " assignments");
  std::vector<std::string> out;
  for (const auto& a : v) {
    if (!a.is_string() || a.get_ref<const std::string&>().find('=') == std::string::npos)
      throw RequestError(400, std::string(key) + ": expected a list of \"KEY=VALUE\" strings, got " + a.dump());
    out.push_back(a.get<std::string>());
  }
  return out;
}

// A list of short texts (--space KEY=V1,V2, --fix KEY), at most max_sets of them.
std::vector<std::string> texts_field(const nlohmann::json& json, const char* key, const ServeLimits& limits) {
  const auto& v = json.at(key);
  if (!v.is_array()) throw RequestError(400, std::string(key) + ": expected a list of strings");
  if (v.size() > limits.max_sets) throw RequestError(413, std::string(key) + ": more than " + std::to_string(limits.max_sets) + " entries");
  std::vector<std::string> out;
  for (const auto& a : v) {
    if (!a.is_string()) throw RequestError(400, std::string(key) + ": expected a list of strings, got " + a.dump());
    if (a.get_ref<const std::string&>().size() > 4096) throw RequestError(413, std::string(key) + ": an entry longer than 4096 bytes");
    out.push_back(a.get<std::string>());
  }
  return out;
}

}  // namespace

namespace {

// The keys a run, a tune and a best-play search share: where the scenario comes from, its assignments, seed, trials,
// level and client. `Request` is LiveRequest, LiveTuneRequest or LiveBestRequest.
template <class Request>
void read_common_fields(const nlohmann::json& json, const ServeLimits& limits, Request& r) {
  if (json.contains("scenario")) r.scenario = text_field(json, "scenario", 4096);
  if (json.contains("text")) {
    if (json.contains("scenario")) throw RequestError(400, "give either scenario (a name) or text (TOML), not both");
    r.has_text = true;
    r.text = text_field(json, "text", limits.max_scenario_bytes);
  }
  if (json.contains("sets")) r.sets = assignments_field(json, "sets", limits);
  if (json.contains("seed")) {
    const auto& s = json.at("seed");
    if (s.is_number_unsigned()) r.seed = std::to_string(s.get<uint64_t>());
    else if (s.is_string() && s.get_ref<const std::string&>() != "random") r.seed = s.get<std::string>();
    else throw RequestError(400, "seed: expected a non-negative integer or a string of one (decimal or 0x hex)");
  }
  if (json.contains("trials")) {
    const auto& t = json.at("trials");
    if (!t.is_number_unsigned() || t.get<uint64_t>() == 0 || t.get<uint64_t>() > limits.max_trials)
      throw RequestError(t.is_number_unsigned() && t.get<uint64_t>() > limits.max_trials ? 413 : 400,
                         "trials: expected an integer in [1, " + std::to_string(limits.max_trials) + "]");
    r.trials = t.get<uint64_t>();
  }
  if (json.contains("level")) {
    const auto& l = json.at("level");
    if (!l.is_number() || !(l.get<double>() > 0.5 && l.get<double>() < 1.0))
      throw RequestError(400, "level: expected a number in (0.5, 1)");
    r.level = l.get<double>();
  }
  if (json.contains("client")) r.client = text_field(json, "client", 128);
}

void check_body_size(const std::string& body, const ServeLimits& limits) {
  if (body.size() > limits.max_body_bytes)
    throw RequestError(413, "request body larger than " + std::to_string(limits.max_body_bytes) + " bytes");
}

}  // namespace

LiveRequest parse_live_request(const std::string& body, const ServeLimits& limits) {
  check_body_size(body, limits);
  const auto json = parse_request_object(body, {"scenario", "text", "sets", "vs", "seed", "trials", "precision", "level", "client"});
  LiveRequest r;
  read_common_fields(json, limits, r);
  if (json.contains("vs")) {
    r.versus = assignments_field(json, "vs", limits);
    if (r.versus.empty()) throw RequestError(400, "vs: give at least one KEY=VALUE for variant B, or leave vs out");
  }
  if (json.contains("precision")) r.precision = text_field(json, "precision", 256);
  return r;
}

LiveTuneRequest parse_tune_request(const std::string& body, const ServeLimits& limits) {
  check_body_size(body, limits);
  const auto json =
      parse_request_object(body, {"scenario", "text", "sets", "param", "target", "steps", "seed", "trials", "level", "client"});
  LiveTuneRequest r;
  read_common_fields(json, limits, r);
  if (!json.contains("param") || !json.contains("target")) throw RequestError(400, "give param (KEY=lo:hi) and target (NAME=GOAL)");
  r.param = text_field(json, "param", 4096);
  r.target = text_field(json, "target", 256);
  if (json.contains("steps")) {
    const auto& st = json.at("steps");
    if (!st.is_number_unsigned() || st.get<uint64_t>() > 30) throw RequestError(400, "steps: expected an integer in [0, 30]");
    r.steps = static_cast<int>(st.get<uint64_t>());
  }
  return r;
}

LiveBestRequest parse_best_request(const std::string& body, const ServeLimits& limits) {
  check_body_size(body, limits);
  const auto json = parse_request_object(
      body, {"scenario", "text", "sets", "side", "target", "minimise", "delta", "space", "fix", "seed", "trials", "level", "client"});
  LiveBestRequest r;
  read_common_fields(json, limits, r);
  if (!json.contains("side")) throw RequestError(400, "side: name the side whose policy is searched");
  r.side = text_field(json, "side", 256);
  if (json.contains("target")) r.target = text_field(json, "target", 256);
  if (json.contains("minimise")) {
    if (!json.at("minimise").is_boolean()) throw RequestError(400, "minimise: expected true or false");
    r.minimise = json.at("minimise").get<bool>();
  }
  if (json.contains("delta")) {
    const auto& d = json.at("delta");
    if (!d.is_number() || !(d.get<double>() > 0) || !std::isfinite(d.get<double>()))
      throw RequestError(400, "delta: expected a positive indifference zone");
    r.delta = d.get<double>();
  }
  if (json.contains("space")) r.spaces = texts_field(json, "space", limits);
  if (json.contains("fix")) r.fixes = texts_field(json, "fix", limits);
  return r;
}

}  // namespace volley
