// A circuit cuzk synthesized, marshalled into supraseal-c2's arguments (groth16/supraseal_abi.hpp),
// and supraseal's proofs read back as cuzk's: what bellperson's supraseal prover does on the
// Rust side (`impl From<&ProvingAssignment> for supraseal_c2::Assignment`), for running the
// prover Filecoin's provers use beside cuzk on the same witness (bench/supraseal_side_by_side).
// Its own library (cuzk_supraseal_args), linked by that benchmark and its tests only.
//
// The marshalled arguments are views: cuzk's Fr is supraseal's fr_t bit for bit (both hold the
// Montgomery form with R = 2^256 in four little-endian limbs; checked below and in the tests),
// and cuzk's density bitmaps are bellperson's (64-bit words, least significant bit first). So
// nothing is copied: a 32 GiB PoRep partition's 17 GB stay where witness::materialize wrote them.
//
// supraseal asserts its assumptions (an abort in the middle of a proof); marshal() checks every
// one of them first and names the one that fails.
#pragma once

#include <span>
#include <type_traits>

#include "common/status.hpp"
#include "ff/fq.hpp"
#include "ff/fr.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/keys.hpp"
#include "groth16/supraseal_abi.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::groth16::supraseal {

static_assert(sizeof(ff::Fr) == sizeof(Fr) && alignof(ff::Fr) == alignof(Fr) &&
                  std::is_standard_layout_v<ff::Fr> && std::is_trivially_copyable_v<ff::Fr>,
              "cuzk's Fr must be supraseal's fr_t in memory: four Montgomery limbs, nothing else");
static_assert(sizeof(ff::Fq) == sizeof(Fq), "an Fq element is six limbs");

// The arguments of one circuit: views into `cs`, which must stay alive and unchanged while
// supraseal reads them. `key` is the shape of the parameter file supraseal proves from.
// INVALID_ARGUMENT, naming the mismatch, where supraseal would assert or prove another function:
// bellperson's input rows not appended; a, b, c of different lengths; a density bitmap whose
// length is not its variables'; a key whose queries do not fit the circuit (ic = inputs,
// l = aux, a = inputs + A-dense aux, b_g1 = b_g2 = B-dense inputs + aux); a key whose H points
// give another domain than the circuit's (supraseal takes it from them, 2^(⌊log2(h − 1)⌋ + 1),
// bellperson from the rows, the smallest power of two m ≥ rows; both agree for h = m − 1, as
// bellperson writes keys, and h = m, as cuzk's test setup does: the coefficient h_(m−1) of a
// satisfying witness is zero, so the extra point adds nothing).
Result<Assignment> marshal(const r1cs::ProvingAssignment& cs, const ParamsShape& key);

// cuzk's field elements as supraseal's (r and s arrays): the same memory.
inline const Fr* as_supraseal(std::span<const ff::Fr> values) { return reinterpret_cast<const Fr*>(values.data()); }

// A proof supraseal wrote, as cuzk's: every coordinate must be a reduced Montgomery value and
// every point on its curve ((0, 0) is the point at infinity). INVALID_ARGUMENT naming the
// coordinate otherwise.
Result<groth16::Proof> proof_from_supraseal(const Proof& proof);

}  // namespace cuzk::groth16::supraseal
