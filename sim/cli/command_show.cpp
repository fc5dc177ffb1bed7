// `volley show SCENARIO [--plot FILE]`: the setup in words, and drawn as a map. `--toml`: the scenario
// as TOML with every default and every --set written out, to copy and edit.
#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/output/gnuplot.hpp"
#include "sim/output/map_file.hpp"
#include "sim/output/text_escaping.hpp"
#include "sim/cli/scenario_command.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <boost/program_options.hpp>

#include <iostream>
#include <string>

namespace po = boost::program_options;

namespace volley {

namespace {

// Text from the scenario or the command line inside a TOML comment: a line break would end the
// comment and let the text be read as keys, so every control character becomes a space.
std::string comment_text(std::string text) {
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return text;
}

}  // namespace

int command_show(const Args& args) {
  std::string plot;
  uint64_t trial = 0;
  bool as_toml = false;
  po::options_description options(
      "volley show SCENARIO [options]\n\nThe setup, summarised, and drawn as a map with --plot; --toml prints it whole.\n"
      "Example: volley show osona --plot osona.png\n\nOptions");
  options.add_options()("plot", po::value<std::string>(&plot), "draw the table (.png or .svg)")(
      "trial", whole_number(trial, "--trial", uint64_t{0})->default_value("0"), "whose random deployment (zones) to draw, with seed 1")(
      "toml", po::bool_switch(&as_toml), "print the scenario as TOML, every default and every --set written out");
  ScenarioArgs scenario;
  po::variables_map vm;
  if (!parse_scenario_command(args, options, scenario, vm)) return ExitOk;
  const auto doc = open_scenario(scenario.scenario, scenario.sets);
  const auto model = load_model(doc);
  if (as_toml) {
    if (!plot.empty()) throw std::invalid_argument("--toml prints the scenario; give --plot without it");
    // A file, not terminal text: written past the terminal filter, whose \xNN would be invalid TOML.
    std::string text = "# " + comment_text(model->title()) + " (" + comment_text(doc.name()) + "): every key, defaults";
    for (const auto& set : scenario.sets) text += ", --set " + comment_text(set);
    text += " written out by `volley show --toml`.\n# Keys are in docs/scenario-" + model->kind() + ".md.\n" + complete_scenario_text(doc) +
            "\n";
    write_standard_output(toml_file_text(text));
    return ExitOk;
  }
  if (!plot.empty()) check_plot_path(plot);
  std::cout << model->summary();
  if (!plot.empty()) {
    write_map({model->map_data(1, trial, 0)}, model->title(), plot);
    std::cout << "map written to " << plot << "\n";
  }
  return ExitOk;
}

}  // namespace volley
