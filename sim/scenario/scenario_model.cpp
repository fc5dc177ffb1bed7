#include "sim/scenario/scenario_model.hpp"

#include "analysis/did_you_mean.hpp"

#include "sim/scenario/embedded_scenarios.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/stat.h>

namespace volley {

namespace {

// The text of a scenario file, refused (ScenarioErrors naming the file) when it cannot be one: a
// directory, a device (/dev/zero, /dev/urandom would be read until memory ran out), a socket, or more
// than MaxScenarioBytes. A FIFO (a scenario piped in by <(...), or /dev/stdin from a pipe) is read, up to
// the same bound, so an endless one is refused once it passes it.
std::string read_scenario_file(const std::string& name) {
  auto refuse = [&](const std::string& why) {
    ScenarioError err;
    err.file = name;
    err.message = why;
    throw ScenarioErrors({err});
  };
  const std::string limit = "the most a scenario file may hold is " + std::to_string(MaxScenarioBytes >> 20) + " MiB";
  struct stat st {};
  if (::stat(name.c_str(), &st) != 0) refuse("cannot read (" + std::string(std::strerror(errno)) + ")");
  if (S_ISDIR(st.st_mode)) refuse("is a directory, not a scenario file");
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) refuse("is a device or socket, not a scenario file");
  if (S_ISREG(st.st_mode) && static_cast<uintmax_t>(st.st_size) > MaxScenarioBytes) refuse("is too large (" + limit + ")");
  // Opened and read once: a FIFO gives its text only once, and a second open waits for a writer that
  // never comes (validate hung).
  std::ifstream in(name, std::ios::binary);
  if (!in) refuse("cannot read (" + std::string(std::strerror(errno)) + ")");
  std::string text;
  char buffer[1 << 16];
  // One byte past the bound tells a file of exactly MaxScenarioBytes from a longer one.
  while (text.size() <= MaxScenarioBytes && in.read(buffer, sizeof buffer).gcount() > 0)
    text.append(buffer, static_cast<size_t>(in.gcount()));
  if (in.bad()) refuse("cannot read (" + std::string(std::strerror(errno)) + ")");
  if (text.size() > MaxScenarioBytes) refuse("is too large (" + limit + ")");
  return text;
}

std::unique_ptr<ScenarioModel> load_kind(const ScenarioDocument& doc) {
  const toml::node* node = doc.root().get("kind");
  const auto kind = doc.root()["kind"].value_exact<std::string>();
  if (!kind || (*kind != "firefight" && *kind != "barrage")) {
    ScenarioError err;
    err.file = doc.name();
    // At the value when there is one, else at the top of the file (where a missing key belongs).
    const toml::node* at = node != nullptr ? node : &doc.root();
    if (at->source().path) err.file = *at->source().path;
    if (!from_command_line(err.file)) {
      err.line = static_cast<int>(at->source().begin.line);
      err.column = static_cast<int>(at->source().begin.column);
    }
    err.key = "kind";
    if (node == nullptr) err.message = "missing: expected kind = \"firefight\" or kind = \"barrage\" (the rules the scenario uses)";
    else if (!kind) err.message = std::string("expected the string \"firefight\" or \"barrage\", got ") + toml_type_words(*node);
    else err.message = "expected \"firefight\" or \"barrage\", got '" + *kind + "'";
    throw ScenarioErrors({err});
  }
  if (*kind == "firefight") return load_firefight_model(doc);
  return load_barrage_model(doc);
}

// The errors a document gives when loaded (none: it loads).
std::vector<ScenarioError> load_errors(const ScenarioDocument& doc) {
  try {
    (void)load_kind(doc);
  } catch (const ScenarioErrors& e) {
    return e.errors();
  } catch (const std::exception&) {
    // Refused otherwise (not as a scenario error): nothing to compare with.
  }
  return {};
}

bool same_error(const ScenarioError& a, const ScenarioError& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column && a.key == b.key && a.message == b.message;
}

// An error placed in the file that the file alone does not give was made by the command line's
// assignments: a --set that renames a unit to another's name (the error is at the other's line), a
// table narrowed under the file's zones. It is labelled with the assignment that makes it alone (or
// all of them, when only together they do), and keeps the file's place at its end: the user reads
// which --set to change, not only a line of a file that does not contain it.
void name_the_assignments(const ScenarioDocument& doc, std::vector<ScenarioError>& errors) {
  if (doc.assignment_count() == 0) return;
  auto from_file = [](const ScenarioError& e) { return !from_command_line(e.file); };
  if (std::none_of(errors.begin(), errors.end(), from_file)) return;
  const auto original = doc.without_assignments();
  if (!original) return;
  const std::vector<ScenarioError> file_alone = load_errors(*original);
  std::vector<std::optional<std::vector<ScenarioError>>> each(doc.assignment_count());  // loaded when first needed
  auto gives = [](const std::vector<ScenarioError>& list, const ScenarioError& e) {
    return std::any_of(list.begin(), list.end(), [&](const ScenarioError& x) { return same_error(x, e); });
  };
  for (auto& err : errors) {
    if (!from_file(err) || gives(file_alone, err)) continue;
    std::string source;
    for (size_t i = 0; i < doc.assignment_count() && source.empty(); ++i) {
      if (!each[i]) {
        const auto only = doc.with_only_assignment(i);
        each[i] = only ? load_errors(*only) : std::vector<ScenarioError>{};
      }
      if (gives(*each[i], err)) source = doc.assignment_source(i);
    }
    if (source.empty())
      for (size_t i = 0; i < doc.assignment_count(); ++i) source += (i ? " " : "") + doc.assignment_source(i);
    if (err.line > 0) err.message += " (with " + err.file + ":" + std::to_string(err.line) + ":" + std::to_string(err.column) + ")";
    err.file = source;
    err.line = err.column = 0;
  }
}

}  // namespace

std::unique_ptr<ScenarioModel> load_model(const ScenarioDocument& doc) {
  try {
    return load_kind(doc);
  } catch (const ScenarioErrors& e) {
    std::vector<ScenarioError> errors = e.errors();
    name_the_assignments(doc, errors);
    doc.locate(errors);
    throw ScenarioErrors(std::move(errors));
  }
}

KeyCatalog describe_keys(const ScenarioDocument& doc) {
  KeyCatalog catalog;
  ScenarioDocument described = doc;
  described.set_key_catalog(&catalog);
  try {
    (void)load_kind(described);
  } catch (const ScenarioErrors&) {
    // The keys read so far are still true; the errors are validation's to report.
  }
  // A key read twice (a second pass over a table) is described once, where it was first read.
  KeyCatalog unique;
  for (auto& d : catalog)
    if (std::none_of(unique.begin(), unique.end(), [&](const KeyDescription& u) { return u.key == d.key; })) unique.push_back(std::move(d));
  return unique;
}

ScenarioDocument complete_scenario(const ScenarioDocument& doc) {
  ScenarioDocument full = doc;
  full.fill_defaults_when_read();
  (void)load_model(full);
  return full;
}

std::string complete_scenario_text(const ScenarioDocument& doc) { return complete_scenario(doc).file_text(); }

ScenarioDocument open_scenario(const std::string& argument, const std::vector<std::string>& sets, const std::vector<std::string>& extra,
                               const std::string& option) {
  ScenarioDocument doc = [&] {
    const std::string name = argument.empty() ? DefaultScenarioName : argument;
    if (std::filesystem::exists(name)) return ScenarioDocument::from_string(read_scenario_file(name), name);
    for (const auto& shipped : embedded_scenarios())
      if (name == shipped.name) return ScenarioDocument::from_string(shipped.text, std::string("scenarios/") + shipped.name + ".toml");
    ScenarioError err;
    err.file = name;
    std::vector<std::string> shipped_names;
    for (const auto& shipped : embedded_scenarios()) shipped_names.push_back(shipped.name);
    err.message = "no such file, and no shipped scenario of that name; " + did_you_mean(name, shipped_names, "shipped scenarios");
    throw ScenarioErrors({err});
  }();
  for (const auto& set : sets) doc.apply_set(set);
  for (const auto& set : extra) doc.apply_set(set, option);
  return doc;
}

}  // namespace volley
