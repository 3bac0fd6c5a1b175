// Fr: the BLS12-381 scalar field, r = 0x73eda753…00000001 (255 bits), four 64-bit limbs.
// r − 1 = 2^32·t: square roots by Tonelli–Shanks, NTT domains up to 2^32.
#pragma once

#include "ff/constants.generated.hpp"
#include "ff/prime_field.hpp"

namespace cuzk::ff {

struct FrParams {
  static constexpr size_t kLimbs = 4;
  static constexpr Limbs<4> kModulus = constants::kFrModulus;
  static constexpr Limbs<4> kOne = constants::kFrOne;
  static constexpr Limbs<4> kRSquared = constants::kFrRSquared;
  static constexpr Limbs<4> kRCubed = constants::kFrRCubed;
  static constexpr uint64_t kInv = constants::kFrInv;
  static constexpr uint64_t kInv62 = constants::kFrInv62;
  static constexpr Limbs<4> kModulusMinusTwo = constants::kFrModulusMinusTwo;
  static constexpr Limbs<4> kModulusMinusOneHalf = constants::kFrModulusMinusOneHalf;
  static constexpr uint32_t kTwoAdicity = constants::kFrTwoAdicity;
  static constexpr Limbs<4> kTraceMinusOneHalf = constants::kFrTraceMinusOneHalf;
  static constexpr Limbs<4> kRootOfUnity = constants::kFrRootOfUnity;  // Montgomery form
  static constexpr Limbs<4> kGenerator = constants::kFrGenerator;      // Montgomery form
};

template <class W = FastWords>
using FrT = PrimeField<FrParams, W>;
using Fr = FrT<>;

}  // namespace cuzk::ff
