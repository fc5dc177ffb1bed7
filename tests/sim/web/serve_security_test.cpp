// `volley serve` as a hostile page or client would use it (docs/api.md, "Access" and "Limits"): only
// its own page and scripts with its token may use the API; no request, however malformed, ends the
// server or draws a 500; slow and many clients cannot keep a real one out.
#include "sim/scenario/embedded_scenarios.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/tally_size.hpp"
#include "sim/web/live_request.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/sim/web/test_server.hpp"

#include <catch2/catch.hpp>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <fstream>
#include <future>
#include <random>
#include <thread>

using namespace volley;
using namespace volley::testing;
using nlohmann::json;

namespace {

uint64_t runs_started(const TestServer& s) {
  const auto r = s.client().Get("/api/status");
  REQUIRE(r);
  REQUIRE(r->status == 200);
  return json::parse(r->body)["runs_started"].get<uint64_t>();
}

// A request as a browser or a script writes it, with the headers given (each "Name: value").
std::string request(const std::string& method, const std::string& target, const std::string& host, const std::vector<std::string>& headers,
                    const std::string& body = "") {
  std::string text = method + " " + target + " HTTP/1.1\r\nHost: " + host + "\r\n";
  for (const auto& h : headers) text += h + "\r\n";
  if (!body.empty() || method == "POST") text += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  return text + "\r\n" + body;
}

const std::string RunBody = R"({"trials": 4096})";
const std::string SweepBody = R"({"param": "german.units.Z1.figures=6:10:2", "trials": 4096})";

}  // namespace

TEST_CASE("serve access: without the token, with a foreign Host or a foreign Origin, a request gets 403 and starts nothing",
          "[sim][serve][security]") {
  TestServer s;
  const std::string own = "127.0.0.1:" + std::to_string(s.port);
  const std::string token = "Authorization: token " + TestToken;
  const uint64_t before = runs_started(s);

  // No token: the API refuses, whatever asks (a script, a no-cors POST of text/plain, an <img>'s GET).
  CHECK(status_of(raw_exchange(s.port, request("GET", "/api/scenarios", own, {}))) == 403);
  CHECK(status_of(raw_exchange(s.port, request("POST", "/api/run", own, {"Content-Type: text/plain"}, RunBody))) == 403);
  CHECK(status_of(raw_exchange(s.port, request("POST", "/api/sweep", own, {}, SweepBody))) == 403);
  CHECK(status_of(raw_exchange(s.port, request("POST", "/api/stop", own, {}, R"({"client": "x"})"))) == 403);
  CHECK(status_of(raw_exchange(s.port, request("GET", "/api/status", own, {"Authorization: token wrong-token-0123456789"}))) == 403);
  // A foreign Host (DNS rebinding: another name that resolves to 127.0.0.1), with the token, on any path.
  for (const std::string& host : std::vector<std::string>{"rebind.example:" + std::to_string(s.port), "127.0.0.1:1", "127.0.0.1",
                                                          "localhost.evil:" + std::to_string(s.port)}) {
    INFO(host);
    CHECK(status_of(raw_exchange(s.port, request("GET", "/", host, {token}))) == 403);
    CHECK(status_of(raw_exchange(s.port, request("GET", "/api/scenario?name=herero-ambush", host, {token}))) == 403);
    CHECK(status_of(raw_exchange(s.port, request("POST", "/api/run", host, {token}, RunBody))) == 403);
    CHECK(status_of(raw_exchange(s.port, request("POST", "/api/sweep", host, {token}, SweepBody))) == 403);
  }
  CHECK(status_of(raw_exchange(s.port, "GET / HTTP/1.0\r\n\r\n")) == 403);  // no Host at all
  // A foreign Origin, even with the token (the cookie goes with a request from another port of this host).
  for (const std::string& origin : std::vector<std::string>{"http://evil.example", "http://127.0.0.1:1", "null", "https://" + own}) {
    INFO(origin);
    CHECK(status_of(raw_exchange(s.port, request("POST", "/api/run", own, {token, "Origin: " + origin}, RunBody))) == 403);
    CHECK(status_of(raw_exchange(s.port, request("POST", "/api/sweep", own, {token, "Origin: " + origin}, SweepBody))) == 403);
    CHECK(status_of(raw_exchange(s.port, request("GET", "/", own, {"Origin: " + origin}))) == 403);
  }
  // A browser's request from another page of this host's ports: its Sec-Fetch-Site says so.
  CHECK(status_of(raw_exchange(s.port, request("GET", "/api/status", own, {token, "Sec-Fetch-Site: same-site"}))) == 403);
  CHECK(runs_started(s) == before);

  // The server's own page and a script with the token are served; no answer opens the API to others.
  const std::string allowed = raw_exchange(
      s.port, request("GET", "/api/scenarios", own, {token, "Origin: http://" + own, "Sec-Fetch-Site: same-origin", "Connection: close"}));
  CHECK(status_of(allowed) == 200);
  CHECK(header_of(allowed, "Access-Control-Allow-Origin").empty());
  for (const std::string& host : std::vector<std::string>{"localhost:" + std::to_string(s.port), "[::1]:" + std::to_string(s.port),
                                                          "LOCALHOST:" + std::to_string(s.port)})
    CHECK(status_of(raw_exchange(s.port, request("GET", "/api/status", host, {token, "Connection: close"}))) == 200);
}

TEST_CASE("serve access: the printed address leaves the token with the page as a SameSite=Strict cookie that opens the API",
          "[sim][serve][security]") {
  TestServer s;
  const std::string own = "127.0.0.1:" + std::to_string(s.port);
  const std::string page = raw_exchange(s.port, request("GET", "/?token=" + TestToken, own, {"Connection: close"}));
  REQUIRE(status_of(page) == 200);
  const std::string cookie = header_of(page, "Set-Cookie");
  const std::string name = "volley-token-" + std::to_string(s.port);
  CHECK(cookie.starts_with(name + "=" + TestToken + ";"));
  CHECK(cookie.find("SameSite=Strict") != std::string::npos);
  CHECK(cookie.find("HttpOnly") != std::string::npos);
  // The page's own requests carry the cookie; a wrong one is refused; ?token= serves a script too.
  CHECK(status_of(raw_exchange(
            s.port, request("GET", "/api/scenarios", own, {"Cookie: a=b; " + name + "=" + TestToken, "Connection: close"}))) == 200);
  CHECK(status_of(raw_exchange(s.port, request("GET", "/api/scenarios", own, {"Cookie: " + name + "=" + TestToken + "x"}))) == 403);
  CHECK(status_of(raw_exchange(s.port, request("GET", "/api/scenarios?token=" + TestToken, own, {"Connection: close"}))) == 200);
  // A wrong token gets no cookie.
  const std::string wrong = raw_exchange(s.port, request("GET", "/?token=guessed-token-0000", own, {"Connection: close"}));
  CHECK(status_of(wrong) == 403);
  CHECK(header_of(wrong, "Set-Cookie").empty());
  // The page itself (no API) loads without a token, so that it can say how to get one.
  CHECK(status_of(raw_exchange(s.port, request("GET", "/", own, {"Connection: close"}))) == 200);
}

TEST_CASE("serve report: POST /api/report draws the map from the scenario and takes no markup from the request", "[sim][serve][security]") {
  TestServer s;
  auto client = s.client();
  // A result as /api/run streams it, then tampered with: its map replaced by markup of the request's.
  std::string result_text;
  {
    httplib::Request req;
    req.method = "POST";
    req.path = "/api/run";
    req.body = R"({"trials": 4096, "seed": 3})";
    req.set_header("Content-Type", "application/json");
    req.set_header("Authorization", "token " + TestToken);
    req.content_receiver = [&](const char* data, size_t n, uint64_t, uint64_t) {
      result_text.append(data, n);
      return true;
    };
    REQUIRE(s.bare_client().send(req));
  }
  const auto done_at = result_text.rfind("event: done\ndata: ");
  REQUIRE(done_at != std::string::npos);
  json result = json::parse(result_text.substr(done_at + 18));
  REQUIRE(result.contains("map_svg"));
  result["map_svg"] = "<svg><foreignObject><img src=x onerror=\"evil_marker()\"></foreignObject></svg>";
  const auto drawn = client.Post("/api/report", json{{"result", result}, {"scenario", "herero-ambush"}}.dump(), "application/json");
  REQUIRE(drawn);
  CHECK(drawn->status == 200);
  CHECK(drawn->body.find("evil_marker") == std::string::npos);
  CHECK(drawn->body.find("map_svg") != std::string::npos);  // the server's own map
  const auto no_scenario = client.Post("/api/report", json{{"result", result}}.dump(), "application/json");
  REQUIRE(no_scenario);
  CHECK(no_scenario->status == 200);
  CHECK(no_scenario->body.find("evil_marker") == std::string::npos);
  CHECK(client.Post("/api/report", result.dump(), "application/json")->status == 400);  // a bare result: unknown keys
}

TEST_CASE("serve robustness: thousands of random and malformed requests get no 500, and the server still answers correctly",
          "[sim][serve][security]") {
  ServeOptions options;
  options.sources.limits.max_body_bytes = 64 << 10;
  options.sources.limits.request_time = std::chrono::seconds(5);
  TestServer s(options);
  const std::string own = "127.0.0.1:" + std::to_string(s.port);
  const std::string token = "Authorization: token " + TestToken;
  std::mt19937_64 random(20261202);  // a fixed seed: the same requests every run
  const auto pick = [&](auto const& list) { return list[random() % std::size(list)]; };
  const auto bytes = [&](size_t n) {
    std::string out(n, '\0');
    for (auto& c : out) c = static_cast<char>(random());
    return out;
  };
  const auto escaped_bytes = [&](size_t n) {
    static const char Hex[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < n; ++i) {
      const unsigned b = static_cast<unsigned>(random() % 256);
      out += std::string("%") + Hex[b >> 4] + Hex[b & 15];
    }
    return out;
  };
  const char* paths[] = {"/",           "/api/run",      "/api/sweep",     "/api/tune",   "/api/best", "/api/validate", "/api/stop",
                         "/api/report", "/api/scenario", "/api/scenarios", "/api/status", "/live.js",  "/nosuch"};
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string bodies[] = {
      deep,
      R"({"sets": )" + deep + "}",
      R"({"vs": [)" + std::string(70, '{') + std::string(70, '}') + "]}",
      R"({"trials": 1e999})",
      R"({"trials": -1e999})",
      R"({"trials": 18446744073709551616})",
      R"({"trials": 1e308})",
      R"({"seed": 1e999})",
      R"({"level": 1e999})",
      R"({"steps": 99999999999999999999})",
      R"({"run": 1e999})",
      R"({"sets": ["herero.policy=)" + std::string("\xff\xfe") + R"("]})",
      "{\"scenario\": \"\xc0\x80\"}",
      R"({"text": "\ud800"})",
      R"({"param": "german.units.Z1.figures=1e999:1e999", "target": "herero.win=1e999"})",
      R"({"param": ["german.units.Z1.figures=1:1e308:1e-308"]})",
      R"({"param": [[]], "seed": "0x"})",
      R"({"param": ["visibility=1:1000:1", "german.units.Z1.figures=1:1000:1"]})",
      R"({"result": {"format": "volley-result", "estimates": [1e999]}})",
      R"({"result": {"format": "volley-tune", "points": [[[[]]]]}})",
      R"({"precision": "herero.win=1e-999"})",
      R"({"trials": 1, "sets": ["ruleset.fire_die=1e999"]})",
      R"({"trials": 1, "sets": ["german.units.Z1.figures=99999999999999999999"]})",
      "{\"trials\": 10",
      "[",
      "{\"a\":",
      "\"",
      "",
  };
  size_t answered = 0;
  std::vector<std::string> server_errors;
  for (int i = 0; i < 2000; ++i) {
    std::string target = pick(paths);
    std::string head_extra;
    std::string body;
    switch (i % 8) {
      case 0:
        target += escaped_bytes(1 + random() % 8);
        break;  // not UTF-8 in the path
      case 1:
        target += "?name=" + escaped_bytes(1 + random() % 8) + "&token=" + escaped_bytes(4);
        break;
      case 2:
        target += bytes(1 + random() % 6);
        break;  // raw bytes in the request line
      case 3:
        head_extra = "X-Junk: " + bytes(1 + random() % 64) + "\r\n";
        break;  // raw bytes in a header
      case 4:
        body = pick(bodies);
        break;  // hostile JSON
      case 5:
        body = bytes(random() % 2048);
        break;  // not JSON at all
      case 6:
        break;
      case 7:
        break;
    }
    std::string text;
    const std::string method = body.empty() && i % 8 != 6 ? "GET" : "POST";
    if (i % 8 == 6) {  // a chunked body cut short, or with a chunk size that is not a number or is absurd
      text =
          "POST " + target + " HTTP/1.1\r\nHost: " + own + "\r\n" + token + "\r\nTransfer-Encoding: chunked\r\n\r\n" +
          pick(std::array<std::string, 4>{"5\r\nab", "zz\r\nabc\r\n", "ffffffffffffffffffff\r\n", "10000\r\n" + std::string(70000, 'x')});
    } else if (i % 8 == 7) {  // a disconnect part way through the head, or a body shorter than declared
      text = pick(std::array<std::string, 3>{
          "GET /api/status HTTP/1.1\r\nHo",
          "POST /api/run HTTP/1.1\r\nHost: " + own + "\r\n" + token + "\r\nContent-Length: 100\r\n\r\n{\"tri", "G"});
    } else {
      text =
          method + " " + target + " HTTP/1.1\r\nHost: " + own + "\r\n" + token + "\r\n" + head_extra + "Content-Type: application/json\r\n";
      if (method == "POST") text += "Content-Length: " + std::to_string(body.size()) + "\r\n";
      text += "Connection: close\r\n\r\n" + body;
    }
    const std::string answer = raw_exchange(s.port, text);
    const int status = status_of(answer);
    if (status != 0) ++answered;
    if (status >= 500 && status != 503)
      server_errors.push_back(std::to_string(status) + " for request " + std::to_string(i) + ": " + answer.substr(0, 300));
    // Every request must be answered at once, but a stream (a valid run) is read to its end: none is valid here.
  }
  INFO((server_errors.empty() ? std::string() : server_errors.front()));
  CHECK(server_errors.empty());
  CHECK(answered > 1500);
  // Still answering, and correctly: a run streams to its end and its counts are those of any run.
  auto client = s.client();
  const auto status = client.Get("/api/status");
  REQUIRE(status);
  CHECK(status->status == 200);
  const auto run = client.Post("/api/run", RunBody, "application/json");
  REQUIRE(run);
  CHECK(run->status == 200);
  CHECK(run->body.find("event: done") != std::string::npos);
}

TEST_CASE(
    "serve limits: 100 clients sending a byte a second neither keep the page from loading in 2 s nor hold a thread past the "
    "request deadline",
    "[sim][serve][security]") {
  ServeOptions options;
  options.sources.limits.request_time = std::chrono::seconds(3);
  TestServer s(options);
  std::vector<int> slow;
  for (int i = 0; i < 100; ++i) {
    const int sock = connect_loopback(s.port);
    REQUIRE(sock >= 0);
    slow.push_back(sock);
  }
  const std::string trickle = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + std::string(1000, 'a');
  std::atomic<bool> done{false};
  std::atomic<int> cut{0};
  std::thread sender([&] {
    std::vector<bool> open(slow.size(), true);
    for (size_t at = 0; !done.load() && at < trickle.size(); ++at) {
      for (size_t k = 0; k < slow.size(); ++k)
        if (open[k] && ::send(slow[k], &trickle[at], 1, MSG_NOSIGNAL) != 1) {
          open[k] = false;
          ++cut;
        }
      for (int t = 0; t < 10 && !done.load(); ++t) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  std::this_thread::sleep_for(std::chrono::seconds(1));
  // A real client loads the page and everything it asks for, while the slow ones hold their connections.
  auto client = s.client();
  client.set_keep_alive(true);
  const auto start = std::chrono::steady_clock::now();
  for (const char* path :
       {"/", "/live.css", "/live.js", "/report.js", "/report.css", "/chart.js", "/api/scenarios", "/api/scenario?name=herero-ambush"}) {
    const auto r = client.Get(path);
    INFO(path);
    REQUIRE(r);
    CHECK(r->status == 200);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 2.0);
  // The deadline (3 s from a request's first byte) ends every slow connection: the server closes them.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  int closed = 0;
  for (const int sock : slow) {
    char b;
    timeval wait{1, 0};
    ::setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof(wait));
    while (std::chrono::steady_clock::now() < until) {
      const ssize_t n = ::recv(sock, &b, 1, 0);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) {
        ++closed;
        break;
      }
    }
  }
  done.store(true);
  sender.join();
  for (const int sock : slow) ::close(sock);
  CHECK(closed == 100);
}

TEST_CASE("serve limits: a connection beyond the pool is answered 503 at once, and served again once one is free",
          "[sim][serve][security]") {
  ServeOptions options;
  options.sources.limits.max_connections = 8;
  TestServer s(options);
  std::vector<int> idle;
  for (int i = 0; i < 8; ++i) idle.push_back(connect_loopback(s.port));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // each taken by a thread, waiting for its request
  const std::string own = "127.0.0.1:" + std::to_string(s.port);
  const std::string full = raw_exchange(s.port, request("GET", "/api/status", own, {"Authorization: token " + TestToken}));
  CHECK(status_of(full) == 503);
  CHECK(header_of(full, "Retry-After") == "1");
  for (const int sock : idle) ::close(sock);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(status_of(raw_exchange(s.port, request("GET", "/api/status", own, {"Authorization: token " + TestToken, "Connection: close"}))) ==
        200);
}

TEST_CASE("serve limits: a body over the limit is refused with 413 before it is read, a chunked one cut at the limit",
          "[sim][serve][security]") {
  ServeOptions options;
  options.sources.limits.max_body_bytes = 64 << 10;
  TestServer s(options);
  const std::string own = "127.0.0.1:" + std::to_string(s.port);
  const std::string token = "Authorization: token " + TestToken;
  // 100 MiB declared: answered at once, without reading (the connection closes).
  const std::string declared = "POST /api/run HTTP/1.1\r\nHost: " + own + "\r\n" + token + "\r\nContent-Length: 104857600\r\n\r\n{";
  CHECK(status_of(raw_exchange(s.port, declared)) == 413);
  // A chunked body past the limit: the server stops reading at the limit and refuses.
  std::string chunked = "POST /api/run HTTP/1.1\r\nHost: " + own + "\r\n" + token + "\r\nTransfer-Encoding: chunked\r\n\r\n";
  for (int i = 0; i < 40; ++i) chunked += "1000\r\n" + std::string(4096, ' ') + "\r\n";
  chunked += "0\r\n\r\n";
  const int status = status_of(raw_exchange(s.port, chunked));
  CHECK(status >= 400);
  CHECK(status < 500);
}

TEST_CASE("serve limits: a scenario whose tallies would not fit the server's memory bound is refused with 413 before anything plays",
          "[sim][serve][security]") {
  // A tally keeps a bin for every value of each metric's range, which the command line allows up to
  // 2 GiB a worker: one run of a valid scenario with a unit of 100,000 figures took gigabytes of the
  // server's memory, and a few at once would have ended it.
  TestServer s;
  auto client = s.client();
  const auto post = [&](const char* path, const json& body) {
    const auto r = client.Post(path, body.dump(), "application/json");
    REQUIRE(r);
    return std::make_pair(r->status, r->status == 200 ? std::string() : json::parse(r->body).value("error", std::string()));
  };
  const uint64_t before = runs_started(s);
  const json big = {"german.units.Z1.figures=100000"};
  const auto start = std::chrono::steady_clock::now();
  for (const auto& [path, body] : std::vector<std::pair<const char*, json>>{
           {"/api/run", {{"sets", big}, {"trials", 1}}},
           {"/api/run", {{"sets", big}, {"vs", {"herero.policy=never"}}, {"trials", 1}}},
           {"/api/sweep", {{"sets", big}, {"param", "herero.policy=never,always"}, {"trials", 1}}},
           {"/api/tune", {{"sets", big}, {"param", "german.units.Z2.figures=4:20"}, {"target", "herero.win=0.5"}, {"trials", 1}}},
       }) {
    INFO(path << " " << body.dump());
    const auto [status, message] = post(path, body);
    CHECK(status == 413);
    CHECK(message.find("histogram bins") != std::string::npos);
  }
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  CHECK(runs_started(s) == before);
}

TEST_CASE("serve limits: a tally past max_tally_bins, and a sweep's or a balance's tallies past max_study_bins, are refused with 413",
          "[sim][serve][security]") {
  // The bounds at the default scenario's own size, which no policy changes: a run keeps one tally of
  // `bins`; a sweep of the policy keeps one a point; a balance one a setting.
  const auto shipped = std::find_if(embedded_scenarios().begin(), embedded_scenarios().end(),
                                    [](const EmbeddedScenario& e) { return std::string(e.name) == DefaultScenarioName; });
  REQUIRE(shipped != embedded_scenarios().end());
  const int64_t bins = tally_bins(*load_model(ScenarioDocument::from_string(shipped->text, "t"))->make_job(0)->schema());
  const auto status_with = [&](int64_t tally_bins_bound, int64_t study_bins_bound, const char* path, const json& body) {
    ServeOptions options;
    options.sources.limits.max_tally_bins = tally_bins_bound;
    options.sources.limits.max_study_bins = study_bins_bound;
    TestServer s(options);
    auto client = s.client();
    const auto r = client.Post(path, body.dump(), "application/json");
    REQUIRE(r);
    return r->status;
  };
  const json run = {{"trials", 64}};
  CHECK(status_with(bins, bins, "/api/run", run) == 200);
  CHECK(status_with(bins - 1, bins, "/api/run", run) == 413);
  const json two = {{"param", "herero.policy=never,always"}, {"trials", 64}};
  const json three = {{"param", "herero.policy=never,always,turns:[1]"}, {"trials", 64}};
  CHECK(status_with(bins, 2 * bins, "/api/sweep", two) == 200);
  CHECK(status_with(bins, 2 * bins, "/api/sweep", three) == 413);
  // Three settings, Z1 of 6, 7 and 8 figures (each keeps fewer bins than the base, of 10).
  const json balance = {{"free", {"german.units.Z1.figures=6:8"}}, {"goal", {"herero.win=0.5"}}, {"trials", 256}};
  CHECK(status_with(2 * bins, 6 * bins, "/api/balance", balance) == 200);
  CHECK(status_with(2 * bins, 2 * bins, "/api/balance", balance) == 413);
}

TEST_CASE("serve: SIGTERM or SIGINT with a stream open ends serve with 143 or 130, as every command", "[sim][serve][security]") {
  for (const int signal : {SIGTERM, SIGINT}) {
    INFO(signal);
    const std::string directory = fresh_directory("serve-signal-" + std::to_string(signal));
    const std::string out = directory + "/out";
    const pid_t pid = start_volley({"serve", "--port", "0", "--token", TestToken}, directory, out);
    int port = 0;
    for (int i = 0; i < 2400 && port == 0; ++i) {
      const std::string text = read_file(out);
      if (const auto at = text.find("http://127.0.0.1:"); at != std::string::npos) port = std::atoi(text.c_str() + at + 17);
      else std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    REQUIRE(port > 0);
    REQUIRE(wait_until_catching(pid, signal));
    // A long run streaming when the signal comes.
    std::promise<void> first;
    auto streaming = std::async(std::launch::async, [&] {
      httplib::Client c("127.0.0.1", port);
      c.set_read_timeout(std::chrono::seconds(60));
      httplib::Request req;
      req.method = "POST";
      req.path = "/api/run";
      req.body = R"({"trials": 100000000})";
      req.set_header("Authorization", "token " + TestToken);
      bool told = false;
      req.content_receiver = [&](const char*, size_t, uint64_t, uint64_t) {
        if (!told) first.set_value();
        told = true;
        return true;
      };
      (void)c.send(req);
      if (!told) first.set_value();
    });
    first.get_future().wait();
    ::kill(pid, signal);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 128 + signal);
    streaming.get();
  }
}
