#pragma once
// Errors found in a scenario: each names the file (or the --set that introduced the value), the line,
// column and key, and says what was expected. Readers collect every error they can before giving up,
// so a designer fixes a file in one pass.
#include <stdexcept>
#include <string>
#include <vector>

namespace volley {

struct ScenarioError {
  std::string file;
  int line = 0;
  int column = 0;
  std::string key;
  std::string message;
  std::string format() const;  // "file:12:3: german.units.Z1.figures: expected ..."
};

class ScenarioErrors : public std::runtime_error {
 public:
  explicit ScenarioErrors(std::vector<ScenarioError> errors);
  const std::vector<ScenarioError>& errors() const noexcept { return errors_; }

 private:
  std::vector<ScenarioError> errors_;
};

}  // namespace volley
