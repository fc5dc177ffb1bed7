#pragma once
// A balance study run as `volley balance` runs it, with no progress shown: the scenario the settings
// name (the embedded default when they name none).
#include "sim/study/study_control.hpp"
#include "sim/study/balance_study.hpp"

namespace volley::testing {

inline BalanceStudy run_balance(const BalanceSettings& s) { return balance_study(s, scenario_argument(s.run.scenario), {}); }

}  // namespace volley::testing
