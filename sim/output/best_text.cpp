#include "sim/output/best_text.hpp"

#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/atomic_file.hpp"
#include "sim/output/output_batch.hpp"
#include "sim/output/report_page.hpp"
#include "sim/output/text_escaping.hpp"

#include <cstdio>
#include <vector>

namespace volley {

namespace {

using Json = nlohmann::json;

std::string interval_text(const Json& i) {
  return format_text("%.4f [%.4f, %.4f]", i["estimate"].get<double>(), i["low"].get<double>(), i["high"].get<double>());
}

std::string signed_interval_text(const Json& i) {
  return format_text("%+.4f [%+.4f, %+.4f]", i["estimate"].get<double>(), i["low"].get<double>(), i["high"].get<double>());
}

std::vector<std::string> assignments_of(const Json& policy) { return policy.value("assignments", std::vector<std::string>{}); }

std::string choice_text(const std::vector<std::string>& assignments) {
  std::string out;
  for (const auto& a : assignments) out += " --set " + terminal_text(a);
  return out;
}

// The assignments of `choice` that differ from `from` (both in the space's key order), "; "-joined.
std::string difference_text(const std::vector<std::string>& choice, const std::vector<std::string>& from) {
  std::string out;
  for (size_t i = 0; i < choice.size(); ++i)
    if (i >= from.size() || choice[i] != from[i]) out += (out.empty() ? "" : "; ") + choice[i];
  return out;
}

uint64_t count(const Json& j, const char* key) { return j.value(key, uint64_t{0}); }

std::string races_text(const Json& r) {
  std::string out;
  const std::string level = level_percent(r["level"].get<double>());
  const bool local = r["search"] == "local";
  const std::string target = terminal_text(r["target"].get<std::string>());
  for (size_t i = 0; i < r["races"].size(); ++i) {
    const Json& race = r["races"][i];
    const Json& candidates = race["candidates"];
    const bool complete = race["complete"].get<bool>(), finished = race["finished"].get<bool>();
    const size_t winner = race["winner"].get<size_t>();
    out += format_text("\nrace %zu: %zu candidates, %d rounds, %llu trials (equal allocation: %llu)%s%s\n", i + 1, candidates.size(),
                       race["rounds"].get<int>(), static_cast<unsigned long long>(count(race, "trials")),
                       static_cast<unsigned long long>(count(race, "equal_allocation")), complete ? "" : " PARTIAL: interrupted",
                       complete && !finished ? " (ended by the budget)" : "");
    out += format_text("%11s  %-28s  %-26s  %-15s  %s\n", "trials", (target + " [" + level + "]").c_str(), "minus the winner",
                       "out in round", "candidate");
    for (size_t c = 0; c < candidates.size(); ++c) {
      const Json& k = candidates[c];
      const std::string label = k["label"].get<std::string>();
      const int round = k["eliminated_round"].get<int>();
      const std::string shown = label.empty() ? (local ? "(the incumbent)" : "(the file's policy)") : terminal_text(label);
      const std::string out_in = round == 0 ? (c == winner ? "winner" : "in at the end")
                                            : std::to_string(round) + (k["in_zone"].get<bool>() ? " (within delta)" : "");
      out += format_text("  %s%8llu  %-28s  %-26s  %-15s  %s\n", c == winner ? "*" : " ",
                         static_cast<unsigned long long>(count(k, "trials")), interval_text(k["target"]).c_str(),
                         c == winner ? "" : signed_interval_text(k["versus_best"]).c_str(), out_in.c_str(), shown.c_str());
    }
  }
  return out + "\n";
}

// The candidates of the last race not told apart from the best, each by what it changes from the
// best. The best is the search's answer, which a local search keeps when the race's winner did not
// beat it significantly: then the winner is listed and the best itself is not.
std::string indistinguishable_text(const Json& r, const std::vector<std::string>& best) {
  std::string close;
  for (const auto& c : r["races"].back()["candidates"]) {
    const std::vector<std::string> choice = assignments_of(c);
    if (c["indistinguishable"].get<bool>() && choice != best) close += "\n    " + terminal_text(difference_text(choice, best));
  }
  return "  not distinguishable from the best (last race)" + (close.empty() ? std::string(": none") : ":" + close) + "\n";
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

std::string best_text(const nlohmann::json& document, bool quiet) {
  const std::string format = document.value("format", "");
  if (format == "volley-best-value") return format_rule_value(document, quiet);
  if (format == "volley-best-respond") return format_responses(document);
  return format_best(document, quiet);
}

std::string format_best(const nlohmann::json& r, bool quiet) {
  std::string out = quiet ? "" : races_text(r);
  const bool minimise = r["minimise"].get<bool>();
  const std::string level = level_percent(r["level"].get<double>());
  const std::string side = terminal_text(r["side"].get<std::string>()), target = terminal_text(r["target"].get<std::string>());
  const std::vector<std::string> best = assignments_of(r["best"]), file = assignments_of(r["file"]);
  if (r["partial"].get<bool>()) {
    out += "PARTIAL: interrupted; the best of the last complete race is shown, without the paired run against the file's policy\n";
    return out + "best so far:" + choice_text(best) + "\n";
  }
  const Json& space = r["space"];
  const std::string words = space.value("target_words", "");
  if (r["target"] == space.value("default_target", "") && !words.empty())
    out += "target: " + target + ", side " + side + "'s default (" + terminal_text(words) + ")\n";
  out += "best policy of " + side + " (" + (minimise ? "minimises " : "maximises ") + target + "):" + choice_text(best) + "\n";
  const std::string changed = difference_text(best, file);
  out +=
      "  changes from the file: " + (changed.empty() ? std::string("none: the file's policy is the best found") : terminal_text(changed)) +
      "\n";
  out += format_text("  %s: best %s, the file's policy %s (%s intervals, %llu paired trials)\n", target.c_str(),
                     interval_text(r["best"]["target"]).c_str(), interval_text(r["file"]["target"]).c_str(), level.c_str(),
                     static_cast<unsigned long long>(count(r, "confirm_trials")));
  if (!changed.empty()) {
    const Json& d = r["difference"];
    const double estimate = d["estimate"].get<double>(), low = d["low"].get<double>(), high = d["high"].get<double>();
    out += format_text("  the file's policy gives up %.4f [%.4f, %.4f] against the best (paired)\n", minimise ? -estimate : estimate,
                       minimise ? -high : low, minimise ? -low : high);
  }
  if (!r["races"].empty()) out += indistinguishable_text(r, best);
  uint64_t trials = 0, equal = 0;
  for (const auto& race : r["races"]) {
    trials += count(race, "trials");
    equal += count(race, "equal_allocation");
  }
  const int starts = r.value("starts", 1);
  const std::string from_seed = starts > 1 ? " and from " + std::to_string(starts - 1) + " drawn from the seed" : "";
  const std::string how = r["search"] == "local" ? "local (one-step deviations from the file's policy" + from_seed +
                                                       ": the space is too large to race whole), ended: " + r.value("ending", "")
                                                 : std::string("the whole space raced");
  out += format_text("search: %s; %zu race%s, %llu trials (equal allocation %llu), %.1f s, seed %llu%s\n", how.c_str(), r["races"].size(),
                     r["races"].size() == 1 ? "" : "s", static_cast<unsigned long long>(trials), static_cast<unsigned long long>(equal),
                     r.value("seconds", 0.0), static_cast<unsigned long long>(count(r, "seed")),
                     r["budget_ended"].get<bool>() ? "; the budget ended a race before the procedure did: no guarantee" : "");
  return out;
}

std::string format_rule_value(const nlohmann::json& v, bool quiet) {
  std::string out;
  const std::string side = terminal_text(v["with"]["side"].get<std::string>()),
                    other = terminal_text(v["reply_with"]["side"].get<std::string>());
  const std::string key = terminal_text(v["key"].get<std::string>()), off = terminal_text(v["off"].get<std::string>());
  if (!quiet) {
    // The searches in the order they ran; an interrupted value leaves the later ones unplayed (no side).
    const std::pair<const char*, std::string> searches[] = {{"with", "\nwith " + key + " among " + side + "'s choices:\n"},
                                                            {"without", "\nwithout it (" + key + "=" + off + "):\n"},
                                                            {"reply_with", "\n" + other + "'s best response to the first:\n"},
                                                            {"reply_without", "\n" + other + "'s best response to the second:\n"}};
    for (const auto& [name, heading] : searches)
      if (!v[name]["side"].get<std::string>().empty()) out += heading + format_best(v[name], true);
  }
  if (v["partial"].get<bool>()) return out + "PARTIAL: interrupted; no value is given\n";
  const std::string target = terminal_text(v["with"]["target"].get<std::string>());
  out += format_text("\n%s under best play, each against %s's best response (%llu paired trials): with %s %s, with %s=%s %s\n",
                     target.c_str(), other.c_str(), static_cast<unsigned long long>(count(v, "trials")), key.c_str(),
                     interval_text(v["value_with"]).c_str(), key.c_str(), off.c_str(), interval_text(v["value_without"]).c_str());
  out += format_text("played well on both sides, %s is worth %s to %s (%s, paired)\n", key.c_str(),
                     signed_interval_text(v["difference"]).c_str(), side.c_str(), target.c_str());
  return out;
}

std::string format_responses(const nlohmann::json& responses) {
  std::string text;
  const Json& steps = responses["steps"];
  for (size_t i = 0; i < steps.size(); ++i) text += "\nstep " + std::to_string(i + 1) + ": " + format_best(steps[i], true);
  text += "\nbest responses: " + responses["ending"].get<std::string>() + " after " + std::to_string(steps.size()) + " steps\n";
  if (responses.contains("equilibrium")) {
    std::string values;
    for (const auto& v : responses["equilibrium"]["values"])
      values += (values.empty() ? "" : ", ") + terminal_text(v["target"].get<std::string>()) + " " + interval_text(v) + " (step " +
                std::to_string(v["step"].get<int>()) + ")";
    text += "  in the equilibrium: " + values + "\n";
  }
  return text + format_cycle_matrix(responses);
}

std::string format_cycle_matrix(const nlohmann::json& responses) {
  if (!responses.contains("cycle")) return "";
  const Json& cycle = responses["cycle"];
  const Json& steps = responses["steps"];
  const std::string side = terminal_text(steps[0]["side"].get<std::string>());
  const std::string other = terminal_text(steps.size() > 1 ? steps[1]["side"].get<std::string>() : "");
  std::string out = format_text("\nthe cycle's policies: %s (%s) in each game, on the same %llu trials\n",
                                terminal_text(steps[0]["target"].get<std::string>()).c_str(), side.c_str(),
                                static_cast<unsigned long long>(count(cycle, "trials")));
  const auto listed = [](const Json& assignments) {
    std::string text;
    for (const auto& a : assignments) text += (text.empty() ? "" : "; ") + a.get<std::string>();
    return terminal_text(text);
  };
  for (size_t i = 0; i < cycle["rows"].size(); ++i)
    out += format_text("  %s %zu: %s\n", side.c_str(), i + 1, listed(cycle["rows"][i]).c_str());
  for (size_t j = 0; j < cycle["columns"].size(); ++j)
    out += format_text("  %s %zu: %s\n", other.c_str(), j + 1, listed(cycle["columns"][j]).c_str());
  const Json& matrix = cycle["matrix"];
  for (size_t i = 0; i < matrix.size(); ++i)
    for (size_t j = 0; j < matrix[i].size(); ++j)
      out += format_text("  %s %zu against %s %zu: %s\n", side.c_str(), i + 1, other.c_str(), j + 1, interval_text(matrix[i][j]).c_str());
  if (cycle.contains("differences") && !cycle["differences"].empty()) {
    out += "paired differences (the same trials): what one side's switch does to the other's policy\n";
    for (const auto& d : cycle["differences"]) {
      const size_t row = d["row"].get<size_t>() + 1, column = d["column"].get<size_t>() + 1;
      const size_t other_row = d["other_row"].get<size_t>() + 1, other_column = d["other_column"].get<size_t>() + 1;
      const std::string interval = signed_interval_text(d["difference"]);
      if (column == other_column)
        out += format_text("  against %s %zu: %s %zu minus %s %zu: %s\n", other.c_str(), column, side.c_str(), row, side.c_str(), other_row,
                           interval.c_str());
      else
        out += format_text("  %s %zu: against %s %zu minus against %s %zu: %s\n", side.c_str(), row, other.c_str(), column, other.c_str(),
                           other_column, interval.c_str());
    }
  }
  return out;
}

std::string best_csv(const nlohmann::json& r) {
  std::string out = "race,candidate,label,trials,estimate,low,high,versus_best,versus_low,versus_high,eliminated_round,indistinguishable\n";
  for (size_t i = 0; i < r["races"].size(); ++i) {
    const Json& candidates = r["races"][i]["candidates"];
    for (size_t c = 0; c < candidates.size(); ++c) {
      const Json& k = candidates[c];
      const Json &t = k["target"], &v = k["versus_best"];
      out += format_text("%zu,%zu,%s,%llu,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%d,%s\n", i + 1, c,
                         csv_field(k["label"].get<std::string>()).c_str(), static_cast<unsigned long long>(count(k, "trials")),
                         t["estimate"].get<double>(), t["low"].get<double>(), t["high"].get<double>(), v["estimate"].get<double>(),
                         v["low"].get<double>(), v["high"].get<double>(), k["eliminated_round"].get<int>(),
                         k["indistinguishable"].get<bool>() ? "true" : "false");
    }
  }
  return out;
}

void write_best_outputs(const nlohmann::json& document, const ResultFiles& files) {
  OutputBatch outputs;
  if (!files.json.empty()) outputs.attempt([&] { write_file_atomically(files.json, json_document(document, 1) + "\n"); });
  if (!files.csv.empty()) outputs.attempt([&] { write_file_atomically(files.csv, best_csv(document)); });
  if (!files.report.empty()) outputs.attempt([&] { write_file_atomically(files.report, report_page(document)); });
  outputs.finish();
}

}  // namespace volley
