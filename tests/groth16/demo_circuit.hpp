// A small test circuit with the structure of bellperson's XORDemo, on BLS12-381: public inputs,
// boolean constraints, a XOR, a product chain, and density gaps (aux variables absent from A,
// absent from B, or used only in C), so every query of the key and every density path is used.
#pragma once

#include <vector>

#include "r1cs/constraint_system.hpp"

namespace cuzk::test {

class DemoCircuit final : public r1cs::Circuit {
 public:
  // bits: private inputs (0/1); x: a public value; chain: length of the product chain.
  DemoCircuit(std::vector<bool> bits, uint64_t x, size_t chain) : bits_(std::move(bits)), x_(x), chain_(chain) {}

  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    using r1cs::LinearCombination;
    using r1cs::Variable;
    const ff::Fr one = ff::Fr::one();
    std::vector<Variable> bits;
    {
      r1cs::Namespace ns(cs, "bits");
      for (const bool b : bits_) {
        const Variable v = cs.alloc(b ? one : ff::Fr::zero());
        // b·(1 − b) = 0
        cs.enforce(v, LinearCombination(Variable::one()) - v, {});
        bits.push_back(v);
      }
    }
    // xor of the first two bits: 2a·b = a + b − c
    const bool xor_value = bits_[0] != bits_[1];
    const Variable c = cs.alloc(xor_value ? one : ff::Fr::zero());
    cs.enforce(LinearCombination().add(bits[0], one.dbl()), bits[1],
               LinearCombination(bits[0]) + bits[1] - c);
    // the xor result is published
    const Variable out = cs.alloc_input(xor_value ? one : ff::Fr::zero());
    cs.enforce(c, Variable::one(), out);
    // x is public; a chain y_{k+1} = y_k · x with y_0 = x, last value public
    const ff::Fr fx = ff::Fr::from_u64(x_);
    const Variable x = cs.alloc_input(fx);
    Variable y = x;
    ff::Fr value = fx;
    for (size_t k = 0; k < chain_; ++k) {
      value *= fx;
      const Variable next = cs.alloc(value);
      cs.enforce(y, x, next);  // y only in A after the first step, x in B
      y = next;
    }
    const Variable last = cs.alloc_input(value);
    cs.enforce(Variable::one(), y, last);  // y in B here
    // an aux used only in C (no A or B density), with a negative coefficient
    const Variable only_c = cs.alloc(fx + one);
    cs.enforce(Variable::one(), LinearCombination(x) + Variable::one(), LinearCombination(only_c));
    cs.enforce({}, {}, LinearCombination().add(only_c, -one).add(only_c, one));  // 0 = 0 with terms in C
    return Status::ok();
  }

 private:
  std::vector<bool> bits_;
  uint64_t x_;
  size_t chain_;
};

}  // namespace cuzk::test
