#include "sim/study/dice_study.hpp"

#include "engine/dice_question.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/gnuplot.hpp"
#include "sim/run/dice_question_job.hpp"
#include "sim/run/driver.hpp"
#include "sim/run/interrupt.hpp"

#include <optional>
#include <stdexcept>

namespace volley {

namespace {

std::string join(const std::vector<std::string>& words) {
  std::string s;
  for (const auto& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

}  // namespace

DiceStudy dice_study(const DiceSettings& settings, const StudyControl& control) {
  const RunSettings& run = settings.run;
  if (settings.words.empty()) throw std::invalid_argument("give dice, e.g. volley dice 3d6, or volley dice 10d20 --hit '<=6'");
  if (!(run.level > 0.5 && run.level < 1)) throw std::invalid_argument("--level: expected a number in (0.5, 1)");
  const std::string text = join(settings.words);
  const DiceQuestion question =
      parse_dice_question(text, settings.hit, settings.modifier, settings.minus, settings.kill, settings.explosion_cap);
  const bool simulate = run.trials_option > 0;
  if (settings.per_die && !simulate) throw std::invalid_argument("--per-die says how --simulate rolls: give --simulate N too");
  check_output_paths({{"--json", run.json}, {"--csv", run.csv}, {"--plot", run.plot}, {"--report", run.report}}, {});
  if (!run.plot.empty()) check_plot_path(run.plot);

  DiceStudy study;
  DiceTable& table = study.table;
  table.dice = text;
  table.question = question.describe();
  table.value_name = question.value_name();
  table.laws = {{"", question.law()}};
  if (question.kills) {
    table.laws.front().label = "hits";
    table.laws.push_back({"killed", question.kill_law()});
  }
  if (question.opposed()) {
    // A wins when the difference is at least 1, B when it is at most -1; each tail summed on its own.
    const IntegerLaw& law = table.laws.front().law;
    const auto vs = text.find(" vs ") != std::string::npos ? text.find(" vs ") : text.find(" VS ");
    table.opposed = true;
    table.side_a = text.substr(0, vs);
    table.side_b = text.substr(vs + 4);
    table.a_wins = law.at_least(1);
    table.tie = law.at(0);
    table.b_wins = law.at_most(-1);
  }
  if (question.explodes()) {
    table.explodes = true;
    table.explosion_cap = settings.explosion_cap;
    table.beyond_cap = question.beyond_cap();
  }
  table.seed = run.seed_value();  // a bad --seed is refused before any trial
  table.level = run.level;
  table.per_die = settings.per_die;

  // The simulation, when asked, through the driver (same seed, same bits for any threads).
  std::optional<RunResult> result;
  if (simulate) {
    const Schema schema = settings.per_die ? *DiceQuestionJob<PoolPath::PerDie>(question, table.seed).schema()
                                           : *DiceQuestionJob<PoolPath::Binomial>(question, table.seed).schema();
    RunPlan plan = make_plan(run, schema, schema.metrics.front().name);
    plan.stop = control.stop != nullptr ? control.stop : install_interrupt_handlers();
    result = settings.per_die ? run_trials(DiceQuestionJob<PoolPath::PerDie>(question, table.seed), plan)
                              : run_trials(DiceQuestionJob<PoolPath::Binomial>(question, table.seed), plan);
    table.simulated = true;
    table.trials = result->tally.trials();
    table.trials_planned = run.trials;
    table.partial = result->interrupted;
  }

  // Each law exactly, and beside it the simulated P(= k) with its interval.
  nlohmann::json laws = nlohmann::json::array();
  for (size_t m = 0; m < table.laws.size(); ++m) {
    const auto& [label, law] = table.laws[m];
    nlohmann::json rows = nlohmann::json::array();
    std::vector<DiceTable::Value> values;
    for (int64_t k = law.lowest; k <= law.highest(); ++k) {
      nlohmann::json row{{"value", k}, {"exact", law.at(k)}, {"at_least", law.at_least(k)}, {"at_most", law.at_most(k)}};
      if (simulate) {
        const uint64_t c = result->tally.count(m, k);
        const Interval w = wilson_interval(c, result->tally.trials(), run.level);
        const bool inside = law.at(k) >= w.low && law.at(k) <= w.high;
        table.outside += !inside;
        ++table.compared;
        values.push_back({w, c, inside});
        row.update({{"simulated", w.estimate}, {"low", w.low}, {"high", w.high}});
      }
      rows.push_back(row);
    }
    if (simulate) {
      table.values.push_back(std::move(values));
      table.means.push_back(estimate_metric(result->tally, m, run.level));
    }
    laws.push_back({{"name", label.empty() ? table.value_name : label},
                    {"mean", law.mean()},
                    {"standard_deviation", law.standard_deviation()},
                    {"distribution", rows}});
  }
  study.document = {{"format", "volley-dice"},    {"format_version", 2}, {"title", "dice " + text}, {"dice", text},
                    {"question", table.question}, {"laws", laws}};
  if (table.opposed)
    study.document["opposed"] = {
        {"a", table.side_a}, {"b", table.side_b}, {"a_wins", table.a_wins}, {"tie", table.tie}, {"b_wins", table.b_wins}};
  if (table.explodes) study.document.update({{"explosion_cap", table.explosion_cap}, {"beyond_cap", table.beyond_cap}});
  if (simulate)
    study.document.update({{"trials", table.trials},
                           {"trials_planned", run.trials},
                           {"partial", table.partial},
                           {"seed", table.seed},
                           {"level", run.level},
                           {"path", settings.per_die ? "per-die" : "binomial"}});
  return study;
}

}  // namespace volley
