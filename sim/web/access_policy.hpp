#pragma once
// Who may use `volley serve` (docs/api.md, "Access"): only its own page and scripts that hold its
// token, as Jupyter's server does. A local server is reachable by every page the designer's browser
// opens: a page on another site can send it simple requests (a no-cors POST, a form, an <img>), and
// through DNS rebinding (a name of the attacker's that resolves to 127.0.0.1) read its answers. So:
//   1. every request's Host must be an address the server was bound to (with its port): a rebound
//      name is refused whatever the path;
//   2. a request with an Origin must come from the server's own origin;
//   3. every /api/ request carries the token (the page's cookie, SameSite=Strict, set when the
//      printed address with ?token= is opened; or `Authorization: token T` or ?token=T from a
//      script), and a browser's Sec-Fetch-Site, when sent, says same-origin (cookies go with
//      requests from other ports of the same host, which are the same "site").
// Nothing here knows HTTP's library: the server hands in the request's parts.
#include <string>
#include <string_view>
#include <vector>

namespace volley {

struct AccessRequest {
  std::string_view path;
  const std::string* host = nullptr;        // the Host header, if any
  const std::string* origin = nullptr;      // the Origin header, if any
  const std::string* fetch_site = nullptr;  // the Sec-Fetch-Site header, if any
  std::string_view token;                   // the token the request carries, if any
};

struct AccessVerdict {
  int status = 0;  // 0: allowed; else 403
  std::string message;
};

class AccessPolicy {
 public:
  // `names`: the host names and addresses (IPv6 bracketed) the server answers to, as given by
  // names_for_bound_host.
  AccessPolicy(std::string token, std::vector<std::string> names, int port);

  // The names a server bound to `host` answers to: loopback's three (127.0.0.1, localhost, [::1])
  // for a loopback address; for a wildcard (0.0.0.0, ::), every address of this machine's
  // interfaces, its host name and localhost; else `host` itself.
  static std::vector<std::string> names_for_bound_host(const std::string& host);
  // A token from /dev/urandom: 32 hexadecimal digits (128 bits).
  static std::string random_token();
  // Throws std::invalid_argument (naming --token) unless `token` is 8 to 256 characters of
  // [A-Za-z0-9._~-]: it goes into a cookie, a header and a URL as it is.
  static void check_token_text(const std::string& token);

  AccessVerdict check(const AccessRequest& request) const;
  bool token_matches(std::string_view candidate) const;

  const std::string& token() const { return token_; }
  // Cookies are shared by every port of a host: each server's cookie is named after its port.
  std::string cookie_name() const { return "volley-token-" + std::to_string(port_); }

 private:
  bool host_allowed(const std::string& host) const;
  std::string token_;
  int port_;
  std::vector<std::string> hosts_;  // each "name:port" (and the bare name when the port is 80), lowercase
};

}  // namespace volley
