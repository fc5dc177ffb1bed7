// The static plots: names drawn as written (no enhanced text), legends outside the data,
// axes named by what they count, categories as categories, heat maps named with the 50% contour,
// tune's fitted curve and root interval, the tornado's [assumed] rules marked.
#include "tests/support/cli_runner.hpp"
#include "sim/output/plots.hpp"
#include "sim/scenario/scenario_model.hpp"
#include "sim/scenario/trial_job.hpp"
#include "sim/run/driver.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <regex>

using namespace volley;

namespace {
// The script as gnuplot reads it: each $texts[N][2:] (sim/output/gnuplot.hpp, GnuplotTexts) shown as the
// quoted text it yields, so that expectations read as the drawn words. One buffer: use the result
// before the next call.
const std::string& resolved(const PlotSpec& plot) {
  static std::string script;
  std::vector<std::string> lines;
  const std::string rows = plot.texts.block().rows;
  for (size_t start = 0; start < rows.size();) {
    const size_t end = rows.find('\n', start);
    lines.push_back(rows.substr(start + 1, end - start - 1));
    start = end + 1;
  }
  script = plot.script;
  for (size_t i = lines.size(); i >= 1; --i) {
    const std::string ref = "$texts[" + std::to_string(i) + "][2:]";
    for (size_t at = script.find(ref); at != std::string::npos; at = script.find(ref, at))
      script.replace(at, ref.size(), "\"" + lines[i - 1] + "\"");
  }
  return script;
}
}  // namespace

TEST_CASE("gnuplot draws names as written: stand_leader keeps its underscore", "[sim][plots]") {
  CHECK(gnuplot_terminal("a.png", 10, 10).find("noenhanced") != std::string::npos);
  CHECK(gnuplot_terminal("a.svg", 10, 10).find("noenhanced") != std::string::npos);
  const PlotSpec plot =
      tornado_plot({{"ruleset.stand_leader", true, -0.05, 0.04}, {"german.break_fraction", false, 0.02, -0.03}}, "herero.win", "t");
  const std::string svg = draw_plot_svg(plot);
  CHECK(svg.find("ruleset.stand_leader [assumed]") != std::string::npos);  // enhanced text split it at the underscore
  CHECK(resolved(plot).find("set key outside") != std::string::npos);      // never over the bars
  CHECK(resolved(plot).find("[assumed] rule") != std::string::npos);
}

TEST_CASE("Distribution plots: outcomes with intervals, axes named by what they count, legends below", "[sim][plots]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const auto job = model->make_job(1);
  RunPlan plan;
  plan.trials = 4096;
  plan.threads = 1;
  const Tally tally = run_trials(*job, plan).tally;
  const PlotSpec plot = distribution_plot({{"run", &tally, 0}}, {"german.casualties"}, "t");
  CHECK(resolved(plot).find("set xlabel 'k'") == std::string::npos);
  CHECK(resolved(plot).find("german.casualties: figures of german killed or wounded") != std::string::npos);
  CHECK(resolved(plot).find("outcomes: probability with 95% Wilson interval") != std::string::npos);
  CHECK(resolved(plot).find("\"herero.win\" 0") != std::string::npos);  // win, draw, loss named on the axis
  CHECK(resolved(plot).find("how long games last") != std::string::npos);
  CHECK(resolved(plot).find("set key top right") == std::string::npos);  // legends no longer over the bars
  CHECK(resolved(plot).find("set key outside") != std::string::npos);    // never over the bars
  // The casualty axis starts at its smallest value seen, not at -2.
  std::smatch m;
  REQUIRE(std::regex_search(resolved(plot), m, std::regex("set xrange \\[([-0-9.]+):[-0-9.]+\\]\nset xlabel \"german.casualties")));
  CHECK(std::stod(m[1]) > -1);
  CHECK(draw_plot_svg(plot).find("<svg") != std::string::npos);  // gnuplot accepts the script
}

TEST_CASE("A sweep over named values is drawn as categories, never a line between them", "[sim][plots]") {
  SweepPlotOptions options;
  options.categories = {"never", "always"};
  const PlotSpec plot =
      sweep_plot({{"herero.win", {{0, 0.4, 0.38, 0.42}, {1, 0.6, 0.58, 0.62}}}}, "herero.policy", "herero.win", "t", options);
  CHECK(resolved(plot).find("with yerrorbars") != std::string::npos);
  CHECK(resolved(plot).find("linespoints") == std::string::npos);
  CHECK(resolved(plot).find("filledcurves") == std::string::npos);
  CHECK(resolved(plot).find("set xtics (\"never\" 0, \"always\" 1)") != std::string::npos);
  CHECK(draw_plot_svg(plot).find("always") != std::string::npos);
}

TEST_CASE("A heat map over named values is labelled with the names and draws the 50% contour of a probability", "[sim][plots]") {
  const std::vector<HeatCell> cells{{0, 6, 0.3}, {1, 6, 0.45}, {0, 10, 0.55}, {1, 10, 0.7}};
  const PlotSpec plot = heatmap_plot(cells, {"herero.policy", {"never", "always"}, {}}, {"german.units.Z1.figures", {"6", "10"}, {6, 10}},
                                     "herero.win", "t", true);
  CHECK(resolved(plot).find("set xtics (\"never\" 0, \"always\" 1)") != std::string::npos);
  CHECK(resolved(plot).find("set ytics (\"6\" 6, \"10\" 10)") != std::string::npos);
  CHECK(resolved(plot).find("levels discrete 0.5") != std::string::npos);
  const std::string svg = draw_plot_svg(plot);
  CHECK(svg.find("50% contour") != std::string::npos);
  CHECK(svg.find("-0.5") == std::string::npos);  // no index ticks
}

TEST_CASE("tune's plot draws the fitted model, the points with intervals and the root's interval", "[sim][plots]") {
  SweepPlotOptions options;
  options.goal = 0.5;
  options.fitted = [](double x) { return 1 / (1 + std::exp(-(x - 10) / 2)); };
  options.fit_from = 6;
  options.fit_to = 14;
  options.root = 10;
  options.root_low = 9.5;
  options.root_high = 10.5;
  const PlotSpec plot = sweep_plot({{"herero.win", {{6, 0.12, 0.1, 0.14}, {14, 0.88, 0.86, 0.9}}}}, "x", "herero.win", "t", options);
  CHECK(resolved(plot).find("fitted model") != std::string::npos);
  CHECK(resolved(plot).find("root with its interval") != std::string::npos);
  CHECK(resolved(plot).find("with yerrorbars") != std::string::npos);
  CHECK(draw_plot_svg(plot).find("fitted model") != std::string::npos);
}

TEST_CASE("The map PNG's legend holds only what is drawn, and decoys and hidden units are told apart", "[sim][plots][map]") {
  const auto model = load_model(open_scenario("herero-ambush", {}));
  const PlotSpec plot = map_plot({model->map_data(1, 0, 0)}, "t");
  CHECK(resolved(plot).find("herero hidden unit") != std::string::npos);
  CHECK(resolved(plot).find("herero decoy") != std::string::npos);
  CHECK(resolved(plot).find("fire template") == std::string::npos);  // listed before though never drawn
  CHECK(resolved(plot).find("broken") == std::string::npos);
  CHECK(resolved(plot).find("herero deployment zone") != std::string::npos);
}
