#include "sim/scenario/scenario_document.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <sstream>
#include <utility>

namespace volley {

namespace {

// What a key accepts, for its description: a range, or a list of words. Built field by field (a
// designated initializer that leaves out the strings draws -Wmissing-field-initializers).
KeyDescription accepted_range(double lo, double hi) {
  KeyDescription d;
  d.has_range = true;
  d.lo = lo;
  d.hi = hi;
  return d;
}

KeyDescription accepted_words(const std::vector<std::string>& words) {
  KeyDescription d;
  d.choices = words;
  return d;
}

ScenarioError from_parse_error(const toml::parse_error& e, const std::string& fallback_name) {
  ScenarioError err;
  err.file = e.source().path ? *e.source().path : fallback_name;
  err.line = static_cast<int>(e.source().begin.line);
  err.column = static_cast<int>(e.source().begin.column);
  err.message = "TOML syntax: " + std::string(e.description());
  // toml++ meets an unclosed string at the end of its line and names the newline, not the quote.
  if (err.message.find("unescaped control characters") != std::string::npos) err.message += " (is a string not closed on its line?)";
  return err;
}

std::vector<std::string> split_path(std::string_view path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t dot = path.find('.', start);
    parts.emplace_back(path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return parts;
}

std::string format_number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// Edit distance between two short keys (insertions, deletions, substitutions, adjacent swaps), for
// "did you mean": a designer's misspelt key is usually one or two edits from the right one.
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev2(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) cur[j] = std::min(cur[j], prev2[j - 2] + 1);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.size()];
}

// "a string", "3 numbers": what a list key was given instead of what it expects.
std::string describe_list(const toml::node& n) {
  const auto* array = n.as_array();
  if (array == nullptr) return toml_type_words(n);
  return "a list of " + std::to_string(array->size()) + (array->size() == 1 ? " element" : " elements");
}

}  // namespace

const char* toml_type_words(const toml::node& n) noexcept {
  switch (n.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "a boolean";
    default:
      return "a date or time";
  }
}

ScenarioDocument ScenarioDocument::from_file(const std::string& path) {
  ScenarioDocument doc;
  doc.name_ = path;
  try {
    doc.root_ = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw ScenarioErrors({from_parse_error(e, path)});
  }
  return doc;
}

ScenarioDocument ScenarioDocument::from_string(std::string_view text, std::string name) {
  ScenarioDocument doc;
  doc.name_ = std::move(name);
  doc.text_ = std::make_shared<const std::string>(text);
  try {
    doc.root_ = toml::parse(*doc.text_, doc.name_);
  } catch (const toml::parse_error& e) {
    throw ScenarioErrors({from_parse_error(e, doc.name_)});
  }
  return doc;
}

void ScenarioDocument::apply_set(const std::string& assignment, const std::string& option) {
  const std::string source = option + " " + assignment;
  auto fail = [&](std::string key, std::string message) {
    ScenarioError err;
    err.file = source;
    err.key = std::move(key);
    err.message = std::move(message);
    throw ScenarioErrors({err});
  };
  const size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) fail("", "expected key=value");
  const std::string key = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);

  // The value, read as TOML where it is TOML, else as a bare string.
  toml::table parsed;
  try {
    parsed = toml::parse("v = " + text, source);
  } catch (const toml::parse_error&) {
    parsed = toml::table{};
    parsed.insert("v", text);
  }

  const auto parts = split_path(key);
  auto entry_names = [](const toml::array& array) {
    std::string names;
    for (const auto& element : array)
      if (const auto* entry = element.as_table())
        if (auto n = (*entry)["name"].value<std::string>()) names += (names.empty() ? "" : ", ") + *n;
    return names;
  };
  toml::node* at = &root_;
  std::string walked;
  for (size_t i = 0; i + 1 < parts.size(); ++i) {
    const std::string& part = parts[i];
    walked += (walked.empty() ? "" : ".") + part;
    toml::node* next = nullptr;
    if (auto* table = at->as_table()) {
      next = table->get(part);
      if (next == nullptr) {
        table->insert(part, toml::table{});  // a new table: its keys are checked like any other
        next = table->get(part);
      }
    } else if (auto* array = at->as_array()) {
      for (auto& element : *array) {
        auto* entry = element.as_table();
        if (entry == nullptr) continue;
        if (auto* n = entry->get("name"); n != nullptr && n->value<std::string>() == part) next = &element;
      }
      size_t index = 0;
      if (next == nullptr && std::from_chars(part.data(), part.data() + part.size(), index).ec == std::errc{} && index < array->size())
        next = array->get(index);
      if (next == nullptr) {
        const std::string names = entry_names(*array);
        fail(walked, "no entry named '" + part + "' in this list (" +
                         (names.empty() ? std::string("it has no named entries") : "entries: " + names) + ")");
      }
    } else {
      fail(walked, "is a value, not a table: cannot address '" + parts[i + 1] + "' inside it");
    }
    at = next;
  }
  auto* table = at->as_table();
  if (table == nullptr && at->is_array()) {
    // 'missions.RB1=5': RB1 is an entry (a table of keys), not a value.
    const std::string names = entry_names(*at->as_array());
    const bool is_entry = (", " + names + ", ").find(", " + parts.back() + ", ") != std::string::npos;
    fail(key, is_entry ? "is an entry of a list, not a value: set one of its keys, " + key + ".KEY=VALUE"
                       : "is not an entry of the list " + walked + " (" +
                             (names.empty() ? std::string("it has no named entries") : "entries: " + names) + ")");
  }
  if (table == nullptr) fail(walked.empty() ? key : walked, "is a value, not a table: cannot address '" + parts.back() + "' inside it");
  table->insert_or_assign(parts.back(), std::move(*parsed.get("v")));
  sets_.push_back({key, source, assignment, option});
}

std::optional<ScenarioDocument> ScenarioDocument::without_assignments() const {
  if (text_ == nullptr) return std::nullopt;
  return from_string(*text_, name_);
}

std::optional<ScenarioDocument> ScenarioDocument::with_only_assignment(size_t i) const {
  auto doc = without_assignments();
  try {
    if (doc) doc->apply_set(sets_.at(i).assignment, sets_.at(i).option);
  } catch (const ScenarioErrors&) {
    return std::nullopt;
  }
  return doc;
}

void ScenarioDocument::locate(std::vector<ScenarioError>& errors) const {
  for (auto& err : errors) {
    if (err.line > 0 || err.file != name_ || err.key.empty()) continue;
    // The last --set whose key is the error's key, lies inside it, or was created with it.
    for (auto it = sets_.rbegin(); it != sets_.rend(); ++it) {
      const std::string& key = it->key;
      const bool related = key == err.key || key.rfind(err.key + ".", 0) == 0 || err.key.rfind(key + ".", 0) == 0;
      if (related) {
        err.file = it->source;
        break;
      }
    }
  }
  auto from_set = [](const ScenarioError& e) { return from_command_line(e.file); };
  std::stable_sort(errors.begin(), errors.end(), [&](const ScenarioError& a, const ScenarioError& b) {
    if (from_set(a) != from_set(b)) return from_set(a);
    return a.line < b.line || (a.line == b.line && a.column < b.column);
  });
}

std::string ScenarioDocument::canonical_text() const {
  std::ostringstream os;
  os << toml::toml_formatter{root_};
  return os.str();
}

std::string ScenarioDocument::file_text() const {
  std::ostringstream os;
  os << toml::toml_formatter{root_, toml::toml_formatter::default_flags & ~toml::format_flags::allow_literal_strings};
  return os.str();
}

uint64_t ScenarioDocument::content_hash() const { return hash_text(canonical_text()); }

uint64_t ScenarioDocument::hash_text(std::string_view text) noexcept {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

// --- TableReader ---------------------------------------------------------------------------------

TableReader::TableReader(const toml::table* table, std::string path, std::string file, std::vector<ScenarioError>* errors)
    : table_(table), path_(std::move(path)), file_(std::move(file)), errors_(errors) {}

std::string TableReader::key_path(std::string_view key) const {
  if (key.empty()) return path_;
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

void TableReader::error_at(const toml::node* at, std::string_view key, std::string message) {
  ScenarioError err;
  err.file = file_;
  const toml::node* located = at != nullptr ? at : table_;
  if (located != nullptr) {
    const auto& src = located->source();
    if (src.path) err.file = *src.path;
    // A value given by --set was parsed from "v = VALUE": its line and column mean nothing to the user.
    const bool from_set = from_command_line(err.file);
    err.line = from_set ? 0 : static_cast<int>(src.begin.line);
    err.column = from_set ? 0 : static_cast<int>(src.begin.column);
  }
  err.key = key_path(key);
  err.message = std::move(message);
  errors_->push_back(std::move(err));
}

void TableReader::error(std::string_view key, std::string message) {
  error_at(table_ != nullptr ? table_->get(key) : nullptr, key, std::move(message));
}

void TableReader::describe(std::string_view key, const char* type, std::string fallback, KeyDescription extra) {
  if (catalog_ == nullptr) return;
  extra.key = key_path(key);
  extra.type = type;
  const toml::node* n = table_ != nullptr ? table_->get(key) : nullptr;
  extra.present = n != nullptr;
  if (n != nullptr && n->is_string()) {
    extra.value = *n->value<std::string>();
  } else if (n != nullptr && n->is_floating_point()) {
    extra.value = format_number(*n->value<double>());  // 0.85, where toml++ would print 0.8499999
  } else if (n != nullptr) {
    std::ostringstream text;
    n->visit([&](const auto& v) { text << v; });
    extra.value = text.str();
  } else {
    extra.value = fallback;
  }
  extra.fallback = std::move(fallback);
  catalog_->push_back(std::move(extra));
}

void TableReader::ignore(std::string_view key) { known_.emplace_back(key); }

bool TableReader::has(std::string_view key) const { return table_ != nullptr && table_->get(key) != nullptr; }

template <class Value>
void TableReader::record_default(std::string_view key, Value&& value) {
  if (!fill_defaults_ || table_ == nullptr || std::find(absent_.begin(), absent_.end(), key) != absent_.end()) return;
  // The table belongs to a private copy made for this (ScenarioDocument::fill_defaults_when_read).
  const_cast<toml::table*>(table_)->insert(key, std::forward<Value>(value));
}

const toml::node* TableReader::node(std::string_view key) {
  known_.emplace_back(key);
  return table_ != nullptr ? table_->get(key) : nullptr;
}

int64_t TableReader::integer(std::string_view key, int64_t fallback, int64_t lo, int64_t hi) {
  describe(key, "integer", std::to_string(fallback), accepted_range(static_cast<double>(lo), static_cast<double>(hi)));
  const toml::node* n = node(key);
  if (n == nullptr) {
    record_default(key, fallback);
    return fallback;
  }
  if (!n->is_integer()) {
    error_at(n, key,
             std::string("expected an integer in [") + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + toml_type_words(*n));
    return fallback;
  }
  const int64_t v = *n->value<int64_t>();
  if (v < lo || v > hi) {
    error_at(n, key, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " + std::to_string(v));
    return fallback;
  }
  return v;
}

double TableReader::number(std::string_view key, double fallback, double lo, double hi) {
  describe(key, "number", format_number(fallback), accepted_range(lo, hi));
  const toml::node* n = node(key);
  if (n == nullptr) {
    record_default(key, fallback);
    return fallback;
  }
  if (!n->is_number()) {
    error_at(n, key, "expected a number in [" + format_number(lo) + ", " + format_number(hi) + "], got " + toml_type_words(*n));
    return fallback;
  }
  const double v = *n->value<double>();
  if (!std::isfinite(v) || v < lo || v > hi) {
    error_at(n, key, "expected a number in [" + format_number(lo) + ", " + format_number(hi) + "], got " + format_number(v));
    return fallback;
  }
  return v;
}

bool TableReader::boolean(std::string_view key, bool fallback) {
  describe(key, "boolean", fallback ? "true" : "false");
  const toml::node* n = node(key);
  if (n == nullptr) {
    record_default(key, fallback);
    return fallback;
  }
  if (!n->is_boolean()) {
    error_at(n, key, std::string("expected true or false, got ") + toml_type_words(*n));
    return fallback;
  }
  return *n->value<bool>();
}

std::string TableReader::string(std::string_view key, std::string fallback) {
  describe(key, "string", fallback);
  const toml::node* n = node(key);
  if (n == nullptr) {
    if (!fallback.empty()) record_default(key, fallback);  // an empty fallback means "not given"
    return fallback;
  }
  if (!n->is_string()) {
    error_at(n, key, std::string("expected a string, got ") + toml_type_words(*n));
    return fallback;
  }
  return *n->value<std::string>();
}

std::string TableReader::choice(std::string_view key, std::string fallback, const std::vector<std::string>& options) {
  describe(key, "choice", fallback, accepted_words(options));
  KeyCatalog* const catalog = std::exchange(catalog_, nullptr);  // string() below must not describe it again
  const toml::node* n = table_ != nullptr ? table_->get(key) : nullptr;
  std::string v = string(key, fallback);
  catalog_ = catalog;
  if (n != nullptr && n->is_string() && std::find(options.begin(), options.end(), v) == options.end()) {
    std::string list;
    for (const auto& o : options) list += (list.empty() ? "" : ", ") + o;
    error_at(n, key, "expected one of " + list + ", got '" + v + "'");
    return fallback;
  }
  return v;
}

template <class Value, class ReadElement>
std::vector<Value> TableReader::list(std::string_view key, std::vector<Value> fallback, size_t exact_size, const std::string& what,
                                     ReadElement read_element) {
  const toml::node* n = node(key);
  if (n == nullptr) {
    if (!fallback.empty()) {  // an empty fallback means "not given" (a position, a zone): nothing to write
      toml::array written;
      for (const Value& v : fallback) written.push_back(v);
      record_default(key, std::move(written));
    }
    return fallback;
  }
  const auto* array = n->as_array();
  if (array == nullptr || (exact_size != 0 && array->size() != exact_size)) {
    error_at(n, key,
             "expected a list of " + (exact_size ? std::to_string(exact_size) + " " : std::string()) + what + ", got " + describe_list(*n));
    return fallback;
  }
  std::vector<Value> out;
  for (const auto& element : *array) {
    std::optional<Value> v = read_element(element);
    if (!v) return fallback;
    out.push_back(std::move(*v));
  }
  return out;
}

std::vector<int64_t> TableReader::integer_list(std::string_view key, std::vector<int64_t> fallback, int64_t lo, int64_t hi) {
  describe(key, "integer list", "", accepted_range(static_cast<double>(lo), static_cast<double>(hi)));
  return list(key, std::move(fallback), 0, "integers", [&](const toml::node& element) -> std::optional<int64_t> {
    if (element.is_integer() && *element.value<int64_t>() >= lo && *element.value<int64_t>() <= hi) return *element.value<int64_t>();
    error_at(&element, key,
             "expected integers in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                 (element.is_integer() ? std::to_string(*element.value<int64_t>()) : std::string(toml_type_words(element))));
    return std::nullopt;
  });
}

std::vector<double> TableReader::number_list(std::string_view key, std::vector<double> fallback, size_t exact_size) {
  describe(key, "number list", "");
  return list(key, std::move(fallback), exact_size, "numbers", [&](const toml::node& element) -> std::optional<double> {
    if (element.is_number() && std::isfinite(*element.value<double>())) return *element.value<double>();
    error_at(&element, key,
             std::string("expected a finite number, got ") +
                 (element.is_number() ? format_number(*element.value<double>()) : toml_type_words(element)));
    return std::nullopt;
  });
}

std::vector<std::string> TableReader::string_list(std::string_view key, std::vector<std::string> fallback) {
  describe(key, "string list", "");
  return list(key, std::move(fallback), 0, "strings", [&](const toml::node& element) -> std::optional<std::string> {
    if (element.is_string()) return *element.value<std::string>();
    error_at(&element, key, std::string("expected a list of strings, got ") + toml_type_words(element) + " in it");
    return std::nullopt;
  });
}

TableReader TableReader::table(std::string_view key) {
  const toml::node* n = node(key);
  if (n != nullptr && !n->is_table()) {
    error_at(n, key, std::string("expected a table, got ") + toml_type_words(*n));
    n = nullptr;
  } else if (n == nullptr && fill_defaults_ && table_ != nullptr) {
    record_default(key, toml::table{});
    n = table_->get(key);
  }
  TableReader nested(n != nullptr ? n->as_table() : nullptr, key_path(key), file_, errors_);
  nested.fill_defaults_ = fill_defaults_;
  nested.catalog_ = catalog_;
  return nested;
}

std::vector<TableReader> TableReader::tables(std::string_view key) {
  std::vector<TableReader> out;
  const toml::node* n = node(key);
  if (n == nullptr) return out;
  const auto* array = n->as_array();
  if (array == nullptr) {
    error_at(n, key, std::string("expected a list of tables ([[") + key_path(key) + "]]), got " + toml_type_words(*n));
    return out;
  }
  size_t index = 0;
  for (const auto& element : *array) {
    const auto* t = element.as_table();
    std::string label = std::to_string(index);
    if (t != nullptr)
      if (auto name = (*t)["name"].value<std::string>()) label = *name;
    if (t == nullptr) error_at(&element, key, "entry " + std::to_string(index) + " is not a table");
    else {
      out.emplace_back(t, key_path(key) + "." + label, file_, errors_);
      out.back().fill_defaults_ = fill_defaults_;
      out.back().catalog_ = catalog_;
    }
    ++index;
  }
  return out;
}

void TableReader::finish() {
  if (table_ == nullptr) return;
  for (const auto& [k, v] : *table_) {
    const std::string_view key = k.str();
    if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
    std::string list, closest;
    size_t best = 3;  // suggest only within two edits
    for (size_t i = 0; i < known_.size(); ++i) {
      const std::string& known = known_[i];
      if (std::find(known_.begin(), known_.begin() + static_cast<std::ptrdiff_t>(i), known) !=
          known_.begin() + static_cast<std::ptrdiff_t>(i))
        continue;
      list += (list.empty() ? "" : ", ") + known;
      // Within two edits, or sharing a long start ("blocks_los" for blocks_sight, "maintenance" for maintain).
      size_t common = 0;
      while (common < key.size() && common < known.size() && key[common] == known[common]) ++common;
      const bool same_start = common >= 5 && 2 * common >= std::min(key.size(), known.size());
      const size_t d = std::min(edit_distance(key, known), same_start ? size_t{2} : best);
      if (d < best && d < key.size()) {
        best = d;
        closest = known;
      }
    }
    const std::string hint = closest.empty() ? "" : "did you mean '" + closest + "'? ";
    // Point at the key itself, which toml++ locates (the value may be a table far below).
    error_at(&v, key, "unknown key (" + hint + "expected one of: " + list + ")");
    if (k.source().begin.line > 0 && errors_->back().line > 0) {
      errors_->back().line = static_cast<int>(k.source().begin.line);
      errors_->back().column = static_cast<int>(k.source().begin.column);
    }
  }
}

TableReader top_table_reader(const ScenarioDocument& doc, std::vector<ScenarioError>* errors) {
  TableReader root(&doc.root(), "", doc.name(), errors);
  root.describe_keys_into(doc.key_catalog());
  if (doc.fills_defaults()) root.fill_defaults();
  return root;
}

std::string read_title(TableReader& root, const ScenarioDocument& doc) {
  std::string title = root.string("title", doc.name());
  if (title.empty()) root.error("title", "expected a title, got an empty string (leave the key out to use the file name)");
  return title;
}

}  // namespace volley
