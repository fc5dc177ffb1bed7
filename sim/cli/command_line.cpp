#include "sim/cli/command_line.hpp"

#include "analysis/number_parsing.hpp"

#include <boost/program_options.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>
#include <stdexcept>

namespace po = boost::program_options;

namespace volley {

bool parse_command_line(const std::vector<std::string>& args, po::options_description& options, const char* positional_name,
                        po::value_semantic* positional_value, int positional_count, po::variables_map& vm, const std::string& footer) {
  options.add_options()("help,h", "this help");
  po::options_description hidden;
  hidden.add_options()(positional_name, positional_value);
  po::positional_options_description positional;
  positional.add(positional_name, positional_count);
  po::options_description all;
  all.add(options).add(hidden);
  po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
  refuse_empty_arguments(vm, all);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options << "\n" << footer << (footer.empty() ? "" : "\n");
    return false;
  }
  return true;
}

void refuse_empty_arguments(const po::variables_map& vm, const po::options_description& options) {
  for (const auto& [name, value] : vm) {
    if (value.defaulted()) continue;
    const po::option_description* option = options.find_nothrow(name, false);
    if (option == nullptr || option->semantic()->max_tokens() == 0) continue;  // a switch: no value
    bool empty = false;
    if (const auto* text = boost::any_cast<std::string>(&value.value())) empty = text->empty();
    if (const auto* list = boost::any_cast<std::vector<std::string>>(&value.value()))
      for (const auto& item : *list) empty = empty || item.empty();
    if (empty) {
      const bool positional = name == "scenario" || name == "files" || name == "pool" || name == "kind";
      throw std::invalid_argument(positional ? "an empty " + std::string(name == "files" ? "file name" : name) + " argument"
                                             : "--" + name + ": an empty value");
    }
  }
}

uint64_t parse_whole_number(const std::string& option, const std::string& text, uint64_t lo, uint64_t hi, bool hi_is_a_rule) {
  uint64_t value = 0;
  const char* last = text.data() + text.size();
  // from_chars on an unsigned takes digits only: no sign, no space, no fraction, no exponent.
  const auto [end, ec] = std::from_chars(text.data(), last, value);
  if (text.empty() || ec != std::errc{} || end != last || value < lo || value > hi) {
    // The upper bound is named where it is a rule, or where the text passed it (or the type's range).
    const bool above = ec == std::errc::result_out_of_range || (ec == std::errc{} && end == last && value > hi);
    const std::string range = hi_is_a_rule || above ? "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi)
                                                    : "a whole number, at least " + std::to_string(lo);
    throw std::invalid_argument(option + ": expected " + range + ", got '" + text + "'");
  }
  return value;
}

}  // namespace volley

namespace volley {

po::typed_value<std::string>* signed_whole_number(int& target, std::string option, int lo, int hi) {
  return po::value<std::string>()->notifier([&target, option = std::move(option), lo, hi](const std::string& text) {
    int64_t value = 0;
    const char* first = text.data() + (text.starts_with('+') ? 1 : 0);
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, value);
    if (text.empty() || ec != std::errc{} || end != last || value < lo || value > hi)
      throw std::invalid_argument(option + ": expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                                  ", got '" + text + "'");
    target = static_cast<int>(value);
  });
}

double parse_real_number(const std::string& option, const std::string& text, double lo, double hi, bool open_lo, bool open_hi) {
  double value = 0;
  const bool below = read_finite_number(text, value) && (open_lo ? value <= lo : value < lo);
  const bool above = read_finite_number(text, value) && (open_hi ? value >= hi : value > hi);
  if (!read_finite_number(text, value) || below || above) {
    char range[96];
    std::snprintf(range, sizeof range, "%c%g, %g%c", open_lo ? '(' : '[', lo, hi, open_hi ? ')' : ']');
    throw std::invalid_argument(option + ": expected a finite number in " + range + ", got '" + text + "'");
  }
  return value;
}

po::typed_value<std::string>* confidence_level(double& target) {
  return po::value<std::string>()->notifier(
      [&target](const std::string& text) { target = parse_real_number("--level", text, 0.5, 1.0, true, true); });
}

}  // namespace volley
