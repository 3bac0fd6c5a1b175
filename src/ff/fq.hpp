// Fq: the BLS12-381 base field, p = 0x1a0111ea…aaab (381 bits), six 64-bit limbs.
#pragma once

#include "ff/constants.generated.hpp"
#include "ff/prime_field.hpp"

namespace cuzk::ff {

struct FqParams {
  static constexpr size_t kLimbs = 6;
  static constexpr Limbs<6> kModulus = constants::kFqModulus;
  static constexpr Limbs<6> kOne = constants::kFqOne;
  static constexpr Limbs<6> kRSquared = constants::kFqRSquared;
  static constexpr Limbs<6> kRCubed = constants::kFqRCubed;
  static constexpr uint64_t kInv = constants::kFqInv;
  static constexpr uint64_t kInv62 = constants::kFqInv62;
  static constexpr Limbs<6> kModulusMinusTwo = constants::kFqModulusMinusTwo;
  static constexpr Limbs<6> kModulusMinusOneHalf = constants::kFqModulusMinusOneHalf;
  static constexpr Limbs<6> kSqrtExponent = constants::kFqSqrtExponent;  // p ≡ 3 mod 4
};

template <class W = FastWords>
using FqT = PrimeField<FqParams, W>;
using Fq = FqT<>;

}  // namespace cuzk::ff
