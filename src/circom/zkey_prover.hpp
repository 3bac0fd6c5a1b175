// Groth16 proving from a snarkjs .zkey and a .wtns through the prover seam
// (groth16::ProverBackend, QapConvention::kSnarkjs), so that the proof verifies with
// `snarkjs groth16 verify`:
//
//   1. witness map (synthesis): a_j = Σ coef·w_s over the zkey's A entries of row j, b_j
//      likewise (B), c_j = a_j·b_j (snarkjs never reads the C matrix: it assumes a satisfying
//      witness), for the domainSize rows (constraints, then the public-input rows, then zero
//      padding). The prover computes it from a partition witness (inputs = witness[0..=nPublic],
//      aux = the rest) and the zkey's A and B as recorded matrices (zkey_matrices), with the
//      key's densities (zkey_proving_key.hpp).
//   2. H, MSMs and assembly on the backend: snarkjs's odd-coset H (groth16/snarkjs_qap.hpp on
//      the CPU), the five MSMs, and the one assembly formula every backend shares
//      (groth16/proof_assembly.hpp, which shows it equals snarkjs's πC).
//   3. optionally a self-check of the proof against the zkey's verifying key.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "circom/r1cs_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_proving_key.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "groth16/blinding.hpp"
#include "groth16/keys.hpp"
#include "groth16/prover_backend.hpp"
#include "groth16/snarkjs_qap.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/proving_assignment.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::circom {

// Step 1's a and b: a_j = Σ coef·w_s (A entries of row j), b_j likewise, for the domainSize rows.
struct WitnessMap {
  std::vector<ff::Fr> a, b;
};
// Errors: INVALID_ARGUMENT if witness.size() ≠ nVars ("a witness for another circuit?") or
// witness[0] ≠ 1, naming `witness_name`.
Result<WitnessMap> snarkjs_witness_map(const Zkey& zkey, std::span<const ff::Fr> witness,
                                       const std::string& witness_name);
Result<WitnessMap> snarkjs_witness_map(const ZkeyProvingKey& key, std::span<const ff::Fr> witness,
                                       const std::string& witness_name);

// The zkey's A and B as recorded matrices over its domainSize rows (C is not in a zkey:
// c_from_product, c_j = a_j·b_j), with the key's densities: what every witness of the zkey
// carries to the prover. Immutable; made once per key.
std::shared_ptr<const r1cs::RecordedMatrices> zkey_matrices(const ZkeyProvingKey& key);

// A witness of the zkey as the prover's input: inputs = witness[0..=nPublic], aux the rest,
// with `matrices` (zkey_matrices of this key). INVALID_ARGUMENT as snarkjs_witness_map's.
Result<witness::PartitionWitness> zkey_witness(const ZkeyProvingKey& key, std::span<const ff::Fr> witness,
                                               std::shared_ptr<const r1cs::RecordedMatrices> matrices,
                                               const std::string& witness_name);

// Step 1 as classic synthesis (the reference the matrices are tested against): the whole
// assignment the CPU prover proves under kSnarkjs, from the witness and its
// map (made by snarkjs_witness_map for this witness and key; moved into the assignment).
// INVALID_ARGUMENT if the witness or map does not match the key.
Result<r1cs::ProvingAssignment> snarkjs_assignment(const ZkeyProvingKey& key, std::span<const ff::Fr> witness,
                                                   WitnessMap map);

// h_i for i < domainSize, in snarkjs's order (H point i), Montgomery form: steps 1 and the H
// of step 2 on the CPU. Errors: those of snarkjs_witness_map, or a domain that does not match.
Result<std::vector<ff::Fr>> snarkjs_h_evaluations(const Zkey& zkey, std::span<const ff::Fr> witness,
                                                  const groth16::SnarkjsDomain& domain, ThreadPool& pool);

struct ZkeyProof {
  groth16::Proof proof;
  std::vector<ff::Fr> public_signals;  // witness[1 ..= nPublic]
};

struct ZkeyProveOptions {
  // If set, the witness is first checked against these constraints (the first failing one is
  // named). Its shape must match the zkey (nVars, nPublic).
  const R1cs* r1cs = nullptr;
  // Verify the finished proof against the zkey's own verifying key (a few ms): a witness that
  // does not satisfy the circuit, or a corrupt zkey, then yields an error instead of a proof.
  bool self_check = true;
  std::string witness_name = "witness";  // names the witness in messages
  std::string r1cs_name = "r1cs";
};

// Proves with one (r, s) from `blinding` on `backend`. Errors:
//   INVALID_ARGUMENT: witness size ≠ nVars ("a witness for another circuit?"), witness[0] ≠ 1,
//                     r1cs shape ≠ zkey shape;
//   UNSATISFIABLE: the r1cs check names the first failing constraint; without an r1cs, the
//                  self-check failed (the witness does not satisfy the circuit);
//   the backend's errors (kOutOfMemory, kDeviceError, ...).
// Thread safety: as the backend's prove().
Result<ZkeyProof> prove_zkey(const ZkeyProvingKey& key, std::span<const ff::Fr> witness,
                             groth16::ProverBackend& backend, groth16::BlindingSource& blinding,
                             const ZkeyProveOptions& options = {});

// prove_zkey on the CPU backend over `pool`, from a zkey that stays as it is (its points are
// copied into a ZkeyProvingKey for the call; for repeated proofs, make that key once).
Result<ZkeyProof> prove_zkey(const Zkey& zkey, std::span<const ff::Fr> witness, groth16::BlindingSource& blinding,
                             ThreadPool& pool, const ZkeyProveOptions& options = {});

}  // namespace cuzk::circom
