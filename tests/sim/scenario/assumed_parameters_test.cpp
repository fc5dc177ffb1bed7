// The [assumed] defaults that `volley sensitivity` steps from must be the kernel's own defaults: the
// same seed gives the same tally with each key set explicitly to its listed default as without it.
#include "sim/scenario/assumed_parameters.hpp"
#include "sim/run/driver.hpp"
#include "sim/run/parameter_axis.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <catch2/catch.hpp>

using namespace volley;

TEST_CASE("Every listed [assumed] default is the kernel's default", "[sim][assumed]") {
  for (const char* scenario : {"herero-ambush", "rolling-barrage"}) {
    const auto doc = open_scenario(scenario, {});
    const auto model = load_model(doc);
    RunPlan plan;
    plan.trials = 3000;
    plan.threads = 1;
    const Tally base = run_trials(*model->make_job(5), plan).tally;
    const auto parameters = assumed_parameters(doc, model->kind());
    CHECK(parameters.size() >= 6);
    for (const auto& p : parameters) {
      INFO(scenario << ": " << p.key << " = " << p.value);
      const auto changed = load_model(open_scenario(scenario, {p.key + "=" + format_value(p.value, p.integer)}));
      CHECK(run_trials(*changed->make_job(5), plan).tally == base);
    }
  }
}
