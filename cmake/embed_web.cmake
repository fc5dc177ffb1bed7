# Writes OUT: a C++ file holding each of FILES (paths separated by |; each embedded under its file
# name) as a string, so the report page is one self-contained file written by the binary alone.
# Raw string literals cut into pieces below the compilers' literal length limits, as the scenarios.
include(${CMAKE_CURRENT_LIST_DIR}/string_literal.cmake)
set(body "#include \"sim/output/web_assets.hpp\"\n#include <string>\nnamespace volley {\nnamespace {\n")
set(index 0)
set(table "")
string(REPLACE "|" ";" files "${FILES}")
foreach(f ${files})
  get_filename_component(name ${f} NAME)
  file(READ ${f} content)
  volley_string_literal("${content}" pieces NAME ${f} DELIMITER volley_web SEPARATOR ",\n")
  # An array of pieces, each under the 64 KiB that one literal may portably hold, joined at first use.
  string(APPEND body "const std::string& asset_${index}() {\n  static const char* const pieces[] = {${pieces}\"\"};\n"
                     "  static const std::string text = [] { std::string t; for (const char* p : pieces) t += p; return t; }();\n  return text;\n}\n")
  string(APPEND table "    {\"${name}\", asset_${index}()},\n")
  math(EXPR index "${index} + 1")
endforeach()
string(APPEND body "}  // namespace\nconst std::vector<WebAsset>& embedded_web_assets() {\n  static const std::vector<WebAsset> all = {\n${table}  };\n  return all;\n}\n}  // namespace volley\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
