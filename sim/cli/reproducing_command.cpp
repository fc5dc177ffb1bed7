#include "sim/cli/reproducing_command.hpp"

#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace volley {

namespace {

// Options that say where results go or how they are computed, never what they are: left out of the
// command line, so it is the same wherever the files went and however many threads played.
constexpr std::string_view OutputOptions[] = {"--threads", "-j", "--json", "--csv", "--plot", "--report", "--checkpoint"};

std::optional<uint64_t> first_seed(const nlohmann::json& j) {
  if (j.is_object() && j.contains("seed")) {
    const auto& seed = j["seed"];
    if (seed.is_number_unsigned() || (seed.is_number_integer() && seed.get<int64_t>() >= 0)) return seed.get<uint64_t>();
  }
  if (j.is_object() || j.is_array())
    for (const auto& child : j)
      if (const auto seed = first_seed(child)) return seed;
  return std::nullopt;
}

}  // namespace

std::string reproducing_command(const std::string& command, const Args& args, std::optional<uint64_t> seed) {
  std::string line = "volley " + shell_word(command);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--quiet" || a == "-q") continue;
    if (std::find(std::begin(OutputOptions), std::end(OutputOptions), a) != std::end(OutputOptions)) {
      ++i;  // and its value
      continue;
    }
    if (std::any_of(std::begin(OutputOptions), std::end(OutputOptions),
                    [&](std::string_view o) { return a.starts_with(std::string(o) + "="); }) ||
        (a.starts_with("-j") && a.size() > 2))
      continue;
    const bool drawn = a == "--seed=random" || (a == "--seed" && i + 1 < args.size() && args[i + 1] == "random");
    if (seed && drawn) {
      line += " --seed " + std::to_string(*seed);
      i += a == "--seed";
      continue;
    }
    line += " " + shell_word(a);
  }
  return line;
}

void add_command_line(nlohmann::json& document, const std::string& command, const Args& args) {
  document["command_line"] = reproducing_command(command, args, first_seed(document));
}

}  // namespace volley
