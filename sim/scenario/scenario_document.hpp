#pragma once
// A scenario file as a TOML document, with the command line's --set overrides applied, and a reader
// that turns it into the kernel's plain structs while checking every key.
//
// Keys address the document as the file writes it; entries of an array of tables are addressed by
// their `name` (docs/architecture.md, "Command line"): `german.units.Z1.figures=14`, `ruleset.fire_die=10`.
#include "engine/enum_words.hpp"
#include "sim/scenario/scenario_errors.hpp"

#include <toml++/toml.h>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace volley {

// A key a reader asked for, with what the reader accepts there: `volley serve` builds its form from
// these, so the form offers exactly the keys `--set` takes.
struct KeyDescription {
  std::string key;   // the --set path ("german.units.Z1.figures")
  std::string type;  // integer, number, boolean, string, choice, integer list, number list, string list
  // The default and the document's value (the default when absent), as TOML text, except that a
  // string or choice is its plain text, unquoted (as `--set key=word` takes it).
  std::string fallback;
  std::string value;
  bool present = false;  // the document (or a --set) gives it
  bool has_range = false;
  double lo = 0, hi = 0;             // integer and number: the accepted range
  std::vector<std::string> choices;  // choice: the accepted words
};
using KeyCatalog = std::vector<KeyDescription>;

class ScenarioDocument {
 public:
  // Parse a file or a text; a TOML syntax error throws ScenarioErrors naming file, line and column.
  static ScenarioDocument from_file(const std::string& path);
  static ScenarioDocument from_string(std::string_view text, std::string name);

  // Apply "key.path=value". The value is read as TOML (14, 0.5, true, [1, 2], "text"); anything that
  // is not valid TOML is taken as a bare string (so `herero.policy=always` needs no quotes). A path
  // through a missing table or unknown entry name throws ScenarioErrors naming the option that gave
  // it: `option` is "--set", or "--vs" and "--param" for the assignments of compare, sweep and tune.
  void apply_set(const std::string& assignment, const std::string& option = "--set");

  const toml::table& root() const noexcept { return root_; }
  const std::string& name() const noexcept { return name_; }
  // Finish a list of errors for the user: an error on a value that a --set (--vs, --param) introduced,
  // or on a key that one created, names that option and assignment (it has no line in the file); then
  // the errors are put in file order (the command line's first), so that a designer can fix them top
  // to bottom.
  void locate(std::vector<ScenarioError>& errors) const;

  // The command line's assignments, in order (--set, then --vs or --param), and the documents that
  // tell which of them an error comes from: the file as it was before any assignment, and the file
  // with only the i-th one. Both are parsed again from the file's text (a copied TOML node keeps no
  // line); nullopt where the text is not kept or the one assignment fails alone.
  size_t assignment_count() const noexcept { return sets_.size(); }
  const std::string& assignment_source(size_t i) const { return sets_[i].source; }
  std::optional<ScenarioDocument> without_assignments() const;
  std::optional<ScenarioDocument> with_only_assignment(size_t i) const;
  // The document as canonical TOML text (after --set): what a shard result records and hashes.
  std::string canonical_text() const;
  // The document as a TOML file to keep (show --toml): as canonical_text, but every string a basic
  // string ("..."), never a literal one ('...'), so that any character in it can be escaped
  // (toml_file_text, sim/output/text_escaping.hpp).
  std::string file_text() const;
  uint64_t content_hash() const;  // hash_text(canonical_text())
  // FNV-1a of a canonical text: the scenario's identity in result files (checked when one is read).
  static uint64_t hash_text(std::string_view text) noexcept;

  // Where readers of this document describe every key they ask for (nullptr: nowhere, the default).
  void set_key_catalog(KeyCatalog* catalog) noexcept { key_catalog_ = catalog; }
  KeyCatalog* key_catalog() const noexcept { return key_catalog_; }
  // `volley show --toml`: a document whose readers write every default they fall back on into the
  // document itself (TableReader::fill_defaults), so that after a load its canonical text is the
  // whole scenario. Only for a private copy: the load then changes the document it reads.
  void fill_defaults_when_read() noexcept { fill_defaults_ = true; }
  bool fills_defaults() const noexcept { return fill_defaults_; }

 private:
  bool fill_defaults_ = false;
  toml::table root_;
  std::string name_;
  KeyCatalog* key_catalog_ = nullptr;
  struct Assignment {
    std::string key;
    std::string source;              // "--set KEY=VALUE" (or --vs, --param): what an error on it is labelled
    std::string assignment, option;  // as apply_set was given them
  };
  std::vector<Assignment> sets_;
  std::shared_ptr<const std::string> text_;  // the text parsed (shared by copies)
};

// Is an error's source the command line (an assignment of --set, --vs or --param) rather than a file?
// Such a source has no line or column.
inline bool from_command_line(std::string_view source) noexcept { return source.starts_with("--"); }

// What a value is, for "expected ..., got a table" messages: "a table", "an integer", ...
const char* toml_type_words(const toml::node& n) noexcept;

// Reads one table of the document into plain values. Each accessor records the key as known; finish()
// reports every key of the table that no accessor asked for ("unknown key"). Range and type errors
// are collected in the shared error list, never thrown, so one pass finds them all.
class TableReader {
 public:
  TableReader(const toml::table* table, std::string path, std::string file, std::vector<ScenarioError>* errors);

  bool has(std::string_view key) const;
  int64_t integer(std::string_view key, int64_t fallback, int64_t lo, int64_t hi);
  double number(std::string_view key, double fallback, double lo, double hi);
  bool boolean(std::string_view key, bool fallback);
  std::string string(std::string_view key, std::string fallback);
  // One of the listed words; an unlisted one is an error that lists the choices.
  std::string choice(std::string_view key, std::string fallback, const std::vector<std::string>& options);
  // A value of an enumeration, named by its words (engine/enum_words.hpp); the same errors as choice().
  template <class Enum>
  Enum choose(std::string_view key, Enum fallback) {
    std::vector<std::string> options;
    for (const auto& w : words_of(fallback)) options.emplace_back(w.word);
    const std::string word = choice(key, word_of(fallback), options);
    for (const auto& w : words_of(fallback))
      if (word == w.word) return w.value;
    return fallback;
  }
  std::vector<int64_t> integer_list(std::string_view key, std::vector<int64_t> fallback, int64_t lo, int64_t hi);
  std::vector<double> number_list(std::string_view key, std::vector<double> fallback, size_t exact_size);
  // A list of strings (`sides = ["herero", "german"]`).
  std::vector<std::string> string_list(std::string_view key, std::vector<std::string> fallback);
  // A nested table (an empty reader if absent).
  TableReader table(std::string_view key);
  // An array of tables ([[units]]); absent is an empty list.
  std::vector<TableReader> tables(std::string_view key);

  // Report an error at this table or one of its keys.
  void error(std::string_view key, std::string message);
  // Accept a key without reading it: when an earlier error leaves its meaning unknown (a side table
  // when `sides` is wrong), "unknown key" would only repeat that error.
  void ignore(std::string_view key);
  // Report the keys nobody read. Call once, after reading.
  void finish();
  // Describe every key asked for from now on, here and in the tables below (nullptr: stop).
  void describe_keys_into(KeyCatalog* catalog) noexcept { catalog_ = catalog; }
  // From now on (and in the readers of nested tables), a key that is absent is written into the table
  // with the value the accessor falls back on, and an absent nested table is created. The table must
  // belong to a document made for it (ScenarioDocument::fill_defaults_when_read).
  void fill_defaults() noexcept { fill_defaults_ = true; }
  // Keys that are left absent even when filling defaults: keys another key rules out (a rolling
  // barrage's speed on a designated mission), whose fallback is no default but "not given".
  void keep_absent(std::initializer_list<std::string_view> keys) {
    for (const auto key : keys) absent_.emplace_back(key);
  }
  void keep_absent(std::span<const char* const> keys) {
    for (const char* key : keys) absent_.emplace_back(key);
  }

  const std::string& path() const noexcept { return path_; }
  bool present() const noexcept { return table_ != nullptr; }

 private:
  const toml::node* node(std::string_view key);
  std::string key_path(std::string_view key) const;
  void error_at(const toml::node* at, std::string_view key, std::string message);
  void describe(std::string_view key, const char* type, std::string fallback, KeyDescription extra = {});

  // The fallback of an absent key, written into the table when filling defaults.
  template <class Value>
  void record_default(std::string_view key, Value&& value);
  // What the list accessors share: the key absent (its fallback, written when filling defaults unless
  // empty: "not given"), not a list or not of `exact_size`
  // (0: any) elements ("expected a list of [N] WHAT"), then each element read by `read_element`, which
  // reports a bad one and returns nullopt: the whole list then falls back.
  template <class Value, class ReadElement>
  std::vector<Value> list(std::string_view key, std::vector<Value> fallback, size_t exact_size, const std::string& what,
                          ReadElement read_element);

  const toml::table* table_;
  bool fill_defaults_ = false;
  std::vector<std::string> absent_;  // keep_absent
  std::string path_;
  std::string file_;
  std::vector<ScenarioError>* errors_;
  std::vector<std::string> known_;
  KeyCatalog* catalog_ = nullptr;
};

// What every kind's reader does first: a reader of the document's top table that describes its keys
// into the document's catalog and fills defaults where the document asks (show --toml).
TableReader top_table_reader(const ScenarioDocument& doc, std::vector<ScenarioError>* errors);

// The scenario's `title` (every kind has one): the file name when absent, never empty.
std::string read_title(TableReader& root, const ScenarioDocument& doc);

}  // namespace volley
