// A snarkjs zkey's proving material in the prover seam's layout (groth16::ProvingKey), for
// proving under QapConvention::kSnarkjs on any groth16::ProverBackend.
//
// Layout: the zkey's A/B1/B2 points for variables absent from A (or B) are the point at
// infinity. The key keeps bellperson's compact layout instead, and the densities say which
// variables have a point: an aux variable is dense in A iff its A point is not infinity; a
// variable (input or aux) is dense in B iff its B1 or B2 point is not infinity. Every input
// keeps its A point (the seam's rule for the A query; snarkjs's input-consistency rows put each
// input in A anyway). l = the zkey's C section (private signals, infinity for a signal in no
// constraint, which the MSMs add as nothing), h = its H section (domainSize points).
// Skipping the infinity points is the same sum with fewer bases: the MSMs over the compact
// queries equal snarkjs's over all nVars points.
#pragma once

#include <cstdint>
#include <vector>

#include "circom/zkey_file.hpp"
#include "common/status.hpp"
#include "groth16/keys.hpp"
#include "r1cs/density.hpp"

namespace cuzk::circom {

struct ZkeyProvingKey {
  groth16::ProvingKey pk;
  uint32_t n_vars = 0;
  uint32_t n_public = 0;     // without ONE
  uint32_t domain_size = 0;  // a power of two: the rows of a, b, c
  std::vector<ZkeyCoef> coefs;
  // Over the aux variables (A), the inputs ONE..nPublic (B) and the aux variables (B).
  r1cs::DensityBitmap a_aux_density, b_input_density, b_aux_density;
};

// Moves the zkey's points into the key (compacting A/B in place: never two copies of them).
// INVALID_ARGUMENT if the zkey was read without its proving sections (ZkeyParts::kAll) or its
// sections disagree with its header.
Result<ZkeyProvingKey> zkey_proving_key(Zkey&& zkey);
// The same from a zkey that stays in use: copies its points.
Result<ZkeyProvingKey> zkey_proving_key(const Zkey& zkey);

}  // namespace cuzk::circom
