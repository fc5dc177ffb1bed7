// TEMPORARY placeholder: the barrage loader is being written.
#include "sim/scenario_model.hpp"
namespace volley {
std::unique_ptr<ScenarioModel> load_barrage_model(const ScenarioDocument& doc) {
  throw ScenarioErrors({ScenarioError{doc.name(), 0, 0, "kind", "barrage scenarios are not built yet"}});
}
}  // namespace volley
