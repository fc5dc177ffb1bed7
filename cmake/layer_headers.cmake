# The headers a library shows to the code above it, and only those (docs/architecture.md, "Layout").
# Each library gets its own include root in the build tree holding a link to each of its
# source folders (build/include/volley_run/sim/run -> sim/run); it is PUBLIC, so whatever links the
# library sees its headers, and nothing below it does. An include that climbs (a file in sim/run/
# including "sim/cli/...") then fails at compile time: "No such file or directory". The repository
# root itself is on no include path.
function(volley_layer_headers target)
  set(root ${PROJECT_BINARY_DIR}/include/${target})
  foreach(folder IN LISTS ARGN)
    get_filename_component(parent ${root}/${folder} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${root}/${folder} SYMBOLIC)
  endforeach()
  target_include_directories(${target} PUBLIC ${root})
endfunction()
