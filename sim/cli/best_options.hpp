#pragma once
// `volley best`'s own options (its run options are run_options.hpp's), read into the study's settings.
#include "sim/study/best_study.hpp"

#include <boost/program_options/options_description.hpp>

namespace volley {

void add_best_options(boost::program_options::options_description& options, BestStudySettings& settings);

}  // namespace volley
