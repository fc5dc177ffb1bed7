#include "engine/dice_question.hpp"

#include "engine/exact_dice.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace volley {

namespace {

// Limits that keep every exact law a fraction of a second: a sum convolves n dice of F faces
// (about n^2 F^2 / 2 products), a count builds a binomial one die at a time (n^2 / 2).
constexpr int MaxFacesPerDie = 1000;

int parse_int(std::string_view text, const std::string& what, const std::string& word) {
  int value = 0;
  const char* first = text.data();
  if (!text.empty() && text[0] == '+') ++first;
  const auto [end, ec] = std::from_chars(first, text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size())
    throw std::invalid_argument("'" + word + "': expected a whole number for " + what + ", got '" + std::string(text) + "'");
  return value;
}

std::string face_text(const FaceRange& r) {
  if (r.size() == 0) return "no face";
  if (r.low == r.high) return "a " + std::to_string(r.low);
  return std::to_string(r.low) + " to " + std::to_string(r.high);
}

// "10d20" or "d6" -> dice and faces; `rest` receives what follows the faces ("+1", "@4+", "").
DiceTerm parse_term(const std::string& word, std::string& rest) {
  const auto d = word.find_first_of("dD");
  if (d == std::string::npos) throw std::invalid_argument("'" + word + "': expected dice like 3d6, 2d6+1, 10d20 or 5d6@4+");
  DiceTerm term;
  term.dice = d == 0 ? 1 : parse_int(std::string_view(word).substr(0, d), "the number of dice", word);
  size_t end = d + 1;
  while (end < word.size() && std::isdigit(static_cast<unsigned char>(word[end]))) ++end;
  term.faces = parse_int(std::string_view(word).substr(d + 1, end - d - 1), "the faces of a die", word);
  rest = word.substr(end);
  if (term.dice < 0 || term.dice > MaxDice)
    throw std::invalid_argument("'" + word + "': the number of dice must be 0 to " + std::to_string(MaxDice));
  if (term.faces < 2 || term.faces > MaxFacesPerDie)
    throw std::invalid_argument("'" + word + "': a die has 2 to " + std::to_string(MaxFacesPerDie) + " faces");
  return term;
}

// "4d6kh3", or "4d6kh3 vs 3d6": each side a dice expression, its errors counted in characters of
// the whole question.
DiceQuestion parse_sums(const std::string& words, int explosion_cap) {
  DiceQuestion q;
  size_t vs = std::string::npos;
  for (const char* word : {" vs ", " VS "})
    if (const auto at = words.find(word); at != std::string::npos) vs = at;
  if (vs == std::string::npos) {
    if (words.ends_with(" vs") || words.ends_with(" VS") || words.starts_with("vs ") || words.starts_with("VS "))
      throw std::invalid_argument("'" + words + "': opposed pools need one on each side of vs: 4d6kh3 vs 3d6");
    q.sum = parse_dice_expression(words, explosion_cap);
    q.kind = DiceQuestionKind::Sum;
    return q;
  }
  q.sum = parse_dice_expression(words.substr(0, vs), explosion_cap);
  q.opponent_sum = parse_dice_expression(words.substr(vs + 4), explosion_cap, vs + 4);
  q.kind = DiceQuestionKind::OpposedSums;
  return q;
}

}  // namespace

FaceRange parse_face_rule(const std::string& rule, int faces, int modifier) {
  const auto face = [&](std::string_view text) {
    const int f = parse_int(text, "a face", rule);
    return f;
  };
  const auto exact_face = [&](std::string_view text) {
    const int f = face(text);
    if (f < 1 || f > faces)
      throw std::invalid_argument("'" + rule + "': a d" + std::to_string(faces) + " has no face " + std::to_string(f));
    return f;
  };
  // A band's end moved by --mod, in 64 bits and kept within one face of the die: '<=2147483647' with
  // --mod 1 overflowed an int. Past the die, the band holds every face or none, as at one face past.
  const auto moved = [&](int f, int64_t by) { return static_cast<int>(std::clamp<int64_t>(f + by, 0, int64_t{faces} + 1)); };
  FaceRange r;
  bool moves = true;  // whether --mod applies: only to a band counted from one end of the die
  if (rule.starts_with("<=")) {
    r = {1, moved(face(std::string_view(rule).substr(2)), modifier)};
  } else if (rule.starts_with(">=")) {
    r = {moved(face(std::string_view(rule).substr(2)), -int64_t{modifier}), faces};
  } else if (rule.size() > 1 && rule.ends_with("+")) {
    r = {moved(face(std::string_view(rule).substr(0, rule.size() - 1)), -int64_t{modifier}), faces};
  } else if (rule.starts_with("==") || rule.starts_with("=")) {
    const int f = exact_face(std::string_view(rule).substr(rule[1] == '=' ? 2 : 1));
    r = {f, f};
    moves = false;
  } else if (const auto dots = rule.find(".."); dots != std::string::npos) {
    r = {exact_face(std::string_view(rule).substr(0, dots)), exact_face(std::string_view(rule).substr(dots + 2))};
    if (r.high < r.low) throw std::invalid_argument("'" + rule + "': the range runs from its lower face to its higher one");
    moves = false;
  } else {
    throw std::invalid_argument("'" + rule + "': expected a face rule like '<=6', '>=4', '4+', '==1' or '2..5'");
  }
  if (!moves && modifier != 0)
    throw std::invalid_argument("'" + rule + "': --mod moves the band of a '<=' or '>=' rule, not an exact face or a range");
  // F-4: the band is clamped to the die.
  r.low = std::max(r.low, 1);
  r.high = std::min(r.high, faces);
  return r;
}

DiceQuestion parse_dice_question(const std::string& words, const std::string& hit, int modifier, const std::string& minus,
                                 const std::string& kill, int explosion_cap) {
  std::vector<std::string> w;
  {
    std::istringstream in(words);
    for (std::string s; in >> s;) w.push_back(s);
  }
  if (w.empty()) throw std::invalid_argument("give dice, e.g. volley dice 3d6, or volley dice 10d20 --hit '<=6'");
  DiceQuestion q;
  // Without a rule to count by, the words are a sum, or two sums opposed ("4d6kh3 vs 3d6").
  if (words.find('@') == std::string::npos && hit.empty() && minus.empty() && kill.empty() && modifier == 0)
    return parse_sums(words, explosion_cap);
  std::string rest;
  q.pool = parse_term(w[0], rest);
  if (w.size() > 1) {
    if (w.size() != 3 || (w[1] != "vs" && w[1] != "VS"))
      throw std::invalid_argument("expected one pool, or two opposed pools: 5d6@4+ vs 3d6@4+ (got '" + words + "')");
    if (!hit.empty() || !minus.empty() || !kill.empty() || modifier != 0)
      throw std::invalid_argument("opposed pools say their own rules (5d6@4+ vs 3d6@4+); --hit, --minus, --mod and --kill do not apply");
    for (int side = 0; side < 2; ++side) {
      const std::string& word = w[side == 0 ? 0 : 2];
      DiceTerm term = parse_term(word, rest);
      if (!rest.starts_with("@"))
        throw std::invalid_argument("'" + word + "': an opposed pool counts successes: write it with its rule, e.g. 5d6@4+");
      term.counted = true;
      term.hit = parse_face_rule(rest.substr(1), term.faces, 0);
      (side == 0 ? q.pool : q.opponent) = term;
    }
    q.kind = DiceQuestionKind::Opposed;
    return q;
  }
  std::string rule = hit;
  if (rest.starts_with("@")) {
    if (!hit.empty()) throw std::invalid_argument("'" + w[0] + "' already says its rule; drop --hit or the @");
    rule = rest.substr(1);
  } else if (!rest.empty()) {
    if (rest[0] != '+' && rest[0] != '-')
      throw std::invalid_argument("'" + w[0] + "': a count of hits takes plain dice like 10d20, got '" + rest + "' after the dice");
    throw std::invalid_argument("'" + w[0] + "': a count of hits takes no constant; --mod " + rest + " moves the band instead");
  }
  if (rule.empty())
    // No --hit: --minus, --kill or --mod were given for a sum (never a count the user did not ask for).
    throw std::invalid_argument("--minus, --kill and --mod count dice against a rule: give --hit too (a pool without --hit is summed)");
  q.pool.counted = true;
  q.pool.hit = parse_face_rule(rule, q.pool.faces, modifier);
  q.kind = DiceQuestionKind::Count;
  if (!minus.empty()) {
    if (!kill.empty()) throw std::invalid_argument("--kill applies to a count of hits, not to a difference (--minus)");
    q.minus = parse_face_rule(minus, q.pool.faces, 0);
    if (q.minus.size() > 0 && q.pool.hit.size() > 0 && q.minus.low <= q.pool.hit.high && q.pool.hit.low <= q.minus.high)
      throw std::invalid_argument("--hit '" + rule + "' and --minus '" + minus + "' share faces; a die counts for one of them at most");
    q.kind = DiceQuestionKind::CountDifference;
  }
  if (!kill.empty()) {
    const auto slash = kill.find('/');
    if (slash == std::string::npos) throw std::invalid_argument("--kill: expected a chance like 1/4, got '" + kill + "'");
    q.kill_num = parse_int(std::string_view(kill).substr(0, slash), "--kill's numerator", kill);
    q.kill_den = parse_int(std::string_view(kill).substr(slash + 1), "--kill's denominator", kill);
    if (q.kill_den < 1 || q.kill_den > MaxFacesPerDie || q.kill_num < 0 || q.kill_num > q.kill_den)
      throw std::invalid_argument("--kill: expected a chance a/b with 0 <= a <= b <= " + std::to_string(MaxFacesPerDie) + ", got '" + kill +
                                  "'");
    q.kills = true;
  }
  return q;
}

std::string DiceQuestion::describe() const {
  const std::string dice = std::to_string(pool.dice) + "d" + std::to_string(pool.faces);
  switch (kind) {
    case DiceQuestionKind::Sum:
      return sum.describe();
    case DiceQuestionKind::OpposedSums:
      return sum.describe() + ", minus " + opponent_sum.describe() + "; the first wins with P(>= 1), a tie is P(= 0)";
    case DiceQuestionKind::Count:
      return "how many of " + dice + " show " + face_text(pool.hit) + " (" + std::to_string(pool.hit.size()) + " of " +
             std::to_string(pool.faces) + " faces)" +
             (kills ? ", and how many of those hits kill (" + std::to_string(kill_num) + "/" + std::to_string(kill_den) + " each)" : "");
    case DiceQuestionKind::CountDifference:
      return "of " + dice + ", how many show " + face_text(pool.hit) + " minus how many show " + face_text(minus) +
             "; more of the first with P(>= 1)";
    case DiceQuestionKind::Opposed:
      return "successes of " + dice + " (" + face_text(pool.hit) + ") minus those of " + std::to_string(opponent.dice) + "d" +
             std::to_string(opponent.faces) + " (" + face_text(opponent.hit) + "); the first wins with P(>= 1)";
  }
  return "";
}

std::string DiceQuestion::value_name() const {
  switch (kind) {
    case DiceQuestionKind::Sum:
      return "sum";
    case DiceQuestionKind::Count:
      return "hits";
    default:
      return "difference";
  }
}

IntegerLaw DiceQuestion::law() const {
  switch (kind) {
    case DiceQuestionKind::Sum:
      return sum.law();
    case DiceQuestionKind::OpposedSums:
      return convolve(sum.law(), negated(opponent_sum.law()));
    case DiceQuestionKind::Count:
      return count_law(pool.dice, pool.hit.size(), pool.faces);
    case DiceQuestionKind::CountDifference:
      return count_difference_law(pool.dice, pool.hit.size(), minus.size(), pool.faces);
    case DiceQuestionKind::Opposed:
      return convolve(count_law(pool.dice, pool.hit.size(), pool.faces),
                      negated(count_law(opponent.dice, opponent.hit.size(), opponent.faces)));
  }
  return point_law(0);
}

bool DiceQuestion::explodes() const noexcept {
  return (kind == DiceQuestionKind::Sum || kind == DiceQuestionKind::OpposedSums) && (sum.explodes() || opponent_sum.explodes());
}

double DiceQuestion::beyond_cap() const {
  if (kind == DiceQuestionKind::Sum) return sum.beyond_cap();
  if (kind == DiceQuestionKind::OpposedSums) return -std::expm1(std::log1p(-sum.beyond_cap()) + std::log1p(-opponent_sum.beyond_cap()));
  return 0;
}

IntegerLaw DiceQuestion::kill_law() const { return thinned(law(), static_cast<double>(kill_num) / kill_den); }

}  // namespace volley
