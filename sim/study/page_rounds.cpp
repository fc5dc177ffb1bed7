#include "sim/study/page_rounds.hpp"

#include "sim/output/map_svg.hpp"

namespace volley {

RoundSink page_rounds(const StudyControl& control, const ScenarioModel& model, Presenter present) {
  if (!control.tell_documents) return {};
  return [&control, &model, present = std::move(present), map = std::string(), first = true](RunRecord& partial) mutable {
    if (!first && map.empty()) map = map_svg(model.map_data(partial.seed, 0, 0));
    // Every round has the distributions, so that the page redraws the same charts each round (it
    // updates a chart it drew before, where a new one costs ten times as much).
    partial.presentation = present(partial, map);
    nlohmann::json piece;
    piece["result"] = record_to_json(partial);
    control.report("round", piece);
    first = false;
  };
}

}  // namespace volley
