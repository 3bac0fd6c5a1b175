// Sources of the Groth16 blinding factors r and s: fresh from the operating system's CSPRNG
// for every proof (SystemBlinding), or fixed values injected by tests (FixedBlinding).
#pragma once

#include <utility>

#include "ff/fr.hpp"

namespace cuzk::groth16 {

class BlindingSource {
 public:
  virtual ~BlindingSource() = default;
  // (r, s) for the next proof.
  virtual std::pair<ff::Fr, ff::Fr> next() = 0;
};

// Uniform r, s from getrandom(2). Thread-safe.
class SystemBlinding final : public BlindingSource {
 public:
  std::pair<ff::Fr, ff::Fr> next() override;
};

// The same (r, s) every time: deterministic proofs for tests.
class FixedBlinding final : public BlindingSource {
 public:
  FixedBlinding(const ff::Fr& r, const ff::Fr& s) : r_(r), s_(s) {}
  std::pair<ff::Fr, ff::Fr> next() override { return {r_, s_}; }

 private:
  ff::Fr r_, s_;
};

}  // namespace cuzk::groth16
