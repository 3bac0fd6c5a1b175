// Groth16 proving from a snarkjs zkey through the prover seam (zkey_prover.hpp): the witness
// map as synthesis into a ProvingAssignment, then any ProverBackend under kSnarkjs.
#include "circom/zkey_prover.hpp"

#include <utility>

#include "groth16/cpu_prover.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::circom {
namespace {

using ff::Fr;

Result<WitnessMap> witness_map(std::span<const ZkeyCoef> coefs, size_t n_vars, size_t domain_size,
                               std::span<const Fr> witness, const std::string& witness_name) {
  if (witness.size() != n_vars) {
    return Status::invalid_argument(witness_name + ": the witness has " + std::to_string(witness.size()) +
                                    " values but the zkey's circuit has " + std::to_string(n_vars) +
                                    " variables (a witness for another circuit?)");
  }
  if (!witness[0].is_one()) {
    return Status::invalid_argument(witness_name + ": witness[0] (the constant ONE signal) is not 1");
  }
  // a_j, b_j over the coefficient section (snarkjs's buildABC1); c_j = a_j·b_j is formed later.
  WitnessMap ab{std::vector<Fr>(domain_size), std::vector<Fr>(domain_size)};
  for (const ZkeyCoef& coef : coefs) {
    (coef.matrix == 0 ? ab.a : ab.b)[coef.constraint] += coef.value * witness[coef.signal];
  }
  return ab;
}

// Proves `cs` (made by snarkjs_assignment for this witness) on `backend` and self-checks.
Result<ZkeyProof> prove_assignment(const ZkeyProvingKey& key, const r1cs::ProvingAssignment& cs,
                                   std::span<const Fr> witness, groth16::ProverBackend& backend,
                                   groth16::BlindingSource& blinding, const ZkeyProveOptions& options) {
  const r1cs::ProvingAssignment* const batch[] = {&cs};
  CUZK_ASSIGN_OR_RETURN(std::vector<groth16::Proof> proofs,
                        backend.prove(key.pk, batch, groth16::QapConvention::kSnarkjs, blinding));
  ZkeyProof out;
  out.proof = proofs.front();
  out.public_signals.assign(witness.begin() + 1, witness.begin() + 1 + key.n_public);
  if (options.self_check) {
    const auto pvk = groth16::PreparedVerifyingKey::from(key.pk.vk);
    if (!groth16::verify(pvk, out.proof, out.public_signals).is_ok()) {
      return Status(StatusCode::kUnsatisfiable,
                    options.witness_name +
                        " does not satisfy the zkey's circuit: the proof failed the self-check against the zkey's "
                        "verifying key (give the circuit's .r1cs to find the first failing constraint)");
    }
  }
  return out;
}

}  // namespace

Result<WitnessMap> snarkjs_witness_map(const Zkey& zkey, std::span<const Fr> witness, const std::string& witness_name) {
  return witness_map(zkey.coefs, zkey.n_vars, zkey.domain_size, witness, witness_name);
}

Result<WitnessMap> snarkjs_witness_map(const ZkeyProvingKey& key, std::span<const Fr> witness,
                                       const std::string& witness_name) {
  return witness_map(key.coefs, key.n_vars, key.domain_size, witness, witness_name);
}

Result<r1cs::ProvingAssignment> snarkjs_assignment(const ZkeyProvingKey& key, std::span<const Fr> witness,
                                                   WitnessMap map) {
  const size_t inputs = size_t{key.n_public} + 1;
  if (witness.size() != key.n_vars || map.a.size() != key.domain_size || map.b.size() != key.domain_size) {
    return Status::invalid_argument("the witness (" + std::to_string(witness.size()) + " values) or its map (" +
                                    std::to_string(map.a.size()) + " rows) does not match the zkey (" +
                                    std::to_string(key.n_vars) + " variables, " + std::to_string(key.domain_size) +
                                    " rows)");
  }
  r1cs::ProvingAssignment cs;
  cs.input_assignment.assign(witness.begin(), witness.begin() + inputs);
  cs.aux_assignment.assign(witness.begin() + inputs, witness.end());
  cs.c.resize(key.domain_size);
  for (size_t j = 0; j < key.domain_size; ++j) cs.c[j] = map.a[j] * map.b[j];
  cs.a = std::move(map.a);
  cs.b = std::move(map.b);
  cs.a_aux_density = key.a_aux_density;
  cs.b_input_density = key.b_input_density;
  cs.b_aux_density = key.b_aux_density;
  return cs;
}

Result<std::vector<Fr>> snarkjs_h_evaluations(const Zkey& zkey, std::span<const Fr> witness,
                                              const groth16::SnarkjsDomain& domain, ThreadPool& pool) {
  if (domain.size() != zkey.domain_size) return Status::invalid_argument("domain size does not match the zkey's");
  CUZK_ASSIGN_OR_RETURN(WitnessMap map, snarkjs_witness_map(zkey, witness, "witness"));
  std::vector<Fr> c(map.a.size());
  for (size_t j = 0; j < c.size(); ++j) c[j] = map.a[j] * map.b[j];
  return groth16::snarkjs_h(domain, map.a, map.b, c, pool);
}

Result<ZkeyProof> prove_zkey(const ZkeyProvingKey& key, std::span<const Fr> witness, groth16::ProverBackend& backend,
                             groth16::BlindingSource& blinding, const ZkeyProveOptions& options) {
  if (options.r1cs != nullptr) {
    const R1cs& r1cs = *options.r1cs;
    if (r1cs.n_wires != key.n_vars || r1cs.n_public() != key.n_public) {
      return Status::invalid_argument(options.r1cs_name + " (" + std::to_string(r1cs.n_wires) + " wires, " +
                                      std::to_string(r1cs.n_public()) + " public) does not match the zkey (" +
                                      std::to_string(key.n_vars) + " variables, " + std::to_string(key.n_public) +
                                      " public)");
    }
  }
  CUZK_ASSIGN_OR_RETURN(WitnessMap map, snarkjs_witness_map(key, witness, options.witness_name));
  if (options.r1cs != nullptr) {
    CUZK_RETURN_IF_ERROR(check_witness(*options.r1cs, witness, options.witness_name, options.r1cs_name));
  }
  CUZK_ASSIGN_OR_RETURN(const r1cs::ProvingAssignment cs, snarkjs_assignment(key, witness, std::move(map)));
  return prove_assignment(key, cs, witness, backend, blinding, options);
}

Result<ZkeyProof> prove_zkey(const Zkey& zkey, std::span<const Fr> witness, groth16::BlindingSource& blinding,
                             ThreadPool& pool, const ZkeyProveOptions& options) {
  CUZK_ASSIGN_OR_RETURN(const ZkeyProvingKey key, zkey_proving_key(zkey));
  groth16::CpuProver cpu(pool);
  return prove_zkey(key, witness, cpu, blinding, options);
}

Result<ZkeyProof> prove_zkey_mapped(const Zkey& zkey, std::span<const Fr> witness, const WitnessMap& map,
                                    groth16::BlindingSource& blinding, ThreadPool& pool,
                                    const ZkeyProveOptions& options) {
  CUZK_ASSIGN_OR_RETURN(const ZkeyProvingKey key, zkey_proving_key(zkey));
  CUZK_ASSIGN_OR_RETURN(const r1cs::ProvingAssignment cs, snarkjs_assignment(key, witness, map));
  groth16::CpuProver cpu(pool);
  return prove_assignment(key, cs, witness, cpu, blinding, options);
}

}  // namespace cuzk::circom
