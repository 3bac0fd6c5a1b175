// Groth16 proving from a snarkjs zkey through the prover seam (zkey_prover.hpp): the zkey's A
// and B as recorded matrices, the witness as a partition witness, then any ProverBackend under
// kSnarkjs; the witness map into a whole assignment, the reference.
#include "circom/zkey_prover.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include "groth16/cpu_prover.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/recorded_matrices.hpp"

namespace cuzk::circom {
namespace {

using ff::Fr;

// The witness checks every zkey proof makes first: its size and witness[0] = 1.
Status check_zkey_witness(size_t n_vars, std::span<const Fr> witness, const std::string& witness_name) {
  if (witness.size() != n_vars) {
    return Status::invalid_argument(witness_name + ": the witness has " + std::to_string(witness.size()) +
                                    " values but the zkey's circuit has " + std::to_string(n_vars) +
                                    " variables (a witness for another circuit?)");
  }
  if (!witness[0].is_one()) {
    return Status::invalid_argument(witness_name + ": witness[0] (the constant ONE signal) is not 1");
  }
  return Status::ok();
}

Result<WitnessMap> witness_map(std::span<const ZkeyCoef> coefs, size_t n_vars, size_t domain_size,
                               std::span<const Fr> witness, const std::string& witness_name) {
  CUZK_RETURN_IF_ERROR(check_zkey_witness(n_vars, witness, witness_name));
  // a_j, b_j over the coefficient section (snarkjs's buildABC1); c_j = a_j·b_j is formed later.
  WitnessMap ab{std::vector<Fr>(domain_size), std::vector<Fr>(domain_size)};
  for (const ZkeyCoef& coef : coefs) {
    (coef.matrix == 0 ? ab.a : ab.b)[coef.constraint] += coef.value * witness[coef.signal];
  }
  return ab;
}

// Proves `witness` (zkey_witness of this key) on `backend` and self-checks.
Result<ZkeyProof> prove_witness(const ZkeyProvingKey& key, const witness::PartitionWitness& partition,
                                std::span<const Fr> witness, groth16::ProverBackend& backend,
                                groth16::BlindingSource& blinding, const ZkeyProveOptions& options) {
  const witness::PartitionWitness* const batch[] = {&partition};
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

std::shared_ptr<const r1cs::RecordedMatrices> zkey_matrices(const ZkeyProvingKey& key) {
  const uint64_t inputs = uint64_t{key.n_public} + 1;
  auto out = std::make_shared<r1cs::RecordedMatrices>();
  out->num_inputs = inputs;
  out->num_aux = key.n_vars - inputs;
  out->num_constraints = key.domain_size;
  out->c_from_product = true;
  out->a_aux_density = key.a_aux_density;
  out->b_input_density = key.b_input_density;
  out->b_aux_density = key.b_aux_density;
  // The coefficients by matrix and row, the terms of a signal in one row summed (the witness map
  // sums them too).
  std::vector<const ZkeyCoef*> sorted;
  sorted.reserve(key.coefs.size());
  for (const ZkeyCoef& coef : key.coefs) sorted.push_back(&coef);
  std::sort(sorted.begin(), sorted.end(), [](const ZkeyCoef* x, const ZkeyCoef* y) {
    return std::tie(x->matrix, x->constraint, x->signal) < std::tie(y->matrix, y->constraint, y->signal);
  });
  r1cs::CoefficientDictionary dictionary;
  r1cs::RecordedMatrixBuilder builders[2], c;
  std::vector<r1cs::RecordedMatrixBuilder::Entry> row;
  size_t next = 0;
  for (uint32_t matrix = 0; matrix < 2; ++matrix) {
    for (uint64_t j = 0; j < key.domain_size; ++j) {
      row.clear();
      for (; next < sorted.size() && sorted[next]->matrix == matrix && sorted[next]->constraint == j;) {
        const uint32_t signal = sorted[next]->signal;
        Fr value = Fr::zero();
        for (; next < sorted.size() && sorted[next]->matrix == matrix && sorted[next]->constraint == j &&
               sorted[next]->signal == signal;
             ++next) {
          value += sorted[next]->value;
        }
        const bool aux = signal >= inputs;
        row.push_back({aux, aux ? signal - inputs : signal, dictionary.code(value)});
      }
      builders[matrix].append_row(row);
    }
  }
  row.clear();
  for (uint64_t j = 0; j < key.domain_size; ++j) c.append_row(row);
  out->coefficients = std::move(dictionary).release();
  out->a = std::move(builders[0]).finish();
  out->b = std::move(builders[1]).finish();
  out->c = std::move(c).finish();
  return out;
}

Result<witness::PartitionWitness> zkey_witness(const ZkeyProvingKey& key, std::span<const Fr> witness,
                                               std::shared_ptr<const r1cs::RecordedMatrices> matrices,
                                               const std::string& witness_name) {
  CUZK_RETURN_IF_ERROR(check_zkey_witness(key.n_vars, witness, witness_name));
  return witness::witness_from_values(witness, size_t{key.n_public} + 1, std::move(matrices));
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
  CUZK_ASSIGN_OR_RETURN(const witness::PartitionWitness partition,
                        zkey_witness(key, witness, zkey_matrices(key), options.witness_name));
  if (options.r1cs != nullptr) {
    CUZK_RETURN_IF_ERROR(check_witness(*options.r1cs, witness, options.witness_name, options.r1cs_name));
  }
  return prove_witness(key, partition, witness, backend, blinding, options);
}

Result<ZkeyProof> prove_zkey(const Zkey& zkey, std::span<const Fr> witness, groth16::BlindingSource& blinding,
                             ThreadPool& pool, const ZkeyProveOptions& options) {
  CUZK_ASSIGN_OR_RETURN(const ZkeyProvingKey key, zkey_proving_key(zkey));
  groth16::CpuProver cpu(pool);
  return prove_zkey(key, witness, cpu, blinding, options);
}

}  // namespace cuzk::circom
