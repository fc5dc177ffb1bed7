#include "sim/gnuplot.hpp"

#include "sim/atomic_file.hpp"
#include "sim/mpi_world.hpp"

#include <algorithm>
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
  if (ends_with(path, ".png")) return "set terminal pngcairo noenhanced font 'sans,10'" + size;
  if (ends_with(path, ".svg")) return "set terminal svg noenhanced font 'sans,10'" + size;
  throw std::invalid_argument("--plot " + path + ": expected a .png or .svg file name");
}

void check_plot_path(const std::string& path) {
  (void)gnuplot_terminal(path, 1, 1);
  check_writable(path, "--plot");
}

namespace {
// gnuplot draws into a temporary file, whose bytes are returned; `extension` is ".png" or ".svg".
std::string render_to_bytes(const std::vector<Datablock>& data, const std::string& script, const std::string& extension,
                            int width, int height) {
  char name[] = "/tmp/volley-plot-XXXXXX.xxx";
  std::copy(extension.begin(), extension.end(), name + sizeof(name) - 1 - extension.size());
  const int fd = ::mkstemps(name, static_cast<int>(extension.size()));
  if (fd < 0) throw std::runtime_error("cannot create a temporary file for a plot");
  ::close(fd);
  try {
    run_gnuplot(full_script(data, gnuplot_terminal(name, width, height), name, script));
  } catch (...) {
    ::unlink(name);
    throw;
  }
  std::ifstream in(name, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  ::unlink(name);
  return bytes.str();
}
}  // namespace

void render_gnuplot(const std::vector<Datablock>& data, const std::string& script, const std::string& output, int width,
                    int height) {
  if (mpi_world().rank != 0) return;  // rank 0 draws
  (void)gnuplot_terminal(output, width, height);  // a .png or .svg name
  // Written as every output is (sim/atomic_file.hpp): whole or not at all, through a link.
  write_file_atomically(output, render_to_bytes(data, script, ends_with(output, ".png") ? ".png" : ".svg", width, height));
}

std::string render_gnuplot_svg(const std::vector<Datablock>& data, const std::string& script, int width, int height) {
  return render_to_bytes(data, script, ".svg", width, height);
}

}  // namespace volley
