// The circom kind: every `<id>.zkey` in the parameter directories is a circuit `<id>`; the
// payload is a circom .wtns file's bytes, parsed once in the engine's validation stage. Its partition witness is
// the witness file's values with the zkey's A and B as recorded matrices (c_j = a_j·b_j, as
// snarkjs's witness map: circom/zkey_prover.hpp); proving follows snarkjs's QAP convention on whichever backend the engine gives it (the GPU
// included); proofs leave as snarkjs proof.json text with public.json's signals, and pass
// `snarkjs groth16 verify`. Default priority NORMAL; not batchable.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/status.hpp"
#include "engine/circuit.hpp"

namespace cuzk::kinds {

// Reads the zkey's header (verifying-key sections only) to learn its shape; the proving
// sections are read when the SRS manager loads it. The zkey must be a trusted path
// (common/trusted_paths.hpp), checked before each read. Errors name the file.
Result<std::shared_ptr<const engine::CircuitDef>> make_circom_circuit(const std::string& id,
                                                                      const std::string& zkey_path);

// The kind over every *.zkey in `param_dirs` (in order; sorted by name within a directory).
// NOT_FOUND if a directory does not exist. A zkey that cannot be read is skipped, its error
// (naming it) passed to `warn` (unset: stderr) — or, with `bad_zkey_fatal`, returned.
Result<std::unique_ptr<engine::ProofKind>> make_circom_kind(const std::vector<std::string>& param_dirs,
                                                            bool bad_zkey_fatal = false,
                                                            const std::function<void(const std::string&)>& warn = {});

}  // namespace cuzk::kinds
