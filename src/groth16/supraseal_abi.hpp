// supraseal-c2's data layout at its C entry point `generate_groth16_proofs_c` (the CUDA
// Groth16 prover Filecoin's provers run; Curio's fork, extern/supraseal-c2), written out
// member for member as its Rust crate declares it (#[repr(C)] structs over raw pointers):
// what one circuit hands the prover (Assignment), the field elements it points to, and the
// proof it writes back. Nothing here is supraseal's code: these are the layouts of its ABI.
//
// C++17 and free of cuzk's other headers on purpose: besides groth16/supraseal_args.hpp (the
// marshalling from cuzk's assignments), the supraseal translation unit of
// bench/supraseal_side_by_side includes it, and checks there, against supraseal's own types,
// that every size and offset below is theirs.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cuzk::groth16::supraseal {

// An Fr element as supraseal's fr_t (sppark over blst's vec256) holds it: Montgomery form,
// R = 2^256 mod r, four 64-bit limbs, the least significant first.
struct Fr {
  uint64_t limbs[4];
};

// An Fq element as its fp_t holds it: Montgomery form, R = 2^384 mod p, six limbs, least
// significant first.
struct Fq {
  uint64_t limbs[6];
};

// Affine points as blst lays them out; (0, 0) is the point at infinity.
struct G1Affine {
  Fq x, y;
};
struct G2Affine {
  Fq x[2], y[2];  // c0 + c1·u
};

// groth16_proof: what the prover writes per circuit.
struct Proof {
  G1Affine a;
  G2Affine b;
  G1Affine c;
};

// Assignment<fr_t>: one circuit as bellperson's ProvingAssignment holds it after synthesis
// (input constraints appended). Densities are bitmaps of 64-bit words, bit i of variable i at
// word i / 64, bit i % 64 (bellperson's BitVec<u64, Lsb0>); the popcounts are the number of set
// bits among the first bit_len. Inputs are all in A (no bitmap); b_inp covers the inputs.
struct Assignment {
  const uint64_t* a_aux_density;
  size_t a_aux_bit_len;
  size_t a_aux_popcount;

  const uint64_t* b_inp_density;
  size_t b_inp_bit_len;
  size_t b_inp_popcount;

  const uint64_t* b_aux_density;
  size_t b_aux_bit_len;
  size_t b_aux_popcount;

  // a_j, b_j, c_j per row, abc_size rows
  const Fr* a;
  const Fr* b;
  const Fr* c;
  size_t abc_size;

  const Fr* inp_assignment_data;  // ONE first
  size_t inp_assignment_size;

  const Fr* aux_assignment_data;
  size_t aux_assignment_size;
};

}  // namespace cuzk::groth16::supraseal
