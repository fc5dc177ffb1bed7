#include "sim/web/http_server.hpp"

#include "sim/web/connection_pool.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

namespace volley {

namespace {

using Clock = std::chrono::steady_clock;

// Per thread: a request is parsed, routed and answered on one thread, so the handler's wish to close
// reaches the loop of its own connection. Not random state.
thread_local bool close_requested = false;

// Waits up to `wait` for `events` on the socket; true when one came.
bool wait_for(socket_t sock, short events, std::chrono::milliseconds wait) {
  pollfd p{sock, events, 0};
  for (;;) {
    const int n = ::poll(&p, 1, static_cast<int>(std::max<std::chrono::milliseconds::rep>(0, wait.count())));
    if (n < 0 && errno == EINTR) continue;
    return n > 0 && (p.revents & (events | POLLHUP | POLLERR)) != 0;
  }
}

void address_of(socket_t sock, bool remote, std::string& ip, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof(address);
  const int got = remote ? ::getpeername(sock, reinterpret_cast<sockaddr*>(&address), &length)
                         : ::getsockname(sock, reinterpret_cast<sockaddr*>(&address), &length);
  char host[NI_MAXHOST] = "";
  char service[NI_MAXSERV] = "";
  if (got != 0 || ::getnameinfo(reinterpret_cast<sockaddr*>(&address), length, host, sizeof(host), service, sizeof(service),
                                NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return;
  ip = host;
  port = std::atoi(service);
}

// A connection's socket as httplib's parser and writer see it. Reads stop at the request's deadline
// and at its byte budget (a read past either fails, and httplib drops the request); writes wait at
// most write_wait for room and never raise SIGPIPE.
class BoundedSocketStream : public httplib::Stream {
 public:
  BoundedSocketStream(socket_t sock, const HttpLimits& limits) : sock_(sock), limits_(limits) {}

  // A new request's first byte is here: its head and body have until the deadline, within the budget.
  void begin_request() {
    deadline_ = Clock::now() + limits_.request_time;
    budget_ = limits_.request_head_bytes + limits_.body_bytes;
  }

  bool is_readable() const override {
    if (buffered()) return true;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now());
    return left.count() > 0 && wait_for(sock_, POLLIN, std::min(left, limits_.idle_read));
  }

  bool is_writable() const override { return wait_for(sock_, POLLOUT, limits_.write_wait) && peer_still_there(); }

  // httplib reads a request's head a byte at a time: the bytes come from a buffer, a recv at a time.
  ssize_t read(char* ptr, size_t size) override {
    if (budget_ == 0) return -1;
    if (!buffered()) {
      if (!is_readable()) return -1;
      ssize_t n;
      do n = ::recv(sock_, buffer_, sizeof(buffer_), 0);
      while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      begin_ = 0;
      end_ = static_cast<size_t>(n);
    }
    const size_t taken = std::min({size, end_ - begin_, budget_});
    std::memcpy(ptr, buffer_ + begin_, taken);
    begin_ += taken;
    budget_ -= taken;
    return static_cast<ssize_t>(taken);
  }

  // Bytes received and not yet read: the start of a next request, pipelined.
  bool buffered() const { return begin_ != end_; }

  ssize_t write(const char* ptr, size_t size) override {
    if (!wait_for(sock_, POLLOUT, limits_.write_wait)) return -1;
    ssize_t n;
    do n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(sock_, true, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(sock_, false, ip, port); }
  socket_t socket() const override { return sock_; }

 private:
  // A page that went away shows as a readable socket with nothing to read (its close).
  bool peer_still_there() const {
    if (!wait_for(sock_, POLLIN, std::chrono::milliseconds(0))) return true;
    char byte;
    return ::recv(sock_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) != 0;
  }

  socket_t sock_;
  const HttpLimits& limits_;
  Clock::time_point deadline_{};
  size_t budget_ = 0;
  char buffer_[4096];
  size_t begin_ = 0;
  size_t end_ = 0;
};

// Closes a connection. With `linger`, whatever the client still sends (a request, or a body that
// was refused unread) is read and dropped for a moment after the answer, so that the close reaches it
// as an end of stream, not as a reset that could discard the answer before the client reads it.
void close_connection(socket_t sock, bool linger) {
  ::shutdown(sock, SHUT_WR);
  const auto until = Clock::now() + std::chrono::milliseconds(500);
  char drain[4096];
  while (linger && wait_for(sock, POLLIN, std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now())))
    if (::recv(sock, drain, sizeof(drain), MSG_DONTWAIT) <= 0) break;
  ::close(sock);
}

// The answer of a full pool, sent without waiting (the socket is new: its buffer has room).
void refuse_connection(socket_t sock, bool linger) {
  static const std::string body = "{\"error\":\"volley serve is busy: every connection is in use; try again\"}\n";
  static const std::string answer =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"
      "Connection: close\r\nContent-Length: " +
      std::to_string(body.size()) + "\r\n\r\n" + body;
  (void)::send(sock, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  close_connection(sock, linger);
}

}  // namespace

HttpServer::HttpServer(HttpLimits limits) : limits_(limits) {
  set_payload_max_length(limits_.body_bytes);
  const size_t threads = limits_.connections;
  new_task_queue = [threads] { return new ConnectionPool(threads, 64); };
}

void HttpServer::close_after_response() { close_requested = true; }

void HttpServer::raise_backlog() { ::listen(svr_sock_, static_cast<int>(limits_.connections)); }

int HttpServer::bind_any_port(const std::string& host) {
  const int port = bind_to_any_port(host);
  if (port > 0) raise_backlog();
  return port;
}

bool HttpServer::bind_port(const std::string& host, int port) {
  if (!bind_to_port(host, port)) return false;
  raise_backlog();
  return true;
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  if (ConnectionPool::duty() != ConnectionPool::Duty::Serve) {
    refuse_connection(sock, ConnectionPool::duty() == ConnectionPool::Duty::Refuse);
    return false;
  }
  BoundedSocketStream stream(sock, limits_);
  bool served = false;
  // Keep-alive: up to keep_alive_max_count_ requests, each waited for up to idle_read, and none once
  // the server stops listening (svr_sock_ closed).
  for (size_t left = keep_alive_max_count_; left > 0; --left) {
    bool arrived = stream.buffered();
    for (auto waited = std::chrono::milliseconds(0); !arrived && waited < limits_.idle_read && svr_sock_ != INVALID_SOCKET;
         waited += std::chrono::milliseconds(100))
      arrived = wait_for(sock, POLLIN, std::chrono::milliseconds(100));
    if (!arrived || svr_sock_ == INVALID_SOCKET) break;
    stream.begin_request();
    close_requested = false;
    bool connection_closed = false;
    served = process_request(stream, left == 1, connection_closed, nullptr);
    if (!served || connection_closed || close_requested) break;
  }
  close_connection(sock, close_requested || !served);
  return served;
}

}  // namespace volley
