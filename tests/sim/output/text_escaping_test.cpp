// Each output format's one escaping function (sim/output/text_escaping.hpp, sim/output/gnuplot.hpp), each
// tried on many variants of hostile text. The end-to-end test of every command's outputs is
// tests/sim/cli/hostile/hostile_names_test.py (ctest: hostile_names).
#include "sim/output/gnuplot.hpp"
#include "sim/output/text_escaping.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

using namespace volley;

namespace {

// An RFC 4180 reader, written here from the RFC (not from csv_field): fields of one record.
std::vector<std::string> read_csv_record(const std::string& line) {
  std::vector<std::string> fields{""};
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

const std::vector<std::string> Hostile = {
    "plain",     "a,b",         "say \"hi\"",   "\"",       "\"\"",          ",", "line\nbreak", "cr\rlf\r\n", " lead", "trail ",
    "`touch x`", "$(touch x);", "<b>&amp;</b>", "'single'", "Ünïcødé Ωμέγα", "",  "EOD",         "a\"b,c\nd",
};

}  // namespace

TEST_CASE("csv_field: every hostile text comes back whole from an RFC 4180 reader, as one field", "[sim][escaping][csv]") {
  for (const auto& text : Hostile) {
    INFO(text);
    const std::string row = csv_field(text) + "," + csv_field(text) + ",1";
    const auto fields = read_csv_record(row);
    REQUIRE(fields.size() == 3);
    CHECK(fields[0] == text);
    CHECK(fields[1] == text);
  }
  // Plain names and numbers pass unchanged: existing CSV stays byte-identical.
  CHECK(csv_field("herero.win") == "herero.win");
  CHECK(csv_field("0.25") == "0.25");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
}

TEST_CASE("csv_field: a text a spreadsheet would run as a formula is prefixed with a quote, a number is not", "[sim][escaping][csv]") {
  // OWASP's CSV injection advice: a cell that begins with = + - @, a tab or a carriage return.
  for (const std::string text : {"=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(A1)", "\tlead",
                                 "\rlead", "-", "+", "=", "-inf", "+1e5x", "--1", "-1-1"}) {
    INFO(text);
    const auto fields = read_csv_record(csv_field(text) + ",1");
    REQUIRE(fields.size() == 2);
    CHECK(fields[0] == "'" + text);
  }
  // Numbers (a sweep's values, --set values) stay numbers.
  for (const std::string number : {"-1", "+2", "-0.25", "1e-3", "-1.5E+10", "0", ".5", "-.5", "7."}) {
    INFO(number);
    CHECK(csv_field(number) == number);
  }
  // Only the first character counts: a name with = inside is plain text.
  CHECK(csv_field("a=b") == "a=b");
  CHECK(csv_field("herero.@x") == "herero.@x");
}

TEST_CASE("html_text: no hostile text makes markup, and control characters become U+FFFD", "[sim][escaping][html]") {
  for (const auto& text : Hostile) {
    INFO(text);
    const std::string out = html_text(text);
    CHECK(out.find('<') == std::string::npos);
    CHECK(out.find('>') == std::string::npos);
    CHECK(out.find('"') == std::string::npos);
    CHECK(out.find('\'') == std::string::npos);
    // Every & starts an entity volley wrote.
    for (size_t at = out.find('&'); at != std::string::npos; at = out.find('&', at + 1)) {
      const bool entity = out.compare(at, 4, "&lt;") == 0 || out.compare(at, 4, "&gt;") == 0 || out.compare(at, 5, "&amp;") == 0 ||
                          out.compare(at, 6, "&quot;") == 0 || out.compare(at, 5, "&#39;") == 0;
      CHECK(entity);
    }
  }
  CHECK(html_text("<b>&") == "&lt;b&gt;&amp;");
  CHECK(html_text(std::string("a\0b", 3)) ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(html_text("esc\x1b[31m") == "esc\xEF\xBF\xBD[31m");
  CHECK(html_text("\xff\xfe") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // not UTF-8
  CHECK(html_text("Ωμέγα") == "Ωμέγα");
}

TEST_CASE("json_document: text that is not UTF-8 is written as U+FFFD, not a failed output", "[sim][escaping][json]") {
  const nlohmann::json j{{"name", std::string("bad \xff byte")}, {"quote", "\"\\\n<"}};
  std::string text;
  REQUIRE_NOTHROW(text = json_document(j, 1));
  const auto back = nlohmann::json::parse(text);
  CHECK(back["name"] == "bad \xEF\xBF\xBD byte");
  CHECK(back["quote"] == "\"\\\n<");
  // Inside an HTML <script> no text can close the element.
  const std::string script = json_for_script(nlohmann::json{{"t", "</script><script>alert(1)</script>&\xE2\x80\xA8"}});
  CHECK(script.find('<') == std::string::npos);
  CHECK(script.find('>') == std::string::npos);
  CHECK(script.find('&') == std::string::npos);
  CHECK(nlohmann::json::parse(script)["t"] == "</script><script>alert(1)</script>&\xE2\x80\xA8");
}

TEST_CASE("terminal_text: control characters, DEL and C1 controls are shown as \\xNN, letters pass", "[sim][escaping][terminal]") {
  CHECK(terminal_text("ok\tline\n") == "ok\tline\n");
  CHECK(terminal_text("\x1b[2J") == "\\x1B[2J");
  CHECK(terminal_text(std::string("nul\0here", 8)) == "nul\\x00here");
  CHECK(terminal_text("cr\rback") == "cr\\x0Dback");
  CHECK(terminal_text("bell\x07 del\x7f") == "bell\\x07 del\\x7F");
  CHECK(terminal_text("csi \xc2\x9b"
                      "31m") == "csi \\xC2\\x9B31m");  // U+009B, the 8-bit CSI
  CHECK(terminal_text("raw \x9b") == "raw \\x9B");     // not UTF-8 at all
  CHECK(terminal_text("Ünïcødé Ωμέγα 日本 🙂") == "Ünïcødé Ωμέγα 日本 🙂");
  CHECK(terminal_text("cut \xe6\x97") == "cut \\xE6\\x97");  // a sequence the text ends in
  for (const auto& text : Hostile) {
    const std::string out = terminal_text(text);
    for (char c : out) CHECK((static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t'));
  }
}

TEST_CASE("terminal_text: bidirectional and invisible format characters are shown as \\uXXXX", "[sim][escaping][terminal]") {
  // A right-to-left override in a name would print the figures after it backwards.
  CHECK(terminal_text("Z\u202E1 9 [8, 10]") == "Z\\u202E1 9 [8, 10]");
  CHECK(terminal_text("a\u202Ab\u202Bc\u202Cd\u202De") == "a\\u202Ab\\u202Bc\\u202Cd\\u202De");
  CHECK(terminal_text("\u2066\u2067\u2068\u2069") == "\\u2066\\u2067\\u2068\\u2069");
  CHECK(terminal_text("zero\u200Bwidth\u200C\u200D\u200E\u200F") == "zero\\u200Bwidth\\u200C\\u200D\\u200E\\u200F");
  CHECK(terminal_text("arabic mark \u061C") == "arabic mark \\u061C");
  // Their neighbours, and right-to-left letters, pass.
  CHECK(terminal_text("\u200A\u2010\u2029\u2065\u206A \u05E9\u05DC\u05D5\u05DD") ==
        "\u200A\u2010\u2029\u2065\u206A \u05E9\u05DC\u05D5\u05DD");
  CHECK(format_characters_escaped("Z\u202E1 <b>") == "Z\\u202E1 <b>");
}

TEST_CASE("GnuplotTexts: a text is one datablock line, never script, whatever it holds", "[sim][escaping][gnuplot]") {
  GnuplotTexts texts;
  const std::string first = texts.expression("a `touch x` \"q\"");
  const size_t second = texts.index("line\nEOD\nset output 'x'");
  CHECK(first == "$texts[1][2:]");
  CHECK(second == 2);
  const Datablock block = texts.block();
  CHECK(block.name == "texts");
  // One line per text, each starting with '|': no line can be the end marker EOD.
  CHECK(block.rows == "|a `touch x` \"q\"\n|line EOD set output 'x'\n");
}

TEST_CASE("shell_word: /bin/sh gives back every hostile text byte for byte, and runs none of it", "[sim][escaping][shell]") {
  std::vector<std::string> texts = Hostile;
  for (const char* more :
       {"d{1,1,2,3}", "d6!", "4d6kh3", "'herero.policy=never;herero.charge_after=false'", "*", "~", "a b", "-n", "#x", "!!"})
    texts.emplace_back(more);
  for (const auto& text : texts) {
    INFO(text);
    // printf '%s|' WORD through the shell: the text comes back between the bars, or the shell ran something.
    const std::string command = "printf '%s|' " + shell_word(text);
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string out;
    for (int c; (c = std::fgetc(pipe)) != EOF;) out += static_cast<char>(c);
    CHECK(pclose(pipe) == 0);
    CHECK(out == text + "|");
  }
  CHECK(shell_word("herero.policy=never") == "herero.policy=never");
  CHECK(shell_word("it's") == "'it'\\''s'");
}
