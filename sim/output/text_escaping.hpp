#pragma once
// Text from a scenario file or the command line (titles; side, unit, terrain, zone, mission, battery
// and weapon names; --set values; file names) is data. It reaches each output format only through
// that format's one escaping function, never pasted into a format's syntax:
//   CSV       csv_field (analysis/text_format.hpp: RFC 4180 quoting; analysis writes CSV rows too)
//   HTML      html_text
//   JSON      json_document, and json_for_script inside an HTML <script>
//   gnuplot   GnuplotTexts (sim/output/gnuplot.hpp): a text is a line of a datablock, read as a string by
//             the script; it never appears inside a gnuplot command, where a backtick runs a shell
//   TOML      toml_file_text (show --toml), written by write_standard_output
//   shell     shell_word: a command line a report shows to be run again
//   terminal  install_terminal_filter: every byte volley prints to stdout or stderr passes
//             terminal_text, which shows control characters (ESC, NUL, CR, ...) as \xNN and bidirectional
//             format characters (U+202E, ...) as \uXXXX
#include "analysis/text_format.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <string_view>

namespace volley {

// Text for HTML element content or a quoted attribute value: & < > " ' as entities; NUL and the
// other control characters an HTML parser refuses (all of C0 but tab, line feed and carriage
// return; DEL) as U+FFFD; invalid UTF-8 bytes as U+FFFD.
std::string html_text(std::string_view text);

// A JSON document as volley writes it: nlohmann's escaping of every string, with a byte that is not
// UTF-8 (a --set value or file name from the command line) replaced by U+FFFD instead of failing
// the write. indent < 0: one line.
std::string json_document(const nlohmann::json& json, int indent = 1);

// JSON to be placed inside an HTML <script> element: json_document with <, >, & and the line
// separators U+2028/2029 written as \u escapes, so no scenario text can close the element.
std::string json_for_script(const nlohmann::json& json);

// One word of a POSIX shell command line: as it is when it holds only letters, digits and
// _ . / : = , @ % + - (none of which a shell expands), else in single quotes, each ' written '\''.
// The shell gives back the word byte for byte.
std::string shell_word(std::string_view text);

// Text shown on a terminal: C0 control characters but line feed and tab, DEL and the C1 controls
// (U+0080..U+009F) written as \xNN, so a name cannot move the cursor, clear the screen or retitle
// the window; the bidirectional and invisible format characters (U+061C, U+200B..U+200F,
// U+202A..U+202E, U+2066..U+2069) as \uXXXX, so a name cannot reverse the figures printed after it.
// Bytes of valid UTF-8 letters pass unchanged.
std::string terminal_text(std::string_view text);

// The bidirectional and invisible format characters alone written as \uXXXX, as terminal_text
// writes them; everything else unchanged. For the map's SVG, a file of its own where a name's text
// is not isolated from the words and figures drawn after it in the same label.
std::string format_characters_escaped(std::string_view text);

// A TOML file as volley writes it (show --toml) from toml++'s text, every string of which is a basic
// string ("..."), where toml++ has escaped C0 controls and DEL: the C1 controls and the format
// characters written as \uXXXX too, so the file shows nothing a terminal would act on and reads back
// as the same scenario. (In a comment the escape is plain text, as harmless.)
std::string toml_file_text(std::string_view text);

// Bytes of a file the user keeps, written to standard output past the terminal filter (show --toml,
// new: their escapes must arrive as written, \xNN would make the TOML invalid), after everything
// printed before them. A failed write (a full disk, /dev/full, a closed pipe) throws
// std::runtime_error naming the error: main reports it and exits 1.
void write_standard_output(std::string_view bytes);

// From here on, everything written to stdout and stderr (printf, std::cout, std::cerr) passes
// terminal_text. Called once at the start of main. The progress bar, which draws with carriage
// returns, writes to unfiltered_stderr().
void install_terminal_filter();
std::FILE* unfiltered_stderr();

}  // namespace volley
