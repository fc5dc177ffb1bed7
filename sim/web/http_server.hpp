#pragma once
// The transport under `volley serve`: cpp-httplib's Server with the bounds a local server needs
// against slow, many and oversized clients (docs/api.md, "Limits"). httplib 0.11 (Debian bookworm)
// bounds none of these: its read timeout restarts at every byte (a client sending one byte a second
// holds a thread for hours), its thread pool queues connections without bound, a chunked body grows
// without bound, and its listen backlog is 5. So this class serves each connection itself, through
// httplib's request parser and router (Server::process_request), over a socket stream that enforces:
//   - a deadline for a request's head and body to arrive, counted from its first byte, and a budget
//     of bytes per request (head allowance + the body limit), so no body is read past the limit;
//   - a bounded pool of connection threads: a connection beyond it is answered 503 at once;
//   - a listen backlog sized to the pool.
// A response (an event stream may last minutes) has no deadline: only each write's timeout.
#include <httplib.h>

#include <chrono>
#include <cstddef>

namespace volley {

struct HttpLimits {
  size_t connections = 256;                        // connection threads; the next is answered 503
  size_t request_head_bytes = 64 << 10;            // request line and headers, at most
  size_t body_bytes = 1 << 20;                     // a request body, at most (413 past it)
  std::chrono::milliseconds request_time{10'000};  // a request's head and body, from its first byte
  std::chrono::milliseconds idle_read{5'000};      // silence within a request, or between two on one connection
  std::chrono::milliseconds write_wait{5'000};     // one write to a client that reads nothing
};

class HttpServer : public httplib::Server {
 public:
  explicit HttpServer(HttpLimits limits);
  // httplib's bind; then the backlog is raised to the pool's size.
  int bind_any_port(const std::string& host);
  bool bind_port(const std::string& host, int port);

  // A handler (the pre-routing one, say) that refuses a request whose body has not been read asks the
  // connection to close after the answer: the unread body must not be parsed as the next request.
  static void close_after_response();

  const HttpLimits& limits() const { return limits_; }

 private:
  bool process_and_close_socket(socket_t sock) override;
  void raise_backlog();
  HttpLimits limits_;
};

}  // namespace volley
