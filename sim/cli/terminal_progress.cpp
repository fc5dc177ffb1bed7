#include "sim/cli/terminal_progress.hpp"

#include "sim/output/progress_line.hpp"
#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <cstdio>
#include <sys/ioctl.h>
#include <unistd.h>

namespace volley {

namespace {

int terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

void draw_bar(const nlohmann::json& p) {
  if (p["ended"].get<bool>()) {
    std::fputs("\r\033[K", unfiltered_stderr());
    std::fflush(unfiltered_stderr());
    return;
  }
  const double done = static_cast<double>(p["done"].get<uint64_t>()), planned = static_cast<double>(p["planned"].get<uint64_t>());
  const double rate = done / p["seconds"].get<double>();
  const double left = rate > 0 ? (planned - done) / rate : 0;
  // The bar draws with a carriage return and an erase sequence, so it bypasses the terminal filter
  // (sim/output/text_escaping.hpp); its label, scenario text, is filtered here.
  std::fprintf(
      unfiltered_stderr(), "\r%s\033[K",
      progress_line(terminal_text(p["label"].get<std::string>()), std::min(1.0, done / planned), rate, left, terminal_columns()).c_str());
  std::fflush(unfiltered_stderr());
}

}  // namespace

StudyControl terminal_control(bool quiet, std::function<void(const std::string& step, const nlohmann::json& piece)> other) {
  StudyControl control;
  control.tell_trials = !quiet && ::isatty(STDERR_FILENO) != 0;
  control.progress = [other = std::move(other)](const std::string& step, const nlohmann::json& piece) {
    if (step == "trials") draw_bar(piece);
    else if (other) other(step, piece);
  };
  return control;
}

}  // namespace volley
