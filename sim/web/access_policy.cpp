#include "sim/web/access_policy.hpp"

#include <ifaddrs.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <random>
#include <stdexcept>

namespace volley {

namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string bracketed(const std::string& address) {
  return address.find(':') != std::string::npos && address.front() != '[' ? "[" + address + "]" : address;
}

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]"; }
bool is_wildcard(const std::string& host) { return host.empty() || host == "0.0.0.0" || host == "::" || host == "[::]"; }

// Every address of this machine's interfaces, numeric, IPv6 bracketed and without a zone.
std::vector<std::string> interface_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return out;
  for (const ifaddrs* a = list; a != nullptr; a = a->ifa_next) {
    if (a->ifa_addr == nullptr || (a->ifa_addr->sa_family != AF_INET && a->ifa_addr->sa_family != AF_INET6)) continue;
    char host[NI_MAXHOST];
    const socklen_t length = a->ifa_addr->sa_family == AF_INET ? sizeof(sockaddr_in) : sizeof(sockaddr_in6);
    if (::getnameinfo(a->ifa_addr, length, host, sizeof(host), nullptr, 0, NI_NUMERICHOST) != 0) continue;
    std::string address(host);
    address = address.substr(0, address.find('%'));
    out.push_back(bracketed(address));
  }
  ::freeifaddrs(list);
  return out;
}

// Equal texts in a time that does not depend on where they first differ (the length is no secret).
bool same_text(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || b.empty()) return false;
  unsigned char differ = 0;
  for (size_t i = 0; i < a.size(); ++i) differ |= static_cast<unsigned char>(a[i] ^ b[i]);
  return differ == 0;
}

}  // namespace

AccessPolicy::AccessPolicy(std::string token, std::vector<std::string> names, int port) : token_(std::move(token)), port_(port) {
  for (const auto& name : names) {
    const std::string n = lowercase(bracketed(name));
    hosts_.push_back(n + ":" + std::to_string(port));
    if (port == 80) hosts_.push_back(n);
  }
}

std::vector<std::string> AccessPolicy::names_for_bound_host(const std::string& host) {
  if (is_loopback(host)) return {"127.0.0.1", "localhost", "[::1]"};
  if (!is_wildcard(host)) return {bracketed(host)};
  std::vector<std::string> names = interface_addresses();
  names.emplace_back("localhost");
  char name[256] = "";
  if (::gethostname(name, sizeof(name) - 1) == 0 && name[0] != '\0') names.emplace_back(name);
  return names;
}

std::string AccessPolicy::random_token() {
  std::random_device device;  // /dev/urandom
  static const char Hex[] = "0123456789abcdef";
  std::string token;
  for (int i = 0; i < 4; ++i) {
    const uint32_t word = device();
    for (int nibble = 0; nibble < 8; ++nibble) token += Hex[(word >> (4 * nibble)) & 0xF];
  }
  return token;
}

void AccessPolicy::check_token_text(const std::string& token) {
  const bool allowed = std::all_of(token.begin(), token.end(),
                                   [](unsigned char c) { return std::isalnum(c) || c == '.' || c == '_' || c == '~' || c == '-'; });
  if (token.size() < 8 || token.size() > 256 || !allowed)
    throw std::invalid_argument("--token: expected 8 to 256 characters of letters, digits, '.', '_', '~' and '-'");
}

bool AccessPolicy::token_matches(std::string_view candidate) const { return same_text(candidate, token_); }

bool AccessPolicy::host_allowed(const std::string& host) const {
  return std::find(hosts_.begin(), hosts_.end(), lowercase(host)) != hosts_.end();
}

AccessVerdict AccessPolicy::check(const AccessRequest& r) const {
  // Step 1: the Host names this server (DNS rebinding names another).
  if (r.host == nullptr || !host_allowed(*r.host))
    return {403, "this server answers only at its own address (" + hosts_.front() + "), not at Host '" + (r.host ? *r.host : "") + "'"};
  // Step 2: a browser's request from another page says so in its Origin.
  if (r.origin != nullptr && lowercase(*r.origin) != "http://" + lowercase(*r.host))
    return {403, "requests from other pages are refused (Origin '" + *r.origin + "')"};
  if (!r.path.starts_with("/api/")) return {};
  // Step 3: the API needs the token, from this server's own page.
  if (r.fetch_site != nullptr && *r.fetch_site != "same-origin" && *r.fetch_site != "none")
    return {403, "requests from other pages are refused (Sec-Fetch-Site '" + *r.fetch_site + "')"};
  if (!token_matches(r.token))
    return {403,
            "the API needs the token that volley serve printed: open the address it printed (…/?token=…), or send "
            "'Authorization: token TOKEN' (docs/api.md)"};
  return {};
}

}  // namespace volley
