# VOLLEY_UNITY_BUILD (the sanitizer presets): each folder's sources are compiled as unity sources of
# up to ten files. Under the sanitizers most of a file's compile time goes to the inline code of the
# headers it includes (json, Catch2, the kernel's templates), instrumented again in every file; a
# unity source compiles it once for all its files, which more than halves those builds (CI's 2-core
# budget). Files of one game (barrage_*, firefight_*, fire_*) form their own groups: their
# `using namespace` of that game's rules would make the other game's names ambiguous. A name defined
# in two files of a folder (in an anonymous namespace too) is an error in such a build: give it one
# home (a header) or a name of its own. Sources with their own compile options or definitions (the
# httplib clients, mpi_world.cpp) are compiled alone, as CMake does with any such source.
option(VOLLEY_UNITY_BUILD "Compile each folder's sources as unity sources (the sanitizer presets)" OFF)

function(volley_unity_groups target)
  if(NOT VOLLEY_UNITY_BUILD)
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  list(SORT sources)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cpp$")
      continue()
    endif()
    if(NOT IS_ABSOLUTE ${source})
      set(source ${source_dir}/${source})
    endif()
    # Generated sources (the binomial tables) are compiled alone.
    file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR} ${source})
    if(relative MATCHES "^\\.\\.")
      continue()
    endif()
    get_filename_component(folder ${relative} DIRECTORY)
    get_filename_component(name ${relative} NAME)
    set(group "${folder}")
    if(name MATCHES "^(barrage|firefight|fire)_")
      set(group "${group}/${CMAKE_MATCH_1}")
    endif()
    string(MAKE_C_IDENTIFIER "${group}" group)
    # Ten files at most a unity source: a bounded memory per compile, and both cores busy to the end.
    if(NOT DEFINED files_in_${group})
      set(files_in_${group} 0)
    endif()
    math(EXPR chunk "${files_in_${group}} / 10")
    math(EXPR files_in_${group} "${files_in_${group}} + 1")
    set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES UNITY_GROUP "${group}_${chunk}")
  endforeach()
endfunction()
