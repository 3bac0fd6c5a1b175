// VanillaPayload: a round trip, and every malformed payload refused by name.
#include "kinds/vanilla_payload.hpp"

#include <gtest/gtest.h>

namespace cuzk::kinds {
namespace {

VanillaPayload sample() {
  VanillaPayload p;
  p.registered_proof = 13;
  p.miner_id = 1000;
  p.partition_index = 3;
  p.randomness[0] = 1;
  p.comm_r_old[31] = 2;
  p.comm_r_new[5] = 3;
  p.comm_d_new[7] = 4;
  p.proofs = {{1, 2, 3}, {}, std::vector<uint8_t>(70, 9)};
  return p;
}

TEST(VanillaPayload, RoundTrips) {
  const VanillaPayload p = sample();
  const std::vector<uint8_t> bytes = encode_vanilla_payload(p);
  EXPECT_TRUE(is_vanilla_payload(bytes));
  auto back = decode_vanilla_payload(bytes, 10);
  ASSERT_TRUE(back.is_ok()) << back.status().to_string();
  EXPECT_EQ(back->registered_proof, 13u);
  EXPECT_EQ(back->miner_id, 1000u);
  EXPECT_EQ(back->partition_index, 3u);
  EXPECT_EQ(back->randomness, p.randomness);
  EXPECT_EQ(back->comm_r_old, p.comm_r_old);
  EXPECT_EQ(back->comm_r_new, p.comm_r_new);
  EXPECT_EQ(back->comm_d_new, p.comm_d_new);
  EXPECT_EQ(back->proofs, p.proofs);
}

TEST(VanillaPayload, MalformedPayloadsAreRefusedByName) {
  const std::vector<uint8_t> good = encode_vanilla_payload(sample());
  EXPECT_FALSE(is_vanilla_payload(std::vector<uint8_t>{'s', 'e', 'e', 'd'}));
  EXPECT_NE(decode_vanilla_payload(std::vector<uint8_t>(8, 'x'), 10).status().message().find("CUZKVAN1"),
            std::string::npos);
  for (size_t cut = 8; cut < good.size(); cut += 7) {
    const auto r = decode_vanilla_payload(std::span(good).first(cut), 10);
    EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << "truncated at " << cut;
  }
  EXPECT_NE(decode_vanilla_payload(good, 2).status().message().find("proofs"), std::string::npos)
      << "more proofs than allowed";
  std::vector<uint8_t> trailing = good;
  trailing.push_back(0);
  EXPECT_EQ(decode_vanilla_payload(trailing, 10).status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk::kinds
