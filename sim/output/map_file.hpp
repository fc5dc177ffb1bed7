#pragma once
// A map written to `--plot FILE` (show, replay): FILE.svg is volley's own SVG (sim/output/map_svg.hpp),
// drawn to scale with every mark labelled; FILE.png is gnuplot's rendering of the same MapModel
// (sim/output/plots.hpp), since a PNG needs a rasteriser and gnuplot is the one volley already uses.
#include "sim/scenario/map_model.hpp"

#include <string>
#include <vector>

namespace volley {

// One frame, or several (replay: the setup and each turn played) under `title`. Written atomically
// by rank 0.
void write_map(const std::vector<MapModel>& frames, const std::string& title, const std::string& path);

}  // namespace volley
