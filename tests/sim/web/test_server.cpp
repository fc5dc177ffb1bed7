#include "tests/sim/web/test_server.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace volley::testing {

int connect_loopback(int port) {
  const int sock = ::socket(AF_INET, SOCK_STREAM, 0);
  if (sock < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(sock, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0) {
    ::close(sock);
    return -1;
  }
  return sock;
}

std::string raw_exchange(int port, const std::string& bytes, std::chrono::milliseconds limit) {
  const int sock = connect_loopback(port);
  if (sock < 0) return {};
  // A server may answer and close before all is sent (a refusal): what it answered still counts.
  for (size_t sent = 0; sent < bytes.size();) {
    const ssize_t n = ::send(sock, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<size_t>(n);
  }
  ::shutdown(sock, SHUT_WR);
  std::string answer;
  const auto until = std::chrono::steady_clock::now() + limit;
  char buffer[4096];
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
    pollfd p{sock, POLLIN, 0};
    if (left <= 0 || ::poll(&p, 1, static_cast<int>(left)) <= 0) break;
    const ssize_t n = ::recv(sock, buffer, sizeof(buffer), 0);
    if (n <= 0) break;
    answer.append(buffer, static_cast<size_t>(n));
  }
  ::close(sock);
  return answer;
}

int status_of(const std::string& answer) {
  if (answer.size() < 12 || !answer.starts_with("HTTP/1.")) return 0;
  return std::atoi(answer.substr(9, 3).c_str());
}

std::string header_of(const std::string& answer, const std::string& name) {
  const auto head_end = answer.find("\r\n\r\n");
  const std::string head = answer.substr(0, head_end);
  const auto at = head.find("\r\n" + name + ": ");
  if (at == std::string::npos) return {};
  const auto start = at + name.size() + 4;
  return head.substr(start, head.find("\r\n", start) - start);
}

}  // namespace volley::testing
