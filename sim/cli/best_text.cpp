#include "sim/cli/best_text.hpp"

#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/text_escaping.hpp"

#include <cstdio>

namespace volley {

namespace {

std::string interval_text(const Interval& i) { return format_text("%.4f [%.4f, %.4f]", i.estimate, i.low, i.high); }

std::string signed_interval_text(const Interval& i) { return format_text("%+.4f [%+.4f, %+.4f]", i.estimate, i.low, i.high); }

std::string choice_text(const BestResult& r, const PolicyChoice& c) {
  std::string out;
  for (const auto& a : r.space.assignments(c)) out += " --set " + terminal_text(a);
  return out;
}

}  // namespace

std::string best_start_text(const nlohmann::json& start) {
  return terminal_text(start["title"].get<std::string>()) + "\n" + terminal_text(start["space"].get<std::string>()) + "search: " +
         (start["local"].get<bool>() ? "local: one-step deviations from the file's policy (the space is too large to race whole)"
                                     : "every policy of the space in one race") +
         "\n";
}

std::string best_round_text(const nlohmann::json& round) {
  return format_text("\r  race %d, round %d: %zu of %zu candidates left, %llu trials each   ", round["race"].get<int>(),
                     round["round"].get<int>(), round["left"].get<size_t>(), round["started"].get<size_t>(),
                     static_cast<unsigned long long>(round["trials"].get<uint64_t>()));
}

std::string format_best(const BestResult& r, bool quiet) {
  std::string out;
  const std::string level = level_percent(r.level);
  const char* aim = r.minimise ? "minimises" : "maximises";
  if (!quiet) {
    for (size_t i = 0; i < r.races.size(); ++i) {
      const RaceRecord& race = r.races[i];
      out += format_text("\nrace %zu: %zu candidates, %d rounds, %llu trials (equal allocation: %llu)%s%s\n", i + 1, race.candidates.size(),
                         race.rounds, static_cast<unsigned long long>(race.trials), static_cast<unsigned long long>(race.equal_allocation),
                         race.complete ? "" : " PARTIAL: interrupted", race.complete && !race.finished ? " (ended by the budget)" : "");
      out += format_text("%11s  %-28s  %-26s  %-15s  %s\n", "trials", (r.target + " [" + level + "]").c_str(), "minus the winner",
                         "out in round", "candidate");
      for (size_t c = 0; c < race.candidates.size(); ++c) {
        const RaceCandidate& k = race.candidates[c];
        const std::string label = k.label.empty() ? (r.local ? "(the incumbent)" : "(the file's policy)") : terminal_text(k.label);
        const std::string out_in = k.eliminated_round == 0 ? (c == race.winner ? "winner" : "in at the end")
                                                           : std::to_string(k.eliminated_round) + (k.in_zone ? " (within delta)" : "");
        out += format_text("  %s%8llu  %-28s  %-26s  %-15s  %s\n", c == race.winner ? "*" : " ", static_cast<unsigned long long>(k.trials),
                           interval_text(k.target).c_str(), c == race.winner ? "" : signed_interval_text(k.versus_best).c_str(),
                           out_in.c_str(), label.c_str());
      }
    }
    out += "\n";
  }
  if (r.partial) {
    out += "PARTIAL: interrupted; the best of the last complete race is shown, without the paired run against the file's policy\n";
    out += "best so far:" + choice_text(r, r.best) + "\n";
    return out;
  }
  if (r.target == r.space.default_target && !r.space.target_words.empty())
    out += "target: " + terminal_text(r.target) + ", side " + terminal_text(r.side) + "'s default (" + r.space.target_words + ")\n";
  out += "best policy of " + terminal_text(r.side) + " (" + aim + " " + r.target + "):" + choice_text(r, r.best) + "\n";
  const std::string changed = r.space.difference(r.best, r.file);
  out +=
      "  changes from the file: " + (changed.empty() ? std::string("none: the file's policy is the best found") : terminal_text(changed)) +
      "\n";
  out += format_text("  %s: best %s, the file's policy %s (%s intervals, %llu paired trials)\n", r.target.c_str(),
                     interval_text(r.best_target).c_str(), interval_text(r.file_target).c_str(), level.c_str(),
                     static_cast<unsigned long long>(r.confirm_trials));
  if (!changed.empty())
    out += format_text("  the file's policy gives up %s [%s, %s] against the best (paired)\n",
                       format_text("%.4f", r.minimise ? -r.difference.estimate : r.difference.estimate).c_str(),
                       format_text("%.4f", r.minimise ? -r.difference.high : r.difference.low).c_str(),
                       format_text("%.4f", r.minimise ? -r.difference.low : r.difference.high).c_str());
  if (!r.races.empty()) {
    const RaceRecord& last = r.races.back();
    std::string close;
    for (size_t c = 0; c < last.candidates.size(); ++c)
      if (c != last.winner && last.candidates[c].indistinguishable)
        close += "\n    " + terminal_text(r.space.difference(last.candidates[c].choice, r.best));
    out += "  not distinguishable from the best (last race)" + (close.empty() ? std::string(": none") : ":" + close) + "\n";
  }
  uint64_t trials = 0, equal = 0;
  for (const auto& race : r.races) {
    trials += race.trials;
    equal += race.equal_allocation;
  }
  const std::string starts = r.starts > 1 ? " and from " + std::to_string(r.starts - 1) + " drawn from the seed" : "";
  const std::string how =
      r.local ? "local (one-step deviations from the file's policy" + starts + ": the space is too large to race whole), ended: " + r.ending
              : std::string("the whole space raced");
  out += format_text("search: %s; %zu race%s, %llu trials (equal allocation %llu), %.1f s, seed %llu%s\n", how.c_str(), r.races.size(),
                     r.races.size() == 1 ? "" : "s", static_cast<unsigned long long>(trials), static_cast<unsigned long long>(equal),
                     r.seconds, static_cast<unsigned long long>(r.seed),
                     r.budget_ended ? "; the budget ended a race before the procedure did: no guarantee" : "");
  return out;
}

std::string format_rule_value(const RuleValue& v, bool quiet) {
  std::string out;
  const std::string side = terminal_text(v.with.side), other = terminal_text(v.reply_with.side), key = terminal_text(v.key);
  if (!quiet) {
    out += "\nwith " + key + " among " + side + "'s choices:\n" + format_best(v.with, true);
    out += "\nwithout it (" + key + "=" + terminal_text(v.off) + "):\n" + format_best(v.without, true);
    out += "\n" + other + "'s best response to the first:\n" + format_best(v.reply_with, true);
    out += "\n" + other + "'s best response to the second:\n" + format_best(v.reply_without, true);
  }
  if (v.partial) return out + "PARTIAL: interrupted; no value is given\n";
  out +=
      format_text("\n%s under best play, each against %s's best response (%llu paired trials): with %s %s, with %s=%s %s\n",
                  v.with.target.c_str(), other.c_str(), static_cast<unsigned long long>(v.trials), key.c_str(),
                  interval_text(v.value_with).c_str(), key.c_str(), terminal_text(v.off).c_str(), interval_text(v.value_without).c_str());
  out += format_text("played well on both sides, %s is worth %s to %s (%s, paired)\n", key.c_str(),
                     signed_interval_text(v.difference).c_str(), side.c_str(), v.with.target.c_str());
  return out;
}

std::string format_responses(const ResponseResult& responses) {
  std::string text;
  for (size_t i = 0; i < responses.steps.size(); ++i)
    text += "\nstep " + std::to_string(i + 1) + ": " + format_best(responses.steps[i], true);
  text += "\nbest responses: " + responses.ending + " after " + std::to_string(responses.steps.size()) + " steps\n";
  return text + format_cycle_matrix(responses);
}

std::string format_cycle_matrix(const ResponseResult& r) {
  if (r.matrix.empty()) return "";
  const BestResult& first = r.steps.front();
  const std::string side = terminal_text(first.side), other = terminal_text(r.steps.size() > 1 ? r.steps[1].side : "");
  std::string out = format_text("\nthe cycle's policies: %s (%s) in each game, on the same %llu trials\n", first.target.c_str(),
                                side.c_str(), static_cast<unsigned long long>(r.matrix_trials));
  const auto listed = [](const std::vector<std::string>& assignments) {
    std::string text;
    for (const auto& a : assignments) text += (text.empty() ? "" : "; ") + a;
    return terminal_text(text);
  };
  for (size_t i = 0; i < r.mine.size(); ++i) out += format_text("  %s %zu: %s\n", side.c_str(), i + 1, listed(r.mine[i]).c_str());
  for (size_t j = 0; j < r.theirs.size(); ++j) out += format_text("  %s %zu: %s\n", other.c_str(), j + 1, listed(r.theirs[j]).c_str());
  for (size_t i = 0; i < r.matrix.size(); ++i)
    for (size_t j = 0; j < r.matrix[i].size(); ++j)
      out += format_text("  %s %zu against %s %zu: %s\n", side.c_str(), i + 1, other.c_str(), j + 1, interval_text(r.matrix[i][j]).c_str());
  return out;
}

std::string best_csv(const BestResult& r) {
  std::string out = "race,candidate,label,trials,estimate,low,high,versus_best,versus_low,versus_high,eliminated_round,indistinguishable\n";
  for (size_t i = 0; i < r.races.size(); ++i)
    for (size_t c = 0; c < r.races[i].candidates.size(); ++c) {
      const RaceCandidate& k = r.races[i].candidates[c];
      out += format_text("%zu,%zu,%s,%llu,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%d,%s\n", i + 1, c, csv_field(k.label).c_str(),
                         static_cast<unsigned long long>(k.trials), k.target.estimate, k.target.low, k.target.high, k.versus_best.estimate,
                         k.versus_best.low, k.versus_best.high, k.eliminated_round, k.indistinguishable ? "true" : "false");
    }
  return out;
}

}  // namespace volley
