// Where a native kind finds its bellperson parameters, and where cuzk caches what it derives
// from them (the recorded matrices, in its own cache folder): an operator's `<stem>.params` in one
// of the parameter directories (searched in order), else the generated-parameter directory,
// where the insecure test setup writes what a test-size circuit needs. Filecoin's own files,
// by their own names (kinds/filecoin_param_names.hpp), are also looked for in Filecoin's
// parameter cache: $FIL_PROOFS_PARAMETER_CACHE and /var/tmp/filecoin-proof-parameters, where
// present.
#pragma once

#include <string>
#include <vector>

namespace cuzk::kinds {

// /tmp/cuzk-<uid>/params: the daemon's default srs.generated_dir and `cuzk setup`'s default
// --param-dir.
std::string default_generated_param_dir();

// cuzk's own cache folder: $CACHE_DIRECTORY (systemd's CacheDirectory=; its first folder), else
// $XDG_CACHE_HOME/cuzk, else $HOME/.cache/cuzk, else /tmp/cuzk-<uid>/cache: the daemon's default
// srs.cache_dir.
std::string default_cache_dir();
// "<cache_dir>/recorded-matrices": where native circuits' recorded matrices are cached.
std::string matrices_dir_in(const std::string& cache_dir);

// Filecoin's parameter cache folders that exist: $FIL_PROOFS_PARAMETER_CACHE (if set), then
// /var/tmp/filecoin-proof-parameters (paramfetch's default).
std::vector<std::string> filecoin_param_cache_dirs();

struct ParamLocator {
  std::vector<std::string> param_dirs;
  std::string generated_dir = default_generated_param_dir();
  // The recorded-matrices cache (kinds/recorded_matrices_cache.hpp), never a parameter folder;
  // empty: recorded in memory.
  std::string matrices_dir = matrices_dir_in(default_cache_dir());
  // Searched after param_dirs for files by their Filecoin names (find_file); empty it to look
  // nowhere else (tests).
  std::vector<std::string> filecoin_cache_dirs = filecoin_param_cache_dirs();

  // `<dir>/<file_stem>.params` in the first parameter directory that has it, else in the
  // generated-parameter directory.
  std::string params_path(const std::string& file_stem) const;
  // `<dir>/<file_name>` in the first of param_dirs, then filecoin_cache_dirs, that has it;
  // empty if none does.
  std::string find_file(const std::string& file_name) const;
};

}  // namespace cuzk::kinds
