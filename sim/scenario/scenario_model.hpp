#pragma once
// A loaded scenario of one kind (firefight, barrage): everything the command line needs from it.
//
// The scenario file names its kind (`kind = "firefight"` or `kind = "barrage"`); load_model() reads
// the document into that kind's plain structs, checking every key, and returns the model. The
// commands (run, compare, sweep, replay, show, bench, ...) only use this interface.
#include "sim/scenario/map_model.hpp"
#include "sim/scenario/scenario_document.hpp"
#include "sim/scenario/trial_job.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace volley {

class ScenarioModel {
 public:
  virtual ~ScenarioModel() = default;
  virtual std::string kind() const = 0;   // "firefight" | "barrage"
  virtual std::string title() const = 0;  // the scenario's `title`, or its file name
  // The trial job for a master seed: schema of metrics and workers (sim/scenario/trial_job.hpp).
  virtual std::unique_ptr<TrialJob> make_job(uint64_t seed) const = 0;
  // The name of the headline metric (what a bare `--precision E` refers to), e.g. "herero.win".
  virtual std::string headline_metric() const = 0;
  // One trial narrated through the very same code path as a run (`volley replay --trace`).
  virtual std::string replay(uint64_t seed, uint64_t trial) const = 0;
  // A human summary of the setup (`volley show`).
  virtual std::string summary() const = 0;
  // The choices the scenario makes for its players, a line a side that has any ("herero: schnellfeuer
  // always; charge orders act in the reload turn"): a run's answer depends on them, so its header
  // and report say them.
  virtual std::vector<std::string> decisions() const = 0;
  // The tactic played, in the designer's words, for a sentence that weighs two variants ("schnellfeuer
  // (always, charging in the reload turn)"); empty where the kind has no such choice.
  virtual std::string tactic() const { return ""; }
  // The question `volley compare` asks when given no --vs: the base's assignments and the variant's,
  // each playing the tactic that goes with it, and the question in words; none where the kind has
  // no rule option to weigh (the command then says what to type).
  struct Question {
    std::vector<std::string> base;
    std::string versus;
    std::string words;
  };
  virtual std::optional<Question> default_question() const = 0;
  // The table as the maps draw it (sim/scenario/map_model.hpp): turn = 0: the setup (zones, random placements
  // of trial `trial`); turn > 0: the positions at the end of that turn, and the templates fired.
  virtual MapModel map_data(uint64_t seed, uint64_t trial, int turn) const = 0;
  // Number of turns (for per-turn plots and replay frames).
  virtual int turns() const = 0;
};

// Read a scenario document (after --set) into its model. Throws ScenarioErrors with every error found.
std::unique_ptr<ScenarioModel> load_model(const ScenarioDocument& doc);

// Every key the scenario's reader asks for, with its type, default, accepted range or words and the
// document's value: the keys `--set` takes, for `volley serve`'s form. A document with errors gives
// the keys read before the reader stopped.
KeyCatalog describe_keys(const ScenarioDocument& doc);

// Kind-specific loaders (engine/firefight and engine/barrage readers live in sim/).
std::unique_ptr<ScenarioModel> load_firefight_model(const ScenarioDocument& doc);
std::unique_ptr<ScenarioModel> load_barrage_model(const ScenarioDocument& doc);

// The scenario as canonical TOML with every default written out (`show --toml`): two documents that
// give the same scenario, whether a key is written or left at its default, give the same text. The
// readers fill a private copy of `doc` (TableReader::fill_defaults). Throws ScenarioErrors as
// load_model does.
std::string complete_scenario_text(const ScenarioDocument& doc);
// The same document as TOML values: two that give the same scenario have equal root() tables. Cheaper
// than comparing the texts (printing every number is most of their cost).
ScenarioDocument complete_scenario(const ScenarioDocument& doc);

// The document for a command line's SCENARIO argument: a path, the name of a shipped scenario
// ("osona"), or empty for the embedded default; then every --set applied in order, then the `extra`
// assignments of a variant (compare's --vs, sweep's and tune's --param), whose errors name `option`.
ScenarioDocument open_scenario(const std::string& argument, const std::vector<std::string>& sets,
                               const std::vector<std::string>& extra = {}, const std::string& option = "--set");

// The most bytes a scenario file may hold (docs/scenario-format.md): the shipped scenarios hold a few
// KiB, a generated one with a thousand units well under 1 MiB; a longer file is a mistake (a device, a
// log, an endless pipe), refused at once rather than read until memory runs out.
inline constexpr uintmax_t MaxScenarioBytes = uintmax_t{16} << 20;

}  // namespace volley
