# VOLLEY_UNITY_BUILD: which targets compile each folder's sources as unity sources of up to ten files.
#   OFF    none: every file compiled alone, the quickest rebuild after an edit (-DVOLLEY_UNITY_BUILD=OFF)
#   OUTER  the release presets: the tests and the layers above the run driver (output, study, web, cli).
#          The kernel, the tally and the driver (engine, analysis, scenario, record, run), whose code the
#          bench measures, are compiled file by file as ever, so the bench's code is that of a plain build.
#   ON     every target (the sanitizer and fuzz presets, the style check's clang-tidy).
# Most of a file's compile time goes to the inline code of the headers it includes (json, Catch2, the
# kernel's templates), compiled again in every file; a unity source compiles it once for all its
# files: a fresh release build takes half the time (CI's 2-core budget; docs/architecture.md). Files of
# one game (barrage_*, firefight_*, fire_*) form their own groups: their `using namespace` of that
# game's rules would make the other game's names ambiguous. A name defined in two files of a folder
# (in an anonymous namespace too) is an error in such a build: give it one home (a header) or a name
# of its own. Sources with their own compile options or definitions (the httplib clients,
# mpi_world.cpp) are compiled alone, as CMake does with any such source.
set(VOLLEY_UNITY_BUILD "OFF" CACHE STRING "Unity sources for no target (OFF), the tests and the layers above the driver (OUTER), or all (ON)")
set_property(CACHE VOLLEY_UNITY_BUILD PROPERTY STRINGS OFF OUTER ON)
# A cache from before OUTER may hold a boolean.
string(TOUPPER "${VOLLEY_UNITY_BUILD}" volley_unity_level)
if(volley_unity_level MATCHES "^(TRUE|1|YES|Y)$")
  set(volley_unity_level ON)
elseif(volley_unity_level MATCHES "^(FALSE|0|NO|N)$")
  set(volley_unity_level OFF)
endif()
if(NOT volley_unity_level MATCHES "^(OFF|OUTER|ON)$")
  message(FATAL_ERROR "VOLLEY_UNITY_BUILD: expected OFF, OUTER or ON, got '${VOLLEY_UNITY_BUILD}'")
endif()

# `level`: OUTER for a target that OUTER unifies, ON for one that only ON does.
function(volley_unity_groups target level)
  if(volley_unity_level STREQUAL "OFF" OR (level STREQUAL "ON" AND volley_unity_level STREQUAL "OUTER"))
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
