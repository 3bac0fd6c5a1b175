// Parameter files cuzk generates (the insecure test setup's, in the daemon's generated-params
// folder) carry a sidecar `<file>.cuzk-sum` written with them: their size and a 64-bit checksum
// (r1cs::matrices_file_checksum: ≈ 1 GB/s on one core, measured 2026-12-01 on the 2-core
// development machine; it runs once per cold load of such a file).
// The sidecar marks the file as cuzk's own, and lets a later load tell whether it is still the
// file that was written (a truncation, a damaged block, bytes overwritten) so that it can be
// generated again. A file without a sidecar — an operator's, or one from before sidecars — is
// never judged and never touched.
//
//   write_generated_params(path, fill)  writes `path` through write_file_atomically (fill
//        writes the contents), then its sidecar;
//   check_generated_params(path)        kNotMarked (no sidecar), kIntact, or kDamaged.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "common/status.hpp"

namespace cuzk::kinds {

enum class GeneratedParamsState { kNotMarked, kIntact, kDamaged };

// The sidecar's path for a parameter file.
std::string generated_params_sidecar(const std::string& params_path);

// Errors: write_file_atomically's (naming the file and errno), a file that cannot be mapped
// back. A failed write leaves what was there; a crash between the file and its sidecar leaves an
// older sidecar that no longer matches (the file is generated again at its next load).
Status write_generated_params(const std::string& params_path, const std::function<Status(std::ostream&)>& fill);

// kDamaged also for a sidecar that cannot be parsed (written by cuzk, so damaged too). Errors:
// the file cannot be mapped (named).
Result<GeneratedParamsState> check_generated_params(const std::string& params_path);

}  // namespace cuzk::kinds
