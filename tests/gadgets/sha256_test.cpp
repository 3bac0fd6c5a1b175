// SHA-256: the native hash against FIPS vectors, the gadget against the native hash, and the
// constraint counts bellpepper asserts (25,840 per compression of 512 allocated bits, 0 for an
// all-constant block, 44,874 for the padded hash of 512 allocated bits).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "common/hex.hpp"
#include "gadgets/multipack.hpp"
#include "gadgets/sha256.hpp"
#include "gadgets/sha256_native.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::gadgets {
namespace {

using r1cs::TestConstraintSystem;

std::string hex_of(const Sha256Digest& d) { return bytes_to_hex(d); }

TEST(Sha256Native, FipsVectors) {
  const std::string abc = "abc";
  EXPECT_EQ(hex_of(sha256({reinterpret_cast<const uint8_t*>(abc.data()), abc.size()})),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex_of(sha256({})), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  EXPECT_EQ(hex_of(sha256({reinterpret_cast<const uint8_t*>(two_blocks.data()), two_blocks.size()})),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::vector<uint8_t> million(1000000, 'a');
  Sha256 h;
  for (size_t i = 0; i < million.size(); i += 999) h.update(std::span(million).subspan(i, std::min<size_t>(999, million.size() - i)));
  EXPECT_EQ(hex_of(std::move(h).finish()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  Sha256Digest all = {};
  all.fill(0xff);
  EXPECT_EQ(trim_to_fr32(all)[31], 0x3f);
}

std::vector<Boolean> alloc_bits(TestConstraintSystem& cs, const std::vector<bool>& bits) {
  std::vector<Boolean> out;
  for (const bool b : bits) out.push_back(AllocatedBit::alloc(cs, b));
  return out;
}

TEST(Sha256Gadget, FullBlockCosts25840) {
  std::mt19937_64 rng(3);
  std::vector<bool> bits(512);
  for (auto&& b : bits) b = rng() & 1;
  TestConstraintSystem cs;
  const std::vector<Boolean> input = alloc_bits(cs, bits);
  sha256_block_no_padding(cs, input);
  EXPECT_EQ(cs.num_constraints() - 512, 25840u);
  EXPECT_TRUE(cs.is_satisfied());
}

TEST(Sha256Gadget, ConstantBlockIsFree) {
  TestConstraintSystem cs;
  std::vector<Boolean> input(512, Boolean::constant(false));
  input[0] = Boolean::constant(true);  // the padded empty message
  const std::vector<Boolean> out = sha256_block_no_padding(cs, input);
  EXPECT_EQ(cs.num_constraints(), 0u);
  const Sha256Digest expected = sha256({});
  const std::vector<bool> expected_bits = bytes_to_bits(expected);
  for (size_t i = 0; i < 256; ++i) EXPECT_EQ(out[i].value(), expected_bits[i]);
}

TEST(Sha256Gadget, PaddedHashMatchesNativeAndCosts44874) {
  std::mt19937_64 rng(4);
  for (const size_t len : {0, 1, 3, 31, 32, 55, 56, 64, 100}) {
    std::vector<uint8_t> data(len);
    for (auto& b : data) b = static_cast<uint8_t>(rng());
    TestConstraintSystem cs;
    const std::vector<Boolean> input = alloc_bits(cs, bytes_to_bits(data));
    const std::vector<Boolean> out = sha256_bits(cs, input);
    const std::vector<bool> expected = bytes_to_bits(sha256(data));
    for (size_t i = 0; i < 256; ++i) ASSERT_EQ(out[i].value(), expected[i]) << "len " << len;
    EXPECT_TRUE(cs.is_satisfied());
    if (len == 64) {
      EXPECT_EQ(cs.num_constraints() - 512, 44874u);
    }
  }
}

TEST(Sha256Gadget, Fr32DigestEqualsTrimmedNativeDigest) {
  std::mt19937_64 rng(5);
  std::vector<uint8_t> data(64);
  for (auto& b : data) b = static_cast<uint8_t>(rng());
  TestConstraintSystem cs;
  const std::vector<Boolean> input = alloc_bits(cs, bytes_to_bits(data));
  const AllocatedNum packed = sha256_fr32(cs, input);
  const Sha256Digest trimmed = trim_to_fr32(sha256(data));
  const auto expected = ff::Fr::from_bytes_le(std::span<const uint8_t, 32>(trimmed));
  ASSERT_TRUE(expected.has_value());
  EXPECT_EQ(packed.value, *expected);
  EXPECT_TRUE(cs.is_satisfied());
}

}  // namespace
}  // namespace cuzk::gadgets
