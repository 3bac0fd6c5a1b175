// A native circuit's recorded matrices: its first synthesis, or the generation of its
// parameters, records the matrices beside them (`<params>.matrices`), later ones and a new circuit
// object read them, and the circuit reports them as resident (CircuitDef::resident_bytes) from
// then on; its witness made whole equals classic synthesis's (inputs, aux, a, b, c, densities,
// public inputs) and its proof verifies; a corrupt cache is recorded again; without a parameter file
// they are recorded in memory, no cache written.
#include "kinds/recorded_matrices_cache.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "circuits/synthetic.hpp"
#include "groth16/cpu_prover.hpp"
#include "kinds/native_circuit.hpp"
#include "support/recorded_matrices_check.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::kinds {
namespace {

namespace fs = std::filesystem;

class RecordedMatricesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("cuzk_recorded_matrices_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::replace);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::shared_ptr<const engine::CircuitDef> circuit() const {
    NativeCircuitSpec spec;
    spec.id = "synthetic-500";
    spec.kind = "synthetic";
    spec.params_path = params_path();
    spec.generate_missing_params = true;
    spec.prepare = [](std::span<const uint8_t> payload, ThreadPool&) {
      return prepare_seed_payload("synthetic-500", payload, 1);
    };
    spec.circuit = [](const engine::PreparedPayload* prepared,
                      size_t partition) -> Result<std::unique_ptr<r1cs::Circuit>> {
      return std::unique_ptr<r1cs::Circuit>(
          std::make_unique<circuits::SyntheticCircuit>(500, seed_from_payload(raw_payload_bytes(prepared), partition)));
    };
    spec.witness = [circuit = spec.circuit](const engine::PreparedPayload& prepared, size_t partition,
                                            ThreadPool&) -> Result<PreparedWitness> {
      CUZK_ASSIGN_OR_RETURN(const std::unique_ptr<r1cs::Circuit> instance, circuit(&prepared, partition));
      return witness_of(*instance);
    };
    return make_native_circuit(std::move(spec));
  }
  std::string params_path() const { return (dir_ / "synthetic-500.params").string(); }

  std::shared_ptr<const engine::LoadedSrs> load(const engine::CircuitDef& def) {
    EXPECT_TRUE(def.ensure_srs_file(pool_).is_ok());
    std::ifstream in(params_path(), std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    Result<std::shared_ptr<const engine::LoadedSrs>> srs = def.load_srs(bytes, pool_);
    EXPECT_TRUE(srs.is_ok()) << srs.status().to_string();
    return srs.is_ok() ? *srs : nullptr;
  }

  static constexpr uint8_t kSeed[] = {1, 2, 3};

  std::unique_ptr<engine::SynthesizedCircuit> synthesize(const engine::CircuitDef& def, const engine::LoadedSrs& srs) {
    const Result<engine::ValidatedPayload> validated = def.validate(kSeed, pool_);
    EXPECT_TRUE(validated.is_ok()) << validated.status().to_string();
    Result<std::unique_ptr<engine::SynthesizedCircuit>> out = def.synthesize(srs, kSeed, validated->prepared, 0, pool_);
    EXPECT_TRUE(out.is_ok()) << out.status().to_string();
    return out.is_ok() ? std::move(out).value() : nullptr;
  }

  // Classic synthesis of the seed's circuit (input rows appended): the reference.
  r1cs::ProvingAssignment classic(const engine::CircuitDef& def) {
    const Result<engine::ValidatedPayload> validated = def.validate(kSeed, pool_);
    EXPECT_TRUE(validated.is_ok());
    r1cs::ProvingAssignment out;
    auto instance = native_circuit_spec(def)->circuit(validated->prepared.get(), 0);
    EXPECT_TRUE(instance.is_ok() && (*instance)->synthesize(out).is_ok());
    out.append_input_constraints();
    return out;
  }

  // A synthesized witness made whole (input rows appended).
  r1cs::ProvingAssignment whole(const engine::SynthesizedCircuit& synthesized) {
    r1cs::ProvingAssignment out;
    EXPECT_TRUE(witness::materialize(synthesized.witness, out, pool_).is_ok());
    out.append_input_constraints();
    return out;
  }

  fs::path dir_;
  ThreadPool pool_{2};
};

TEST_F(RecordedMatricesTest, EqualsClassicSynthesisAndItsProofVerifies) {
  const auto srs = load(*circuit());  // generating the parameters records the matrices: dropped below
  ASSERT_NE(srs, nullptr);
  fs::remove(recorded_matrices_path(params_path()));
  const auto def = circuit();
  const r1cs::ProvingAssignment reference = classic(*def);
  EXPECT_FALSE(fs::exists(recorded_matrices_path(params_path())));
  EXPECT_EQ(def->resident_bytes(), 0u);
  const auto recorded = synthesize(*def, *srs);
  ASSERT_TRUE(recorded);
  EXPECT_TRUE(fs::exists(recorded_matrices_path(params_path())));  // recorded at the first synthesis
  EXPECT_GT(def->resident_bytes(), 0u) << "held from the first synthesis on";
  const r1cs::ProvingAssignment got = whole(*recorded);
  test::expect_same_values(got.aux_assignment, reference.aux_assignment, "aux");
  const std::vector<ff::Fr> allocated(reference.input_assignment.begin() + 1, reference.input_assignment.end());
  test::expect_same_values(recorded->public_inputs, allocated, "public inputs");
  test::expect_same_assignment(got, reference);  // input rows appended on both

  groth16::CpuProver prover(pool_);
  groth16::FixedBlinding blinding(ff::Fr::from_u64(5), ff::Fr::from_u64(7));
  const witness::PartitionWitness* circuits[] = {&recorded->witness};
  const Result<std::vector<groth16::Proof>> proofs =
      prover.prove(srs->proving_key(), circuits, groth16::QapConvention::kBellperson, blinding);
  ASSERT_TRUE(proofs.is_ok()) << proofs.status().to_string();
  EXPECT_TRUE(def->verify(*srs, (*proofs)[0], recorded->public_inputs).is_ok());

  // A second synthesis and a new circuit object read what was recorded.
  const auto again = synthesize(*circuit(), *srs);
  ASSERT_TRUE(again);
  test::expect_same_assignment(whole(*again), reference);
}

TEST_F(RecordedMatricesTest, ACorruptCacheIsRecordedAgain) {
  const auto srs = load(*circuit());
  ASSERT_NE(srs, nullptr);
  const r1cs::ProvingAssignment reference = classic(*circuit());
  ASSERT_NE(synthesize(*circuit(), *srs), nullptr);
  const std::string cache = recorded_matrices_path(params_path());
  const uintmax_t size = fs::file_size(cache);
  fs::resize_file(cache, size / 2);
  const auto recorded = synthesize(*circuit(), *srs);
  ASSERT_TRUE(recorded);
  test::expect_same_assignment(whole(*recorded), reference);
  EXPECT_EQ(fs::file_size(cache), size);
}

TEST_F(RecordedMatricesTest, GeneratingTheParametersRecordsTheMatrices) {
  ASSERT_TRUE(circuit()->ensure_srs_file(pool_).is_ok());
  EXPECT_TRUE(fs::exists(recorded_matrices_path(params_path())));
}

TEST_F(RecordedMatricesTest, WithoutAParameterFileTheyAreRecordedInMemory) {
  const std::string missing = (dir_ / "missing.params").string();
  const RecordedMatricesCache matrices("x", missing, [] {
    return Result<std::unique_ptr<r1cs::Circuit>>(std::make_unique<circuits::SyntheticCircuit>(10, 1));
  });
  const Result<std::shared_ptr<const r1cs::RecordedMatrices>> shape = matrices.get(pool_);
  ASSERT_TRUE(shape.is_ok()) << shape.status().to_string();
  EXPECT_GT((*shape)->num_constraints, 0u);
  EXPECT_FALSE(fs::exists(recorded_matrices_path(missing)));
}

// Parameters in a folder this process cannot write (a read-only store, stood in for by the
// `writable` predicate: root writes anywhere else): the recording is cached in the user's cache
// folder and read from there by the next process; a valid recording beside the parameters is
// used as it is; without any cache folder it stays in memory.
TEST_F(RecordedMatricesTest, BesideReadOnlyParametersTheCacheGoesToTheUserCacheFolder) {
  ASSERT_TRUE(circuit()->ensure_srs_file(pool_).is_ok());  // the parameter file
  fs::remove(recorded_matrices_path(params_path()));        // (and its recording, made with it)
  const fs::path xdg = dir_ / "xdg";
  ::setenv("XDG_CACHE_HOME", xdg.c_str(), 1);
  int recordings = 0;
  auto blank = [&recordings] {
    ++recordings;
    return Result<std::unique_ptr<r1cs::Circuit>>(std::make_unique<circuits::SyntheticCircuit>(500, 1));
  };
  auto read_only = [](const std::string&) { return false; };
  const fs::path user_cache = xdg / "cuzk" / "recorded-matrices" / "synthetic-500.params.matrices";
  EXPECT_EQ(recorded_matrices_cache_path(params_path(), read_only), user_cache.string());
  EXPECT_EQ(recorded_matrices_cache_path(params_path()), recorded_matrices_path(params_path()));

  ASSERT_TRUE(RecordedMatricesCache("synthetic-500", params_path(), blank, read_only).get(pool_).is_ok());
  EXPECT_EQ(recordings, 1);
  EXPECT_TRUE(fs::exists(user_cache));
  EXPECT_FALSE(fs::exists(recorded_matrices_path(params_path())));
  const auto again = RecordedMatricesCache("synthetic-500", params_path(), blank, read_only).get(pool_);
  ASSERT_TRUE(again.is_ok()) << again.status().to_string();
  EXPECT_EQ(recordings, 1) << "the next process reads the user cache";

  // a recording beside the parameters (made while the folder was writable) is used read-only
  ASSERT_TRUE(RecordedMatricesCache("synthetic-500", params_path(), blank).get(pool_).is_ok());
  EXPECT_EQ(recordings, 2);
  EXPECT_TRUE(fs::exists(recorded_matrices_path(params_path())));
  fs::remove(user_cache);
  const auto beside = RecordedMatricesCache("synthetic-500", params_path(), blank, read_only).get(pool_);
  ASSERT_TRUE(beside.is_ok()) << beside.status().to_string();
  EXPECT_EQ(recordings, 2);
  EXPECT_FALSE(fs::exists(user_cache));

  // no cache folder at all: recorded in memory
  fs::remove(recorded_matrices_path(params_path()));
  const char* home = std::getenv("HOME");
  const std::string saved_home = home != nullptr ? home : "";
  ::unsetenv("XDG_CACHE_HOME");
  ::unsetenv("HOME");
  EXPECT_EQ(recorded_matrices_cache_path(params_path(), read_only), "");
  const auto in_memory = RecordedMatricesCache("synthetic-500", params_path(), blank, read_only).get(pool_);
  if (home != nullptr) ::setenv("HOME", saved_home.c_str(), 1);
  ASSERT_TRUE(in_memory.is_ok()) << in_memory.status().to_string();
  EXPECT_EQ(recordings, 3);
  EXPECT_FALSE(fs::exists(recorded_matrices_path(params_path())));
}

}  // namespace
}  // namespace cuzk::kinds
