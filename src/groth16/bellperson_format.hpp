// bellperson / Filecoin binary formats for Groth16 over BLS12-381:
//   proof   192 bytes: A (G1 compressed) ‖ B (G2 compressed) ‖ C (G1 compressed)
//   .vk     α_g1, β_g1, β_g2, γ_g2, δ_g1, δ_g2 (uncompressed), u32 BE count, IC points
//   .params the vk, then h, l, a, b_g1, b_g2, each a u32 BE count + uncompressed points
// Readers name the source and the field on every error ("params 'x.params': h[12]: point is
// not on the curve"); "checked" reads run the subgroup test on every point, "unchecked" reads
// (trusted files, as bellperson's read(…, false)) skip only that test. Points at infinity are
// rejected in the density-filtered queries a, b_g1, b_g2 (a sign of a corrupt or mismatched
// file); in ic, h and l they are accepted (an unused variable contributes nothing).
#pragma once

#include <array>
#include <istream>
#include <ostream>
#include <span>
#include <string>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ec/encoding.hpp"
#include "groth16/keys.hpp"

namespace cuzk::groth16 {

inline constexpr size_t kProofBytes = 192;

std::array<uint8_t, kProofBytes> proof_to_bytes(const Proof& proof);
// `source` names the input in errors. Proof points are always fully checked.
Result<Proof> proof_from_bytes(std::span<const uint8_t> bytes, const std::string& source);

Status write_verifying_key(const VerifyingKey& vk, std::ostream& out);
Result<VerifyingKey> read_verifying_key(std::istream& in, const std::string& source);
// The verifying key a .params file begins with (the proving key after it is not read).
Result<VerifyingKey> read_params_verifying_key(std::istream& in, const std::string& source);

// How many points each part of a .params file holds: the vk's IC, then h, l, a, b_g1, b_g2.
struct ParamsShape {
  size_t ic = 0, h = 0, l = 0, a = 0, b_g1 = 0, b_g2 = 0;
  friend bool operator==(const ParamsShape&, const ParamsShape&) = default;
};
ParamsShape params_shape(const ProvingKey& pk);
// A .params file's shape from its counts alone: the vk is read, the queries' points are seeked
// over (a 32 GiB PoRep file's 44 GiB are never read). `in` must be seekable. INVALID_ARGUMENT
// naming the source for a file shorter than its counts say or with bytes after its last query.
Result<ParamsShape> read_params_shape(std::istream& in, const std::string& source);

// Proving keys are hundreds of millions of points at production sizes: their points are
// encoded and decoded a block at a time on `pool`.
Status write_proving_key(const ProvingKey& pk, std::ostream& out, ThreadPool& pool = ThreadPool::shared());
Result<ProvingKey> read_proving_key(std::istream& in, const std::string& source, ec::SubgroupCheck check,
                                    ThreadPool& pool = ThreadPool::shared());

}  // namespace cuzk::groth16
