#include "sim/web/web_server.hpp"

#include "sim/output/report_page.hpp"
#include "sim/output/web_assets.hpp"
#include "sim/scenario/assumed_parameters.hpp"
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/output/map_svg.hpp"
#include "sim/web/equivalent_command.hpp"
#include "sim/web/access_policy.hpp"
#include "sim/web/http_server.hpp"
#include "sim/web/run_registry.hpp"
#include "sim/web/study_streams.hpp"

#include <httplib.h>

#include <atomic>
#include <charconv>
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

// JSON text of anything the server sends. Text that is not UTF-8 (a request's path, a file's bytes)
// is replaced, never thrown over: an answer must not be able to fail.
std::string json_text(const json& value) { return value.dump(-1, ' ', false, json::error_handler_t::replace); }

void answer(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(json_text(body) + "\n", "application/json");
}

void refuse(httplib::Response& res, int status, const std::string& message) { answer(res, status, {{"error", message}}); }

json errors_json(const ScenarioErrors& e) {
  json list = json::array();
  for (const auto& err : e.errors())
    list.push_back({{"file", err.file},
                    {"line", err.line},
                    {"column", err.column},
                    {"key", err.key},
                    {"message", err.message},
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
std::string event(const char* name, const json& data) { return std::string("event: ") + name + "\ndata: " + json_text(data) + "\n\n"; }

// The token a request carries: `Authorization: token T` (or Bearer), ?token=T, or the page's cookie.
std::string token_of(const httplib::Request& req, const std::string& cookie_name) {
  const std::string authorization = req.get_header_value("Authorization");
  for (const std::string_view scheme : {"token ", "Token ", "Bearer "})
    if (authorization.starts_with(scheme)) return authorization.substr(scheme.size());
  if (req.has_param("token")) return req.get_param_value("token");
  const std::string cookies = req.get_header_value("Cookie");
  for (size_t at = 0; at < cookies.size();) {
    const size_t end = std::min(cookies.find(';', at), cookies.size());
    std::string_view pair(cookies.data() + at, end - at);
    while (pair.starts_with(' ')) pair.remove_prefix(1);
    if (pair.starts_with(cookie_name + "=")) return std::string(pair.substr(cookie_name.size() + 1));
    at = end + 1;
  }
  return {};
}

const std::string* header_or_null(const httplib::Request& req, const char* name) {
  const auto it = req.headers.find(name);
  return it == req.headers.end() ? nullptr : &it->second;
}

// A request's declared body length; nullopt when it declares none, RequestError for one that is not a number.
std::optional<uint64_t> content_length(const httplib::Request& req) {
  const std::string* text = header_or_null(req, "Content-Length");
  if (text == nullptr) return std::nullopt;
  uint64_t length = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), length);
  if (error != std::errc() || end != text->data() + text->size()) throw RequestError(400, "Content-Length: not a number");
  return length;
}

}  // namespace

HttpLimits http_limits(const ServeLimits& limits) {
  HttpLimits out;
  out.connections = limits.max_connections;
  out.body_bytes = limits.max_body_bytes;
  out.request_time = limits.request_time;
  return out;
}

struct WebServer::State {
  ServeOptions options;
  RunRegistry registry;
  HttpServer server;
  std::optional<AccessPolicy> access;  // known once the port is bound
  explicit State(ServeOptions o)
      : options(std::move(o)), registry(options.sources.limits.max_runs), server(http_limits(options.sources.limits)) {}

  // Host, Origin and token (sim/web/access_policy.hpp), and a body's declared size, before routing.
  httplib::Server::HandlerResponse admit(const httplib::Request& req, httplib::Response& res);
  // POST /api/report: the report page of a result, its map drawn here from the scenario named.
  void report(const httplib::Request& req, httplib::Response& res);

  void routes();
  // POST /api/run, sweep, tune, best and balance: the request read by `parse` into its study's
  // settings, the study checked and loaded (streamed_study), then streamed.
  template <class Request>
  void study(const httplib::Request& req, httplib::Response& res, Request (*parse)(const std::string&, const ServeLimits&));
  // Registers a run for `client` and answers with its event stream: the study plays on this
  // connection's thread, its steps sent as events, until done or stopped.
  using Send = std::function<void(const char* event_name, const json& data)>;
  void stream(httplib::Response& res, const std::string& client, StreamedStudy study);
  // The original text of an allowed scenario (the editor shows the file, comments and all).
  std::string scenario_text(const std::string& name) const;
};

std::string WebServer::State::scenario_text(const std::string& name) const {
  const std::string n = name.empty() ? DefaultScenarioName : name;
  for (const auto& shipped : embedded_scenarios())
    if (n == shipped.name) return shipped.text;
  (void)options.sources.open(RequestScenario{n, false, {}});  // 403 for a file not named on the command line
  std::ifstream in(n, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > options.sources.limits.max_scenario_bytes) throw RequestError(413, "scenario: file too large for the editor");
  return text.str();
}

httplib::Server::HandlerResponse WebServer::State::admit(const httplib::Request& req, httplib::Response& res) {
  const auto refused = [&](int status, const std::string& message) {
    refuse(res, status, message);
    HttpServer::close_after_response();  // its body, if any, was not read
    return httplib::Server::HandlerResponse::Handled;
  };
  try {
    const std::string token = token_of(req, access->cookie_name());
    const AccessVerdict verdict =
        access->check({req.path, header_or_null(req, "Host"), header_or_null(req, "Origin"), header_or_null(req, "Sec-Fetch-Site"), token});
    if (verdict.status != 0) return refused(verdict.status, verdict.message);
    if (const auto length = content_length(req); length && *length > options.sources.limits.max_body_bytes)
      return refused(
          413, "request body of " + std::to_string(*length) + " bytes; at most " + std::to_string(options.sources.limits.max_body_bytes));
    // The printed address (/?token=...) leaves the token with the page as a cookie that no other
    // site's request carries; the page's own requests then carry it.
    if (req.path == "/" && req.has_param("token")) {
      if (!access->token_matches(req.get_param_value("token")))
        return refused(403, "this is not the token volley serve printed: open the address it printed");
      res.set_header("Set-Cookie", access->cookie_name() + "=" + access->token() + "; Path=/; HttpOnly; SameSite=Strict");
    }
  } catch (const RequestError& e) {
    return refused(e.status(), e.what());
  }
  return httplib::Server::HandlerResponse::Unhandled;
}

void WebServer::State::routes() {
  server.set_tcp_nodelay(true);  // an event must leave at once, not wait for the next (Nagle)
  server.set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) { return admit(req, res); });
  // The last guard: whatever a handler throws becomes an answer. Bad input is a 4xx (each handler's
  // own refusals are finer); only a fault of volley's own is a 500.
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    try {
      std::rethrow_exception(ep);
    } catch (const nlohmann::json::exception& e) {
      refuse(res, 400, std::string("bad request: ") + e.what());
    } catch (const std::bad_alloc&) {
      refuse(res, 503, "not enough memory for this request");
    } catch (const std::logic_error& e) {  // invalid_argument, out_of_range, length_error: a value out of bounds
      refuse(res, 400, std::string("bad request: ") + e.what());
    } catch (const std::exception& e) {
      refuse(res, 500, std::string("internal error: ") + e.what());
    } catch (...) {
      refuse(res, 500, "internal error");
    }
  });
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    refuse(res, res.status,
           res.status == 413   ? "request body too large"
           : res.status == 404 ? "no such resource: " + req.path
                               : "bad request (" + std::to_string(res.status) + ")");
  });

  // The live page's files (sim/web/, embedded with the report's, cmake/embed_web.cmake), by path.
  static const std::pair<const char*, const char*> Files[] = {
      {"/", "live.html"},          {"/live.css", "live.css"},     {"/live.js", "live.js"},
      {"/report.js", "report.js"}, {"/report.css", "report.css"}, {"/chart.js", "chart.min.js"}};
  for (const auto& [path, name] : Files)
    for (const auto& asset : embedded_web_assets())
      if (std::string_view(asset.name) == name) {
        const std::string_view text = asset.text;
        const char* type = content_type_of(name);
        server.Get(path,
                   [text, type](const httplib::Request&, httplib::Response& res) { res.set_content(text.data(), text.size(), type); });
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
        refuse(res, 400, as_request_message(e.what()));
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
               json out = validation_json(options.sources.open(RequestScenario{name, false, {}}));
               out["name"] = name.empty() ? DefaultScenarioName : name;
               out["text"] = text;
               answer(res, 200, out);
             }));
  server.Post("/api/validate", guarded([this](const httplib::Request& req, httplib::Response& res) {
                if (req.body.size() > options.sources.limits.max_body_bytes) throw RequestError(413, "request body too large");
                const ScenarioRequest r =
                    read_scenario_request(parse_request_object(req.body, {"scenario", "text", "sets"}), options.sources.limits);
                std::optional<ScenarioDocument> doc;
                try {
                  doc = options.sources.open(r.scenario);
                  for (const auto& set : r.sets) doc->apply_set(set);
                } catch (const ScenarioErrors& e) {  // not TOML, or a --set that does not apply: still a 200, invalid
                  answer(res, 200, {{"valid", false}, {"errors", errors_json(e)}, {"keys", json::array()}});
                  return;
                }
                json out = validation_json(*doc);
                // With sets, the scenario as they make it, for the page's TOML pane (the form's
                // changes written in); without, the page keeps the text it has, comments and all.
                if (!r.sets.empty()) out["text"] = doc->file_text();
                answer(res, 200, out);
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
  server.Get("/api/status", guarded([this](const httplib::Request&, httplib::Response& res) {
               answer(res, 200,
                      {{"runs_active", registry.active()}, {"runs_started", registry.started()}, {"runs_cancelled", registry.cancelled()}});
             }));
  server.Post("/api/report", guarded([this](const httplib::Request& req, httplib::Response& res) { report(req, res); }));
  const auto study_route = [&](const char* path, auto parse) {
    server.Post(path, guarded([this, parse](const httplib::Request& req, httplib::Response& res) { study(req, res, parse); }));
  };
  study_route("/api/run", parse_run_request);
  study_route("/api/sweep", parse_sweep_request);
  study_route("/api/tune", parse_tune_request);
  study_route("/api/best", parse_best_request);
  study_route("/api/balance", parse_balance_request);
}

// The report of a result the page drew (the same front end with the data frozen in): the page sends
// back a result this server streamed, with the scenario and assignments it ran. Nothing the request
// says reaches the page as markup: report_page escapes the result for the script it goes into, and
// the map is drawn here from the scenario, never taken from the request.
void WebServer::State::report(const httplib::Request& req, httplib::Response& res) {
  json body = parse_request_object(req.body, {"result", "scenario", "text", "sets"});
  if (!body.contains("result"))
    throw RequestError(400, "give result: a result of /api/run, /api/sweep, /api/tune, /api/best or /api/balance");
  json result = std::move(body["result"]);
  // A run's or compare's result (/api/run), a sweep's (/api/sweep), a tune's (/api/tune), a best-play
  // search's (/api/best) or a balance's (/api/balance): the formats the report page draws.
  const std::string format =
      result.is_object() && result.contains("format") && result["format"].is_string() ? result["format"].get<std::string>() : "";
  const bool drawable =
      (format == "volley-result" && result.contains("estimates") && result["estimates"].is_array()) ||
      ((format == "volley-tune" || format == "volley-sweep") && result.contains("points") && result["points"].is_array()) ||
      (format == "volley-best" && result.contains("races") && result["races"].is_array()) ||
      (format == "volley-balance" && result.contains("candidates") && result["candidates"].is_array());
  if (!drawable)
    throw RequestError(400,
                       "expected a result of /api/run, /api/sweep, /api/tune, /api/best or /api/balance (format \"volley-result\", "
                       "\"volley-tune\", \"volley-best\", \"volley-sweep\" or \"volley-balance\")");
  result.erase("map_svg");
  if (body.contains("scenario") || body.contains("text")) {
    const ScenarioRequest r = read_scenario_request(body, options.sources.limits);
    const ScenarioDocument doc = options.sources.open(r.scenario, r.sets, {}, "--set");
    const uint64_t seed = result.contains("seed") && result["seed"].is_number_unsigned() ? result["seed"].get<uint64_t>() : 1;
    result["map_svg"] = map_svg(load_model(doc)->map_data(seed, 0, 0));
  }
  try {
    res.set_content(report_page(result), "text/html; charset=utf-8");
  } catch (const nlohmann::json::exception& e) {
    throw RequestError(400, std::string("the result is not one the report can draw: ") + e.what());
  }
  res.set_header("Content-Disposition", "attachment; filename=\"volley-report.html\"");
}

template <class Request>
void WebServer::State::study(const httplib::Request& req, httplib::Response& res,
                             Request (*parse)(const std::string&, const ServeLimits&)) {
  // Everything is checked before the stream starts, so that a refusal has its own status.
  const Request request = parse(req.body, options.sources.limits);
  StreamedStudy study = streamed_study(request, options.sources);
  // The command that plays the same study, which its documents carry and its report ends with.
  study.command_line = equivalent_command(study.command, json::parse(req.body), study.trials_planned);
  stream(res, request.client, std::move(study));
}

void WebServer::State::stream(httplib::Response& res, const std::string& client, StreamedStudy study) {
  const auto ticket = registry.begin(client);
  if (!ticket) throw RequestError(503, "too many runs in flight (" + std::to_string(options.sources.limits.max_runs) + "); try again");
  auto stop = ticket->stop;
  res.set_header("Cache-Control", "no-store");
  // The study plays in the stream's content provider, on this connection's thread; the provider's
  // releaser ends the ticket however the stream ends (done, client gone, server stopping).
  res.set_chunked_content_provider(
      "text/event-stream",
      [stop, id = ticket->id, study = std::move(study)](size_t, httplib::DataSink& sink) {
        const Send send = [&](const char* name, const json& data) {
          const std::string text = event(name, data);
          if (!sink.write(text.data(), text.size())) stop->store(true);  // the page went away: stop the run
        };
        send("start", {{"run", id}, {"trials_planned", study.trials_planned}});
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
        StudyControl control;
        control.stop = stop.get();
        control.tell_documents = true;
        control.progress = [&](const std::string& step, const json& piece) {
          for (const auto& e : study.events) {
            if (e.step != step || (e.result_only && !piece.contains("result"))) continue;
            if (!e.result_only) {
              send(e.event, piece);
              continue;
            }
            json document = piece.at("result");
            document["command_line"] = study.command_line;
            send(e.event, document);
          }
        };
        try {
          json done = study.play(control);
          done["command_line"] = study.command_line;
          done["stopped"] = done["partial"];
          send("done", done);
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

WebServer::WebServer(ServeOptions options) : state_(std::make_unique<State>(std::move(options))) {
  // A page that goes away mid-stream must end its run, not the process: httplib writes to sockets
  // without MSG_NOSIGNAL, so a write to a closed one would raise SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  state_->routes();
}

WebServer::~WebServer() { stop(); }

int WebServer::bind() {
  const auto& o = state_->options;
  const int port = o.port == 0 ? state_->server.bind_any_port(o.host) : (state_->server.bind_port(o.host, o.port) ? o.port : -1);
  if (port < 0)
    throw std::runtime_error("cannot listen on " + o.host + ":" + std::to_string(o.port) + " (in use, or not an address of this machine)");
  state_->access.emplace(o.token.empty() ? AccessPolicy::random_token() : o.token, AccessPolicy::names_for_bound_host(o.host), port);
  return port;
}

const std::string& WebServer::token() const { return state_->access->token(); }

void WebServer::listen() { state_->server.listen_after_bind(); }
bool WebServer::listening() const { return state_->server.is_running(); }

void WebServer::stop() {
  state_->registry.stop_all();
  state_->server.stop();
}

}  // namespace volley
