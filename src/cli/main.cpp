// The `cuzk` command line. Commands: selftest (default), version, help.
#include <cstring>
#include <iostream>
#include <string_view>

#include "cli/selftest.hpp"

namespace {

constexpr const char* kUsage =
    "usage: cuzk <command>\n"
    "commands:\n"
    "  selftest   check the arithmetic against known answers, then print a benchmark summary\n"
    "  version    print the version\n"
    "  help       print this text\n";

}  // namespace

int main(int argc, char** argv) {
  const std::string_view command = argc > 1 ? argv[1] : "selftest";
  if (argc > 2) {
    std::cerr << "cuzk: unexpected argument '" << argv[2] << "'\n" << kUsage;
    return 2;
  }
  if (command == "selftest") return cuzk::cli::run_selftest(std::cout);
  if (command == "version" || command == "--version") {
    std::cout << "cuzk " << CUZK_VERSION << "\n";
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << kUsage;
    return 0;
  }
  std::cerr << "cuzk: unknown command '" << command << "'\n" << kUsage;
  return 2;
}
