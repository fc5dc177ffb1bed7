#pragma once
// The known-answer firefight: one Herero unit of `figures` with a herero rifle, 10" from a German
// unit of `target_figures` that cannot fire back (its weapon reaches 1"); one turn. Its volley is
// binomial, so the kernel's tallies have exact laws (known_answers_test, volley_law_test).
#include <string>

namespace volley::firefight::testing {

inline std::string one_volley(const std::string& ruleset, const std::string& policy, int figures, int target_class,
                              int target_figures = 200, bool prone_rule = false) {
  return "kind = \"firefight\"\nturns = 1\nsides = [\"herero\", \"german\"]\n"
         "[ruleset]\nname = \"" +
         ruleset +
         "\"\n"
         "[[ruleset.weapons]]\nname = \"stick\"\nrange = 1.0\nbands = [0, 0, 0, 0]\n"
         "[herero]\nfast_fire = true\nnative = true\npolicy = \"" +
         policy +
         "\"\n"
         "[[herero.units]]\nname = \"H1\"\nfigures = " +
         std::to_string(figures) +
         "\nweapon = \"herero-rifle\"\nposition = [10.0, 10.0]\n"
         "[german]\nprone_rule = " +
         (prone_rule ? "true" : "false") + "\n[[german.units]]\nname = \"Z1\"\nfigures = " + std::to_string(target_figures) +
         "\nweapon = \"stick\"\nposition = [10.0, 20.0]\ntarget_class = " + std::to_string(target_class) + "\n";
}

}  // namespace volley::firefight::testing
