// libFuzzer target over what a user's file goes through: TOML parsing, validation into a scenario
// model, and one trial of the kernel. A scenario error is the expected answer to most inputs; a crash,
// a sanitizer report or a hang is a bug, and its input goes into fuzz/regressions/ for good.
#include "sim/scenario/scenario_errors.hpp"
#include "sim/scenario/scenario_model.hpp"

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto doc = volley::ScenarioDocument::from_string(text, "fuzz.toml");
    const auto model = volley::load_model(doc);
    const auto job = model->make_job(1);
    auto worker = job->make_worker();
    std::vector<int64_t> obs(job->schema()->observations());
    worker->play(0, obs.data());
  } catch (const volley::ScenarioErrors&) {
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
