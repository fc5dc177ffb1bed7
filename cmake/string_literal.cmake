# volley_string_literal(TEXT OUT [NAME name] [DELIMITER word] [SEPARATOR text]): OUT is TEXT as C++ raw
# string literals R"word(...)word", cut into pieces of 8000 characters (below the compilers' literal
# length limits), each followed by SEPARATOR. The default separator, a space, juxtaposes the pieces
# into one literal (the scenarios, short texts); embed_web.cmake's assets are longer than the 64 KiB
# one literal may portably hold, and take ",\n" to make the pieces elements of an array. A text that
# holds the closing delimiter would end its literal early: the build stops there, naming NAME.
# For the embed_*.cmake scripts.
function(volley_string_literal text out)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "NAME;DELIMITER;SEPARATOR" "")
  if(NOT DEFINED arg_DELIMITER)
    set(arg_DELIMITER volley)
  endif()
  if(NOT DEFINED arg_SEPARATOR)
    set(arg_SEPARATOR " ")
  endif()
  string(FIND "${text}" ")${arg_DELIMITER}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${arg_NAME} contains the raw-string delimiter )${arg_DELIMITER}\"")
  endif()
  string(LENGTH "${text}" len)
  set(pieces "")
  set(pos 0)
  while(pos LESS len)
    string(SUBSTRING "${text}" ${pos} 8000 piece)
    string(APPEND pieces "R\"${arg_DELIMITER}(${piece})${arg_DELIMITER}\"${arg_SEPARATOR}")
    math(EXPR pos "${pos} + 8000")
  endwhile()
  set(${out} "${pieces}" PARENT_SCOPE)
endfunction()
