// The size of a Filecoin partition circuit as the kinds count it (PoRep, PoSt, SnapDeals: one
// partition synthesized in part and scaled): constraints, inputs, aux variables, and the FFT
// domain bellperson proves it over.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cuzk::filecoin {

// Constraints as synthesized (without bellperson's one constraint per input), inputs counting
// ONE, aux variables.
struct CircuitSize {
  uint64_t constraints = 0;
  uint64_t inputs = 0;
  uint64_t aux = 0;
  // log2 of bellperson's FFT domain: the smallest power of two ≥ constraints + inputs.
  size_t domain_log2() const;
};

}  // namespace cuzk::filecoin
