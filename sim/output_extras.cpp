#include "sim/output_extras.hpp"

#include <stdexcept>

namespace volley {

void write_run_extras(const RunRecord&, const RunSettings& settings, const ScenarioModel&) {
  // TEMPORARY until the plot and report writers land (issue 5).
  if (!settings.plot.empty() || !settings.report.empty())
    throw std::invalid_argument("--plot and --report are not built yet");
}

}  // namespace volley
