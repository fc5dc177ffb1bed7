# Writes OUT: a C++ file holding every scenarios/*.toml as a string, so the binary carries the shipped
# scenarios (the first one a new user runs needs no file on disk). FUNCTION names the function that
# returns them (default embedded_scenarios; the starters of `volley new` are starter_scenarios).
if(NOT FUNCTION)
  set(FUNCTION embedded_scenarios)
endif()
include(${CMAKE_CURRENT_LIST_DIR}/string_literal.cmake)
file(GLOB scenario_files ${SCENARIO_DIR}/*.toml)
list(SORT scenario_files)
set(body "#include \"sim/scenario/embedded_scenarios.hpp\"\nnamespace volley {\nconst std::vector<EmbeddedScenario>& ${FUNCTION}() {\n  static const std::vector<EmbeddedScenario> all = {\n")
foreach(f ${scenario_files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} content)
  volley_string_literal("${content}" pieces NAME ${f})
  string(APPEND body "    {\"${name}\", ${pieces}},\n")
endforeach()
string(APPEND body "  };\n  return all;\n}\n}  // namespace volley\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
