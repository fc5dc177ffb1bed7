#pragma once
// 128-bit integers for exact moments (GCC and Clang).
namespace volley {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

}  // namespace volley
