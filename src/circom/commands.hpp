// Library entry points behind `cuzk prove` / `cuzk verify` for circom/snarkjs users:
//
//   cuzk prove  --zkey C.zkey --witness W.wtns --proof proof.json --public public.json [--r1cs C.r1cs]
//   cuzk verify --vk verification_key.json --proof proof.json --public public.json
//
// prove_command reads a snarkjs Groth16 zkey and a circom witness, proves under snarkjs's QAP
// convention on the given backend (the CPU by default; zkey_prover.hpp), self-checks the proof against the zkey's verifying key, and
// writes proof.json / public.json in snarkjs's own layout (json_format.hpp); the result passes
// `snarkjs groth16 verify`. verify_command checks a snarkjs-format proof with groth16::verify.
// Every error is a Status naming the file and the problem; when proving fails nothing is written.
#pragma once

#include <string>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "groth16/blinding.hpp"
#include "groth16/prover_backend.hpp"

namespace cuzk::circom {

struct ProveCommandOptions {
  // Optional .r1cs: check the witness against its constraints before proving (an unsatisfied
  // constraint is then named by index; without it an unsatisfying witness is still refused, by
  // the self-check, but without naming the constraint).
  std::string r1cs_path;
  ThreadPool* pool = nullptr;  // nullptr → ThreadPool::shared() (reading, and the CPU prover)
  // The backend that proves (not owned); nullptr → the CPU prover on `pool`.
  groth16::ProverBackend* backend = nullptr;
};

// Errors: NOT_FOUND (an input cannot be opened), INVALID_ARGUMENT (a malformed or non-BLS12-381
// file, a witness for another circuit), UNSATISFIABLE (the witness does not satisfy the circuit),
// INTERNAL (an output cannot be written).
Status prove_command(const std::string& zkey_path, const std::string& witness_path, const std::string& proof_json_path,
                     const std::string& public_json_path, groth16::BlindingSource& blinding,
                     const ProveCommandOptions& options = {});

// OK if the proof verifies; INVALID_ARGUMENT naming the problem otherwise (a malformed file, a
// public-signal count that does not match the key, or "proof does not verify").
Status verify_command(const std::string& vk_json_path, const std::string& proof_json_path,
                      const std::string& public_json_path);

}  // namespace cuzk::circom
