#pragma once
// Plots are drawn by gnuplot (Debian gnuplot-nox) from data the tool writes (docs/architecture.md): each plot
// is a gnuplot script with its data inline as datablocks ($name << EOD), piped to gnuplot, which
// writes a temporary file that is then renamed over the target. The terminal follows the extension:
// .png (pngcairo) or .svg, both without enhanced text: names from a scenario are drawn as written
// (`stand_leader` keeps its underscore instead of a subscript).
// No text of a scenario is ever pasted into the script: see GnuplotTexts.
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

// Refuses, before the first trial, an output that needs gnuplot where none is on PATH
// (std::invalid_argument naming the option).
void check_gnuplot(const std::string& option);

// Runs gnuplot on the datablocks and script, writing `output` atomically. Throws std::runtime_error
// with gnuplot's message if it fails or is missing.
void render_gnuplot(const std::vector<Datablock>& data, const std::string& script, const std::string& output, int width = 900,
                    int height = 600);

// The same script rendered to SVG text (for the HTML report).
std::string render_gnuplot_svg(const std::vector<Datablock>& data, const std::string& script, int width = 900, int height = 600);

// Text from a scenario or the command line reaches gnuplot only as a line of the datablock $texts:
// gnuplot runs a backtick inside a double-quoted string as a shell command, but a
// datablock line is data, read by the script as a string. expression(text) gives the gnuplot string
// expression that yields the text ($texts[3][2:]), for a title, a label or a tic; index(text) the
// line number, for a column of data read with $texts[int($5)][2:]. Every line starts with '|', so no
// text can end the datablock early, and line breaks and control characters become spaces (one text,
// one line). Texts are drawn noenhanced: ^, _ and braces are shown, not read as markup.
class GnuplotTexts {
 public:
  std::string expression(const std::string& text);
  size_t index(const std::string& text);
  Datablock block() const { return {"texts", lines_}; }

 private:
  std::string lines_;
  size_t count_ = 0;
};

}  // namespace volley
