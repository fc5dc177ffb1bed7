#include "sim/map_file.hpp"

#include "sim/atomic_file.hpp"
#include "sim/map_svg.hpp"
#include "sim/mpi_world.hpp"
#include "sim/plots.hpp"

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
