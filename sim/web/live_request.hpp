#pragma once
// A run asked for over HTTP (`volley serve`, docs/api.md): the JSON body of POST /api/run, checked
// key by key, and the scenario it names, opened only from the allowed sources. Nothing here knows
// about HTTP: a refusal is a RequestError carrying the status the server answers with.
#include "sim/run/run_settings.hpp"
#include "sim/scenario/scenario_document.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace volley {

// A request the server refuses: `status` is the HTTP status (400 malformed, 403 a file it may not
// read, 413 too large), the message says what was wrong and with which key.
class RequestError : public std::runtime_error {
 public:
  RequestError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const noexcept { return status_; }

 private:
  int status_;
};

// What a request may read and ask for. The server reads the shipped scenarios and the files named on
// its command line, nothing else; the limits keep one request from taking the machine.
struct ServeLimits {
  size_t max_body_bytes = 1 << 20;                 // a request body
  size_t max_scenario_bytes = 256 << 10;           // scenario text in a request (the shipped ones are < 10 KiB)
  size_t max_sets = 256;                           // --set assignments per variant
  uint64_t max_trials = 100'000'000;               // per run: about 3 minutes of the default scenario on 2 cores
  size_t max_runs = 64;                            // runs in flight at once (a thread each); more are answered 503
  size_t max_connections = 256;                    // connections served at once (runs included); more are answered 503
  std::chrono::milliseconds request_time{10'000};  // for a request's head and body to arrive (slow clients)
};

struct ScenarioSources {
  std::vector<std::string> files;  // named on the command line, readable as given
  ServeLimits limits;
  // The document a request's "scenario" (a shipped name or one of `files`; empty: the default) or
  // "text" names, before any assignment. Throws RequestError(403) for anything else; ScenarioErrors
  // for a text or file that is not TOML.
  ScenarioDocument open(const std::string& scenario, const std::string* text) const;
  // The same with `sets` (as --set) and then `extra` applied, errors on those naming `extra_option`
  // (--vs, --param); each error located at its line.
  ScenarioDocument open(const std::string& scenario, const std::string* text, const std::vector<std::string>& sets,
                        const std::vector<std::string>& extra, const std::string& extra_option) const;
  // Shipped names, then the command line's files.
  std::vector<std::string> names() const;
};

struct LiveRequest {
  std::string scenario;  // a name from ScenarioSources::names(); empty: the default
  bool has_text = false;
  std::string text;                 // scenario TOML in place of a file (validated like a file)
  std::vector<std::string> sets;    // as --set
  std::vector<std::string> versus;  // non-empty: a paired comparison, variant B = base + these (as --vs)
  std::string seed = "1";           // as --seed, "random" excepted
  uint64_t trials = 100000;         // as --trials (the cap, with a precision target)
  std::string precision;            // as --precision
  double level = 0.95;              // as --level
  std::string client;               // the page asking: its new run cancels its previous one
};

// A tune asked over HTTP (POST /api/tune): the scenario and settings as a run's, plus tune's own.
struct LiveTuneRequest {
  std::string scenario;
  bool has_text = false;
  std::string text;
  std::vector<std::string> sets;
  std::string param;   // as tune's --param: KEY[,KEY...]=lo:hi
  std::string target;  // as --target: NAME=GOAL
  int steps = 8;       // as --steps
  std::string seed = "1";
  uint64_t trials = 20000;  // per evaluated value, as tune's --trials
  double level = 0.95;
  std::string client;
};

// A best-play search asked over HTTP (POST /api/best): the scenario and settings as a run's, plus
// best's own (as its options --side, --target, --minimise, --delta, --space, --fix).
struct LiveBestRequest {
  std::string scenario;
  bool has_text = false;
  std::string text;
  std::vector<std::string> sets;
  std::string side;
  std::string target;  // empty: SIDE.win
  bool minimise = false;
  double delta = 0.01;
  std::vector<std::string> spaces, fixes;
  std::string seed = "1";
  uint64_t trials = 100000;  // the most trials one candidate plays in one race, as best's --trials
  double level = 0.95;
  std::string client;
};

// The settings a run or tune request stands for, as the CLI's options would give them (quiet: the
// server prints nothing), and its seed (RequestError 400 for one that does not parse).
template <class Request>
RunSettings request_settings(const Request& r) {
  RunSettings s;
  s.scenario = r.scenario;
  s.sets = r.sets;
  s.trials = r.trials;
  s.trials_option = r.trials;
  s.seed = r.seed;
  s.level = r.level;
  s.quiet = true;
  return s;
}
uint64_t request_seed(const RunSettings& settings);

// Reads the body of POST /api/tune; refuses as parse_live_request does.
LiveTuneRequest parse_tune_request(const std::string& body, const ServeLimits& limits);

// Reads the body of POST /api/best; refuses as parse_live_request does.
LiveBestRequest parse_best_request(const std::string& body, const ServeLimits& limits);

// Reads the body of POST /api/run. Throws RequestError(400) for bad JSON, an unknown key or a value of
// the wrong type or range, RequestError(413) beyond the limits.
LiveRequest parse_live_request(const std::string& body, const ServeLimits& limits);

// Parses a request body as JSON. RequestError 400 for anything but JSON, and for JSON nested deeper
// than MaxJsonDepth, found before anything recurses into it (a body of a hundred thousand '[' would
// otherwise overflow the stack of whatever walks it).
constexpr int MaxJsonDepth = 64;
nlohmann::json parse_json_body(const std::string& body);

// Reads a JSON object body, refusing keys not in `allowed` (RequestError 400 naming the key).
nlohmann::json parse_request_object(const std::string& body, const std::vector<std::string>& allowed);

}  // namespace volley
