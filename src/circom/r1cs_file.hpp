// circom's .r1cs file (binfile kind "r1cs", version 1; format of iden3/r1csfile 0.0.4x, the
// reader snarkjs uses):
//   section 1 header       n8 u32, prime (n8 bytes LE), nWires u32, nOutputs u32,
//                          nPubInputs u32, nPrvInputs u32, nLabels u64, nConstraints u32
//   section 2 constraints  nConstraints × (A, B, C), each linear combination:
//                          nTerms u32, then nTerms × (wire u32, coefficient n8 bytes, plain LE)
//   section 3 wire map     nWires × label id u64 (optional here; circom always writes it)
//   sections 4, 5          custom gates (PLONK only): rejected
// Wire 0 is the constant ONE, then the outputs, public inputs, private inputs, the rest; the
// public signals are wires 1..nOutputs+nPubInputs. Only BLS12-381's r is accepted.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "circom/binfile.hpp"
#include "common/status.hpp"
#include "ff/fr.hpp"

namespace cuzk::circom {

struct R1csTerm {
  uint32_t wire = 0;
  ff::Fr coeff;
};

// A parsed .r1cs. Immutable after reading; thread-compatible.
struct R1cs {
  uint32_t n_wires = 0;
  uint32_t n_outputs = 0;
  uint32_t n_pub_inputs = 0;
  uint32_t n_prv_inputs = 0;
  uint64_t n_labels = 0;
  uint32_t n_constraints = 0;
  // Constraint j's A terms are terms[offsets[3j] .. offsets[3j+1]), B the next range, C the next.
  std::vector<R1csTerm> terms;
  std::vector<size_t> offsets;          // 3·n_constraints + 1 entries
  std::vector<uint64_t> wire_to_label;  // n_wires entries, or empty when the file has no map

  // Public signals (outputs, then public inputs), without the ONE wire.
  uint32_t n_public() const { return n_outputs + n_pub_inputs; }
  // matrix 0 = A, 1 = B, 2 = C
  std::span<const R1csTerm> row(size_t constraint, size_t matrix) const {
    const size_t k = 3 * constraint + matrix;
    return std::span<const R1csTerm>(terms).subspan(offsets[k], offsets[k + 1] - offsets[k]);
  }
};

// Errors (INVALID_ARGUMENT, or NOT_FOUND for a missing file) name the file, the section and the
// problem: truncation, a wire index ≥ nWires, a coefficient ≥ r, a prime other than BLS12-381's,
// trailing bytes, custom gates.
Result<R1cs> read_r1cs(const std::string& path);
Result<R1cs> parse_r1cs(const BinFile& file);

// Checks ⟨A_j,w⟩·⟨B_j,w⟩ = ⟨C_j,w⟩ for every constraint, in order. Errors:
//   INVALID_ARGUMENT if witness.size() ≠ n_wires or witness[0] ≠ 1;
//   UNSATISFIABLE naming the first failing constraint index (and its three values).
// `witness_name` and `r1cs_name` name the inputs in messages.
Status check_witness(const R1cs& r1cs, std::span<const ff::Fr> witness, const std::string& witness_name,
                     const std::string& r1cs_name);

}  // namespace cuzk::circom
