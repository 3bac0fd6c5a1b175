// The PoRep C2 kind: porep-<size> circuits and the registered-proof names resolved to them,
// parameters found by their Filecoin names, the real 2 KiB Commit-1 output (bare and wrapped)
// validated once at submission, tampering rejected there by name, an output for another sector
// size refused; and proving through the engine on the CPU with the test parameters (shared,
// made once per ctest run by the porep_params fixture; generated here when run alone): the real
// 2 KiB output and a synthetic one prove and verify, with the verifier's public inputs; a
// synthetic 8 MiB output passes validation and satisfies its partition circuit; synthesis
// through the recorded matrices (the default) equals classic synthesis.
#include "kinds/porep_kind.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "backend/prover_factory.hpp"
#include "engine/engine.hpp"
#include "filecoin/porep/public_inputs.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/porep/synthetic_commit1.hpp"
#include "groth16/bellperson_format.hpp"
#include "kinds/catalog.hpp"
#include "kinds/filecoin_param_names.hpp"
#include "r1cs/checking_constraint_system.hpp"
#include "support/kind_recorded_check.hpp"

namespace cuzk::kinds {
namespace {

namespace fs = std::filesystem;
namespace porep = filecoin::porep;

std::vector<uint8_t> fixture_bytes() {
  std::ifstream in(std::string(CUZK_FILECOIN_FIXTURES_DIR) + "/c1-2KiB.json", std::ios::binary);
  EXPECT_TRUE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

porep::Commit1Input fixture() {
  auto in = porep::read_commit1(fixture_bytes(), kMaxCommit1Bytes);
  EXPECT_TRUE(in.is_ok()) << in.status().to_string();
  return in.is_ok() ? std::move(in).value() : porep::Commit1Input{};
}

std::vector<uint8_t> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

ff::Fr flip_byte(const ff::Fr& v, size_t byte) {
  uint8_t bytes[32];
  v.to_bytes_le(bytes);
  bytes[byte] ^= 0x01;
  return *ff::Fr::from_bytes_le(bytes);  // byte < 31 keeps it below 2^254
}

class PorepKindTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_porep_kind_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "params");
  }
  void TearDown() override { fs::remove_all(dir_); }
  ParamLocator locator() const {
    ParamLocator l;
    l.param_dirs = {(dir_ / "params").string()};
    l.generated_dir = (dir_ / "generated").string();
    l.matrices_dir = (dir_ / "matrices").string();
    l.filecoin_cache_dirs.clear();
    return l;
  }
  std::shared_ptr<engine::CircuitCatalog> catalog(ParamLocator params) const {
    KindsConfig c;
    c.params = std::move(params);
    auto made = make_catalog(c);
    EXPECT_TRUE(made.is_ok()) << made.status().to_string();
    return made.is_ok() ? *made : nullptr;
  }
  fs::path dir_;
};

TEST_F(PorepKindTest, EverySizeIsACircuitAndRegisteredProofNamesResolveToIt) {
  auto cat = catalog(locator());
  ASSERT_TRUE(cat);
  for (const char* size : {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"}) {
    const std::string id = std::string("porep-") + size;
    auto circuit = cat->find(id);
    ASSERT_TRUE(circuit) << id;
    EXPECT_EQ(circuit->kind(), "porep");
    EXPECT_EQ(circuit->default_priority(), engine::Priority::kNormal);
    EXPECT_TRUE(circuit->batchable());
    EXPECT_EQ(circuit->encoding(), engine::ProofEncoding::kBellperson);
    EXPECT_GT(circuit->partition_bytes(), 0u);
    for (const char* version : {"V1_1", "V1"}) {
      const std::string alias = std::string("StackedDrg") + size + version;
      EXPECT_EQ(cat->find(alias), circuit) << alias;
    }
  }
  EXPECT_FALSE(cat->find("porep-4KiB"));
  EXPECT_FALSE(cat->find("StackedDrg4KiBV1_1"));
  // 32 GiB: 130,278,541 constraints per partition (rust-fil-proofs' circuitinfo): ~12.5 GiB of
  // a, b, c, aux and inputs.
  EXPECT_GT(cat->find("porep-32GiB")->partition_bytes(), size_t{12} << 30);
}

// The production sizes come from a table (a catalog counts nothing): it is the count.
TEST(PorepKindSizes, TheTableOfPartitionSizesIsTheCount) {
  for (const char* size : {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"}) {
    auto sector_size = porep_id_sector_size(std::string("porep-") + size);
    ASSERT_TRUE(sector_size.is_ok());
    auto config = porep::porep_config(*porep::seal_proof_for_sector_size(*sector_size));
    ASSERT_TRUE(config.is_ok());
    auto table = porep_partition_size(*config);
    auto counted = porep::porep_circuit_size(*config);
    ASSERT_TRUE(table.is_ok() && counted.is_ok());
    EXPECT_EQ(table->constraints, counted->constraints) << size;
    EXPECT_EQ(table->inputs, counted->inputs) << size;
    EXPECT_EQ(table->aux, counted->aux) << size;
  }
}

TEST_F(PorepKindTest, ParametersAreFoundByTheirFilecoinNames) {
  ParamLocator params = locator();
  auto cat = catalog(params);
  ASSERT_TRUE(cat);
  // Nothing there: the test parameters' place in the generated directory.
  EXPECT_EQ(cat->find("porep-2KiB")->srs_path(), (dir_ / "generated" / "porep-2KiB.params").string());
  EXPECT_EQ(cat->find("porep-32GiB")->srs_path(), (dir_ / "generated" / "porep-32GiB.params").string());
  EXPECT_EQ(cat->find("porep-32GiB")->ensure_srs_file(ThreadPool::shared()).code(), StatusCode::kNotFound);

  // Filecoin's cache folder holding the 32 GiB file under its own name.
  const std::string name32 =
      "v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-"
      "82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820.params";
  fs::create_directories(dir_ / "cache");
  std::ofstream(dir_ / "cache" / name32) << "x";
  params.filecoin_cache_dirs = {(dir_ / "cache").string()};
  cat = catalog(params);
  EXPECT_EQ(cat->find("porep-32GiB")->srs_path(), (dir_ / "cache" / name32).string());
  EXPECT_EQ(cat->find("StackedDrg32GiBV1_1")->srs_path(), (dir_ / "cache" / name32).string());
  // …and a parameter directory comes first.
  std::ofstream(dir_ / "params" / name32) << "x";
  cat = catalog(params);
  EXPECT_EQ(cat->find("porep-32GiB")->srs_path(), (dir_ / "params" / name32).string());
}

TEST_F(PorepKindTest, TheRealCommit1OutputValidatesBareAndWrapped) {
  auto circuit = catalog(locator())->find("porep-2KiB");
  ASSERT_TRUE(circuit);
  const porep::Commit1Input in = fixture();
  ASSERT_TRUE(in.wrapper.present);
  for (const std::vector<uint8_t>& payload : {fixture_bytes(), bytes_of(porep::write_commit1_json(in.output))}) {
    auto validated = circuit->validate(payload, ThreadPool::shared());
    ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
    EXPECT_EQ(validated->partitions, 1u);
    const auto* prepared = dynamic_cast<const PreparedCommit1*>(validated->prepared.get());
    ASSERT_NE(prepared, nullptr);
    ASSERT_EQ(prepared->public_inputs.size(), 1u);
    EXPECT_EQ(prepared->public_inputs[0].size(), 3 + 18 * 2u);
  }
}

TEST_F(PorepKindTest, AnOutputForAnotherSectorSizeIsRefusedNamingBoth) {
  auto circuit = catalog(locator())->find("porep-32GiB");
  auto validated = circuit->validate(fixture_bytes(), ThreadPool::shared());
  ASSERT_EQ(validated.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(validated.status().message().find("circuit 'porep-32GiB': the Commit-1 output is StackedDrg2KiBV1_1 "
                                              "(2KiB sectors), this circuit proves 32GiB sectors (prove it as "
                                              "porep-2KiB)"),
            std::string::npos)
      << validated.status().message();
}

TEST_F(PorepKindTest, TamperingIsRejectedAtSubmissionByName) {
  auto circuit = catalog(locator())->find("porep-2KiB");
  const porep::Commit1Input original = fixture();
  auto expect_rejected = [&](auto&& tamper, const std::string& message) {
    porep::Commit1Input in = original;
    tamper(in.output, in.wrapper);
    const std::string json = porep::write_commit1_wrapped(in.output, in.wrapper);
    auto validated = circuit->validate(bytes_of(json), ThreadPool::shared());
    ASSERT_EQ(validated.status().code(), StatusCode::kInvalidArgument) << message;
    EXPECT_NE(validated.status().message().find("circuit 'porep-2KiB': "), std::string::npos);
    EXPECT_NE(validated.status().message().find(message), std::string::npos) << validated.status().message();
  };
  using porep::Commit1Output;
  using porep::Commit1Wrapper;
  // One byte of a label (the challenge's own column, layer 2).
  expect_rejected([](Commit1Output& o, Commit1Wrapper&) {
    o.partitions[0][0].c_x.column.rows[1] = flip_byte(o.partitions[0][0].c_x.column.rows[1], 7);
  }, "partition 0 challenge 0: c_x: column hash 0x");
  expect_rejected([](Commit1Output& o, Commit1Wrapper&) { o.seed[0] ^= 1; },
                  "the challenge (from replica_id and seed) is node");
  expect_rejected([](Commit1Output& o, Commit1Wrapper&) {
    ff::Fr& h = o.partitions[0][1].comm_d_proof.path.levels[3].siblings[0];
    h += ff::Fr::one();
  }, "partition 0 challenge 1: comm_d proof: the path hashes to 0x");
  expect_rejected([](Commit1Output& o, Commit1Wrapper&) { o.partitions[0][0].drg_parents[3].column.rows[0] = ff::Fr::zero(); },
                  "partition 0 challenge 0: drg parent 3: column hash 0x");
  expect_rejected([](Commit1Output& o, Commit1Wrapper&) { o.comm_r[0] ^= 1; }, "is not Poseidon2(comm_c, comm_r_last)");
  expect_rejected([](Commit1Output&, Commit1Wrapper& w) { w.sector_size = 8 << 20; },
                  "SectorSize: 8388608 bytes, but the Commit-1 output is StackedDrg2KiBV1_1 (2048 bytes)");
  // Not a Commit-1 output at all.
  auto validated = circuit->validate(bytes_of("{\"hello\": 1}"), ThreadPool::shared());
  EXPECT_EQ(validated.status().code(), StatusCode::kInvalidArgument);
}

TEST_F(PorepKindTest, ASynthetic8MiBOutputValidatesAndSatisfiesItsCircuit) {
  auto config = porep::porep_config(filecoin::seal_proof("StackedDrg8MiBV1_1"));
  ASSERT_TRUE(config.is_ok());
  auto output = porep::synthetic_commit1(*config, 5);
  ASSERT_TRUE(output.is_ok()) << output.status().to_string();
  auto circuit = catalog(locator())->find("StackedDrg8MiBV1_1");
  ASSERT_TRUE(circuit);
  EXPECT_EQ(circuit->id(), "porep-8MiB");
  auto validated = circuit->validate(bytes_of(porep::write_commit1_json(*output)), ThreadPool::shared());
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  const auto& prepared = dynamic_cast<const PreparedCommit1&>(*validated->prepared);
  r1cs::CheckingConstraintSystem cs;
  ASSERT_TRUE(synthesize_commit1_partition(cs, prepared.config, prepared.input.output, 0).is_ok());
  EXPECT_FALSE(cs.which_is_unsatisfied().has_value()) << *cs.which_is_unsatisfied();
  ASSERT_EQ(cs.inputs().size(), 1 + prepared.public_inputs[0].size());
  for (size_t i = 0; i < prepared.public_inputs[0].size(); ++i) EXPECT_EQ(cs.inputs()[1 + i], prepared.public_inputs[0][i]);
}

// The real 2 KiB output's partition through the recorded matrices (the default; recorded in
// memory: there is no parameter file here) equals classic synthesis.
TEST_F(PorepKindTest, TheRecordedPathEqualsClassicSynthesis) {
  ThreadPool pool(2);
  test::expect_recorded_equals_classic([&] { return catalog(locator())->find("porep-2KiB"); }, fixture_bytes(), pool);
}

// The kind's synthesis of a synthetic 8 MiB output: the whole partition (its witness made whole)
// with the verifier's public inputs; synthesized again, the same evaluations.
TEST_F(PorepKindTest, ASynthetic8MiBPartitionSynthesizesTheSameTwice) {
  auto config = porep::porep_config(filecoin::seal_proof("StackedDrg8MiBV1_1"));
  auto output = porep::synthetic_commit1(*config, 6);
  ASSERT_TRUE(output.is_ok());
  auto circuit = catalog(locator())->find("porep-8MiB");
  auto validated = circuit->validate(bytes_of(porep::write_commit1_json(*output)), ThreadPool::shared());
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  const auto& prepared = dynamic_cast<const PreparedCommit1&>(*validated->prepared);
  test::NoSrs srs;
  ThreadPool pool(1);
  const auto t0 = std::chrono::steady_clock::now();
  auto first = circuit->synthesize(srs, {}, validated->prepared, 0, pool);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(first.is_ok()) << first.status().to_string();
  r1cs::ProvingAssignment whole;
  ASSERT_TRUE(witness::materialize((*first)->witness, whole, pool).is_ok());
  whole.append_input_constraints();
  std::printf("8 MiB partition synthesized in %.0f ms (%zu rows)\n", ms, whole.a.size());
  EXPECT_EQ(whole.a.size(), 3844929u + 40u);  // constraints + input constraints
  EXPECT_EQ((*first)->public_inputs, prepared.public_inputs[0]);
  const std::vector<ff::Fr> a = whole.a, c = whole.c;
  const std::vector<ff::Fr> inputs = whole.input_assignment;
  circuit->recycle(std::move(first).value());
  auto second = circuit->synthesize(srs, {}, validated->prepared, 0, pool);
  ASSERT_TRUE(second.is_ok());
  ASSERT_TRUE(witness::materialize((*second)->witness, whole, pool).is_ok());
  whole.append_input_constraints();
  EXPECT_TRUE(whole.a == a);
  EXPECT_TRUE(whole.c == c);
  EXPECT_EQ(whole.input_assignment, inputs);
  EXPECT_EQ(circuit->synthesize(srs, {}, validated->prepared, 1, pool).status().code(), StatusCode::kInvalidArgument);
}

// Proving on the CPU through the engine with the shared test parameters.
class PorepProveTest : public ::testing::Test {
 protected:
  static std::unique_ptr<engine::Engine> make_engine() {
    KindsConfig c;
    c.params.generated_dir = CUZK_POREP_PARAMS_DIR;  // the porep_params fixture's (or made here)
    c.params.filecoin_cache_dirs.clear();
    auto catalog = make_catalog(c);
    EXPECT_TRUE(catalog.is_ok());
    engine::EngineConfig config;
    config.log = [](engine::LogLevel, std::string_view line) { std::fprintf(stderr, "%.*s\n", int(line.size()), line.data()); };
    auto made = engine::Engine::create(config, engine::EngineParts{*catalog, [](ThreadPool& pool, std::string*) {
                                          std::vector<std::unique_ptr<groth16::ProverBackend>> out;
                                          out.push_back(backend::make_cpu_prover(pool));
                                          return out;
                                        }});
    EXPECT_TRUE(made.is_ok()) << made.status().to_string();
    return made.is_ok() ? std::move(made).value() : nullptr;
  }
};

TEST_F(PorepProveTest, RealAndSynthetic2KiBOutputsProveAndVerify) {
  auto engine = make_engine();
  ASSERT_TRUE(engine);
  auto config = porep::porep_config(filecoin::seal_proof("StackedDrg2KiBV1_1"));
  auto synthetic = porep::synthetic_commit1(*config, 9);
  ASSERT_TRUE(synthetic.is_ok());
  const porep::Commit1Input real = fixture();
  struct Case {
    std::string circuit;
    std::vector<uint8_t> payload;
    const porep::Commit1Output* output;
  };
  const Case cases[] = {{"StackedDrg2KiBV1_1", fixture_bytes(), &real.output},
                        {"porep-2KiB", bytes_of(porep::write_commit1_json(*synthetic)), &*synthetic}};
  std::vector<engine::JobId> ids;
  for (const Case& c : cases) {
    auto id = engine->submit({c.circuit, std::nullopt, c.payload});
    ASSERT_TRUE(id.is_ok()) << id.status().to_string();
    ids.push_back(*id);
  }
  for (size_t i = 0; i < ids.size(); ++i) {
    auto result = engine->await(ids[i], std::chrono::minutes(10));
    ASSERT_TRUE(result.is_ok()) << result.status().to_string();
    ASSERT_TRUE(result->status.is_ok()) << result->status.to_string();
    EXPECT_EQ(result->circuit_id, "porep-2KiB");
    EXPECT_EQ(result->kind, "porep");
    ASSERT_EQ(result->partitions.size(), 1u);
    // The inputs the proof was verified against are the verifier's.
    const porep::Commit1Output& o = *cases[i].output;
    auto expected = porep::porep_public_inputs(*config, o.replica_id, o.comm_d, o.comm_r, o.seed, 0);
    ASSERT_TRUE(expected.is_ok());
    EXPECT_EQ(result->partitions[0].public_inputs, *expected);
  }
}

}  // namespace
}  // namespace cuzk::kinds
