#pragma once
// A study asked for over HTTP (`volley serve`, docs/api.md): the JSON body of a POST, read key by key
// into the study's typed settings, and the scenario it names, opened only from the allowed sources.
// Nothing here knows about HTTP: a refusal is a RequestError carrying the status the server answers
// with.
#include "sim/scenario/scenario_document.hpp"
#include "sim/study/balance_study.hpp"
#include "sim/study/best_study.hpp"
#include "sim/study/compare_study.hpp"
#include "sim/study/study_control.hpp"
#include "sim/study/sweep_study.hpp"
#include "sim/study/tune_study.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
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
  size_t max_sweep_points = 1000;                  // grid points of a sweep (each a run of `trials`)
  uint64_t max_trials = 100'000'000;               // per run: about 3 minutes of the default scenario on 2 cores
  uint64_t max_study_trials = 100'000'000'000;     // a balance's trials in all, as planned: a full sweep's (1000 points of max_trials)
  uint64_t max_policy_steps = 30;                  // a balance's --policies best: the most races of a side's search
  size_t max_runs = 64;                            // runs in flight at once (a thread each); more are answered 503
  size_t max_connections = 256;                    // connections served at once (runs included); more are answered 503
  std::chrono::milliseconds request_time{10'000};  // for a request's head and body to arrive (slow clients)
  // Memory: a tally keeps a histogram bin for every value of each metric's range (sim/scenario/tally_size.hpp),
  // which the command line allows up to 2 GiB a worker; one request for such a scenario took 6.9 GB.
  int64_t max_tally_bins = int64_t{1} << 20;  // one tally (a run's, a variant's, a point's): 8 MiB of counts; shipped: at most 6,061
  int64_t max_study_bins = int64_t{1} << 25;  // all the tallies a sweep or a balance keeps at once: 256 MiB
};

// Where a request's scenario comes from: a name (a shipped scenario, or a file named on the server's
// command line; empty: the default), or TOML text in its place (validated like a file).
struct RequestScenario {
  std::string name;
  bool has_text = false;
  std::string text;
};

struct ScenarioSources {
  std::vector<std::string> files;  // named on the command line, readable as given
  ServeLimits limits;
  // The document a request's scenario names, before any assignment. Throws RequestError(403) for a
  // name that is neither shipped nor on the command line; ScenarioErrors for a text or file that is
  // not TOML.
  ScenarioDocument open(const RequestScenario& scenario) const;
  // The same with `sets` (as --set) and then `extra` applied, errors on those naming `extra_option`
  // (--vs, --param); each error located at its line.
  ScenarioDocument open(const RequestScenario& scenario, const std::vector<std::string>& sets, const std::vector<std::string>& extra,
                        const std::string& extra_option) const;
  // The histogram bins the tally of `doc` keeps; 0 for a document that does not load (its errors are
  // the study's to report). RequestError(413) beyond limits.max_tally_bins.
  int64_t check_tally_bins(const ScenarioDocument& doc) const;
  // The same as the studies take it (sim/study/study_control.hpp), each document checked by
  // check_tally_bins; `largest`, when given, keeps the most bins of any document opened. The opener
  // holds `scenario` and refers to these sources, which must outlive it.
  ScenarioOpener opener(const RequestScenario& scenario, std::shared_ptr<std::atomic<int64_t>> largest = nullptr) const;
  // Shipped names, then the command line's files.
  std::vector<std::string> names() const;
};

// What every study a request asks for carries beside its typed settings: its scenario, and the page
// asking (a client's new study cancels its previous one).
struct StudyRequest {
  RequestScenario scenario;
  std::string client;
};

// Each request's settings are the typed settings the command line's options give the same study
// (sim/study/), read key by key from the JSON body: a value the option would refuse is refused here,
// with a 400 naming the key, before anything is opened or played. The server prints nothing (quiet),
// writes no files and, where a request gives no trials, plays the study's default as a cap.

// POST /api/run: `volley run`'s settings; with `vs`, `volley compare`'s, variant B the base with those
// assignments.
struct RunRequest : StudyRequest {
  CompareSettings settings;  // no variant: a run
};

// POST /api/sweep: `volley sweep`'s settings.
struct SweepRequest : StudyRequest {
  SweepSettings settings;
};

// POST /api/tune: `volley tune`'s settings.
struct TuneRequest : StudyRequest {
  TuneSettings settings;
};

// POST /api/best: `volley best`'s settings (a single search).
struct BestRequest : StudyRequest {
  BestStudySettings settings;
};

// POST /api/balance: `volley balance`'s settings.
struct BalanceRequest : StudyRequest {
  BalanceSettings settings;
};

// The scenario and assignments a request names (POST /api/validate, /api/report), read from a body
// already checked for unknown keys.
struct ScenarioRequest {
  RequestScenario scenario;
  std::vector<std::string> sets;
};
ScenarioRequest read_scenario_request(const nlohmann::json& body, const ServeLimits& limits);

// Read the body of each POST. Throw RequestError(400) for bad JSON, an unknown key or a value of the
// wrong type or range (naming the key), RequestError(413) beyond the limits.
RunRequest parse_run_request(const std::string& body, const ServeLimits& limits);
SweepRequest parse_sweep_request(const std::string& body, const ServeLimits& limits);
TuneRequest parse_tune_request(const std::string& body, const ServeLimits& limits);
BestRequest parse_best_request(const std::string& body, const ServeLimits& limits);
BalanceRequest parse_balance_request(const std::string& body, const ServeLimits& limits);

// The studies name a value they refuse by its command-line option ("--param 'x': ..."); a request
// names it by its key ("param 'x': ..."). The message of such a refusal, as the request names it.
std::string as_request_message(const std::string& message);

// Parses a request body as JSON. RequestError 400 for anything but JSON, and for JSON nested deeper
// than MaxJsonDepth, found before anything recurses into it (a body of a hundred thousand '[' would
// otherwise overflow the stack of whatever walks it).
constexpr int MaxJsonDepth = 64;
nlohmann::json parse_json_body(const std::string& body);

// Reads a JSON object body, refusing keys not in `allowed` (RequestError 400 naming the key).
nlohmann::json parse_request_object(const std::string& body, const std::vector<std::string>& allowed);

}  // namespace volley
