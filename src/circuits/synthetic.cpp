// SyntheticCircuit: blocks of four constraints over mostly-boolean witness values.
#include "circuits/synthetic.hpp"

#include <random>

namespace cuzk::circuits {

Status SyntheticCircuit::synthesize(r1cs::ConstraintSystem& cs) const {
  using r1cs::Variable;
  std::mt19937_64 rng(seed_);
  // mostly 0/1, one value in eight uniformly random
  auto witness_value = [&rng]() {
    const uint64_t r = rng();
    if ((r & 7) == 0) return ff::Fr::random(rng);
    return (r >> 3) & 1 ? ff::Fr::one() : ff::Fr::zero();
  };
  const Variable one = Variable::one();
  cs.alloc_input(ff::Fr::from_u64(seed_));  // a public input (unconstrained beyond bellperson's)
  const size_t target = num_constraints_ > kInputConstraints ? num_constraints_ - kInputConstraints : 1;
  size_t emitted = 0;
  while (emitted < target) {
    const ff::Fr v0 = witness_value(), v1 = witness_value(), v3 = witness_value();
    const Variable x0 = cs.alloc(v0), x1 = cs.alloc(v1), p = cs.alloc(v0 * v1), x3 = cs.alloc(v3);
    const Variable lhs[4] = {x0, x1, p, x3};
    const Variable rhs[4] = {x1, one, one, one};
    const Variable out[4] = {p, x1, p, x3};
    for (size_t k = 0; k < 4 && emitted < target; ++k, ++emitted) cs.enforce(lhs[k], rhs[k], out[k]);
  }
  return Status::ok();
}

}  // namespace cuzk::circuits
