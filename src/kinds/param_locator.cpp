// ParamLocator: the first parameter directory holding the file, else the generated directory.
#include "kinds/param_locator.hpp"

#include <unistd.h>

#include <filesystem>

namespace cuzk::kinds {

std::string default_generated_param_dir() { return "/tmp/cuzk-" + std::to_string(::getuid()) + "/params"; }

std::string ParamLocator::params_path(const std::string& file_stem) const {
  std::error_code ec;
  for (const std::string& dir : param_dirs) {
    const std::string path = dir + "/" + file_stem + ".params";
    if (std::filesystem::exists(path, ec)) return path;
  }
  return generated_dir + "/" + file_stem + ".params";
}

}  // namespace cuzk::kinds
