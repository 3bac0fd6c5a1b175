// SnapDeals challenges against rust-fil-proofs' hard-coded vectors (storage-proofs-update
// challenges.rs test_challenges_against_hardcoded): comm_r_new = TreeRDomain::random of
// XorShiftRng::from_seed(TEST_SEED), the first five challenges of partition k for every sector
// size. An independent oracle for the Custom(Arbitrary(1)) Poseidon (2^40 domain tag), the
// digest indexing (k·digests + j) and the bit slicing with the partition's high bits.
#include <gtest/gtest.h>

#include <array>
#include <tuple>

#include "filecoin/snapdeals/randomness.hpp"

namespace cuzk::filecoin::snapdeals {
namespace {

using ff::Fr;

// rand_xorshift's XorShiftRng (Marsaglia's xorshift128; next_u64 = two next_u32, low first).
class XorShift {
 public:
  explicit XorShift(const std::array<uint8_t, 16>& seed) {
    for (size_t i = 0; i < 4; ++i) {
      s_[i] = uint32_t{seed[4 * i]} | uint32_t{seed[4 * i + 1]} << 8 | uint32_t{seed[4 * i + 2]} << 16 |
              uint32_t{seed[4 * i + 3]} << 24;
    }
  }
  uint32_t next_u32() {
    const uint32_t t = s_[0] ^ (s_[0] << 11);
    s_[0] = s_[1];
    s_[1] = s_[2];
    s_[2] = s_[3];
    s_[3] = s_[3] ^ (s_[3] >> 19) ^ (t ^ (t >> 8));
    return s_[3];
  }
  uint64_t next_u64() {
    const uint64_t low = next_u32();
    return (uint64_t{next_u32()} << 32) | low;
  }

 private:
  uint32_t s_[4];
};

// blstrs' Scalar::random: four u64 limbs, the top bit cleared, rejected unless canonical.
Fr random_scalar(XorShift& rng) {
  for (;;) {
    std::array<uint8_t, 32> bytes;
    for (size_t limb = 0; limb < 4; ++limb) {
      uint64_t v = rng.next_u64();
      if (limb == 3) v &= ~uint64_t{0} >> 1;
      for (size_t b = 0; b < 8; ++b) bytes[8 * limb + b] = static_cast<uint8_t>(v >> (8 * b));
    }
    if (const std::optional<Fr> f = Fr::from_bytes_le(bytes)) return *f;
  }
}

TEST(SnapChallenges, RustFilProofsHardcodedVectors) {
  constexpr std::array<uint8_t, 16> kTestSeed = {0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d,
                                                 0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5};
  XorShift rng(kTestSeed);
  const Fr comm_r_new = random_scalar(rng);
  constexpr uint64_t kKiB = 1024, kMiB = 1024 * kKiB, kGiB = 1024 * kMiB;
  using Case = std::tuple<uint64_t, size_t, std::array<uint64_t, 5>>;
  const Case cases[] = {
      {1 * kKiB, 0, {21, 7, 3, 31, 0}},
      {2 * kKiB, 0, {53, 51, 56, 3, 0}},
      {4 * kKiB, 0, {117, 25, 62, 0, 72}},
      {8 * kKiB, 0, {245, 140, 15, 128, 28}},
      {16 * kKiB, 0, {245, 140, 15, 128, 28}},
      {16 * kKiB, 1, {286, 308, 493, 510, 508}},
      {32 * kKiB, 0, {245, 454, 3, 400, 193}},
      {32 * kKiB, 1, {542, 666, 955, 927, 911}},
      {8 * kMiB, 0, {36085, 32783, 44060, 10950, 3731}},
      {8 * kMiB, 1, {78878, 130797, 112892, 93994, 78379}},
      {16 * kMiB, 0, {101621, 16391, 109319, 25944, 41193}},
      {16 * kMiB, 1, {209950, 163702, 175679, 224741, 197410}},
      {512 * kMiB, 0, {1019125, 116736, 706220, 59698, 799498}},
      {512 * kMiB, 1, {2092548, 1213276, 1185483, 1164598, 1095197}},
      {512 * kMiB, 14, {15212432, 15665918, 15015423, 15012912, 15495223}},
      {512 * kMiB, 15, {16388544, 15794686, 16637142, 16319148, 16328348}},
      {32 * kGiB, 0, {1019125, 27985696, 15282860, 11586600, 44651330}},
      {32 * kGiB, 1, {109168525, 127316247, 80331041, 97065716, 72310052}},
      {32 * kGiB, 14, {990420169, 955146989, 968005601, 976863263, 944650706}},
      {32 * kGiB, 15, {1038629497, 1053983614, 1030421316, 1027373887, 1068685433}},
      {64 * kGiB, 0, {1019125, 13992848, 3820715, 18225541, 57316660}},
      {64 * kGiB, 1, {243386253, 197875851, 204632136, 171516766, 247789010}},
      {64 * kGiB, 14, {1997053129, 1920414070, 2003609080, 1900492803, 1963254685}},
      {64 * kGiB, 15, {2045262457, 2036941247, 2136653521, 2091356007, 2147167623}},
  };
  for (const auto& [size, k, expected] : cases) {
    const std::vector<uint64_t> challenges = snap_challenges(*snap_config(size), comm_r_new, k);
    ASSERT_GE(challenges.size(), 5u);
    for (size_t i = 0; i < 5; ++i) EXPECT_EQ(challenges[i], expected[i]) << size << " k " << k << " i " << i;
  }
}

TEST(SnapChallenges, EveryChallengeLiesInItsPartition) {
  for (const uint64_t size : {uint64_t{16} << 10, uint64_t{32} << 30}) {
    const SnapConfig config = *snap_config(size);
    for (size_t k = 0; k < config.partitions; ++k) {
      const std::vector<uint64_t> challenges = snap_challenges(config, Fr::from_u64(1234 + k), k);
      ASSERT_EQ(challenges.size(), config.challenges_per_partition);
      for (const uint64_t c : challenges) EXPECT_EQ(c >> config.random_bits_per_challenge(), k);
    }
  }
}

}  // namespace
}  // namespace cuzk::filecoin::snapdeals
