# volley_string_literal(TEXT OUT): OUT is TEXT as C++ raw string literals, cut into pieces below the
# compilers' literal length limits (juxtaposed literals concatenate). For the embed_*.cmake scripts.
function(volley_string_literal text out)
  string(LENGTH "${text}" len)
  set(pieces "")
  set(pos 0)
  while(pos LESS len)
    string(SUBSTRING "${text}" ${pos} 8000 piece)
    string(APPEND pieces "R\"volley(${piece})volley\" ")
    math(EXPR pos "${pos} + 8000")
  endwhile()
  set(${out} "${pieces}" PARENT_SCOPE)
endfunction()
