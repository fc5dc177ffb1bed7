#pragma once
// The binomial tables' entries by their exact formula (binomial_table.hpp): the CDF of
// Binomial(n, band/faces) in long double, scaled to 2^32 and rounded down. Computed when volley is
// built (binomial_table_generator.cpp writes them as data), so that a run starts without computing
// them; a test checks the data against this formula.
#include <cstdint>
#include <vector>

namespace volley {

// Every row of the tables, in their layout (BinomialTables::thresholds).
std::vector<uint32_t> binomial_thresholds_by_formula();

}  // namespace volley
