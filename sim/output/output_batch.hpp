#pragma once
// A command's outputs, written one after another, each attempted even when an earlier one failed (a
// disk that filled, a directory removed during a long run): a failure loses only the output that
// failed, never the others of the same run. finish() then throws one std::runtime_error naming every
// failure (the command exits non-zero).
#include <stdexcept>
#include <string>

namespace volley {

class OutputBatch {
 public:
  template <class Write>
  void attempt(Write&& write) {
    try {
      write();
    } catch (const std::exception& e) {
      failures_ += (failures_.empty() ? "" : "; ") + std::string(e.what());
    }
  }
  void finish() const {
    if (!failures_.empty()) throw std::runtime_error(failures_);
  }

 private:
  std::string failures_;
};

}  // namespace volley
