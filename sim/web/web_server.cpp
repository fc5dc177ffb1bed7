#include "sim/web/web_server.hpp"

#include "sim/output/report_page.hpp"
#include "sim/output/web_assets.hpp"
#include "sim/scenario/assumed_parameters.hpp"
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/web/live_run.hpp"
#include "sim/web/live_tune.hpp"
#include "sim/web/run_registry.hpp"

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <thread>

namespace volley {

namespace {

using nlohmann::json;

const char* content_type_of(std::string_view path) {
  if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  return "text/html; charset=utf-8";
}

void answer(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump() + "\n", "application/json");
}

void refuse(httplib::Response& res, int status, const std::string& message) { answer(res, status, {{"error", message}}); }

json errors_json(const ScenarioErrors& e) {
  json list = json::array();
  for (const auto& err : e.errors())
    list.push_back({{"file", err.file}, {"line", err.line}, {"column", err.column}, {"key", err.key}, {"message", err.message},
                    {"text", err.format()}});
  return list;
}

// Every key --set takes, for the page's form: type, default, range or words, value, [assumed] rule.
json keys_json(const ScenarioDocument& doc) {
  json list = json::array();
  for (const auto& k : describe_keys(doc)) {
    json entry = {{"key", k.key}, {"type", k.type}, {"default", k.fallback}, {"value", k.value}, {"present", k.present}};
    if (k.has_range) entry["range"] = {k.lo, k.hi};
    if (!k.choices.empty()) entry["choices"] = k.choices;
    if (const std::string rule = assumed_rule(k.key); !rule.empty()) entry["assumed"] = rule;
    list.push_back(std::move(entry));
  }
  return list;
}

// A scenario checked as `volley validate` checks it: valid, or every error with its line.
json validation_json(const ScenarioDocument& doc) {
  json out = {{"valid", true}, {"errors", json::array()}};
  try {
    const auto model = load_model(doc);
    out["kind"] = model->kind();
    out["title"] = model->title();
    out["headline"] = model->headline_metric();
  } catch (const ScenarioErrors& e) {
    out["valid"] = false;
    out["errors"] = errors_json(e);
  }
  out["keys"] = keys_json(doc);
  return out;
}

// How often a streaming run checks that its page is still there.
constexpr auto ConnectionCheck = std::chrono::milliseconds(50);

// One Server-Sent Event: its data is one line of JSON (a dump has no raw newline).
std::string event(const char* name, const json& data) { return std::string("event: ") + name + "\ndata: " + data.dump() + "\n\n"; }

}  // namespace

struct WebServer::State {
  ServeOptions options;
  RunRegistry registry;
  httplib::Server server;
  explicit State(ServeOptions o) : options(std::move(o)), registry(options.sources.limits.max_runs) {}

  void routes();
  void run(const httplib::Request& req, httplib::Response& res);
  void tune(const httplib::Request& req, httplib::Response& res);
  // Registers a run for `client` and answers with its event stream: `play` plays it on this
  // connection's thread, sending events through its argument, until done or stopped.
  using Send = std::function<void(const char* event_name, const json& data)>;
  void stream(httplib::Response& res, const std::string& client, uint64_t trials_planned,
              std::function<void(const std::atomic<bool>& stop, const Send& send)> play);
  // The original text of an allowed scenario (the editor shows the file, comments and all).
  std::string scenario_text(const std::string& name) const;
};

std::string WebServer::State::scenario_text(const std::string& name) const {
  const std::string n = name.empty() ? DefaultScenarioName : name;
  for (const auto& shipped : embedded_scenarios())
    if (n == shipped.name) return shipped.text;
  (void)options.sources.open(n, nullptr);  // 403 for a file not named on the command line
  std::ifstream in(n, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > options.sources.limits.max_scenario_bytes) throw RequestError(413, "scenario: file too large for the editor");
  return text.str();
}

void WebServer::State::routes() {
  server.set_payload_max_length(options.sources.limits.max_body_bytes);
  server.set_tcp_nodelay(true);  // an event must leave at once, not wait for the next (Nagle)
  // A thread per connection in flight: every run may stream while pages still load and stop runs.
  const size_t threads = options.sources.limits.max_runs + 16;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      refuse(res, 500, std::string("internal error: ") + e.what());
    } catch (...) {
      refuse(res, 500, "internal error");
    }
  });
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (res.body.empty()) refuse(res, res.status, res.status == 413 ? "request body too large" : "no such resource: " + req.path);
  });

  // The live page's files (sim/web/, embedded with the report's, cmake/embed_web.cmake), by path.
  static const std::pair<const char*, const char*> Files[] = {
      {"/", "live.html"},         {"/live.css", "live.css"},     {"/live.js", "live.js"},
      {"/report.js", "report.js"}, {"/report.css", "report.css"}, {"/chart.js", "chart.min.js"}};
  for (const auto& [path, name] : Files)
    for (const auto& asset : embedded_web_assets())
      if (std::string_view(asset.name) == name) {
        const std::string_view text = asset.text;
        const char* type = content_type_of(name);
        server.Get(path, [text, type](const httplib::Request&, httplib::Response& res) { res.set_content(text.data(), text.size(), type); });
      }
  // Any request can fail on bad input; each handler turns its refusals into a 4xx with a message.
  auto guarded = [](auto handler) {
    return [handler](const httplib::Request& req, httplib::Response& res) {
      try {
        handler(req, res);
      } catch (const RequestError& e) {
        refuse(res, e.status(), e.what());
      } catch (const ScenarioErrors& e) {
        answer(res, 422, {{"error", "the scenario is not valid"}, {"errors", errors_json(e)}});
      } catch (const std::invalid_argument& e) {
        refuse(res, 400, e.what());
      }
    };
  };
  server.Get("/api/scenarios", guarded([this](const httplib::Request&, httplib::Response& res) {
    json list = json::array();
    for (const auto& name : options.sources.names()) list.push_back(name);
    answer(res, 200, {{"scenarios", list}, {"default", DefaultScenarioName}});
  }));
  server.Get("/api/scenario", guarded([this](const httplib::Request& req, httplib::Response& res) {
    const std::string name = req.get_param_value("name");
    const std::string text = scenario_text(name);
    json out = validation_json(options.sources.open(name, nullptr));
    out["name"] = name.empty() ? DefaultScenarioName : name;
    out["text"] = text;
    answer(res, 200, out);
  }));
  server.Post("/api/validate", guarded([this](const httplib::Request& req, httplib::Response& res) {
    (void)parse_request_object(req.body, {"scenario", "text", "sets"});
    const LiveRequest r = parse_live_request(req.body, options.sources.limits);
    std::optional<ScenarioDocument> doc;
    try {
      doc = options.sources.open(r.scenario, r.has_text ? &r.text : nullptr);
      for (const auto& set : r.sets) doc->apply_set(set);
    } catch (const ScenarioErrors& e) {  // not TOML, or a --set that does not apply: still a 200, invalid
      answer(res, 200, {{"valid", false}, {"errors", errors_json(e)}, {"keys", json::array()}});
      return;
    }
    answer(res, 200, validation_json(*doc));
  }));
  server.Post("/api/stop", guarded([this](const httplib::Request& req, httplib::Response& res) {
    const json body = parse_request_object(req.body, {"client", "run"});
    size_t stopped = 0;
    if (body.contains("client")) {
      if (!body["client"].is_string()) throw RequestError(400, "client: expected a string");
      stopped += registry.stop_client(body["client"].get<std::string>());
    }
    if (body.contains("run")) {
      if (!body["run"].is_number_unsigned()) throw RequestError(400, "run: expected a run number");
      stopped += registry.stop_run(body["run"].get<uint64_t>());
    }
    if (!body.contains("client") && !body.contains("run")) throw RequestError(400, "give client or run: which run to stop");
    answer(res, 200, {{"stopped", stopped}});
  }));
  server.Get("/api/status", [this](const httplib::Request&, httplib::Response& res) {
    answer(res, 200, {{"runs_active", registry.active()}, {"runs_started", registry.started()}, {"runs_cancelled", registry.cancelled()}});
  });
  // The report of a result the page drew (the same front end with the data frozen in): the page
  // sends back a result this server streamed; report_page escapes it for the page it goes into.
  server.Post("/api/report", guarded([](const httplib::Request& req, httplib::Response& res) {
    nlohmann::json result;
    try {
      result = nlohmann::json::parse(req.body);
    } catch (const nlohmann::json::parse_error& e) {
      throw RequestError(400, std::string("the body is not JSON: ") + e.what());
    }
    // A run's or compare's result (/api/run), a tune's (/api/tune) or a sweep the page put together
    // from runs: the formats the report page draws.
    const std::string format = result.is_object() ? result.value("format", "") : "";
    const bool drawable = (format == "volley-result" && result.contains("estimates") && result["estimates"].is_array()) ||
                          ((format == "volley-tune" || format == "volley-sweep") && result.contains("points") && result["points"].is_array());
    if (!drawable) throw RequestError(400, "expected a result of /api/run or /api/tune, or a sweep (format \"volley-result\", \"volley-tune\" or \"volley-sweep\")");
    try {
      res.set_content(report_page(result), "text/html; charset=utf-8");
    } catch (const nlohmann::json::exception& e) {
      throw RequestError(400, std::string("the result is not one the report can draw: ") + e.what());
    }
    res.set_header("Content-Disposition", "attachment; filename=\"volley-report.html\"");
  }));
  server.Post("/api/run", guarded([this](const httplib::Request& req, httplib::Response& res) { run(req, res); }));
  server.Post("/api/tune", guarded([this](const httplib::Request& req, httplib::Response& res) { tune(req, res); }));
}

void WebServer::State::stream(httplib::Response& res, const std::string& client, uint64_t trials_planned,
                              std::function<void(const std::atomic<bool>& stop, const Send& send)> play) {
  const auto ticket = registry.begin(client);
  if (!ticket) throw RequestError(503, "too many runs in flight (" + std::to_string(options.sources.limits.max_runs) + "); try again");
  auto stop = ticket->stop;
  res.set_header("Cache-Control", "no-store");
  // The run plays in the stream's content provider, on this connection's thread; the provider's
  // releaser ends the ticket however the stream ends (done, client gone, server stopping).
  res.set_chunked_content_provider(
      "text/event-stream",
      [stop, id = ticket->id, trials_planned, play = std::move(play)](size_t, httplib::DataSink& sink) {
        const Send send = [&](const char* name, const json& data) {
          const std::string text = event(name, data);
          if (!sink.write(text.data(), text.size())) stop->store(true);  // the page went away: stop the run
        };
        send("start", {{"run", id}, {"trials_planned", trials_planned}});
        // A page that goes away is otherwise noticed only at the next round's write; this watcher
        // notices within ConnectionCheck (httplib's is_writable sees the peer's close) and stops the
        // run at its next block boundary.
        std::atomic<bool> finished{false};
        std::thread watcher([&] {
          while (!finished.load()) {
            if (!sink.is_writable()) {
              stop->store(true);
              return;
            }
            std::this_thread::sleep_for(ConnectionCheck);
          }
        });
        try {
          play(*stop, send);
        } catch (const std::exception& e) {
          send("error", {{"error", e.what()}});
        }
        finished.store(true);
        watcher.join();
        sink.done();
        return true;
      },
      [this, ticket = *ticket](bool) { registry.end(ticket); });
}

void WebServer::State::run(const httplib::Request& req, httplib::Response& res) {
  // Everything is checked before the stream starts, so a refusal has its own status.
  const LiveRequest request = parse_live_request(req.body, options.sources.limits);
  auto live = std::make_shared<const LiveRun>(request, options.sources);
  stream(res, request.client, live->record_template().trials, [live](const std::atomic<bool>& stop, const Send& send) {
    const RunRecord final = live->play(stop, [&](const RunRecord& partial) { send("round", record_to_json(partial)); });
    json done = record_to_json(final);
    done["stopped"] = final.partial;
    send("done", done);
  });
}

void WebServer::State::tune(const httplib::Request& req, httplib::Response& res) {
  const LiveTuneRequest request = parse_tune_request(req.body, options.sources.limits);
  auto live = std::make_shared<const LiveTune>(request, options.sources);
  stream(res, request.client, request.trials, [live](const std::atomic<bool>& stop, const Send& send) {
    json done = live->play(stop, [&](const json& partial) { send("value", partial); });
    done["stopped"] = done["partial"];
    send("done", done);
  });
}

WebServer::WebServer(ServeOptions options) : state_(std::make_unique<State>(std::move(options))) {
  // A page that goes away mid-stream must end its run, not the process: httplib writes to sockets
  // without MSG_NOSIGNAL, so a write to a closed one would raise SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  state_->routes();
}

WebServer::~WebServer() { stop(); }

int WebServer::bind() {
  const auto& o = state_->options;
  const int port = o.port == 0 ? state_->server.bind_to_any_port(o.host) : (state_->server.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0) throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) + " (in use, or not an address of this machine)");
  return port;
}

void WebServer::listen() { state_->server.listen_after_bind(); }

void WebServer::stop() {
  state_->registry.stop_all();
  state_->server.stop();
}

}  // namespace volley
