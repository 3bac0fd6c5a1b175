// EvaluatedBlockSink: the fast path of constraint systems that only need values (a prover's
// assignment), for gadgets that compute a whole block natively (the Poseidon gadget): the
// block's new variables at once, then its constraints as their evaluations plus the variables
// that occur in their A and B combinations (for densities). No linear combination is built.
#pragma once

#include <span>

#include "r1cs/variable.hpp"

namespace cuzk::r1cs {

class EvaluatedBlockSink {
 public:
  virtual ~EvaluatedBlockSink() = default;
  // values.size() new private variables, numbered consecutively; returns the first.
  virtual Variable alloc_many(std::span<const ff::Fr> values) = 0;
  // Constraints with these evaluations (the caller guarantees them); `in_a` / `in_b` list every
  // variable occurring in any of the block's A / B combinations.
  virtual void enforce_evaluated_block(std::span<const Variable> in_a, std::span<const Variable> in_b,
                                       std::span<const ff::Fr> a_values, std::span<const ff::Fr> b_values,
                                       std::span<const ff::Fr> c_values) = 0;
};

}  // namespace cuzk::r1cs
