#include "sim/command_line.hpp"

#include <boost/program_options.hpp>

#include <iostream>

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
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options << "\n" << footer << (footer.empty() ? "" : "\n");
    return false;
  }
  return true;
}

}  // namespace volley
