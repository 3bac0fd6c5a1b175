// Groth16 verification: e(A, B) = e(α, β)·e(Σ x_i·IC_i, γ)·e(C, δ), checked as one multi-
// Miller loop e(A, B)·e(acc, −γ)·e(C, −δ) and one final exponentiation against e(α, β).
#pragma once

#include <span>

#include "common/status.hpp"
#include "ff/fr.hpp"
#include "groth16/keys.hpp"

namespace cuzk::groth16 {

// OK if the proof verifies for these public inputs (without the leading ONE);
// kInvalidArgument naming the problem if the input count is wrong or the proof is invalid.
Status verify(const PreparedVerifyingKey& pvk, const Proof& proof, std::span<const ff::Fr> public_inputs);

}  // namespace cuzk::groth16
