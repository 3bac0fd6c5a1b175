// Where a native kind finds its bellperson parameters: an operator's `<stem>.params` in one
// of the parameter directories (searched in order), else the generated-parameter directory,
// where the insecure test setup writes what a test-size circuit needs.
#pragma once

#include <string>
#include <vector>

namespace cuzk::kinds {

// /tmp/cuzk-<uid>/params: the daemon's default srs.generated_dir and `cuzk setup`'s default
// --param-dir.
std::string default_generated_param_dir();

struct ParamLocator {
  std::vector<std::string> param_dirs;
  std::string generated_dir = default_generated_param_dir();

  // `<dir>/<file_stem>.params` in the first parameter directory that has it, else in the
  // generated-parameter directory.
  std::string params_path(const std::string& file_stem) const;
};

}  // namespace cuzk::kinds
