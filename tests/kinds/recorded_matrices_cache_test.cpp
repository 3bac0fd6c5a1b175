// A native circuit's recorded matrices: its first synthesis, or the generation of its
// parameters, records the matrices into cuzk's cache folder (`<matrices dir>/<params
// name>.matrices`, never beside the parameters), later ones and a new circuit object read them,
// and the circuit reports them as resident (CircuitDef::resident_bytes) from then on; its
// witness made whole equals classic synthesis's (inputs, aux, a, b, c, densities, public inputs)
// and its proof verifies; a corrupt cache, or one others could have written, is recorded again;
// without a parameter file or a usable cache folder they are recorded in memory, no cache written.
#include "kinds/recorded_matrices_cache.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

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
    spec.matrices_dir = matrices_dir();
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
  std::string params_path() const { return (dir_ / "params" / "synthetic-500.params").string(); }
  std::string matrices_dir() const { return (dir_ / "matrices").string(); }
  std::string cache_path() const { return recorded_matrices_path(matrices_dir(), params_path()); }

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
  fs::remove(cache_path());
  const auto def = circuit();
  const r1cs::ProvingAssignment reference = classic(*def);
  EXPECT_FALSE(fs::exists(cache_path()));
  EXPECT_EQ(def->resident_bytes(), 0u);
  const auto recorded = synthesize(*def, *srs);
  ASSERT_TRUE(recorded);
  EXPECT_TRUE(fs::exists(cache_path()));  // recorded at the first synthesis
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
  const std::string cache = cache_path();
  const uintmax_t size = fs::file_size(cache);
  fs::resize_file(cache, size / 2);
  const auto recorded = synthesize(*circuit(), *srs);
  ASSERT_TRUE(recorded);
  test::expect_same_assignment(whole(*recorded), reference);
  EXPECT_EQ(fs::file_size(cache), size);
}

TEST_F(RecordedMatricesTest, GeneratingTheParametersRecordsTheMatrices) {
  ASSERT_TRUE(circuit()->ensure_srs_file(pool_).is_ok());
  EXPECT_TRUE(fs::exists(cache_path()));
}

TEST_F(RecordedMatricesTest, WithoutAParameterFileTheyAreRecordedInMemory) {
  const std::string missing = (dir_ / "missing.params").string();
  const RecordedMatricesCache matrices("x", missing, matrices_dir(), [] {
    return Result<std::unique_ptr<r1cs::Circuit>>(std::make_unique<circuits::SyntheticCircuit>(10, 1));
  });
  const Result<std::shared_ptr<const r1cs::RecordedMatrices>> shape = matrices.get(pool_);
  ASSERT_TRUE(shape.is_ok()) << shape.status().to_string();
  EXPECT_GT((*shape)->num_constraints, 0u);
  EXPECT_FALSE(fs::exists(recorded_matrices_path(matrices_dir(), missing)));
}

// The cache is cuzk's own: nothing is written into the parameters' folder, even when it is
// writable; a cache file others may write is recorded again and replaced; without a cache
// folder, or with one that cannot be made private, the matrices stay in memory.
TEST_F(RecordedMatricesTest, TheCacheIsCuzksOwnNeverBesideTheParameters) {
  ASSERT_TRUE(circuit()->ensure_srs_file(pool_).is_ok());  // the parameters and their recording
  EXPECT_EQ(cache_path(), (dir_ / "matrices" / "synthetic-500.params.matrices").string());
  EXPECT_TRUE(fs::exists(cache_path()));
  for (const auto& entry : fs::directory_iterator(dir_ / "params")) {
    EXPECT_EQ(entry.path().string().find(".matrices"), std::string::npos) << entry.path() << " beside the parameters";
  }
  struct stat st {};
  ASSERT_EQ(::stat(matrices_dir().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u) << "made private";

  int recordings = 0;
  auto blank = [&recordings] {
    ++recordings;
    return Result<std::unique_ptr<r1cs::Circuit>>(std::make_unique<circuits::SyntheticCircuit>(500, 1));
  };
  ASSERT_TRUE(RecordedMatricesCache("synthetic-500", params_path(), matrices_dir(), blank).get(pool_).is_ok());
  EXPECT_EQ(recordings, 0) << "read from the cache";
  ::chmod(cache_path().c_str(), 0666);  // others could have written it
  ASSERT_TRUE(RecordedMatricesCache("synthetic-500", params_path(), matrices_dir(), blank).get(pool_).is_ok());
  EXPECT_EQ(recordings, 1);
  ASSERT_EQ(::stat(cache_path().c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u) << "replaced by a private recording";

  fs::remove(cache_path());
  ASSERT_TRUE(RecordedMatricesCache("synthetic-500", params_path(), "", blank).get(pool_).is_ok());
  EXPECT_EQ(recordings, 2);
  const fs::path open_folder = dir_ / "open";
  fs::create_directories(open_folder);
  ::chmod(open_folder.c_str(), 0777);
  ASSERT_TRUE(RecordedMatricesCache("synthetic-500", params_path(), (open_folder / "m").string(), blank)
                  .get(pool_)
                  .is_ok());
  EXPECT_EQ(recordings, 3);
  EXPECT_FALSE(fs::exists(cache_path()));
  EXPECT_FALSE(fs::exists(recorded_matrices_path((open_folder / "m").string(), params_path())));
}

}  // namespace
}  // namespace cuzk::kinds
