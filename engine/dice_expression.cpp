#include "engine/dice_expression.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace volley {

namespace {

// Limits that keep every exact law a fraction of a second (the same reach as a plain sum's).
constexpr int MaxFaces = 1000;         // faces of a die, and the largest face value either way
constexpr int64_t MaxSumSpan = 20000;  // highest minus lowest total of the whole expression
constexpr double MaxKeepWork = 2e9;    // value steps x dice^2 x kept-sum span of a keep's programme
constexpr int MaxExplosionCap = 1000;

// P(X = v) added to `into` with weight `w`, `into` widened as needed.
void add_scaled(IntegerLaw& into, const IntegerLaw& x, double w) {
  if (into.p.empty()) into = IntegerLaw{x.lowest, std::vector<double>(x.p.size(), 0.0)};
  const int64_t low = std::min(into.lowest, x.lowest), high = std::max(into.highest(), x.highest());
  if (low != into.lowest || high != into.highest()) {
    std::vector<double> p(static_cast<size_t>(high - low + 1), 0.0);
    std::copy(into.p.begin(), into.p.end(), p.begin() + (into.lowest - low));
    into = IntegerLaw{low, std::move(p)};
  }
  for (size_t i = 0; i < x.p.size(); ++i) into.p[static_cast<size_t>(x.lowest - into.lowest) + i] += w * x.p[i];
}

// The law with P(X = v) set to 0 (not renormalised): the rest of a die that stands off the face v.
IntegerLaw without(IntegerLaw x, int64_t v) {
  if (v >= x.lowest && v <= x.highest()) x.p[static_cast<size_t>(v - x.lowest)] = 0;
  return x;
}

IntegerLaw power(const IntegerLaw& x, int n) {
  IntegerLaw result = point_law(0), base = x;
  for (; n > 0; n >>= 1) {
    if (n & 1) result = convolve(result, base);
    if (n > 1) base = convolve(base, base);
  }
  return result;
}

// The sum of the `kept` highest (or lowest) of n independent dice of law `die`: a programme over the
// die's values from the end kept first, with state (dice placed so far, sum of the kept among them);
// placing c of the n - j dice left on value v weighs C(n - j, c) p(v)^c, so a state holding all n
// dice carries the multinomial probability of its counts. Positive terms only.
IntegerLaw kept_law(const IntegerLaw& die, int n, int kept, bool highest) {
  std::vector<std::pair<int64_t, double>> values;
  for (int64_t v = die.lowest; v <= die.highest(); ++v)
    if (die.at(v) > 0) values.emplace_back(v, die.at(v));
  if (highest) std::reverse(values.begin(), values.end());
  const int64_t low = std::min<int64_t>(0, kept * die.lowest), high = std::max<int64_t>(0, kept * die.highest());
  const auto span = static_cast<size_t>(high - low + 1);
  std::vector<std::vector<double>> f(static_cast<size_t>(n) + 1, std::vector<double>(span, 0.0)), g = f;
  f[0][static_cast<size_t>(-low)] = 1.0;
  std::vector<std::vector<double>> choose(static_cast<size_t>(n) + 1);
  for (int m = 0; m <= n; ++m) {
    choose[static_cast<size_t>(m)].assign(static_cast<size_t>(m) + 1, 1.0);
    for (int c = 1; c < m; ++c)
      choose[static_cast<size_t>(m)][static_cast<size_t>(c)] =
          choose[static_cast<size_t>(m - 1)][static_cast<size_t>(c - 1)] + choose[static_cast<size_t>(m - 1)][static_cast<size_t>(c)];
  }
  for (const auto& [v, p] : values) {
    for (auto& row : g) std::fill(row.begin(), row.end(), 0.0);
    for (int j = 0; j <= n; ++j)
      for (size_t s = 0; s < span; ++s) {
        const double here = f[static_cast<size_t>(j)][s];
        if (here == 0) continue;
        double pc = 1;  // p^c
        for (int c = 0; c <= n - j; ++c, pc *= p) {
          const int64_t add = std::min(c, std::max(0, kept - j)) * v;
          g[static_cast<size_t>(j + c)][static_cast<size_t>(static_cast<int64_t>(s) + add)] +=
              here * choose[static_cast<size_t>(n - j)][static_cast<size_t>(c)] * pc;
        }
      }
    std::swap(f, g);
  }
  IntegerLaw law{low, f[static_cast<size_t>(n)]};
  // Trim the zero ends, so the table starts and ends on values that can occur.
  size_t first = 0, last = law.p.size();
  while (first + 1 < last && law.p[first] == 0) ++first;
  while (last - 1 > first && law.p[last - 1] == 0) --last;
  return IntegerLaw{low + static_cast<int64_t>(first), std::vector<double>(law.p.begin() + first, law.p.begin() + last)};
}

// Reads the expression left to right; every error names the character it stopped at.
class Reader {
 public:
  Reader(const std::string& text, size_t offset) : text_(text), offset_(offset) {}

  bool done() {
    skip_spaces();
    return at_ >= text_.size();
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  bool take(char c) {
    if (peek() != c) return false;
    ++at_;
    return true;
  }
  bool at_digit() const { return std::isdigit(static_cast<unsigned char>(peek())) != 0; }
  void skip_spaces() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  size_t position() const { return at_; }

  // A whole number here (an optional minus when `signed_ok`), within [low, high].
  int number(const std::string& what, int low, int high, bool signed_ok = false) {
    const size_t start = at_;
    if (signed_ok && (peek() == '-' || peek() == '+')) ++at_;
    if (!at_digit()) fail(start, "expected " + what);
    while (at_digit()) ++at_;
    int value = 0;
    const char* first = text_.data() + start + (text_[start] == '+' ? 1 : 0);
    const auto [end, ec] = std::from_chars(first, text_.data() + at_, value);
    if (ec != std::errc{} || value < low || value > high)
      fail(start, what + " must be " + std::to_string(low) + " to " + std::to_string(high) + ", got " + text_.substr(start, at_ - start));
    return value;
  }

  [[noreturn]] void fail(size_t where, const std::string& why) const {
    const std::string what = where < text_.size() ? "'" + std::string(1, text_[where]) + "'" : "the end";
    throw std::invalid_argument("bad dice '" + text_ + "' at character " + std::to_string(where + 1 + offset_) + " (" + what + "): " + why);
  }

 private:
  const std::string& text_;
  size_t offset_;
  size_t at_ = 0;
};

// After "d": F, {a,b,...} or the letter F.
std::vector<int> read_faces(Reader& r) {
  std::vector<int> faces;
  if (r.take('F')) return {-1, 0, 1};
  if (r.take('{')) {
    do {
      r.skip_spaces();
      faces.push_back(r.number("a face value", -MaxFaces, MaxFaces, true));
      r.skip_spaces();
      if (faces.size() > static_cast<size_t>(MaxFaces)) r.fail(r.position(), "a die has at most " + std::to_string(MaxFaces) + " faces");
    } while (r.take(','));
    if (!r.take('}')) r.fail(r.position(), "expected ',' and another face, or '}' to close the faces (d{1,1,2,3})");
    if (faces.size() < 2) r.fail(r.position() - 1, "a die has at least 2 faces: d{1,2}");
    std::sort(faces.begin(), faces.end());
    return faces;
  }
  const int f = r.number("the faces of a die (d6), a list of faces (d{1,1,2,3}) or F (Fate dice)", 2, MaxFaces);
  for (int v = 1; v <= f; ++v) faces.push_back(v);
  return faces;
}

// N dice after their count: dFACES then any of rK, !, khK/klK, each once.
DiceGroup read_group(Reader& r, int count, size_t start, const std::string& text) {
  DiceGroup g;
  g.count = count;
  g.faces = read_faces(r);
  bool keep_seen = false;
  for (;;) {
    const size_t at = r.position();
    if (r.take('r')) {
      if (g.rerolls) r.fail(at, "a die is rerolled by one rule: d6r2 rerolls 1s and 2s");
      g.rerolls = true;
      g.reroll_at_most = r.number("the face to reroll at or below (d6r1 rerolls 1s once)", -MaxFaces, MaxFaces, true);
      if (g.reroll_at_most >= g.highest_face()) r.fail(at, "rerolling every face changes nothing: reroll below the highest face");
    } else if (r.take('!')) {
      if (g.explodes) r.fail(at, "one '!' explodes a die");
      g.explodes = true;
    } else if (r.take('k')) {
      if (keep_seen) r.fail(at, "a group keeps once: 4d6kh3");
      keep_seen = true;
      if (r.take('h')) g.keep = DiceGroup::Keep::Highest;
      else if (r.take('l')) g.keep = DiceGroup::Keep::Lowest;
      else r.fail(r.position(), "expected 'h' (keep highest, 4d6kh3) or 'l' (keep lowest, 2d20kl1) after 'k'");
      if (count > MaxKeptDice) r.fail(at, "a kept group rolls at most " + std::to_string(MaxKeptDice) + " dice");
      if (count < 1) r.fail(at, "keeping needs dice to keep from");
      g.kept = r.number("how many dice to keep", 1, std::max(1, count));
    } else {
      break;
    }
  }
  g.text = text.substr(start, r.position() - start);
  return g;
}

// Highest minus lowest total of one die: an exploding die adds up to `cap` more rolls, each between
// the lowest face and the highest.
int64_t die_span(const DiceGroup& g, int cap) {
  const int64_t rolls = g.explodes ? int64_t{cap} + 1 : 1;
  const int64_t low = std::min<int64_t>(g.faces.front(), g.faces.front() + (rolls - 1) * std::min(g.faces.front(), 0));
  return std::max<int64_t>(g.highest_face(), g.highest_face() * rolls) - low;
}

}  // namespace

IntegerLaw DiceGroup::die_law(int cap) const {
  IntegerLaw base{faces.front(), std::vector<double>(static_cast<size_t>(faces.back() - faces.front() + 1), 0.0)};
  for (int f : faces) base.p[static_cast<size_t>(f - faces.front())] += 1.0 / static_cast<double>(faces.size());
  IntegerLaw first = base;
  if (rerolls) {
    // Kept as rolled above K; at K or below, a second roll of the base law stands.
    double again = 0;
    for (int64_t v = base.lowest; v <= std::min<int64_t>(reroll_at_most, base.highest()); ++v) {
      again += base.at(v);
      first.p[static_cast<size_t>(v - base.lowest)] = 0;
    }
    add_scaled(first, base, again);
  }
  if (!explodes || cap == 0) return first;
  // T_0 = a roll that may not explode; T_k = a roll with k more allowed: off the highest face it
  // stands, on it the next roll (T_(k-1)) is added.
  const int h = highest_face();
  IntegerLaw rest = base;
  for (int k = 1; k < cap; ++k) {
    IntegerLaw next = without(base, h);
    add_scaled(next, shifted(rest, h), base.at(h));
    rest = std::move(next);
  }
  IntegerLaw law = without(first, h);
  add_scaled(law, shifted(rest, h), first.at(h));
  return law;
}

IntegerLaw DiceGroup::law(int cap) const {
  const IntegerLaw die = die_law(cap);
  if (keep == Keep::All) return power(die, count);
  return kept_law(die, count, kept, keep == Keep::Highest);
}

double DiceGroup::beyond_cap(int cap) const {
  if (!explodes) return 0;
  // A die passes the cap when its first roll and each of its `cap` extra rolls show the highest face.
  DiceGroup plain = *this;
  plain.explodes = false;
  const double first = plain.die_law(0).at(highest_face());
  const double each = static_cast<double>(std::count(faces.begin(), faces.end(), highest_face())) / static_cast<double>(faces.size());
  const double q = first * std::pow(each, cap);
  return -std::expm1(static_cast<double>(count) * std::log1p(-q));
}

IntegerLaw DiceExpression::law() const {
  IntegerLaw total = point_law(constant);
  for (const DiceGroup& g : groups) {
    const IntegerLaw l = g.law(explosion_cap);
    total = convolve(total, g.sign < 0 ? negated(l) : l);
  }
  return total;
}

double DiceExpression::beyond_cap() const {
  double log_none = 0;  // log P(no die passes the cap), summed over independent groups
  for (const DiceGroup& g : groups) log_none += std::log1p(-g.beyond_cap(explosion_cap));
  return -std::expm1(log_none);
}

std::string DiceExpression::describe() const {
  std::string s;
  for (size_t i = 0; i < groups.size(); ++i) {
    const DiceGroup& g = groups[i];
    s += i == 0 ? (g.sign < 0 ? "minus " : "") : (g.sign < 0 ? " - " : " + ");
    s += g.text;
    std::vector<std::string> notes;
    if (g.faces.front() != 1 || g.faces.back() != static_cast<int>(g.faces.size())) {
      std::string f;
      for (int v : g.faces) f += (f.empty() ? "" : ", ") + std::to_string(v);
      notes.push_back("faces " + f);
    }
    if (g.rerolls) notes.push_back(std::to_string(g.reroll_at_most) + " or less rerolled once");
    if (g.explodes)
      notes.push_back("a " + std::to_string(g.highest_face()) + " rolls again, at most " + std::to_string(explosion_cap) + " times");
    if (g.keep != DiceGroup::Keep::All)
      notes.push_back("the " + std::to_string(g.kept) + (g.keep == DiceGroup::Keep::Highest ? " highest" : " lowest") + " of " +
                      std::to_string(g.count) + " kept");
    if (!notes.empty()) {
      s += " (";
      for (size_t n = 0; n < notes.size(); ++n) s += (n ? "; " : "") + notes[n];
      s += ")";
    }
  }
  if (constant > 0) s += " + " + std::to_string(constant);
  if (constant < 0) s += " - " + std::to_string(-constant);
  return "the sum of " + s;
}

DiceExpression parse_dice_expression(const std::string& text, int explosion_cap, size_t position_offset) {
  if (explosion_cap < 0 || explosion_cap > MaxExplosionCap)
    throw std::invalid_argument("--explode-cap: expected 0 to " + std::to_string(MaxExplosionCap) + " extra rolls");
  DiceExpression e;
  e.text = text;
  e.explosion_cap = explosion_cap;
  Reader r(text, position_offset);
  if (r.done()) r.fail(r.position(), "expected dice, e.g. 3d6, d6+d8, 4d6kh3, d6!, d6r1 or d{1,1,2,3}");
  int sign = 1;
  for (;;) {
    r.skip_spaces();
    const size_t start = r.position();
    int count = 1;
    bool counted = false;
    if (r.at_digit()) {
      count = r.number("a number", 0, 1000000000);
      counted = true;
    }
    if (r.take('d') || r.take('D')) {
      if (counted && count > MaxDice) r.fail(start, "a group has at most " + std::to_string(MaxDice) + " dice");
      DiceGroup g = read_group(r, count, start, text);
      g.sign = sign;
      e.groups.push_back(std::move(g));
    } else if (counted) {
      if (std::isalpha(static_cast<unsigned char>(r.peek())))
        r.fail(r.position(), "expected dice like 3d6 (a 'd' between the number of dice and the faces) or a number");
      e.constant += sign * static_cast<int64_t>(count);
    } else {
      r.fail(start, "expected dice (3d6, d8, d{1,2,3}) or a number");
    }
    if (r.done()) break;
    const size_t at = r.position();
    if (r.take('+')) sign = 1;
    else if (r.take('-')) sign = -1;
    else r.fail(at, "expected '+' or '-' and another term, or the end (after dice: rK rerolls, ! explodes, khK/klK keeps)");
    if (r.done()) r.fail(r.position(), "expected dice or a number after '" + std::string(sign > 0 ? "+" : "-") + "'");
  }
  int64_t span = 0;
  for (const DiceGroup& g : e.groups) span += g.count * die_span(g, explosion_cap);
  if (span > MaxSumSpan)
    throw std::invalid_argument("bad dice '" + text + "': its totals span " + std::to_string(span) +
                                " values; a law is computed exactly up to " + std::to_string(MaxSumSpan) +
                                " (fewer dice, faces or --explode-cap)");
  for (const DiceGroup& g : e.groups)
    if (g.keep != DiceGroup::Keep::All) {
      const double values = static_cast<double>(die_span(g, explosion_cap) + 1);
      if (values * (g.count + 1) * (g.count + 1) * g.kept * values > MaxKeepWork)
        throw std::invalid_argument("bad dice '" + text + "': keeping " + std::to_string(g.kept) + " of " + g.text +
                                    " is too much work for an exact law (fewer dice, faces or --explode-cap)");
    }
  return e;
}

}  // namespace volley
