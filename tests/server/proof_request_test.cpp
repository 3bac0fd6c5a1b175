// proof_request: Curio's proof kinds and Filecoin's registered-proof numbering → circuit ids
// and payloads; the errors naming the field; the request digest; Curio's parameter names.
#include "server/proof_request.hpp"

#include <gtest/gtest.h>

#include "common/client_text.hpp"
#include "kinds/vanilla_payload.hpp"

namespace cuzk::server {
namespace {

const auto kAll = [](const std::string&) { return true; };
const auto kNone = [](const std::string&) { return false; };

v1::SubmitProofRequest porep(uint64_t registered, uint64_t size) {
  v1::SubmitProofRequest r;
  r.set_request_id("porep-1000-7");
  r.set_proof_kind(v1::POREP_SEAL_COMMIT);
  r.set_registered_proof(registered);
  r.set_sector_size(size);
  r.set_priority(v1::NORMAL);
  r.set_vanilla_proof("{\"SectorNum\":7}");
  return r;
}

v1::SubmitProofRequest post(v1::ProofKind kind, uint64_t registered) {
  v1::SubmitProofRequest r;
  r.set_proof_kind(kind);
  r.set_registered_proof(registered);
  r.set_miner_id(1000);
  r.set_partition_index(3);
  r.set_randomness(std::string(32, '\x07'));
  r.add_vanilla_proofs("sector-a");
  r.add_vanilla_proofs("sector-b");
  return r;
}

std::string error_of(const v1::SubmitProofRequest& r, bool have = true) {
  auto j = have ? job_request(r, kAll) : job_request(r, kNone);
  return j.is_ok() ? "" : j.status().message();
}

TEST(ProofRequest, PoRepMapsRegisteredProofsToCircuits) {
  auto j = job_request(porep(8, uint64_t{32} << 30), kAll);  // StackedDrg32GiBV1_1
  ASSERT_TRUE(j.is_ok()) << j.status().to_string();
  EXPECT_EQ(j->circuit_id, "porep-32GiB");
  EXPECT_EQ(std::string(j->payload.begin(), j->payload.end()), "{\"SectorNum\":7}");
  EXPECT_EQ(j->priority, engine::Priority::kNormal);
  EXPECT_EQ(job_request(porep(5, 0), kAll)->circuit_id, "porep-2KiB");  // sector_size 0: the proof's
  EXPECT_EQ(job_request(porep(4, uint64_t{64} << 30), kAll)->circuit_id, "porep-64GiB");  // V1
  EXPECT_EQ(error_of(porep(8, 2048)),
            "sector_size 2048 does not match registered_proof 8 (StackedDrg32GiBV1_1, 34359738368 bytes)");
  EXPECT_EQ(error_of(porep(99, 2048)), "registered_proof 99 is not a RegisteredSealProof cuzk knows for POREP_SEAL_COMMIT");
  EXPECT_NE(error_of(porep(13, 0)).find("StackedDrg32GiBV1_1_Feat_SyntheticPoRep) is not supported"), std::string::npos);
  EXPECT_EQ(error_of(porep(5, 2048), false),
            "PoRep C2 (POREP_SEAL_COMMIT) needs circuit porep-2KiB, which this daemon does not have");
  auto empty = porep(5, 2048);
  empty.clear_vanilla_proof();
  EXPECT_NE(error_of(empty).find("vanilla_proof is empty"), std::string::npos);
}

TEST(ProofRequest, PoStCarriesTheVanillaProofsInOnePayload) {
  auto j = job_request(post(v1::WINDOW_POST_PARTITION, 13), kAll);  // StackedDrgWindow32GiBV1_1
  ASSERT_TRUE(j.is_ok()) << j.status().to_string();
  EXPECT_EQ(j->circuit_id, "window-post-32GiB");
  EXPECT_FALSE(j->priority.has_value());  // PRIORITY_UNSPECIFIED: the circuit's default
  auto p = kinds::decode_vanilla_payload(j->payload, 10);
  ASSERT_TRUE(p.is_ok()) << p.status().to_string();
  EXPECT_EQ(p->registered_proof, 13u);
  EXPECT_EQ(p->miner_id, 1000u);
  EXPECT_EQ(p->partition_index, 3u);
  EXPECT_EQ(p->randomness[31], 7);
  ASSERT_EQ(p->proofs.size(), 2u);
  EXPECT_EQ(std::string(p->proofs[1].begin(), p->proofs[1].end()), "sector-b");
  EXPECT_EQ(job_request(post(v1::WINDOW_POST_PARTITION, 5), kAll)->circuit_id, "window-post-2KiB");
  EXPECT_EQ(job_request(post(v1::WINNING_POST, 3), kAll)->circuit_id, "winning-post-32GiB");
  EXPECT_EQ(error_of(post(v1::WINNING_POST, 13)),
            "registered_proof 13 is not a RegisteredPoStProof cuzk knows for WINNING_POST");
  auto short_seed = post(v1::WINNING_POST, 0);
  short_seed.set_randomness(std::string(31, '\0'));
  EXPECT_EQ(error_of(short_seed), "randomness: 31 bytes, expected the 32-byte PoSt challenge seed");
  auto none = post(v1::WINDOW_POST_PARTITION, 10);
  none.clear_vanilla_proofs();
  EXPECT_NE(error_of(none).find("vanilla_proofs is empty"), std::string::npos);
  EXPECT_EQ(error_of(post(v1::WINNING_POST, 0), false),
            "WinningPoSt (WINNING_POST) (StackedDrgWinning2KiBV1) needs circuit winning-post-2KiB, which this daemon "
            "does not have");
}

TEST(ProofRequest, SnapDealsNeedsItsCommitments) {
  v1::SubmitProofRequest r;
  r.set_proof_kind(v1::SNAP_DEALS_UPDATE);
  r.set_registered_proof(3);
  r.add_vanilla_proofs("partition-0");
  r.set_comm_r_old(std::string(32, '\x01'));
  r.set_comm_r_new(std::string(32, '\x02'));
  r.set_comm_d_new(std::string(31, '\x03'));
  EXPECT_EQ(error_of(r), "comm_d_new: 31 bytes, expected a raw 32-byte commitment");
  r.set_comm_d_new(std::string(32, '\x03'));
  auto j = job_request(r, kAll);
  ASSERT_TRUE(j.is_ok()) << j.status().to_string();
  EXPECT_EQ(j->circuit_id, "snap-deals-32GiB");
  auto p = kinds::decode_vanilla_payload(j->payload, 10);
  ASSERT_TRUE(p.is_ok());
  EXPECT_EQ(p->comm_r_old[0], 1);
  EXPECT_EQ(p->comm_d_new[31], 3);
  EXPECT_EQ(p->proofs.size(), 1u);
  EXPECT_NE(error_of(r, false).find("needs circuit snap-deals-32GiB"), std::string::npos);
}

TEST(ProofRequest, ChecksAndOwnCircuits) {
  v1::SubmitProofRequest r;
  EXPECT_NE(check_request(r).message().find("invalid proof_kind: 0"), std::string::npos);
  r.set_proof_kind(static_cast<v1::ProofKind>(7));
  EXPECT_FALSE(check_request(r).is_ok());
  r.set_proof_kind(v1::CIRCUIT);
  EXPECT_TRUE(check_request(r).is_ok());
  EXPECT_EQ(error_of(r), "circuit_id is empty (proof_kind CIRCUIT)");
  r.set_circuit_id("synthetic-64");
  r.set_payload("seed");
  r.set_priority(v1::CRITICAL);
  auto j = job_request(r, kNone);  // the engine names an unknown circuit itself
  ASSERT_TRUE(j.is_ok());
  EXPECT_EQ(j->circuit_id, "synthetic-64");
  EXPECT_EQ(j->priority, engine::Priority::kCritical);
  r.set_priority(static_cast<v1::Priority>(9));
  EXPECT_EQ(error_of(r), "priority 9 is not a Priority (LOW=1 … CRITICAL=4)");
  auto mixed = porep(5, 2048);
  mixed.set_circuit_id("synthetic-64");
  EXPECT_EQ(error_of(mixed), "circuit_id 'synthetic-64' is only for proof_kind CIRCUIT, not POREP_SEAL_COMMIT");
}

TEST(ProofRequest, LongClientIdsAreRefusedOrNamedByTheirLength) {
  auto r = porep(5, 2048);
  r.set_request_id(std::string(kMaxRequestIdBytes, 'i'));
  EXPECT_TRUE(check_request(r).is_ok());
  r.set_request_id(std::string(kMaxRequestIdBytes + 1, 'i'));
  EXPECT_EQ(check_request(r).message(), "request_id of 257 bytes (at most 256)");
  auto mixed = porep(5, 2048);
  mixed.set_circuit_id(std::string(1 << 20, 'c'));
  EXPECT_EQ(error_of(mixed), "circuit_id '" + std::string(kQuotedClientPrefixBytes, 'c') +
                                 "…' (1048576 bytes) is only for proof_kind CIRCUIT, not POREP_SEAL_COMMIT");
}

TEST(ProofRequest, DigestIgnoresIdAndPriorityOnly) {
  const auto base = porep(5, 2048);
  auto same = base;
  same.set_request_id("another");
  same.set_priority(v1::HIGH);
  EXPECT_EQ(request_digest(base), request_digest(same));
  auto other = base;
  other.set_vanilla_proof("{\"SectorNum\":8}");
  EXPECT_NE(request_digest(base), request_digest(other));
  other = base;
  other.set_sector_number(1);
  EXPECT_NE(request_digest(base), request_digest(other));
  // Field boundaries count: "ab" + "" differs from "a" + "b".
  v1::SubmitProofRequest x, y;
  x.add_vanilla_proofs("ab");
  x.add_vanilla_proofs("");
  y.add_vanilla_proofs("a");
  y.add_vanilla_proofs("b");
  EXPECT_NE(request_digest(x), request_digest(y));
}

TEST(ProofRequest, CurioParameterNames) {
  EXPECT_EQ(circuit_id_from_curio_name("porep-32g"), "porep-32GiB");
  EXPECT_EQ(circuit_id_from_curio_name("wpost-64g"), "window-post-64GiB");
  EXPECT_EQ(circuit_id_from_curio_name("winning-32g"), "winning-post-32GiB");
  EXPECT_EQ(circuit_id_from_curio_name("snap-32g"), "snap-deals-32GiB");
  EXPECT_EQ(circuit_id_from_curio_name("synthetic-4096"), "synthetic-4096");
  EXPECT_EQ(circuit_id_from_curio_name("porep-xg"), "porep-xg");
}

}  // namespace
}  // namespace cuzk::server
