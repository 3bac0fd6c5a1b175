// The PoSt kinds on vanilla proofs: synthetic sectors in Curio's bincode, in a VanillaPayload,
// validated once at submission into the checked, padded partition with the verifier's public
// inputs; each tampering (sector bytes, randomness, registered proof, counts) rejected there by
// name; parameters found by their Filecoin names; and proving through the engine on the CPU at
// 2 KiB — WindowPoSt with fewer sectors than slots, WinningPoSt, and the benchmark seed — with
// proofs verified against the verifier's inputs; synthesis through the recorded matrices (the
// default) equals classic synthesis, and proves with parameters made in memory.
#include "kinds/post_kind.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "backend/prover_factory.hpp"
#include "engine/engine.hpp"
#include "groth16/blinding.hpp"
#include "filecoin/synthetic_post.hpp"
#include "kinds/catalog.hpp"
#include "kinds/filecoin_param_names.hpp"
#include "kinds/recorded_matrices_cache.hpp"
#include "kinds/vanilla_payload.hpp"
#include "support/kind_recorded_check.hpp"

namespace cuzk::kinds {
namespace {

namespace fs = std::filesystem;
using filecoin::PostKind;
using filecoin::post_proof;
using filecoin::RegisteredProof;

filecoin::Randomness randomness(uint8_t salt) {
  filecoin::Randomness r{};
  for (size_t i = 0; i < r.size(); ++i) r[i] = static_cast<uint8_t>(i * 7 + salt);
  r[31] &= 0x3f;  // as Curio sends it
  return r;
}

// A request of `sectors` synthetic sectors (ids 100, 101, …) for partition `partition`.
VanillaPayload request(const RegisteredProof& proof, size_t sectors, uint32_t partition = 0, uint8_t salt = 1) {
  const filecoin::PostConfig config = filecoin::post_config(proof);
  VanillaPayload p;
  p.registered_proof = proof.id;
  p.miner_id = 1000;
  p.partition_index = partition;
  p.randomness = randomness(salt);
  std::vector<uint64_t> ids(sectors);
  for (size_t i = 0; i < sectors; ++i) ids[i] = 100 + i;
  ThreadPool pool(1);
  auto proofs = filecoin::synthetic_post_sector_proofs(config, p.randomness, partition, ids, 7, pool);
  EXPECT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  if (proofs.is_ok()) p.proofs = std::move(proofs).value();
  return p;
}

class PostKindTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_post_kind_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "params");
    fs::create_directories(dir_ / "cache");
  }
  void TearDown() override { fs::remove_all(dir_); }

  ParamLocator locator() const {
    ParamLocator params;
    params.param_dirs = {(dir_ / "params").string()};
    params.generated_dir = (dir_ / "generated").string();
    params.matrices_dir = (dir_ / "matrices").string();
    params.filecoin_cache_dirs = {(dir_ / "cache").string()};
    return params;
  }
  // A fresh catalog each time (it looks for parameter files when made).
  std::shared_ptr<const engine::CircuitDef> circuit(const std::string& id) const {
    KindsConfig c;
    c.params = locator();
    auto catalog = make_catalog(c);
    EXPECT_TRUE(catalog.is_ok()) << catalog.status().to_string();
    return catalog.is_ok() ? (*catalog)->find(id) : nullptr;
  }
  // validate() of `p` on `id` fails with INVALID_ARGUMENT containing `message`.
  void expect_rejected(const std::string& id, const VanillaPayload& p, const std::string& message) const {
    auto validated = circuit(id)->validate(encode_vanilla_payload(p), ThreadPool::shared());
    ASSERT_EQ(validated.status().code(), StatusCode::kInvalidArgument) << message;
    EXPECT_NE(validated.status().message().find("circuit '" + id + "': "), std::string::npos)
        << validated.status().message();
    EXPECT_NE(validated.status().message().find(message), std::string::npos) << validated.status().message();
  }

  fs::path dir_;
};

TEST_F(PostKindTest, AWindowPoStRequestIsCheckedAndPaddedAtSubmission) {
  for (const uint32_t partition : {0u, 1u}) {
    for (const RegisteredProof& proof : {post_proof("StackedDrgWindow2KiBV1_1"), post_proof("StackedDrgWindow2KiBV1")}) {
      const VanillaPayload p = request(proof, 1, partition);  // one sector, two slots
      auto validated = circuit("window-post-2KiB")->validate(encode_vanilla_payload(p), ThreadPool::shared());
      ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
      EXPECT_EQ(validated->partitions, 1u);
      const auto* prepared = dynamic_cast<const PreparedPost*>(validated->prepared.get());
      ASSERT_NE(prepared, nullptr);
      EXPECT_EQ(prepared->config.api_version, filecoin::post_config(proof).api_version);
      ASSERT_EQ(prepared->partition.sectors.size(), 1u);
      EXPECT_EQ(prepared->partition.sectors[0].id, 100u);
      EXPECT_EQ(prepared->partition.circuit.sectors().size(), 2u);  // padded to the slots
      auto expected = filecoin::post_verifier_public_inputs(prepared->config, p.randomness, partition,
                                                            prepared->partition.sectors);
      ASSERT_TRUE(expected.is_ok());
      EXPECT_EQ(prepared->partition.public_inputs, *expected);
    }
  }
}

TEST_F(PostKindTest, TamperingIsRejectedAtSubmissionByName) {
  const VanillaPayload good = request(post_proof("StackedDrgWindow2KiBV1_1"), 2);
  auto tampered = [&](size_t sector, auto&& change) {
    VanillaPayload p = good;
    auto proof = filecoin::read_fallback_post_sector_proof(p.proofs[sector]);
    EXPECT_TRUE(proof.is_ok());
    change(*proof);
    p.proofs[sector] = filecoin::write_fallback_post_sector_proof(*proof);
    return p;
  };
  const std::string id = "window-post-2KiB";
  expect_rejected(id, tampered(1, [](filecoin::FallbackPostSectorProof& s) {
                    s.sectors[0].inclusion_proofs[3].base.levels[1].siblings[2] += ff::Fr::one();
                  }),
                  "sector 1 (id 101): challenge 3: the path from leaf");
  expect_rejected(id, tampered(0, [](filecoin::FallbackPostSectorProof& s) { s.comm_r += ff::Fr::one(); }),
                  "sector 0 (id 100): comm_r is not Poseidon(comm_c, comm_r_last)");
  expect_rejected(id, tampered(0, [](filecoin::FallbackPostSectorProof& s) { s.sector_id = 555; }),
                  "sector 0 (id 555): challenge 0: the path opens leaf");
  VanillaPayload p = good;
  p.randomness[0] ^= 1;
  expect_rejected(id, p, "the challenge is leaf");
  p = good;
  p.randomness[31] = 0xff;
  expect_rejected(id, p, "randomness: not a canonical field element");
  p = good;
  p.proofs[1].pop_back();
  expect_rejected(id, p, "sector 1");
  p = good;
  p.proofs.push_back(p.proofs[0]);
  expect_rejected(id, p, "proofs");  // three sectors, two slots
  p = good;
  p.proofs.clear();
  expect_rejected(id, p, "proofs: no sector proofs");
  p = good;
  p.registered_proof = 99;
  expect_rejected(id, p, "registered_proof: unknown registered PoSt proof 99");
  p = good;
  p.registered_proof = post_proof("StackedDrgWindow32GiBV1_1").id;
  expect_rejected(id, p,
                  "registered_proof 13 (StackedDrgWindow32GiBV1_1) is a 32GiB WindowPoSt proof, this circuit proves "
                  "2KiB WindowPoSt (prove it as window-post-32GiB)");
  expect_rejected("winning-post-2KiB", request(post_proof("StackedDrgWindow2KiBV1_1"), 1),
                  "(StackedDrgWindow2KiBV1_1) is a 2KiB WindowPoSt proof");
  // WinningPoSt: one sector, partition 0.
  VanillaPayload winning = request(post_proof("StackedDrgWinning2KiBV1"), 1);
  winning.partition_index = 1;
  expect_rejected("winning-post-2KiB", winning, "partition_index 1: WinningPoSt has one partition (0)");
  // Neither a VanillaPayload nor a seed.
  auto validated = circuit(id)->validate(std::vector<uint8_t>(65, 1), ThreadPool::shared());
  ASSERT_EQ(validated.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(validated.status().message().find("at most 64 bytes"), std::string::npos);
}

TEST_F(PostKindTest, ParametersAreFoundByTheirFilecoinNames) {
  const filecoin::PostConfig config = *filecoin::post_config(PostKind::kWindow, uint64_t{32} << 30);
  const std::string name = post_param_stem(config) + ".params";
  // rust-fil-proofs' parameters.json names the 32 GiB WindowPoSt parameters so.
  EXPECT_EQ(name,
            "v28-proof-of-spacetime-fallback-merkletree-poseidon_hasher-8-8-0-"
            "0377ded656c6f524f1618760bffe4e0a1c51d5a70c4509eedae8a27555733edc.params");
  EXPECT_EQ(circuit("window-post-32GiB")->srs_path(), (dir_ / "generated" / "window-post-32GiB.params").string());
  std::ofstream(dir_ / "cache" / name) << "x";
  EXPECT_EQ(circuit("window-post-32GiB")->srs_path(), (dir_ / "cache" / name).string());
}

// Proving on the CPU through the engine with 2 KiB test parameters (generated on first use).
// Through the recorded matrices (the default; recorded in memory: there is no parameter file
// here) a padded WindowPoSt request, a WinningPoSt request and a seed equal classic synthesis.
TEST_F(PostKindTest, TheRecordedPathEqualsClassicSynthesis) {
  ThreadPool pool(2);
  const std::vector<uint8_t> seed = {1, 2, 3};
  const struct {
    std::string circuit;
    std::vector<uint8_t> payload;
  } cases[] = {{"window-post-2KiB", encode_vanilla_payload(request(post_proof("StackedDrgWindow2KiBV1_1"), 1, 2))},
               {"winning-post-2KiB", encode_vanilla_payload(request(post_proof("StackedDrgWinning2KiBV1"), 1))},
               {"window-post-2KiB", seed}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.circuit);
    test::expect_recorded_equals_classic([&] { return circuit(c.circuit); }, c.payload, pool);
  }
}

// Parameters made in memory (`--test-params-in-memory`): the recorded path records the matrices
// in memory — no cache beside the file at the circuit's parameter path, which is not the
// parameters in use — and the proof verifies.
TEST_F(PostKindTest, WithParametersMadeInMemoryTheRecordedPathProves) {
  ThreadPool pool(2);
  const auto def = circuit("window-post-2KiB");
  fs::create_directories(fs::path(def->srs_path()).parent_path());
  std::ofstream(def->srs_path()) << "other parameters";
  const auto srs = def->make_test_srs(pool);
  ASSERT_TRUE(srs.is_ok()) << srs.status().to_string();
  const std::vector<uint8_t> payload = encode_vanilla_payload(request(post_proof("StackedDrgWindow2KiBV1_1"), 2));
  const auto validated = def->validate(payload, ThreadPool::shared());
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  // a partition witness (a, b, c and Poseidon's internal values left to the prover): the CPU
  // backend makes it whole, running the Poseidon fill, and proves it
  const auto synthesized = def->synthesize(**srs, payload, validated->prepared, 0, pool);
  ASSERT_TRUE(synthesized.is_ok()) << synthesized.status().to_string();
  ASSERT_NE((*synthesized)->witness.matrices, nullptr);
  ASSERT_EQ((*synthesized)->witness.fills.size(), 1u);
  EXPECT_GT((*synthesized)->witness.fills.front()->values(), 0u);
  EXPECT_FALSE(fs::exists(recorded_matrices_path(locator().matrices_dir, def->srs_path())));
  const std::unique_ptr<groth16::ProverBackend> prover = backend::make_cpu_prover(pool);
  const witness::PartitionWitness* one[] = {&(*synthesized)->witness};
  groth16::SystemBlinding blinding;
  const auto proofs = prover->prove((*srs)->proving_key(), one, def->convention(), blinding);
  ASSERT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  EXPECT_TRUE(def->verify(**srs, proofs->front(), (*synthesized)->public_inputs).is_ok());
}

TEST_F(PostKindTest, VanillaRequestsAndSeedsProveThroughTheEngine) {
  KindsConfig c;
  c.params.generated_dir = CUZK_POST_PARAMS_DIR;
  c.params.filecoin_cache_dirs.clear();
  auto catalog = make_catalog(c);
  ASSERT_TRUE(catalog.is_ok());
  engine::EngineConfig config;
  config.log = [](engine::LogLevel, std::string_view line) {
    std::fprintf(stderr, "%.*s\n", static_cast<int>(line.size()), line.data());
  };
  auto engine = engine::Engine::create(config, engine::EngineParts{*catalog, [](ThreadPool& pool, std::string*) {
                                         std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                         out.push_back(backend::make_cpu_prover(pool));
                                         return out;
                                       }});
  ASSERT_TRUE(engine.is_ok()) << engine.status().to_string();
  struct Case {
    std::string circuit;
    std::vector<uint8_t> payload;
    std::optional<VanillaPayload> request;
  };
  const VanillaPayload window = request(post_proof("StackedDrgWindow2KiBV1_1"), 1, 2);
  const VanillaPayload winning = request(post_proof("StackedDrgWinning2KiBV1"), 1);
  const std::vector<Case> cases = {{"window-post-2KiB", encode_vanilla_payload(window), window},
                                   {"winning-post-2KiB", encode_vanilla_payload(winning), winning},
                                   {"window-post-2KiB", {1, 2, 3}, std::nullopt}};
  for (const Case& k : cases) {
    auto id = (*engine)->submit({k.circuit, std::nullopt, k.payload});
    ASSERT_TRUE(id.is_ok()) << id.status().to_string();
    auto result = (*engine)->await(*id, std::chrono::minutes(5));
    ASSERT_TRUE(result.is_ok()) << result.status().to_string();
    ASSERT_TRUE(result->status.is_ok()) << result->status.to_string();
    ASSERT_EQ(result->partitions.size(), 1u);
    if (!k.request) continue;
    // Verified against the inputs a verifier computes from randomness, sector ids and comm_r.
    const filecoin::PostConfig post = filecoin::post_config(*filecoin::registered_post_proof(k.request->registered_proof));
    auto sector = filecoin::read_fallback_post_sector_proof(k.request->proofs[0]);
    ASSERT_TRUE(sector.is_ok());
    const filecoin::PublicSector known{sector->sector_id, sector->comm_r};
    auto expected = filecoin::post_verifier_public_inputs(post, k.request->randomness, k.request->partition_index,
                                                          std::span(&known, 1));
    ASSERT_TRUE(expected.is_ok());
    EXPECT_EQ(result->partitions[0].public_inputs, *expected);
  }
}

// self_verify = false does not apply to the Filecoin kinds (CircuitDef::always_verified):
// parameters damaged in memory (a proving key whose L query is scrambled; its verifying key
// intact) make proofs that do not verify, and the job fails rather than return one.
TEST_F(PostKindTest, ADamagedKeyNeverYieldsAnInvalidProofEvenWithSelfVerifyOff) {
  KindsConfig c;
  c.params = locator();
  auto catalog = make_catalog(c);
  ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
  const auto def = (*catalog)->find("winning-post-2KiB");
  ASSERT_NE(def, nullptr);
  EXPECT_TRUE(def->always_verified());
  ThreadPool pool(2);
  const auto srs = def->make_test_srs(pool);
  ASSERT_TRUE(srs.is_ok()) << srs.status().to_string();
  groth16::ProvingKey damaged = (*srs)->proving_key();
  ASSERT_GT(damaged.l.size(), 1u);
  std::reverse(damaged.l.begin(), damaged.l.end());
  engine::EngineConfig config;
  config.self_verify = false;
  config.log = [](engine::LogLevel, std::string_view) {};
  auto engine = engine::Engine::create(config, engine::EngineParts{*catalog, [](ThreadPool& prover_pool, std::string*) {
                                         std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                         out.push_back(backend::make_cpu_prover(prover_pool));
                                         return out;
                                       }});
  ASSERT_TRUE(engine.is_ok()) << engine.status().to_string();
  ASSERT_TRUE((*engine)->install_srs("winning-post-2KiB", std::make_shared<engine::KeySrs>(std::move(damaged))).is_ok());
  const VanillaPayload winning = request(post_proof("StackedDrgWinning2KiBV1"), 1);
  auto id = (*engine)->submit({"winning-post-2KiB", std::nullopt, encode_vanilla_payload(winning)});
  ASSERT_TRUE(id.is_ok()) << id.status().to_string();
  auto result = (*engine)->await(*id, std::chrono::minutes(5));
  ASSERT_TRUE(result.is_ok()) << result.status().to_string();
  EXPECT_EQ(result->status.code(), StatusCode::kInternal) << result->status.to_string();
  EXPECT_NE(result->status.message().find("failed self-verification"), std::string::npos) << result->status.message();
  EXPECT_TRUE(result->partitions.empty());
}

}  // namespace
}  // namespace cuzk::kinds
