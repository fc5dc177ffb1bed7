#include "analysis/did_you_mean.hpp"

#include <algorithm>

namespace volley {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& valid, const std::string& what) {
  const size_t near = std::max<size_t>(2, word.size() / 3);
  size_t best = SIZE_MAX;
  std::vector<std::string> nearest;
  for (const auto& v : valid) {
    const size_t d = word.size() >= 3 && v.find(word) != std::string::npos ? 1 : edit_distance(word, v);
    if (d > near) continue;
    if (d < best) best = d, nearest.clear();
    if (d == best) nearest.push_back(v);
  }
  std::string list;
  for (const auto& v : valid) list += (list.empty() ? "" : ", ") + v;
  std::string out;
  for (size_t i = 0; i < nearest.size(); ++i)
    out += (i == 0 ? "did you mean '" : i + 1 == nearest.size() ? " or '" : ", '") + nearest[i] + "'";
  if (!out.empty()) out += "? ";
  return out + "(" + what + ": " + list + ")";
}

}  // namespace volley
