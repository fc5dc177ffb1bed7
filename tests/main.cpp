// The Catch2 main, alone in its translation unit so the heavy header is compiled once for it.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
