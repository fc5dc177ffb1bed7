// The docs' key tables say what the kernels' tables declare (engine/key_declaration.hpp): every
// declared key has its row in docs/scenario-firefight.md or docs/scenario-barrage.md with the same
// default, range, rule id and [seed]/[book]/[assumed] mark; every row of a ruleset, table or side
// table is declared; and every [assumed] key is in the README's "Rules assumed here" under the same
// rule id. The docs are parsed here, so that a default changed on one side only fails.
#include "engine/barrage/barrage_keys.hpp"
#include "engine/barrage/barrage_scenario.hpp"
#include "engine/firefight/firefight_keys.hpp"
#include "engine/firefight/firefight_scenario.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

using namespace volley;

namespace {

std::string read_text(const std::string& relative) {
  std::ifstream in(std::string(VOLLEY_SOURCE_DIR) + "/" + relative);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string trim(std::string s) {
  while (!s.empty() && s.front() == ' ') s.erase(0, 1);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// The cells of a table row; "\|" is a bar inside a cell.
std::vector<std::string> cells_of(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  for (size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '|' && row[i - 1] != '\\') {
      cells.push_back(trim(cell));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

std::vector<std::string> split(const std::string& text, const std::string& separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t at; (at = text.find(separator, start)) != std::string::npos; start = at + separator.size())
    parts.push_back(trim(text.substr(start, at - start)));
  parts.push_back(trim(text.substr(start)));
  return parts;
}

// Backticks, quotes and the typographic minus out: `"-1"` and −1 are both -1.
std::string plain(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\xE2\x88\x92") == 0) {  // U+2212 MINUS SIGN
      out += '-';
      i += 2;
    } else if (text[i] != '`' && text[i] != '"') {
      out += text[i];
    }
  }
  return out;
}

// The number a text begins with ("0.25\"" is 0.25), if any.
std::optional<double> leading_number(const std::string& text) {
  const std::string p = plain(text);
  size_t used = 0;
  try {
    const double v = std::stod(p, &used);
    return used > 0 ? std::optional<double>(v) : std::nullopt;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The first range "A–B" of a type cell ("integer −6–6": -6, 6).
std::optional<std::pair<double, double>> first_range(const std::string& type) {
  const std::string p = plain(type);
  const std::string dash = "\xE2\x80\x93";  // U+2013 EN DASH
  for (size_t at = p.find(dash); at != std::string::npos; at = p.find(dash, at + 1)) {
    size_t start = at;
    while (start > 0 && (std::isdigit(static_cast<unsigned char>(p[start - 1])) || p[start - 1] == '.' || p[start - 1] == '-')) --start;
    const auto lo = leading_number(p.substr(start, at - start));
    const auto hi = leading_number(p.substr(at + dash.size()));
    if (lo && hi) return std::make_pair(*lo, *hi);
  }
  return std::nullopt;
}

// Whether `rule` ("F-8a") stands in `text` as a whole id, not as the start of a longer one.
bool cites(const std::string& text, std::string_view rule) {
  for (size_t at = text.find(rule); at != std::string::npos; at = text.find(rule, at + 1)) {
    const size_t end = at + rule.size();
    const bool alone_before = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
    const bool alone_after = end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
    if (alone_before && alone_after) return true;
  }
  return false;
}

struct DocRow {
  std::string section;  // "", "ruleset", "<side>", "<side>.policies", "ruleset.weapons.<entry>"
  std::string type, fallback, row;
};

// The key tables of a scenario document, by declared path. A heading names its section: "Top level",
// `[NAME]` (a table) or `[[NAME]]` (the entries of a list, NAME.<entry>).
std::map<std::string, DocRow> key_rows(const std::string& doc) {
  std::map<std::string, DocRow> rows;
  std::optional<std::string> section;
  for (const auto& line : lines_of(read_text(doc))) {
    if (line.starts_with("#")) {
      section.reset();
      if (line.find("Top level") != std::string::npos) section = "";
      const size_t open = line.find("`[");
      if (open != std::string::npos) {
        const size_t close = line.find("]`", open);
        std::string name = line.substr(open + 2, close - open - 2);
        section = name.starts_with("[") ? name.substr(1, name.size() - 2) + ".<entry>" : name;
      }
      continue;
    }
    if (!section || !line.starts_with("| `")) continue;
    const auto cells = cells_of(line);
    REQUIRE(cells.size() >= 4);
    const auto keys = split(cells[0], " / ");
    const auto defaults = split(cells[2], " / ");
    for (size_t i = 0; i < keys.size(); ++i) {
      const std::string name = plain(keys[i]);
      const std::string path = section->empty() ? name : *section + "." + name;
      rows[path] = {*section, cells[1], defaults.size() == keys.size() ? defaults[i] : cells[2], line};
    }
  }
  return rows;
}

bool numeric(const KeyDeclaration& k) { return k.type == KeyType::Integer || k.type == KeyType::Number || k.type == KeyType::Inches; }

std::string mark_of(Provenance p) {
  switch (p) {
    case Provenance::Seed:
      return "[seed";
    case Provenance::Book:
      return "[book";
    case Provenance::Assumed:
      return "[assumed";
    case Provenance::Unmarked:
      break;
  }
  return "";
}

// Whether a default as the docs write it is the declared one.
void check_default(const KeyDeclaration& k, const std::string& written) {
  INFO("the default written: " << written);
  if (!k.text.empty()) {
    CHECK(plain(written).starts_with(k.text));
  } else if (k.type == KeyType::Boolean) {
    CHECK(plain(written).starts_with(k.boolean() ? "true" : "false"));
  } else {
    const auto v = leading_number(written);
    REQUIRE(v.has_value());
    CHECK(*v == k.fallback);
  }
}

void check_docs(std::span<const KeyDeclaration> keys, const std::string& doc) {
  const auto rows = key_rows(doc);
  for (const auto& k : keys) {
    INFO(doc << ": " << k.key);
    const auto it = rows.find(std::string(k.key));
    REQUIRE(it != rows.end());
    const DocRow& row = it->second;
    INFO(row.row);
    check_default(k, row.fallback);
    if (numeric(k)) {
      const auto range = first_range(row.type);
      REQUIRE(range.has_value());
      CHECK(range->first == k.lo);
      CHECK(range->second == k.hi);
    }
    const std::string meaning = row.row.substr(row.row.find('|', 2));
    if (!k.rule.empty()) CHECK(cites(meaning, k.rule));
    if (k.provenance == Provenance::Unmarked) {
      for (const auto p : {Provenance::Seed, Provenance::Book, Provenance::Assumed}) CHECK(meaning.find(mark_of(p)) == std::string::npos);
    } else {
      CHECK(meaning.find(mark_of(k.provenance)) != std::string::npos);
    }
  }
  // The ruleset, table and side tables hold nothing undeclared.
  for (const auto& entry : rows) {
    const std::string& path = entry.first;
    if (entry.second.section.empty() || entry.second.section.ends_with("<entry>")) continue;
    INFO(doc << ": the row of " << path << " has no declaration");
    CHECK(std::any_of(keys.begin(), keys.end(), [&](const KeyDeclaration& k) { return k.key == path; }));
  }
}

// README, "Rules assumed here": each kernel's part (from its heading line to the next part) holds
// a row for every [assumed] key, under its rule id, and with its default where the row gives one per key.
void check_readme(std::span<const KeyDeclaration> keys, const std::string& part_heading) {
  const std::string readme = read_text("README.md");
  const size_t from = readme.find(part_heading);
  REQUIRE(from != std::string::npos);
  size_t to = readme.find("\n\n", readme.find("|---", from));
  const auto lines = lines_of(readme.substr(from, to - from));
  for (const auto& k : keys) {
    if (k.provenance != Provenance::Assumed) continue;
    INFO("README, " << part_heading << " " << k.key);
    bool found = false;
    for (const auto& line : lines) {
      if (!line.starts_with("| ")) continue;
      const auto cells = cells_of(line);
      if (cells.size() < 4) continue;
      std::vector<std::string> listed;
      for (const auto& key : split(cells[2], ", ")) {
        std::string name = plain(key);
        for (size_t at; (at = name.find("<name>")) != std::string::npos;) name.replace(at, 6, "<entry>");
        listed.push_back(name);
      }
      for (size_t i = 0; i < listed.size(); ++i) {
        // A row may list a ruleset's further keys by their names alone: `ruleset.a`, `b`.
        if (listed[i] != k.key && !(listed[i] == k.name() && k.key.starts_with("ruleset."))) continue;
        found = true;
        INFO(line);
        CHECK(cells[0] == k.rule);
        const auto defaults = split(cells[3], ", ");
        if (defaults.size() == listed.size() &&
            (numeric(k) && k.text.empty() || k.type == KeyType::Boolean || k.type == KeyType::Choice || k.type == KeyType::Fraction))
          check_default(k, defaults[i]);
      }
    }
    CHECK(found);
  }
}

std::string size_text(barrage::Size s) {
  std::ostringstream out;
  out << "[" << to_inches(s.w) << ", " << to_inches(s.d) << "]";
  return out.str();
}

}  // namespace

TEST_CASE("F-1..F-9, SF: docs/scenario-firefight.md's key tables are the firefight kernel's declarations", "[sim][keys]") {
  check_docs(firefight::FirefightKeys, "docs/scenario-firefight.md");
}

TEST_CASE("B-1..B-7, PF: docs/scenario-barrage.md's key tables are the barrage kernel's declarations", "[sim][keys]") {
  check_docs(barrage::BarrageKeys, "docs/scenario-barrage.md");
}

TEST_CASE("README's Rules assumed here lists every [assumed] key under its declared rule id and default", "[sim][keys]") {
  check_readme(firefight::FirefightKeys, "Firefights (`docs/scenario-firefight.md`)");
  check_readme(barrage::BarrageKeys, "Barrages (`docs/scenario-barrage.md`)");
}

TEST_CASE("B-1, B-5: the barrage ruleset's templates, footprints and cover dice are their declared defaults", "[sim][keys]") {
  // The kernel holds these lists as structs; their declarations hold the docs' text.
  const barrage::Ruleset rs;
  CHECK(size_text(rs.regular_template) == barrage::barrage_key("ruleset.template").text);
  CHECK(size_text(rs.converged_template) == barrage::barrage_key("ruleset.converged_template").text);
  CHECK(size_text(rs.unit_footprint) == barrage::barrage_key("ruleset.unit_footprint").text);
  CHECK(size_text(rs.blind_footprint) == barrage::barrage_key("ruleset.blind_footprint").text);
  std::ostringstream cover;
  cover << "[" << rs.cover_dice[0] << ", " << rs.cover_dice[1] << ", " << rs.cover_dice[2] << ", " << rs.cover_dice[3] << "]";
  CHECK(cover.str() == barrage::barrage_key("ruleset.cover_dice").text);
}
