// `volley serve [SCENARIO ...] [--port N] [--host ADDR]`: the live page and its JSON API (docs/api.md).
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/run/interrupt.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/web/access_policy.hpp"
#include "sim/web/web_server.hpp"

#include <boost/program_options.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

namespace po = boost::program_options;

namespace volley {

namespace {

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

// The address to open, and a warning when the server listens beyond loopback.
void announce(const std::string& host, int port, const std::string& token) {
  if (!is_loopback(host))
    std::fprintf(stderr, "volley serve: warning: listening on %s: anyone who can reach this address can run trials on this machine\n",
                 host.c_str());
  // A wildcard (0.0.0.0, ::) is where the server listens, not an address a browser can open: this
  // machine is then reached at loopback, other machines at its own address.
  const bool wildcard = host == "0.0.0.0" || host == "::" || host == "[::]" || host.empty();
  const std::string shown = wildcard                              ? (host.find(':') != std::string::npos ? "[::1]" : "127.0.0.1")
                            : host.find(':') != std::string::npos ? "[" + host + "]"
                                                                  : host;
  // The token in the address, as Jupyter prints it: the page that opens it keeps the token, and no
  // other page can use the server (docs/api.md, "Access").
  std::printf("volley serve: open http://%s:%d/?token=%s (Ctrl-C stops)\n", shown.c_str(), port, token.c_str());
  if (wildcard)
    std::printf(
        "volley serve: listening on every address of this machine: from another machine, open http://ADDRESS:%d/?token=%s "
        "with this machine's name or address\n",
        port, token.c_str());
  std::fflush(stdout);
}

// Listens until the flag is raised (sim/run/interrupt.hpp: Ctrl-C) or the server stops by itself.
// httplib's stop() acts only on a server that is listening, so the watcher first waits for that: a
// Ctrl-C between the announcement and the start of listen() was otherwise lost, and listen() never
// returned.
void serve_until_stopped(WebServer& server, const std::atomic<bool>* stop_flag) {
  std::atomic<bool> listening_ended{false};
  std::thread watcher([&] {
    while (!server.listening() && !listening_ended.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    while (!stop_flag->load(std::memory_order_relaxed) && !listening_ended.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    server.stop();
  });
  server.listen();
  listening_ended.store(true);
  watcher.join();
}

}  // namespace

int command_serve(const Args& args) {
  ServeOptions options;
  std::vector<std::string> files;
  po::options_description description(
      "volley serve [SCENARIO ...] [options]\n\nServe the live page: a scenario's map, its keys as a form and its TOML, answered as you\n"
      "change them; and the JSON API under /api/ (docs/api.md). The page offers the shipped scenarios and the\n"
      "files named here, and reads no other file. Stop with Ctrl-C.\n"
      "Example: volley serve my-scenario.toml --port 8080\n\nOptions");
  description.add_options()("port,p", whole_number(options.port, "--port", 0)->default_value("8080"), "TCP port (0: any free port)")(
      "host", po::value<std::string>(&options.host)->default_value(options.host),
      "address to listen on; anything but loopback lets anyone on that network run trials")(
      "token", po::value<std::string>(&options.token),
      "the API's token (default: a random one, printed in the address to open); for tests and scripts");
  po::variables_map vm;
  if (!parse_command_line(args, description, "scenario", po::value<std::vector<std::string>>(&files), -1, vm)) return ExitOk;
  if (options.port > 65535) throw std::invalid_argument("--port: expected a port number in [0, 65535]");
  // Each file must load now: a page should not find out later that one of its scenarios is broken.
  for (const auto& f : files) {
    const ScenarioDocument doc = open_scenario(f, {});
    (void)load_model(doc);
  }
  options.sources.files = files;
  if (vm.count("token")) AccessPolicy::check_token_text(options.token);

  const auto* stop_flag = install_interrupt_handlers();
  WebServer server(options);
  const int port = server.bind();
  announce(options.host, port, server.token());
  serve_until_stopped(server, stop_flag);
  std::fprintf(stderr, "volley serve: stopped\n");
  // Ended by a signal, as every command: 128 + the signal (130, 143).
  return interrupt_signal() != 0 ? interrupted_exit_code() : ExitOk;
}

}  // namespace volley
