#include "sim/output/balance_report.hpp"

#include "analysis/digit_grouping.hpp"
#include "analysis/level_label.hpp"
#include "analysis/text_format.hpp"
#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace volley {

namespace {

std::string number_text(double v) { return format_text(std::fabs(v) >= 10 ? "%.2f" : "%.4f", v); }

// "german.units.Z1.figures=12 german.units.Z2.figures=9": every key's value.
std::string setting_text(const nlohmann::json& candidate) {
  std::string text;
  for (const auto& a : candidate["assignments"]) text += (text.empty() ? "" : " ") + a.get<std::string>();
  return text;
}

std::string change_text(const nlohmann::json& c) {
  const auto keys = c["keys_changed"].get<size_t>();
  if (keys == 0) return "the scenario as it is";
  return format_text("%zu key%s changed, relative change %.2f", keys, keys == 1 ? "" : "s", c["relative_change"].get<double>());
}

std::string goals_text(const nlohmann::json& balance, const nlohmann::json& c) {
  std::string text;
  const auto& goals = balance["goals"];
  for (size_t g = 0; g < goals.size() && g < c["goals"].size(); ++g) {
    const auto& e = c["goals"][g];
    text += "      " + goals[g]["estimate"].get<std::string>() + " " + number_text(e["estimate"].get<double>()) + " [" +
            number_text(e["low"].get<double>()) + ", " + number_text(e["high"].get<double>()) + "]   goal " +
            goals[g]["relation"].get<std::string>() + "\n";
  }
  return text;
}

// The balance was played with each setting's searched policies (--policies best).
bool best_policies(const nlohmann::json& balance) {
  return balance.contains("policies") && balance["policies"]["mode"].get<std::string>() == "best";
}

// Where a setting's searched policies differ from the file's (every key is in the JSON).
std::string policies_text(const nlohmann::json& candidate) {
  const std::string changed = candidate["policy_changes"].get<std::string>();
  return changed.empty() ? "the file's policies (the searches found none significantly better)" : changed;
}

std::string looks_text(const nlohmann::json& looks) {
  std::string text;
  for (const auto& n : looks) text += (text.empty() ? "" : ", ") + grouped(static_cast<int64_t>(n.get<uint64_t>()));
  return text;
}

// The coarse race and each refinement: what it played and decided.
std::string stages_text(const nlohmann::json& b) {
  std::string text = "stages (the coarse grid, then " + std::to_string(b["refinements"].get<int>()) +
                     " bisections at most of the cells whose intervals reach every goal):\n";
  for (const auto& s : b["stages"]) {
    std::string spacing;
    for (const auto& d : s["spacing"]) spacing += (spacing.empty() ? "" : ", ") + number_text(d.get<double>());
    text += "  " +
            (s["stage"].get<int>() == 0 ? std::string("coarse")
                                        : "refinement " + std::to_string(s["stage"].get<int>()) + " (spacing " + spacing + ")") +
            format_text(": %zu setting%s, %zu hold, %zu dropped, %zu open; ", s["candidates"].get<size_t>(),
                        s["candidates"].get<size_t>() == 1 ? "" : "s", s["holds"].get<size_t>(), s["dropped"].get<size_t>(),
                        s["open"].get<size_t>()) +
            grouped(static_cast<int64_t>(s["trials"].get<uint64_t>())) + " trials\n";
  }
  if (b.value("refinement_capped", false)) text += "  (a further refinement would pass the most settings balance plays: stopped there)\n";
  return text;
}

}  // namespace

std::string balance_text(const nlohmann::json& b, bool quiet) {
  std::string text;
  const size_t candidates = b["candidates"].size();
  if (!quiet) {
    text += b["title"].get<std::string>() + ": balance\nfree:";
    for (const auto& k : b["keys"])
      text += " " + k["key"].get<std::string>() + " (" +
              (k.value("continuous", false)
                   ? "continuous " + number_text(k["low"].get<double>()) + " to " + number_text(k["high"].get<double>())
                   : std::to_string(k["values"].size()) + " values") +
              ", the scenario's " + k["file"].get<std::string>() + ")";
    text += format_text("\n%zu settings; goals:", candidates);
    for (const auto& g : b["goals"])
      text += " " + g["estimate"].get<std::string>() + " " + g["relation"].get<std::string>() +
              format_text(" (within %g);", g["tolerance"].get<double>());
    text.back() = '\n';
    const bool refined = b.value("refinements", 0) > 0;
    text += "race: looks at " + looks_text(b["looks"]) + " trials; each interval at " + level_percent(b["interval_level"].get<double>()) +
            " (" + level_percent(b["level"].get<double>()) + " jointly: Bonferroni over " +
            (refined ? grouped(static_cast<int64_t>(b["lattice"].get<uint64_t>())) + " settings the search could play" : "settings") +
            " x goals x looks)\n";
    if (refined) text += stages_text(b);
    text += "played " + grouped(static_cast<int64_t>(b["trials"].get<uint64_t>())) + " trials in " +
            format_text("%.1f s", b["seconds"].get<double>()) + "; a full grid at the same precision plays " +
            grouped(static_cast<int64_t>(b["grid_trials"].get<uint64_t>())) + ", seed " + std::to_string(b["seed"].get<uint64_t>()) + "\n";
    if (best_policies(b)) {
      const auto& p = b["policies"];
      text +=
          "policies: each setting's sides play their best, searched there as volley best does (each side against the other's file "
          "policy), within " +
          grouped(static_cast<int64_t>(p["trials_per_policy"].get<uint64_t>())) + " trials a policy and " +
          std::to_string(p["steps"].get<int>()) + " races a search; the searches played " +
          grouped(static_cast<int64_t>(p["trials"].get<uint64_t>())) + format_text(" trials in %.1f s\n", p["seconds"].get<double>());
    }
  }
  if (b["partial"].get<bool>())
    text += "\nPARTIAL: interrupted after " + std::to_string(b["looks_done"].get<int>()) + " looks" +
            (b.value("refinements", 0) > 0 ? " in " + std::to_string(b["stages"].size()) + " stages" : std::string()) + "\n";
  if (best_policies(b)) {
    size_t searched = 0;
    for (const auto& c : b["candidates"]) searched += c["policies_searched"].get<bool>() ? 1 : 0;
    if (searched < candidates && !b["partial"].get<bool>())
      text +=
          format_text("\nThe time budget (--seconds) ended while the policies were searched (%zu of %zu settings): no race was played\n",
                      searched, candidates);
  }
  const std::string ending = b["ending"].get<std::string>();
  const auto& answer = b["answer"];
  if (ending == "holds")
    text += format_text("\n%zu setting%s hold%s every goal (fewest keys changed first):\n", answer.size(), answer.size() == 1 ? "" : "s",
                        answer.size() == 1 ? "s" : "");
  else if (ending == "undecided")
    text += format_text(
        "\nNo setting holds every goal within its tolerance yet: the budget ended with %zu open (their intervals still reach every "
        "goal; more --trials would decide them):\n",
        answer.size());
  else if (ending == "conflict" && b["goals"].size() == 1) text += "\nNo setting of the grid meets the goal. The nearest:\n";
  else if (ending == "conflict")
    text +=
        "\nNo setting of the grid meets every goal: the goals conflict here. The trade-off (settings no other comes nearer to "
        "every goal):\n";
  for (const auto& i : answer) {
    const auto& c = b["candidates"][i.get<size_t>()];
    text += "  " + setting_text(c) + "   (" + change_text(c) + "; " + grouped(static_cast<int64_t>(c["trials"].get<uint64_t>())) +
            " trials)\n" + goals_text(b, c);
    if (best_policies(b)) text += "      plays " + policies_text(c) + "\n";
  }
  if (b["budget_ended"].get<bool>() && ending == "holds")
    text += "the budget ended the race with settings still open (--trials, --seconds): others may hold the goals too\n";
  return text;
}

std::string balance_csv(const nlohmann::json& b) {
  std::string csv;
  for (const auto& k : b["keys"]) csv += csv_field(k["key"].get<std::string>()) + ",";
  csv += "verdict,in_answer,keys_changed,relative_change,trials,stage";
  for (const auto& g : b["goals"]) {
    const std::string name = g["estimate"].get<std::string>();
    csv += "," + csv_field(name) + "," + csv_field(name + " low") + "," + csv_field(name + " high");
  }
  csv += "\n";
  std::vector<size_t> answer;
  for (const auto& i : b["answer"]) answer.push_back(i.get<size_t>());
  for (size_t c = 0; c < b["candidates"].size(); ++c) {
    const auto& candidate = b["candidates"][c];
    for (const auto& a : candidate["assignments"]) {
      const std::string text = a.get<std::string>();
      csv += csv_field(text.substr(text.find('=') + 1)) + ",";
    }
    csv += candidate["verdict"].get<std::string>() + "," + (std::find(answer.begin(), answer.end(), c) != answer.end() ? "1" : "0") +
           format_text(",%zu,%.10g,%llu,%d", candidate["keys_changed"].get<size_t>(), candidate["relative_change"].get<double>(),
                       static_cast<unsigned long long>(candidate["trials"].get<uint64_t>()), candidate.value("stage", 0));
    for (size_t g = 0; g < b["goals"].size(); ++g) {
      if (g < candidate["goals"].size()) {
        const auto& e = candidate["goals"][g];
        csv += format_text(",%.10g,%.10g,%.10g", e["estimate"].get<double>(), e["low"].get<double>(), e["high"].get<double>());
      } else {
        csv += ",,,";
      }
    }
    csv += "\n";
  }
  return csv;
}

PlotSpec balance_plot(const nlohmann::json& b) {
  PlotSpec plot;
  const auto& goals = b["goals"];
  const bool two = goals.size() >= 2;
  // One goal and a continuous key: the settings drawn at that key's value, so that the refinements'
  // settings gather where the goal is met.
  size_t continuous = b["keys"].size();
  for (size_t k = 0; k < b["keys"].size() && continuous == b["keys"].size(); ++k)
    if (b["keys"][k].value("continuous", false)) continuous = k;
  const bool by_key = !two && continuous < b["keys"].size();
  // Rows: x, y, x low, x high, y low, y high, verdict (0 dropped, 1 open, 2 holds), in the answer.
  std::string rows, answer_rows;
  std::vector<size_t> answer;
  for (const auto& i : b["answer"]) answer.push_back(i.get<size_t>());
  const bool conflict = b["ending"].get<std::string>() == "conflict";
  std::vector<std::pair<double, std::string>> front;
  for (size_t c = 0; c < b["candidates"].size(); ++c) {
    const auto& candidate = b["candidates"][c];
    if (candidate["goals"].empty()) continue;
    const auto& gx = candidate["goals"][0];
    const std::string verdict = candidate["verdict"].get<std::string>();
    double x = 0, xl = 0, xh = 0, y = static_cast<double>(c), yl = y, yh = y;
    if (by_key) {
      const std::string a = candidate["assignments"][continuous].get<std::string>();
      y = yl = yh = std::strtod(a.c_str() + a.find('=') + 1, nullptr);
    }
    x = gx["estimate"].get<double>();
    xl = gx["low"].get<double>();
    xh = gx["high"].get<double>();
    if (two) {
      const auto& gy = candidate["goals"][1];
      y = gy["estimate"].get<double>();
      yl = gy["low"].get<double>();
      yh = gy["high"].get<double>();
    }
    const std::string row = format_text("%.10g %.10g %.10g %.10g %.10g %.10g %d\n", x, y, xl, xh, yl, yh,
                                        verdict == "holds"  ? 2
                                        : verdict == "open" ? 1
                                                            : 0);
    rows += row;
    if (std::find(answer.begin(), answer.end(), c) != answer.end()) {
      answer_rows += row;
      front.emplace_back(x, row);
    }
  }
  std::sort(front.begin(), front.end(), [](const auto& p, const auto& q) { return p.first < q.first; });
  std::string front_rows;
  for (const auto& f : front) front_rows += f.second;
  plot.data.push_back({"candidates", rows});
  plot.data.push_back({"answer", answer_rows});
  plot.data.push_back({"front", front_rows});
  // Each axis spans the data and its goal's finite ends (widened by the tolerance), so that a goal the
  // settings cannot reach is still drawn, as a shaded band away from them.
  std::string script =
      "set title " +
      plot.texts.expression(b["title"].get<std::string>() + ": balance" + (b["partial"].get<bool>() ? " (PARTIAL: interrupted)" : "")) +
      "\n";
  script += "set xlabel " + plot.texts.expression(goals[0]["estimate"].get<std::string>()) + "\nset ylabel " +
            plot.texts.expression(two      ? goals[1]["estimate"].get<std::string>()
                                  : by_key ? b["keys"][continuous]["key"].get<std::string>()
                                           : std::string("setting (grid order)")) +
            "\n";
  script += "set grid\nset key outside top center horizontal maxrows 3 samplen 2\n";
  const auto extent = [&](size_t goal) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto& c : b["candidates"])
      if (goal < c["goals"].size()) {
        lo = std::min(lo, c["goals"][goal]["estimate"].get<double>());
        hi = std::max(hi, c["goals"][goal]["estimate"].get<double>());
      }
    const auto& g = goals[goal];
    const double tol = g["tolerance"].get<double>();
    for (const char* end : {"low", "high"})
      if (!g[end].is_null()) {
        lo = std::min(lo, g[end].get<double>() - tol);
        hi = std::max(hi, g[end].get<double>() + tol);
      }
    if (!(lo < hi)) {
      lo = std::isfinite(lo) ? lo - 1 : 0;
      hi = lo + 2;
    }
    const double margin = (hi - lo) * 0.05;
    return std::pair<double, double>{lo - margin, hi + margin};
  };
  const auto band = [&](const nlohmann::json& g, std::pair<double, double> range, bool x) {
    const double tol = g["tolerance"].get<double>();
    const double lo = g["low"].is_null() ? range.first : std::max(range.first, g["low"].get<double>() - tol);
    const double hi = g["high"].is_null() ? range.second : std::min(range.second, g["high"].get<double>() + tol);
    const std::string from = x ? format_text("%.10g, graph 0", lo) : format_text("graph 0, first %.10g", lo);
    const std::string to = x ? format_text("%.10g, graph 1", hi) : format_text("graph 1, first %.10g", hi);
    return "set object rect from " + std::string(x ? "first " : "") + from + " to " + (x ? "first " : "") + to + " fc rgb '" +
           (x ? "#009E73" : "#56B4E9") + "' fs transparent solid 0.18 noborder behind\n";
  };
  const auto xr = extent(0);
  script += format_text("set xrange [%.10g:%.10g]\n", xr.first, xr.second) + band(goals[0], xr, true);
  if (two) {
    const auto yr = extent(1);
    script += format_text("set yrange [%.10g:%.10g]\n", yr.first, yr.second) + band(goals[1], yr, false);
  } else {
    script += by_key ? "set autoscale y\nset offsets 0, 0, graph 0.05, graph 0.05\n" : "set autoscale y\nset offsets 0, 0, 1, 1\n";
  }
  if (rows.empty()) {
    // Interrupted before any setting finished a look: gnuplot refuses a plot of nothing, so a note.
    plot.script = script + "set label 1 " + plot.texts.expression("PARTIAL: interrupted before any setting finished a look") +
                  " at graph 0.5, graph 0.5 center\nset yrange [0:1]\nplot NaN notitle\n";
    return plot;
  }
  script += "plot $candidates using ($7==0?$1:NaN):2 with points pt 7 ps 0.6 lc rgb '#999999' title " +
            plot.texts.expression("dropped (misses a goal)") +
            ", $candidates using ($7==1?$1:NaN):2:3:4:5:6 with xyerrorbars pt 7 ps 0.8 lc rgb '#E69F00' title " +
            plot.texts.expression("open (undecided)") +
            ", $candidates using ($7==2?$1:NaN):2:3:4:5:6 with xyerrorbars pt 7 ps 0.9 lc rgb '#0072B2' title " +
            plot.texts.expression("holds every goal") +
            ", $answer using 1:2:3:4:5:6 with xyerrorbars pt 6 ps 2.2 lw 2 lc rgb '#D55E00' title " +
            plot.texts.expression(conflict ? "the trade-off (Pareto front), with intervals" : "the answer, with intervals");
  if (conflict) script += ", $front using 1:2 with lines lw 1.5 dt 2 lc rgb '#D55E00' notitle";
  script += ", NaN with boxes fs transparent solid 0.18 noborder lc rgb '#009E73' title " +
            plot.texts.expression(goals[0]["estimate"].get<std::string>() + " " + goals[0]["relation"].get<std::string>());
  if (two)
    script += ", NaN with boxes fs transparent solid 0.18 noborder lc rgb '#56B4E9' title " +
              plot.texts.expression(goals[1]["estimate"].get<std::string>() + " " + goals[1]["relation"].get<std::string>());
  script += "\n";
  plot.script = script;
  return plot;
}

}  // namespace volley
