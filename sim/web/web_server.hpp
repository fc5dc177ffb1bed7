#pragma once
// `volley serve`'s HTTP server: the live page and the JSON API under /api/ (docs/api.md), on
// cpp-httplib (Debian libcpp-httplib-dev). Each connection is served by a thread of httplib's pool;
// a run plays on its connection's thread through the TBB driver, so a run never blocks the server,
// only its own stream. httplib stays out of this header: the server is an opaque object here.
#include "sim/web/live_request.hpp"

#include <memory>
#include <string>

namespace volley {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;    // 0: any free port (the tests)
  std::string token;  // the API's token (sim/web/access_policy.hpp); empty: a random one at bind()
  ScenarioSources sources;
};

class WebServer {
 public:
  explicit WebServer(ServeOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the address; returns the port (the one chosen when options.port is 0). Throws
  // std::runtime_error when the address cannot be bound.
  int bind();
  // The token every /api/ request must carry (after bind()).
  const std::string& token() const;
  // Serves until stop(); call after bind().
  // Whether listen() is running: httplib's stop() acts only then (command_serve.cpp waits for it).
  bool listening() const;
  void listen();
  // Stops every run in flight (at its next block boundary) and the server. Safe from any thread.
  void stop();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace volley
