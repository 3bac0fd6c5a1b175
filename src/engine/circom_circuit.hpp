// circom circuits in the engine: parameters are a snarkjs Groth16 .zkey, the payload is a
// circom .wtns file's bytes. Synthesis is snarkjs's witness map (a_j, b_j from the zkey's
// coefficients); proving follows snarkjs's convention on the worker's CPU pool; proofs come
// back as snarkjs proof.json text with public.json's signals, and pass `snarkjs groth16 verify`.
#pragma once

#include <memory>
#include <string>

#include "engine/circuit.hpp"

namespace cuzk::engine {

// Reads the zkey's header (verifying-key sections only) to learn its shape; the proving
// sections are read when the SRS manager loads it. Errors name the file. The circuit's id is
// `id`; default priority NORMAL; not batchable (each proof is its own snarkjs prove).
Result<std::shared_ptr<const CircuitDef>> make_circom_circuit(const std::string& id, const std::string& zkey_path);

}  // namespace cuzk::engine
