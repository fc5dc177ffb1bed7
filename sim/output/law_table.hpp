#pragma once
// Exact laws as a designer reads them: one row per value, P(= k), P(>= k) and P(<= k) for each law
// side by side, then each law's mean and standard deviation (`volley dice`, `volley fire`), and the
// same as a plot (P(= k) as bars, P(>= k) as steps).
#include "engine/integer_law.hpp"
#include "sim/output/plots.hpp"

#include <string>
#include <vector>

namespace volley {

struct NamedLaw {
  std::string label;  // "normal", "schnellfeuer"; empty for a lone law
  IntegerLaw law;
};

// How the table writes a probability: 0.125000, or 12.5000% (AnyDice's way).
enum class LawUnit { Probability, Percent };

// The table's text. Rows whose probability is below 5e-7 in every law (they print as 0.000000) are
// left out at both ends; the tails of the kept rows still count them.
std::string law_table(const std::string& value_name, const std::vector<NamedLaw>& laws, LawUnit unit = LawUnit::Probability);

// "mean 10.500000, standard deviation 2.958040" per law, one line each.
std::string law_moments(const std::vector<NamedLaw>& laws);

// Bars of P(X = k) beside the steps of P(X >= k), one colour per law. Labels reach gnuplot quoted.
PlotSpec law_plot(const std::string& value_name, const std::vector<NamedLaw>& laws, const std::string& title);

}  // namespace volley
