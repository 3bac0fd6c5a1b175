// CPU number-theoretic transforms over Fr on a Domain (domain.hpp): in place, natural order
// in and out, values in Montgomery form. Used by the Groth16 H computation (docs/ARCHITECTURE.md):
//   H = coset_inverse((coset_forward(inverse(a)) · coset_forward(inverse(b))
//                      − coset_forward(inverse(c))) · coset_vanishing_inverse(domain))
//
// Every transform: `values` must hold exactly domain.size() elements, otherwise it returns
// invalid_argument and leaves them untouched. Work is split over `pool` (its calling thread
// included); the result does not depend on the pool size. Concurrent calls on distinct
// spans are safe (a Domain is immutable).
#pragma once

#include <span>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "ff/fr.hpp"
#include "ntt/domain.hpp"

namespace cuzk::ntt {

// Coefficients → evaluations: values[i] ← Σ_j values[j]·ω^(ij).
Status forward(const Domain& domain, std::span<ff::Fr> values, ThreadPool& pool);

// Evaluations → coefficients (the exact inverse of forward, 1/n included):
// values[j] ← (1/n)·Σ_i values[i]·ω^(−ij).
Status inverse(const Domain& domain, std::span<ff::Fr> values, ThreadPool& pool);

// Coefficients → evaluations on the coset: values[i] ← Σ_j values[j]·(g·ω^i)^j, g = 7.
Status coset_forward(const Domain& domain, std::span<ff::Fr> values, ThreadPool& pool);

// Evaluations on the coset → coefficients (the exact inverse of coset_forward).
Status coset_inverse(const Domain& domain, std::span<ff::Fr> values, ThreadPool& pool);

// 1/Z(g·ω^i) = 1/(g^n − 1): the vanishing polynomial x^n − 1 is constant on the coset.
ff::Fr coset_vanishing_inverse(const Domain& domain);

}  // namespace cuzk::ntt
