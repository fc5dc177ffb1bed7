#pragma once
// A `volley serve` in the test process, on a free loopback port for the test's lifetime, with a known
// token (sim/web/access_policy.hpp); and a raw socket client for requests no HTTP library would send.
#include "sim/web/web_server.hpp"

#include <httplib.h>

#include <chrono>
#include <string>
#include <thread>

namespace volley::testing {

inline const std::string TestToken = "test-token-0123456789";

struct TestServer {
  WebServer server;
  int port;
  std::thread thread;
  explicit TestServer(ServeOptions options = {})
      : server([&] {
          options.port = 0;
          options.token = TestToken;
          return options;
        }()),
        port(server.bind()),
        thread([this] { server.listen(); }) {}
  ~TestServer() {
    server.stop();
    thread.join();
  }
  // A client as a script is one: it sends the token (docs/api.md).
  httplib::Client client() const {
    httplib::Client c = bare_client();
    c.set_default_headers({{"Authorization", "token " + TestToken}});
    return c;
  }
  // A client that knows no token: any other page's request, as far as the server can tell.
  httplib::Client bare_client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_read_timeout(std::chrono::seconds(60));
    return c;
  }
};

// A connected loopback socket (-1 when the connection failed).
int connect_loopback(int port);
// Sends `bytes` on a new connection, ends its sending half (so a server that waits for more sees the
// end at once), and returns all the server answered before it closed (empty: it answered nothing),
// waiting at most `limit`.
std::string raw_exchange(int port, const std::string& bytes, std::chrono::milliseconds limit = std::chrono::seconds(30));
// The status of a raw answer ("HTTP/1.1 403 ..." -> 403); 0 for none.
int status_of(const std::string& answer);
// An answer's header's value ("" if none), by a case-sensitive name.
std::string header_of(const std::string& answer, const std::string& name);

}  // namespace volley::testing
