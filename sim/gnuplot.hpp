#pragma once
// Plots are drawn by gnuplot (Debian gnuplot-nox) from data the tool writes (DESIGN.md): each plot
// is a gnuplot script with its data inline as datablocks ($name << EOD), piped to gnuplot, which
// writes a temporary file that is then renamed over the target. The terminal follows the extension:
// .png (pngcairo) or .svg, both without enhanced text: names from a scenario are drawn as written
// (`stand_leader` keeps its underscore instead of a subscript).
#include <string>
#include <vector>

namespace volley {

struct Datablock {
  std::string name;  // without the $
  std::string rows;  // whitespace-separated columns, one row a line
};

// The terminal line for a path's extension; throws std::invalid_argument for other extensions.
std::string gnuplot_terminal(const std::string& path, int width, int height);

// Refuses a plot path before any work is done: not .png or .svg, or not writable
// (std::invalid_argument naming --plot and the path).
void check_plot_path(const std::string& path);

// Runs gnuplot on the datablocks and script, writing `output` atomically. Throws std::runtime_error
// with gnuplot's message if it fails or is missing.
void render_gnuplot(const std::vector<Datablock>& data, const std::string& script, const std::string& output,
                    int width = 900, int height = 600);

// The same script rendered to SVG text (for the HTML report).
std::string render_gnuplot_svg(const std::vector<Datablock>& data, const std::string& script, int width = 900, int height = 600);

// gnuplot string literal: quotes and escapes for a title or label.
std::string gnuplot_quote(const std::string& text);

}  // namespace volley
