// The SnapDeals kind: snap-deals-<size> circuits and the update-proof aliases resolved to them,
// parameters found by their Filecoin names; synthetic updates in Curio's bincode, in a
// VanillaPayload, validated once at submission (2 KiB, and every partition of an 8 MiB update)
// with the verifier's public inputs; each tampering (a path, a commitment, the encoding
// relation, partition order and count, the registered proof) rejected there by name; and a
// 2 KiB update proved through the engine on the CPU and verified against the verifier's inputs;
// synthesis through the recorded matrices (the default) equals classic synthesis.
#include "kinds/snap_kind.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "backend/prover_factory.hpp"
#include "engine/engine.hpp"
#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/snap_public_inputs.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "kinds/catalog.hpp"
#include "kinds/filecoin_param_names.hpp"
#include "support/kind_recorded_check.hpp"

namespace cuzk::kinds {
namespace {

namespace fs = std::filesystem;
namespace snap = filecoin::snapdeals;

std::array<uint8_t, 32> bytes_of(const ff::Fr& v) {
  std::array<uint8_t, 32> out{};
  v.to_bytes_le(out);
  return out;
}

struct Update {
  snap::SnapConfig config;
  snap::SyntheticSnapUpdate update;
  VanillaPayload request;
};

Update synthetic(uint64_t sector_size, uint64_t seed) {
  Update u;
  u.config = *snap::snap_config(sector_size);
  auto update = snap::synthetic_snap_update(u.config, seed, u.config.h_default);
  EXPECT_TRUE(update.is_ok()) << update.status().to_string();
  u.update = std::move(update).value();
  u.request.registered_proof = u.config.registered_proof->id;
  u.request.comm_r_old = bytes_of(u.update.comm_r_old);
  u.request.comm_r_new = bytes_of(u.update.comm_r_new);
  u.request.comm_d_new = bytes_of(u.update.comm_d_new);
  for (const auto& p : u.update.partitions) u.request.proofs.push_back(snap::write_snap_partition(p));
  return u;
}

class SnapKindTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_snap_kind_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "params");
    fs::create_directories(dir_ / "cache");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::shared_ptr<engine::CircuitCatalog> catalog() const {
    KindsConfig c;
    c.params.param_dirs = {(dir_ / "params").string()};
    c.params.generated_dir = (dir_ / "generated").string();
    c.params.matrices_dir = (dir_ / "matrices").string();
    c.params.filecoin_cache_dirs = {(dir_ / "cache").string()};
    auto made = make_catalog(c);
    EXPECT_TRUE(made.is_ok()) << made.status().to_string();
    return made.is_ok() ? *made : nullptr;
  }
  void expect_rejected(const VanillaPayload& p, const std::string& message) const {
    auto validated = catalog()->find("snap-deals-2KiB")->validate(encode_vanilla_payload(p), ThreadPool::shared());
    ASSERT_EQ(validated.status().code(), StatusCode::kInvalidArgument) << message;
    EXPECT_NE(validated.status().message().find("circuit 'snap-deals-2KiB': "), std::string::npos)
        << validated.status().message();
    EXPECT_NE(validated.status().message().find(message), std::string::npos) << validated.status().message();
  }

  fs::path dir_;
};

TEST_F(SnapKindTest, EverySizeIsACircuitAndUpdateProofAliasesResolveToIt) {
  auto cat = catalog();
  for (const char* id : {"snap-deals-2KiB", "snap-deals-8MiB", "snap-deals-512MiB", "snap-deals-32GiB",
                         "snap-deals-64GiB"}) {
    auto circuit = cat->find(id);
    ASSERT_TRUE(circuit) << id;
    EXPECT_EQ(circuit->kind(), "snap-deals");
    EXPECT_EQ(circuit->default_priority(), engine::Priority::kNormal);
  }
  EXPECT_EQ(cat->find("RegisteredUpdateProof_StackedDrg32GiBV1")->id(), "snap-deals-32GiB");
  EXPECT_EQ(cat->find("update-proof-0")->id(), "snap-deals-2KiB");
  EXPECT_EQ(cat->find("update-proof-4")->id(), "snap-deals-64GiB");
  EXPECT_FALSE(cat->find("update-proof-5"));
  EXPECT_FALSE(cat->find("snap-deals-16KiB"));  // rust-fil-proofs' test size, no registered proof
  EXPECT_EQ(cat->find("StackedDrg32GiBV1")->kind(), "porep");  // the seal proof of that name
}

TEST_F(SnapKindTest, ParametersAreFoundByTheirFilecoinNames) {
  const std::string name =
      "v28-empty-sector-update-merkletree-poseidon_hasher-8-8-0-"
      "3b7f44a9362e3985369454947bc94022e118211e49fd672d52bec1cbfd599d18.params";  // parameters.json's 32 GiB
  EXPECT_EQ(catalog()->find("snap-deals-32GiB")->srs_path(), (dir_ / "generated" / "snap-deals-32GiB.params").string());
  std::ofstream(dir_ / "cache" / name) << "x";
  EXPECT_EQ(catalog()->find("snap-deals-32GiB")->srs_path(), (dir_ / "cache" / name).string());
  std::ofstream(dir_ / "params" / name) << "x";
  EXPECT_EQ(catalog()->find("snap-deals-32GiB")->srs_path(), (dir_ / "params" / name).string());
}

TEST_F(SnapKindTest, UpdatesAreCheckedAtSubmissionWithTheVerifiersInputs) {
  for (const uint64_t size : {uint64_t{2048}, uint64_t{8} << 20}) {
    const Update u = synthetic(size, 3);
    auto circuit = catalog()->find(snap_circuit_id(size));
    ASSERT_TRUE(circuit);
    auto validated = circuit->validate(encode_vanilla_payload(u.request), ThreadPool::shared());
    ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
    EXPECT_EQ(validated->partitions, u.config.partitions);
    const auto* prepared = dynamic_cast<const PreparedSnap*>(validated->prepared.get());
    ASSERT_NE(prepared, nullptr);
    ASSERT_EQ(prepared->partitions.size(), u.config.partitions);
    for (size_t k = 0; k < u.config.partitions; ++k) {
      auto expected = snap::snap_public_inputs(u.config, k, u.config.h_default, u.update.comm_r_old,
                                               u.update.comm_d_new, u.update.comm_r_new);
      ASSERT_TRUE(expected.is_ok());
      EXPECT_EQ(prepared->partitions[k].public_inputs().to_vector(), expected->to_vector()) << k;
    }
    if (u.config.partitions > 1) {
      // Partitions in the wrong order: partition 0's challenges are not partition 1's.
      VanillaPayload swapped = u.request;
      std::swap(swapped.proofs[0], swapped.proofs[1]);
      auto refused = circuit->validate(encode_vanilla_payload(swapped), ThreadPool::shared());
      ASSERT_EQ(refused.status().code(), StatusCode::kInvalidArgument);
      EXPECT_NE(refused.status().message().find("partition 0: challenge 0"), std::string::npos)
          << refused.status().message();
    }
  }
}

TEST_F(SnapKindTest, TamperingIsRejectedAtSubmissionByName) {
  const Update u = synthetic(2048, 5);
  auto tampered = [&](auto&& change) {
    snap::SnapPartitionProof proof = u.update.partitions[0];
    change(proof);
    VanillaPayload p = u.request;
    p.proofs[0] = snap::write_snap_partition(proof);
    return p;
  };
  expect_rejected(tampered([](snap::SnapPartitionProof& p) {
                    p.challenge_proofs[4].proof_r_new.path.levels[0].siblings[1] += ff::Fr::one();
                  }),
                  "partition 0: challenge 4 (node ");
  expect_rejected(tampered([](snap::SnapPartitionProof& p) {
                    p.challenge_proofs[2].proof_d_new.path.levels[1].siblings[0] += ff::Fr::one();
                  }),
                  "proof_d_new: the path hashes to");
  expect_rejected(tampered([](snap::SnapPartitionProof& p) { p.comm_c += ff::Fr::one(); }),
                  "partition 0: comm_r_old 0x");
  expect_rejected(tampered([](snap::SnapPartitionProof& p) { p.apex_leafs[3] += ff::Fr::one(); }), "apex_leafs");
  VanillaPayload p = u.request;
  p.comm_r_new = bytes_of(u.update.comm_r_new + ff::Fr::one());
  expect_rejected(p, "comm_r_new 0x");
  p = u.request;
  p.comm_d_new = bytes_of(u.update.comm_d_new + ff::Fr::one());
  expect_rejected(p, "partition 0: challenge 0 (node ");
  expect_rejected(p, "proof_d_new: root 0x");
  p = u.request;
  p.comm_r_old[31] = 0xff;
  expect_rejected(p, "comm_r_old: not a canonical field element");
  p = u.request;
  p.proofs[0].resize(p.proofs[0].size() - 5);
  expect_rejected(p, "partition 0: ");
  p = u.request;
  p.proofs.clear();
  expect_rejected(p, "proofs: 0 partition proofs, a 2KiB update has 1");
  p = u.request;
  p.registered_proof = 3;
  expect_rejected(p, "registered_proof 3 (StackedDrg32GiBV1) updates 32GiB sectors, this circuit proves 2KiB "
                     "(prove it as snap-deals-32GiB)");
  p = u.request;
  p.registered_proof = 77;
  expect_rejected(p, "registered_proof: ");
}

// A 2 KiB update through the recorded matrices (the default; recorded in memory: there is no
// parameter file here) equals classic synthesis.
TEST_F(SnapKindTest, TheRecordedPathEqualsClassicSynthesis) {
  ThreadPool pool(2);
  const Update u = synthetic(2048, 11);
  test::expect_recorded_equals_classic([&] { return catalog()->find("snap-deals-2KiB"); },
                                       encode_vanilla_payload(u.request), pool);
}

// Proving on the CPU through the engine with the 2 KiB test parameters (the snap_params
// fixture's; generated here when run alone).
TEST_F(SnapKindTest, A2KiBUpdateProvesThroughTheEngine) {
  KindsConfig c;
  c.params.generated_dir = CUZK_SNAP_PARAMS_DIR;
  c.params.filecoin_cache_dirs.clear();
  auto made = make_catalog(c);
  ASSERT_TRUE(made.is_ok());
  engine::EngineConfig config;
  config.log = [](engine::LogLevel, std::string_view line) {
    std::fprintf(stderr, "%.*s\n", static_cast<int>(line.size()), line.data());
  };
  auto engine = engine::Engine::create(config, engine::EngineParts{*made, [](ThreadPool& pool, std::string*) {
                                         std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                         out.push_back(backend::make_cpu_prover(pool));
                                         return out;
                                       }});
  ASSERT_TRUE(engine.is_ok()) << engine.status().to_string();
  const Update u = synthetic(2048, 11);
  auto id = (*engine)->submit({"update-proof-0", std::nullopt, encode_vanilla_payload(u.request)});
  ASSERT_TRUE(id.is_ok()) << id.status().to_string();
  auto result = (*engine)->await(*id, std::chrono::minutes(10));
  ASSERT_TRUE(result.is_ok()) << result.status().to_string();
  ASSERT_TRUE(result->status.is_ok()) << result->status.to_string();
  EXPECT_EQ(result->circuit_id, "snap-deals-2KiB");
  ASSERT_EQ(result->partitions.size(), 1u);
  auto expected = snap::snap_public_inputs(u.config, 0, u.config.h_default, u.update.comm_r_old, u.update.comm_d_new,
                                           u.update.comm_r_new);
  ASSERT_TRUE(expected.is_ok());
  EXPECT_EQ(result->partitions[0].public_inputs, expected->to_vector());
}

}  // namespace
}  // namespace cuzk::kinds
