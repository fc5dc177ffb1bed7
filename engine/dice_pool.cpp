#include "engine/dice_pool.hpp"

#include "engine/binomial_table.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace volley {

int PoolSpec::success_faces() const noexcept {
  const int band = at_most ? target + modifier : faces - target + 1 + modifier;
  return std::clamp(band, 0, faces);
}

bool PoolSpec::hits(int face) const noexcept {
  // The band counted from the hitting end of the die: low faces for <=, high faces for >=.
  return at_most ? face <= success_faces() : face > faces - success_faces();
}

std::string PoolSpec::describe() const {
  std::string s = std::to_string(dice) + "d" + std::to_string(faces) + (at_most ? " needing <= " : " needing >= ") + std::to_string(target);
  if (modifier != 0) s += (modifier > 0 ? " at +" : " at ") + std::to_string(modifier);
  return s + " (" + std::to_string(success_faces()) + " of " + std::to_string(faces) + " faces hit)";
}

namespace {
int parse_int(std::string_view text, std::string_view what) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size())
    throw std::invalid_argument("expected a whole number for " + std::string(what) + ", got '" + std::string(text) + "'");
  return value;
}
}  // namespace

PoolSpec parse_pool(std::string_view dice, std::string_view hit, int modifier) {
  PoolSpec pool;
  const auto d = dice.find_first_of("dD");
  if (d == std::string_view::npos) throw std::invalid_argument("expected a pool like 10d20, got '" + std::string(dice) + "'");
  pool.dice = d == 0 ? 1 : parse_int(dice.substr(0, d), "the number of dice");
  pool.faces = parse_int(dice.substr(d + 1), "the faces of a die");
  if (pool.dice < 0 || pool.dice > 100000) throw std::invalid_argument("the number of dice must be in [0, 100000]");
  if (pool.faces < 2 || pool.faces > MaxFaces)
    throw std::invalid_argument("a die has 2 to " + std::to_string(MaxFaces) + " faces, got " + std::to_string(pool.faces));
  if (hit.starts_with("<=")) {
    pool.at_most = true;
    pool.target = parse_int(hit.substr(2), "the hit target");
  } else if (hit.starts_with(">=")) {
    pool.at_most = false;
    pool.target = parse_int(hit.substr(2), "the hit target");
  } else if (hit.ends_with("+")) {
    pool.at_most = false;
    pool.target = parse_int(hit.substr(0, hit.size() - 1), "the hit target");
  } else {
    throw std::invalid_argument("expected a hit rule like '<=6', '>=4' or '4+', got '" + std::string(hit) + "'");
  }
  pool.modifier = modifier;
  return pool;
}

}  // namespace volley
