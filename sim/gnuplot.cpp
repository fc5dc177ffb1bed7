#include "sim/gnuplot.hpp"

#include "sim/atomic_file.hpp"
#include "sim/mpi_world.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace volley {

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string full_script(const std::vector<Datablock>& data, const std::string& terminal, const std::string& output,
                        const std::string& script) {
  std::string text = terminal + "\nset output " + gnuplot_quote(output) + "\n";
  for (const auto& block : data) text += "$" + block.name + " << EOD\n" + block.rows + (block.rows.empty() || block.rows.back() == '\n' ? "" : "\n") + "EOD\n";
  return text + script + "\nunset output\n";
}

void run_gnuplot(const std::string& text) {
  // Errors go to a temporary file so the message can be reported.
  char log_name[] = "/tmp/volley-gnuplot-XXXXXX";
  const int fd = ::mkstemp(log_name);
  if (fd < 0) throw std::runtime_error("gnuplot: cannot create a temporary file");
  ::close(fd);
  const std::string command = "gnuplot 2>" + std::string(log_name);
  FILE* pipe = ::popen(command.c_str(), "w");
  if (pipe == nullptr) throw std::runtime_error("gnuplot: cannot start (is gnuplot-nox installed?)");
  std::fwrite(text.data(), 1, text.size(), pipe);
  const int status = ::pclose(pipe);
  std::ifstream log(log_name);
  std::stringstream message;
  message << log.rdbuf();
  ::unlink(log_name);
  if (status != 0) throw std::runtime_error("gnuplot failed (is gnuplot-nox installed?): " + message.str());
}

}  // namespace

std::string gnuplot_quote(const std::string& text) {
  std::string q = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') q += '\\';
    if (c == '\n') { q += "\\n"; continue; }
    q += c;
  }
  return q + "\"";
}

std::string gnuplot_terminal(const std::string& path, int width, int height) {
  const std::string size = " size " + std::to_string(width) + "," + std::to_string(height);
  if (ends_with(path, ".png")) return "set terminal pngcairo enhanced font 'sans,10'" + size;
  if (ends_with(path, ".svg")) return "set terminal svg enhanced font 'sans,10'" + size;
  throw std::invalid_argument("--plot " + path + ": expected a .png or .svg file name");
}

void check_plot_path(const std::string& path) {
  (void)gnuplot_terminal(path, 1, 1);
  check_writable(path, "--plot");
}

void render_gnuplot(const std::vector<Datablock>& data, const std::string& script, const std::string& output, int width,
                    int height) {
  if (mpi_world().rank != 0) return;  // rank 0 draws
  const std::string tmp = output + ".gnuplot." + std::to_string(::getpid()) + (ends_with(output, ".png") ? ".png" : ".svg");
  try {
    run_gnuplot(full_script(data, gnuplot_terminal(output, width, height), tmp, script));
  } catch (...) {
    ::unlink(tmp.c_str());
    throw;
  }
  if (std::rename(tmp.c_str(), output.c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw std::runtime_error(output + ": cannot write the plot");
  }
}

std::string render_gnuplot_svg(const std::vector<Datablock>& data, const std::string& script, int width, int height) {
  char name[] = "/tmp/volley-plot-XXXXXX.svg";
  const int fd = ::mkstemps(name, 4);
  if (fd < 0) throw std::runtime_error("cannot create a temporary file for a plot");
  ::close(fd);
  try {
    run_gnuplot(full_script(data, gnuplot_terminal(name, width, height), name, script));
  } catch (...) {
    ::unlink(name);
    throw;
  }
  std::ifstream in(name);
  std::stringstream svg;
  svg << in.rdbuf();
  ::unlink(name);
  return svg.str();
}

}  // namespace volley
