#include "sim/output/text_escaping.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <streambuf>
#include <unistd.h>

namespace volley {

namespace {

// The length of the UTF-8 sequence a lead byte starts (1 for ASCII), 0 for a byte no sequence starts with.
size_t sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// The length of the valid UTF-8 sequence at text[i], 0 if none is there; `truncated` is set when the
// bytes that are there start a valid sequence the text ends in the middle of.
size_t valid_sequence(std::string_view text, size_t i, bool* truncated = nullptr) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const size_t n = sequence_length(byte(i));
  if (n <= 1) return n;
  for (size_t k = 1; k < n; ++k) {
    if (i + k >= text.size()) {
      if (truncated != nullptr) *truncated = true;
      return 0;
    }
    unsigned char lo = 0x80, hi = 0xBF;
    // The second byte's range excludes overlong forms and surrogates (RFC 3629, section 4).
    if (k == 1 && byte(i) == 0xE0) lo = 0xA0;
    if (k == 1 && byte(i) == 0xED) hi = 0x9F;
    if (k == 1 && byte(i) == 0xF0) lo = 0x90;
    if (k == 1 && byte(i) == 0xF4) hi = 0x8F;
    if (byte(i + k) < lo || byte(i + k) > hi) return 0;
  }
  return n;
}

std::string hex_escape(unsigned char c) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "\\x%02X", c);
  return buffer;
}

// The code point of a bidirectional or invisible format character at text[i] (a valid sequence of n
// bytes), or 0: U+061C, U+200B..U+200F, U+202A..U+202E, U+2066..U+2069. Such a character in a name
// would reverse or hide the text after it (the figures a name is followed by), or make two names that
// look the same differ.
unsigned format_character(std::string_view text, size_t i, size_t n) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[i + k]); };
  unsigned code = 0;
  if (n == 2) code = (byte(0) & 0x1Fu) << 6 | (byte(1) & 0x3Fu);
  else if (n == 3) code = (byte(0) & 0x0Fu) << 12 | (byte(1) & 0x3Fu) << 6 | (byte(2) & 0x3Fu);
  const bool format =
      code == 0x061C || (code >= 0x200B && code <= 0x200F) || (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
  return format ? code : 0;
}

std::string unicode_escape(unsigned code) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\u%04X", code);
  return buffer;
}

// terminal_text over a stream that arrives in pieces: an incomplete UTF-8 sequence at the end of a
// piece waits in `carry` for the next one.
std::string terminal_piece(std::string_view text, std::string* carry) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7F) ? std::string(1, static_cast<char>(c)) : hex_escape(c);
      ++i;
      continue;
    }
    bool truncated = false;
    const size_t n = valid_sequence(text, i, &truncated);
    if (truncated && carry != nullptr) {
      *carry = std::string(text.substr(i));
      return out;
    }
    // A C1 control (U+0080..U+009F: CSI among them) is encoded C2 80..C2 9F.
    const bool c1 = n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (n == 0 || c1) {
      for (size_t k = 0; k < (n == 0 ? 1 : n); ++k) out += hex_escape(static_cast<unsigned char>(text[i + k]));
      i += n == 0 ? 1 : n;
      continue;
    }
    if (const unsigned code = format_character(text, i, n)) out += unicode_escape(code);
    else out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

// The filtered stream's state: the file descriptor it writes to and an incomplete UTF-8 sequence
// (at most 3 bytes). It lives in static storage and is trivially destructible, because the C library
// flushes stdout after the static destructors have run and never closes it.
struct FilterCookie {
  int fd = -1;
  char carry[4] = {};
  size_t carry_size = 0;
};

FilterCookie stdout_cookie, stderr_cookie;

bool write_all(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;  // a SIGINT while printing the partial results
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

ssize_t filter_write(void* cookie, const char* data, size_t size) {
  auto* state = static_cast<FilterCookie*>(cookie);
  std::string text(state->carry, state->carry_size);
  text.append(data, size);
  std::string carry;
  const bool written = write_all(state->fd, terminal_piece(text, &carry));
  state->carry_size = std::min(carry.size(), sizeof state->carry);
  std::memcpy(state->carry, carry.data(), state->carry_size);
  return written ? static_cast<ssize_t>(size) : -1;
}

int filter_close(void* cookie) {
  auto* state = static_cast<FilterCookie*>(cookie);
  write_all(state->fd, terminal_piece(std::string_view(state->carry, state->carry_size), nullptr));
  state->carry_size = 0;
  return 0;
}

std::FILE* filtered_stream(FilterCookie& state, int fd, int buffering) {
  cookie_io_functions_t functions{};
  functions.write = filter_write;
  functions.close = filter_close;
  state.fd = ::dup(fd);
  std::FILE* stream = ::fopencookie(&state, "w", functions);
  if (stream != nullptr) std::setvbuf(stream, nullptr, buffering, buffering == _IONBF ? 0 : BUFSIZ);
  return stream;
}

// std::cout and std::cerr onto the filtered C streams, so both kinds of printing keep their order.
class StdioBuffer : public std::streambuf {
 public:
  explicit StdioBuffer(std::FILE* stream) : stream_(stream) {}

 protected:
  int overflow(int c) override { return c == EOF ? 0 : std::fputc(c, stream_); }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return static_cast<std::streamsize>(std::fwrite(s, 1, static_cast<size_t>(n), stream_));
  }
  int sync() override { return std::fflush(stream_); }

 private:
  std::FILE* stream_;
};

std::FILE* raw_stderr = stderr;

}  // namespace

std::string html_text(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const size_t n = valid_sequence(text, i);
      out += n == 0 ? std::string("\xEF\xBF\xBD") : std::string(text.substr(i, n));
      i += n == 0 ? 1 : n;
      continue;
    }
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) out += "\xEF\xBF\xBD";
        else out += static_cast<char>(c);
    }
    ++i;
  }
  return out;
}

std::string json_document(const nlohmann::json& json, int indent) {
  return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string json_for_script(const nlohmann::json& json) {
  const std::string text = json_document(json, -1);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '<') out += "\\u003c";
    else if (c == '>') out += "\\u003e";
    else if (c == '&') out += "\\u0026";
    else if (text.compare(i, 3, "\xE2\x80\xA8") == 0) {
      out += "\\u2028";
      i += 2;
    } else if (text.compare(i, 3, "\xE2\x80\xA9") == 0) {
      out += "\\u2029";
      i += 2;
    } else out += c;
  }
  return out;
}

std::string terminal_text(std::string_view text) { return terminal_piece(text, nullptr); }

namespace {

// The format characters, and for a TOML file (`toml`) the C1 controls too, written as \uXXXX; for a
// TOML file a byte that is not UTF-8 (a file name in a comment) as U+FFFD, since TOML must be UTF-8.
// Everything else as it is.
std::string unicode_escaped(std::string_view text, bool toml) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (toml && valid_sequence(text, i) == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    const size_t n = std::max<size_t>(valid_sequence(text, i), 1);
    unsigned code = n > 1 ? format_character(text, i, n) : 0;
    if (toml && n == 2 && static_cast<unsigned char>(text[i]) == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F)
      code = static_cast<unsigned char>(text[i + 1]);
    if (code != 0) out += unicode_escape(code);
    else out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

}  // namespace

std::string format_characters_escaped(std::string_view text) { return unicode_escaped(text, false); }

std::string toml_file_text(std::string_view text) { return unicode_escaped(text, true); }

void write_standard_output(std::string_view bytes) {
  std::cout.flush();
  std::fflush(stdout);
  if (!write_all(STDOUT_FILENO, std::string(bytes)))
    throw std::runtime_error("writing standard output: " + std::string(std::strerror(errno)));
}

void install_terminal_filter() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  std::fflush(stdout);
  std::fflush(stderr);
  raw_stderr = ::fdopen(::dup(STDERR_FILENO), "w");
  if (raw_stderr != nullptr) std::setvbuf(raw_stderr, nullptr, _IONBF, 0);
  std::FILE* out = filtered_stream(stdout_cookie, STDOUT_FILENO, ::isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF);
  std::FILE* err = filtered_stream(stderr_cookie, STDERR_FILENO, _IONBF);
  if (out == nullptr || err == nullptr || raw_stderr == nullptr) return;  // printing stays unfiltered rather than lost
  stdout = out;
  stderr = err;
  // Never destroyed: the C++ library flushes std::cout in ios_base::Init's destructor, and a shared
  // library's (the HTTP server's) runs after this program's static destructors. The pointers keep the
  // buffers reachable, so LeakSanitizer does not count them.
  static StdioBuffer* const cout_buffer = new StdioBuffer(out);
  static StdioBuffer* const cerr_buffer = new StdioBuffer(err);
  std::cout.rdbuf(cout_buffer);
  std::cerr.rdbuf(cerr_buffer);
  std::clog.rdbuf(cerr_buffer);
}

std::FILE* unfiltered_stderr() { return raw_stderr; }

std::string shell_word(std::string_view text) {
  const auto plain = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::string_view("_./:=,@%+-").find(c) != std::string_view::npos;
  };
  if (!text.empty() && std::all_of(text.begin(), text.end(), plain)) return std::string(text);
  std::string word = "'";
  for (const char c : text) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

}  // namespace volley
