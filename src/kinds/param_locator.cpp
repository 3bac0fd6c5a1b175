// ParamLocator: the first parameter directory holding the file, else the generated directory;
// Filecoin's cache folders for files by their Filecoin names; cuzk's cache folder.
#include "kinds/param_locator.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace cuzk::kinds {

std::string default_generated_param_dir() { return "/tmp/cuzk-" + std::to_string(::getuid()) + "/params"; }

std::string default_cache_dir() {
  if (const char* systemd = std::getenv("CACHE_DIRECTORY"); systemd != nullptr && systemd[0] == '/') {
    const std::string dirs = systemd;
    return dirs.substr(0, dirs.find(':'));  // systemd lists several folders with ':'
  }
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/cuzk";
  if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/') return std::string(home) + "/.cache/cuzk";
  return "/tmp/cuzk-" + std::to_string(::getuid()) + "/cache";
}

std::string matrices_dir_in(const std::string& cache_dir) { return cache_dir + "/recorded-matrices"; }

std::vector<std::string> filecoin_param_cache_dirs() {
  std::vector<std::string> out;
  std::error_code ec;
  if (const char* env = std::getenv("FIL_PROOFS_PARAMETER_CACHE"); env != nullptr && *env != '\0') {
    if (std::filesystem::is_directory(env, ec)) out.emplace_back(env);
  }
  const std::string fallback = "/var/tmp/filecoin-proof-parameters";
  if ((out.empty() || out.front() != fallback) && std::filesystem::is_directory(fallback, ec)) out.push_back(fallback);
  return out;
}

std::string ParamLocator::params_path(const std::string& file_stem) const {
  std::error_code ec;
  for (const std::string& dir : param_dirs) {
    const std::string path = dir + "/" + file_stem + ".params";
    if (std::filesystem::exists(path, ec)) return path;
  }
  return generated_dir + "/" + file_stem + ".params";
}

std::string ParamLocator::find_file(const std::string& file_name) const {
  std::error_code ec;
  for (const auto* dirs : {&param_dirs, &filecoin_cache_dirs}) {
    for (const std::string& dir : *dirs) {
      const std::string path = dir + "/" + file_name;
      if (std::filesystem::exists(path, ec)) return path;
    }
  }
  return {};
}

}  // namespace cuzk::kinds
