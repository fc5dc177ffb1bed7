#include "sim/web/live_request.hpp"

#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/tally_size.hpp"
#include "analysis/digit_grouping.hpp"
#include "analysis/setting_values.hpp"

#include <algorithm>
#include <cmath>

namespace volley {

ScenarioDocument ScenarioSources::open(const RequestScenario& scenario) const {
  if (scenario.has_text) {
    if (scenario.text.size() > limits.max_scenario_bytes)
      throw RequestError(413, "text: scenario text of " + std::to_string(scenario.text.size()) + " bytes; at most " +
                                  std::to_string(limits.max_scenario_bytes));
    return ScenarioDocument::from_string(scenario.text, "scenario text");
  }
  const std::string name = scenario.name.empty() ? DefaultScenarioName : scenario.name;
  // Shipped scenarios by name, from the binary (never a file of that name in the working directory),
  // named as `volley run NAME` names them so that results agree field for field.
  for (const auto& shipped : embedded_scenarios())
    if (name == shipped.name) return ScenarioDocument::from_string(shipped.text, std::string("scenarios/") + shipped.name + ".toml");
  // Files only when named, exactly as given, on the server's command line.
  if (std::find(files.begin(), files.end(), name) != files.end()) return open_scenario(name, {});
  throw RequestError(403, "scenario: '" + name + "' is neither a shipped scenario nor a file named on the server's command line");
}

ScenarioDocument ScenarioSources::open(const RequestScenario& scenario, const std::vector<std::string>& sets,
                                       const std::vector<std::string>& extra, const std::string& extra_option) const {
  ScenarioDocument doc = open(scenario);
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

int64_t ScenarioSources::check_tally_bins(const ScenarioDocument& doc) const {
  std::unique_ptr<ScenarioModel> model;
  try {
    model = load_model(doc);
  } catch (const ScenarioErrors&) {
    return 0;
  }
  const int64_t bins = tally_bins(*model->make_job(0)->schema());
  if (bins > limits.max_tally_bins)
    throw RequestError(413, "scenario: its results would keep " + grouped(bins) +
                                " histogram bins in a tally (each metric's range of values); the server keeps at most " +
                                grouped(limits.max_tally_bins) + " a tally: play it with volley on the command line");
  return bins;
}

ScenarioOpener ScenarioSources::opener(const RequestScenario& scenario, std::shared_ptr<std::atomic<int64_t>> largest) const {
  return [this, scenario, largest](const std::vector<std::string>& sets, const std::vector<std::string>& extra, const std::string& option) {
    ScenarioDocument doc = open(scenario, sets, extra, option);
    const int64_t bins = check_tally_bins(doc);
    if (largest) {
      int64_t seen = largest->load();
      while (bins > seen && !largest->compare_exchange_weak(seen, bins)) {
      }
    }
    return doc;
  };
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

// A value read by a grammar the command line shares (parse_seed, parse_axis, parse_target, ...): its
// std::invalid_argument becomes a 400 naming the key.
template <class Read>
auto read_value(Read read) {
  try {
    return read();
  } catch (const std::invalid_argument& e) {
    throw RequestError(400, as_request_message(e.what()));
  }
}

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

// A whole number in [1, most]: 400 for anything else, 413 above `most` (`why` says why it is the most).
uint64_t bounded_count(const nlohmann::json& json, const char* key, uint64_t most, const std::string& why = "") {
  const auto& v = json.at(key);
  if (!v.is_number_unsigned() || v.get<uint64_t>() == 0 || v.get<uint64_t>() > most)
    throw RequestError(
        v.is_number_unsigned() && v.get<uint64_t>() > most ? 413 : 400,
        std::string(key) + ": expected an integer in [1, " + std::to_string(most) + "]" + (why.empty() ? "" : " (" + why + ")"));
  return v.get<uint64_t>();
}

void read_scenario(const nlohmann::json& json, const ServeLimits& limits, RequestScenario& scenario) {
  if (json.contains("scenario")) scenario.name = text_field(json, "scenario", 4096);
  if (json.contains("text")) {
    if (json.contains("scenario")) throw RequestError(400, "give either scenario (a name) or text (TOML), not both");
    scenario.has_text = true;
    scenario.text = text_field(json, "text", limits.max_scenario_bytes);
  }
}

// The keys every study shares: where the scenario comes from, its assignments, seed, trials, level
// and client, into the settings the command line's run options give (sim/cli/run_options.cpp), with
// `trials` the study's default when the request gives none.
void read_run_settings(const nlohmann::json& json, const ServeLimits& limits, uint64_t trials, StudyRequest& request,
                       RunSettings& settings) {
  read_scenario(json, limits, request.scenario);
  settings.scenario = request.scenario.name;
  settings.quiet = true;
  if (json.contains("sets")) settings.sets = assignments_field(json, "sets", limits);
  settings.trials = trials;
  settings.trials_option = trials;
  settings.seed_given = true;
  if (json.contains("seed")) {
    // A page's study must be repeatable: a number, never "random".
    const auto& s = json.at("seed");
    if (s.is_number_unsigned()) settings.seed = std::to_string(s.get<uint64_t>());
    else if (s.is_string()) settings.seed = std::to_string(read_value([&] { return parse_seed("seed", s.get<std::string>()); }));
    else throw RequestError(400, "seed: expected a non-negative integer or a string of one (decimal or 0x hex)");
  }
  if (json.contains("trials")) settings.trials_option = bounded_count(json, "trials", limits.max_trials);
  if (json.contains("level")) {
    const auto& l = json.at("level");
    if (!l.is_number() || !(l.get<double>() > 0.5 && l.get<double>() < 1.0))
      throw RequestError(400, "level: expected a number in (0.5, 1)");
    settings.level = l.get<double>();
  }
  if (json.contains("client")) request.client = text_field(json, "client", 128);
}

void read_precision(const nlohmann::json& json, RunSettings& settings) {
  if (!json.contains("precision")) return;
  settings.precision = text_field(json, "precision", 256);
  // Its metric is checked against the scenario's once that is open.
  (void)read_value([&] { return parse_precision("precision", settings.precision); });
}

// A target's text (NAME, NAME=GOAL, NAME>=K), read as the command line reads --target; its metric is
// checked once the scenario is open.
std::string target_field(const nlohmann::json& json, bool goal_required) {
  std::string target = text_field(json, "target", 256);
  (void)read_value([&] { return parse_target(target, goal_required); });
  return target;
}

// A positive finite number; `refusal` is the 400's message.
double positive_field(const nlohmann::json& json, const char* key, const char* refusal) {
  const auto& v = json.at(key);
  if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) throw RequestError(400, refusal);
  return v.get<double>();
}

// A study's request body: a JSON object of the keys every study shares, read into `request` and its
// settings' `run` (read_run_settings; `trials`: the study's default), and of its `own` keys, returned
// for the caller to read.
nlohmann::json read_study_body(const std::string& body, const ServeLimits& limits, std::vector<std::string> own, uint64_t trials,
                               StudyRequest& request, RunSettings& run) {
  if (body.size() > limits.max_body_bytes)
    throw RequestError(413, "request body larger than " + std::to_string(limits.max_body_bytes) + " bytes");
  own.insert(own.begin(), {"scenario", "text", "sets", "seed", "trials", "level", "client"});
  nlohmann::json json = parse_request_object(body, own);
  read_run_settings(json, limits, trials, request, run);
  return json;
}

}  // namespace

std::string as_request_message(const std::string& message) { return message.starts_with("--") ? message.substr(2) : message; }

ScenarioRequest read_scenario_request(const nlohmann::json& body, const ServeLimits& limits) {
  ScenarioRequest r;
  read_scenario(body, limits, r.scenario);
  if (body.contains("sets")) r.sets = assignments_field(body, "sets", limits);
  return r;
}

RunRequest parse_run_request(const std::string& body, const ServeLimits& limits) {
  RunRequest r;
  CompareSettings& s = r.settings;
  const auto json = read_study_body(body, limits, {"vs", "precision"}, RunSettings{}.trials, r, s.run);
  read_precision(json, s.run);
  if (json.contains("vs")) {
    CompareVariant b;
    b.assignments = assignments_field(json, "vs", limits);
    if (b.assignments.empty()) throw RequestError(400, "vs: give at least one KEY=VALUE for variant B, or leave vs out");
    for (const auto& a : b.assignments) b.label += (b.label.empty() ? "" : ";") + a;
    s.variants.push_back(std::move(b));
  }
  return r;
}

SweepRequest parse_sweep_request(const std::string& body, const ServeLimits& limits) {
  SweepRequest r;
  SweepSettings& s = r.settings;
  const auto json = read_study_body(body, limits, {"param", "target", "precision"}, TrialsPerStudyValue, r, s.run);
  read_precision(json, s.run);
  if (!json.contains("param")) throw RequestError(400, "param: give one or two parameters to sweep (KEY=lo:hi:step or KEY=a,b,c)");
  s.parameters =
      json.at("param").is_string() ? std::vector<std::string>{text_field(json, "param", 4096)} : texts_field(json, "param", limits);
  if (s.parameters.empty() || s.parameters.size() > 2) throw RequestError(400, "param: give one or two parameters to sweep");
  size_t points = 1;
  for (const auto& p : s.parameters) {
    s.axes.push_back(read_value([&] { return parse_axis(p, "param"); }));
    points *= s.axes.back().values.size();
  }
  if (points > limits.max_sweep_points)
    throw RequestError(413, "param: " + std::to_string(points) + " grid points; at most " + std::to_string(limits.max_sweep_points));
  if (json.contains("target")) s.target = target_field(json, false);
  return r;
}

TuneRequest parse_tune_request(const std::string& body, const ServeLimits& limits) {
  TuneRequest r;
  TuneSettings& s = r.settings;
  const auto json = read_study_body(body, limits, {"param", "target", "steps"}, TrialsPerStudyValue, r, s.run);
  if (!json.contains("param") || !json.contains("target")) throw RequestError(400, "give param (KEY=lo:hi) and target (NAME=GOAL)");
  const std::string param = text_field(json, "param", 4096);
  s.axis = read_value([&] { return parse_axis(param, "param", true); });
  s.target = parse_target(target_field(json, true), true);
  if (json.contains("steps")) {
    const auto& st = json.at("steps");
    if (!st.is_number_unsigned() || st.get<uint64_t>() > 30) throw RequestError(400, "steps: expected an integer in [0, 30]");
    s.steps = static_cast<int>(st.get<uint64_t>());
  }
  return r;
}

BestRequest parse_best_request(const std::string& body, const ServeLimits& limits) {
  BestRequest r;
  BestStudySettings& s = r.settings;
  // trials: the most one candidate plays in one race.
  const auto json = read_study_body(body, limits, {"side", "target", "minimise", "delta", "space", "fix"}, BestSettings{}.trials, r, s.run);
  if (!json.contains("side")) throw RequestError(400, "side: name the side whose policy is searched");
  s.best.side = text_field(json, "side", 256);
  if (json.contains("target")) s.target = target_field(json, false);
  if (json.contains("minimise")) {
    if (!json.at("minimise").is_boolean()) throw RequestError(400, "minimise: expected true or false");
    s.best.minimise = json.at("minimise").get<bool>();
  }
  if (json.contains("delta")) s.best.delta = positive_field(json, "delta", "delta: expected a positive indifference zone");
  if (json.contains("space")) s.best.spaces = texts_field(json, "space", limits);
  if (json.contains("fix")) s.best.fixes = texts_field(json, "fix", limits);
  return r;
}

BalanceRequest parse_balance_request(const std::string& body, const ServeLimits& limits) {
  BalanceRequest r;
  BalanceSettings& s = r.settings;
  // trials: the most one setting plays.
  const auto json =
      read_study_body(body, limits, {"free", "goal", "tolerance", "policies", "policy_trials", "policy_steps"}, s.max_trials, r, s.run);
  s.max_trials = s.run.trials_option;
  if (!json.contains("free") || !json.contains("goal"))
    throw RequestError(400, "give free (a list of KEY=lo:hi) and goal (a list of METRIC=VALUE)");
  s.free = texts_field(json, "free", limits);
  for (const auto& goal : texts_field(json, "goal", limits)) s.goals.push_back(read_value([&] { return parse_balance_goal(goal); }));
  if (json.contains("tolerance")) s.tolerance = positive_field(json, "tolerance", "tolerance: expected a positive number");
  if (json.contains("policies")) {
    const std::string policies = text_field(json, "policies", 16);
    if (policies != "file" && policies != "best") throw RequestError(400, "policies: expected \"file\" or \"best\"");
    s.best_policies = policies == "best";
  }
  // The searches' budget, as --policy-trials and --policy-steps: only where they play.
  for (const char* key : {"policy_trials", "policy_steps"})
    if (json.contains(key) && !s.best_policies) throw RequestError(400, std::string(key) + ": only with \"policies\": \"best\"");
  if (json.contains("policy_trials")) s.policy_trials = bounded_count(json, "policy_trials", limits.max_trials);
  if (json.contains("policy_steps"))
    s.policy_steps =
        static_cast<int>(bounded_count(json, "policy_steps", limits.max_policy_steps, "a longer search is a volley best of its own"));
  return r;
}

}  // namespace volley
