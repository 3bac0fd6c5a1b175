// A circuit of Poseidon hashes for the device fill's tests: `count` rounds, each hashing with
// every arity (2, 4, 8, 11) and with SnapDeals' custom-tag constants, preimages drawn from
// public inputs, fresh aux values (random and the edges 0, 1, r − 1), ONE and earlier hashes.
#pragma once

#include <random>
#include <vector>

#include "gadgets/num.hpp"
#include "gadgets/poseidon.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/constraint_system.hpp"

namespace cuzk::backend::cuda::test {

class PoseidonTestCircuit final : public r1cs::Circuit {
 public:
  PoseidonTestCircuit(size_t count, uint64_t seed) : count_(count), seed_(seed) {}

  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    static const poseidon::OptimizedConstants tagged = poseidon::OptimizedConstants::with_custom_tag(2, 1);
    std::mt19937_64 rng(seed_);
    const ff::Fr edges[] = {ff::Fr::zero(), ff::Fr::one(), -ff::Fr::one()};
    const ff::Fr input_value = ff::Fr::random(rng);
    std::vector<gadgets::AllocatedNum> pool = {{cs.alloc_input(input_value), input_value},
                                               {r1cs::Variable::one(), ff::Fr::one()}};
    for (size_t round = 0; round < count_; ++round) {
      for (const size_t arity : {2, 4, 8, 11, 0}) {  // 0: arity 2 with the custom tag
        std::vector<gadgets::AllocatedNum> preimage;
        for (size_t i = 0; i < (arity == 0 ? 2 : arity); ++i) {
          const uint64_t pick = rng() % 4;
          if (pick == 0) {
            preimage.push_back(pool[rng() % pool.size()]);
          } else {
            const ff::Fr v = pick == 1 ? edges[rng() % 3] : ff::Fr::random(rng);
            preimage.push_back(gadgets::AllocatedNum::alloc(cs, v));
          }
        }
        pool.push_back(arity == 0 ? gadgets::poseidon_hash(cs, preimage, tagged) : gadgets::poseidon_hash(cs, preimage));
      }
    }
    return Status::ok();
  }

 private:
  size_t count_;
  uint64_t seed_;
};

}  // namespace cuzk::backend::cuda::test
