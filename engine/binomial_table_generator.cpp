// Writes the binomial tables (binomial_table.hpp) as a C++ source of constant data, at build time:
//   volley_binomial_generator OUT.cpp
// A run then starts with its tables in place instead of computing them (about 140 million
// instructions of powl, most of a short run's CPU).
#include "engine/binomial_formula.hpp"
#include "engine/binomial_table.hpp"

#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUT.cpp\n", argv[0]);
    return 2;
  }
  const std::vector<uint32_t> data = volley::binomial_thresholds_by_formula();
  const std::string out = argv[1], partial = out + ".partial";
  std::FILE* f = std::fopen(partial.c_str(), "w");
  if (f == nullptr) {
    std::perror(partial.c_str());
    return 1;
  }
  std::fprintf(f,
               "// Generated at build time by engine/binomial_table_generator.cpp from engine/binomial_formula.cpp: do not edit.\n"
               "#include \"engine/binomial_table.hpp\"\n"
               "namespace volley {\n"
               "alignas(64) const uint32_t BinomialTables::data_[BinomialTables::Entries] = {\n");
  for (size_t i = 0; i < data.size(); ++i) std::fprintf(f, "%u%s", data[i], (i + 1) % 16 == 0 ? ",\n" : ",");
  std::fprintf(f, "};\n}  // namespace volley\n");
  if (std::fclose(f) != 0 || std::rename(partial.c_str(), out.c_str()) != 0) {
    std::perror(out.c_str());
    return 1;
  }
  return 0;
}
