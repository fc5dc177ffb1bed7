#include "sim/output/map_file.hpp"

#include "sim/output/atomic_file.hpp"
#include "sim/output/map_svg.hpp"
#include "sim/record/mpi_world.hpp"
#include "sim/output/plots.hpp"

namespace volley {

void write_map(const std::vector<MapModel>& frames, const std::string& title, const std::string& path) {
  if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".svg") == 0) {
    if (mpi_world().rank != 0) return;
    write_file_atomically(path, svg_document(frames.size() == 1 ? map_svg(frames.front()) : map_svg_frames(frames, title)));
    return;
  }
  draw_plot(map_plot(frames, title), path);
}

}  // namespace volley
