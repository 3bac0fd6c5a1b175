// supraseal-c2's C entry points as the side-by-side benchmark calls them: declared here the way
// supraseal's Rust crate declares them (extern/supraseal-c2/src/lib.rs in Curio: `SRS` is one
// opaque pointer, errors come back by value as sppark's RustError), over the argument layouts of
// groth16/supraseal_abi.hpp. Defined by supraseal_c2.cu (supraseal's own sources, compiled only
// with -DCUZK_SUPRASEAL_REFERENCE); a small RAII layer on top.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string>
#include <utility>

#include "common/status.hpp"
#include "groth16/supraseal_abi.hpp"

extern "C" {
// sppark's RustError::by_value: code 0 is success; `message` (malloc'd, may be null) is the
// caller's to free.
struct SuprasealError {
  int code;
  char* message;
};
// supraseal's SRS: one pointer to its reference-counted parameters (null: none).
struct SuprasealSrs {
  const void* ptr;
};
// Reads the bellperson .params file at `path` into pinned host memory: the vk at once, the points
// on a background thread (the SRS is usable at once; its users wait for the read). cache: keep it
// in supraseal's process-wide cache of four files.
SuprasealError create_SRS(SuprasealSrs* ret, const char* path, bool cache);
void drop_SRS(SuprasealSrs* srs);
// Proves `num_circuits` circuits; r_s[i], s_s[i] blind proof i. gpu_mtx null: supraseal's own
// process-wide lock; gpu_index −1: circuits spread over every GPU, else all on that one.
SuprasealError generate_groth16_proofs_c(const cuzk::groth16::supraseal::Assignment provers[], size_t num_circuits,
                                         const cuzk::groth16::supraseal::Fr r_s[],
                                         const cuzk::groth16::supraseal::Fr s_s[],
                                         cuzk::groth16::supraseal::Proof proofs[], SuprasealSrs* srs, void* gpu_mtx,
                                         int gpu_index);
// Defined by supraseal_c2.cu beside supraseal: returns once the SRS's points are read.
void cuzk_supraseal_srs_wait(const SuprasealSrs* srs);
}

namespace cuzk::bench {

// An error supraseal returned, as a Status (kDeviceError; the message freed).
inline Status supraseal_status(SuprasealError error, const std::string& what) {
  if (error.code == 0) return Status::ok();
  std::string message = what + ": supraseal-c2 error " + std::to_string(error.code);
  if (error.message != nullptr) {
    message += ": ";
    message += error.message;
    std::free(error.message);
  }
  return Status(StatusCode::kDeviceError, message);
}

// A supraseal SRS owned by the caller: dropped (its pinned memory freed) when destroyed.
class SuprasealParams {
 public:
  static Result<SuprasealParams> open(const std::string& path) {
    SuprasealParams out;
    CUZK_RETURN_IF_ERROR(supraseal_status(create_SRS(&out.srs_, path.c_str(), /*cache=*/false), "create_SRS(" + path + ")"));
    return out;
  }
  SuprasealParams() = default;
  SuprasealParams(SuprasealParams&& other) noexcept : srs_(other.srs_) { other.srs_.ptr = nullptr; }
  SuprasealParams& operator=(SuprasealParams&& other) noexcept {
    std::swap(srs_, other.srs_);
    return *this;
  }
  SuprasealParams(const SuprasealParams&) = delete;
  SuprasealParams& operator=(const SuprasealParams&) = delete;
  ~SuprasealParams() {
    if (srs_.ptr != nullptr) drop_SRS(&srs_);
  }

  // Blocks until the points are read.
  void wait() const { cuzk_supraseal_srs_wait(&srs_); }
  SuprasealSrs* get() { return &srs_; }

 private:
  SuprasealSrs srs_{nullptr};
};

}  // namespace cuzk::bench
