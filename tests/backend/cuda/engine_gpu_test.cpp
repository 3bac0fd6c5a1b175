// The engine on the GPU: engine::Engine with one GpuProver worker made as the daemon makes its
// backends (backend::make_provers), over native circuits with recorded constraint matrices (a
// 4-partition synthetic circuit and WindowPoSt 2 KiB, from seeds, parameters generated on first
// use). Jobs submitted together all succeed, every proof verifies against the verifying key
// read back from its parameter file, and the worker merged ready units into one prove call
// (JobResult::batch_size above the scheduler's batches of one). A job whose witness breaks a
// constraint fails as UNSATISFIABLE naming the row (the device's check), while the jobs proved
// in the same calls succeed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "backend/prover_factory.hpp"
#include "common/reclaimer.hpp"
#include "engine/engine.hpp"
#include "gpu_test_util.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/verifier.hpp"
#include "kinds/catalog.hpp"
#include "kinds/native_circuit.hpp"

namespace cuzk::engine {
namespace {

using std::chrono::milliseconds;

constexpr const char* kSynthetic = "synthetic-16384x4";
constexpr const char* kWindowPost = "window-post-2KiB";
constexpr uint8_t kBreakingSeed = 0xbb;  // BreakingCircuit: this seed's partition 1 breaks a constraint

// The synthetic circuit of `inner` whose partition 1 of a job seeded kBreakingSeed has p of
// its first block raised by 3 in its packed witness, so that constraint 0 (x0·x1 = p) fails
// and only the GPU, which computes a, b, c, can tell. Everything else is the inner circuit's.
class BreakingCircuit final : public CircuitDef {
 public:
  explicit BreakingCircuit(std::shared_ptr<const CircuitDef> inner)
      : inner_(std::move(inner)), id_(inner_->id() + "-breaking") {}
  const std::string& id() const override { return id_; }
  std::string_view kind() const override { return inner_->kind(); }
  Priority default_priority() const override { return inner_->default_priority(); }
  bool batchable() const override { return inner_->batchable(); }
  groth16::QapConvention convention() const override { return inner_->convention(); }
  ProofEncoding encoding() const override { return inner_->encoding(); }
  const std::string& srs_path() const override { return inner_->srs_path(); }
  Status ensure_srs_file(ThreadPool& pool, std::stop_token stop) const override {
    return inner_->ensure_srs_file(pool, std::move(stop));
  }
  Status generate_srs(ThreadPool& pool, std::stop_token stop) const override {
    return inner_->generate_srs(pool, std::move(stop));
  }
  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool& pool) const override {
    return inner_->load_srs(file, pool);
  }
  Result<ValidatedPayload> validate(std::span<const uint8_t> payload, ThreadPool& pool) const override {
    return inner_->validate(payload, pool);
  }
  size_t partition_bytes() const override { return inner_->partition_bytes(); }
  size_t resident_bytes() const override { return inner_->resident_bytes(); }
  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs& srs, std::span<const uint8_t> payload,
                                                         const std::shared_ptr<const PreparedPayload>& prepared,
                                                         size_t partition, ThreadPool& pool) const override {
    CUZK_ASSIGN_OR_RETURN(std::unique_ptr<SynthesizedCircuit> out,
                          inner_->synthesize(srs, payload, prepared, partition, pool));
    // the engine keeps a seeded job's payload as its prepared form
    const std::span<const uint8_t> seed = payload.empty() ? kinds::raw_payload_bytes(prepared.get()) : payload;
    if (seed.empty() || seed[0] != kBreakingSeed || partition != 1) return out;
    r1cs::PackedAux& aux = out->witness.values.aux;
    const std::vector<ff::Fr> values = aux.expand();
    r1cs::PackedAux broken;
    for (size_t i = 0; i < values.size(); ++i) broken.push(i == 2 ? values[i] + ff::Fr::from_u64(3) : values[i]);
    aux = std::move(broken);
    return out;
  }
  Status verify(const LoadedSrs& srs, const groth16::Proof& proof,
                std::span<const ff::Fr> public_inputs) const override {
    return inner_->verify(srs, proof, public_inputs);
  }
  void recycle(std::unique_ptr<SynthesizedCircuit> done) const override { inner_->recycle(std::move(done)); }

 private:
  std::shared_ptr<const CircuitDef> inner_;
  std::string id_;
};

class EngineGpuTest : public backend::cuda::test::GpuTest {
 protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (IsSkipped()) return;
    dir_ = std::filesystem::temp_directory_path() /
           ("cuzk_engine_gpu_test_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
            "_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    kinds::KindsConfig kinds;  // as the daemon's, parameters generated here only
    kinds.params.generated_dir = (dir_ / "generated").string();
    kinds.params.matrices_dir = (dir_ / "matrices").string();
    kinds.params.filecoin_cache_dirs.clear();
    kinds.synthetic_on_demand = true;
    kinds.multiplier = [] { return backend::make_gpu_generator_multiplier(); };
    auto catalog = kinds::make_catalog(kinds);
    ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
    catalog_ = *catalog;
  }
  void TearDown() override {
    engine_.reset();
    Reclaimer::shared().drain();
    catalog_.reset();
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
  }

  // The engine with one worker on GPU 0, made as the daemon makes its backends; scheduler
  // batches of one job, so a prove call of several circuits is the worker's merge.
  void start() {
    EngineConfig config;
    config.scheduler.max_batch_size = 1;
    auto engine = Engine::create(std::move(config), EngineParts{catalog_, [](ThreadPool& pool, std::string* note) {
                                                              const std::vector<int> gpu0{0};
                                                              return backend::make_provers(true, gpu0, pool, note);
                                                            }});
    ASSERT_TRUE(engine.is_ok()) << engine.status().to_string();
    engine_ = std::move(engine).value();
    const EngineStatus s = engine_->status();
    ASSERT_EQ(s.workers.size(), 1u);
    ASSERT_EQ(s.workers[0].name, "cuda:0") << "no GPU worker: " << s.gpu_note;
  }

  JobId submit(const std::string& circuit, uint8_t seed) {
    auto id = engine_->submit(JobRequest{circuit, std::nullopt, {seed}});
    EXPECT_TRUE(id.is_ok()) << id.status().to_string();
    return id.is_ok() ? *id : 0;
  }

  JobResult await(JobId id) {
    auto r = engine_->await(id, milliseconds(60000));
    EXPECT_TRUE(r.is_ok()) << r.status().to_string();
    return r.is_ok() ? *r : JobResult{};
  }

  // Every partition's proof verifies against the verifying key in `circuit`'s parameter file.
  void expect_proofs_verify(const std::string& circuit, const std::vector<JobResult>& results, size_t partitions) {
    const std::shared_ptr<const CircuitDef> def = catalog_->find(circuit);
    ASSERT_NE(def, nullptr);
    std::ifstream in(def->srs_path(), std::ios::binary);
    auto pk = groth16::read_proving_key(in, def->srs_path(), ec::SubgroupCheck::kNo);
    ASSERT_TRUE(pk.is_ok()) << pk.status().to_string();
    const auto pvk = groth16::PreparedVerifyingKey::from(pk->vk);
    for (const JobResult& r : results) {
      ASSERT_TRUE(r.status.is_ok()) << "job " << r.id << ": " << r.status.to_string();
      EXPECT_EQ(r.worker, "cuda:0");
      ASSERT_EQ(r.partitions.size(), partitions) << "job " << r.id;
      for (size_t p = 0; p < partitions; ++p) {
        EXPECT_TRUE(groth16::verify(pvk, r.partitions[p].proof, r.partitions[p].public_inputs).is_ok())
            << "job " << r.id << " partition " << p;
      }
    }
  }

  std::filesystem::path dir_;
  std::shared_ptr<CircuitCatalog> catalog_;
  std::unique_ptr<Engine> engine_;
};

TEST_F(EngineGpuTest, JobsSubmittedTogetherProveDeferredAndMerged) {
  start();
  std::vector<JobId> synthetic, post;
  for (uint8_t seed = 1; seed <= 3; ++seed) synthetic.push_back(submit(kSynthetic, seed));
  for (uint8_t seed = 1; seed <= 3; ++seed) post.push_back(submit(kWindowPost, seed));
  std::vector<JobResult> synthetic_results, post_results;
  for (JobId id : synthetic) synthetic_results.push_back(await(id));
  for (JobId id : post) post_results.push_back(await(id));
  expect_proofs_verify(kSynthetic, synthetic_results, 4);
  expect_proofs_verify(kWindowPost, post_results, 1);

  const EngineStatus s = engine_->status();
  EXPECT_EQ(s.done, 6u);
  EXPECT_EQ(s.workers[0].proofs, 3u * 4 + 3);
  EXPECT_GT(s.working_resident, 0u) << "the circuits' recorded matrices count against the budget";
  size_t largest_call = 0;
  for (const JobResult& r : synthetic_results) largest_call = std::max(largest_call, r.batch_size);
  // 12 partitions synthesized in a few ms each, proved while the next are made: ready ones merge
  EXPECT_GT(largest_call, 1u) << "no prove call merged several units";
  EXPECT_NE(engine_->metrics_text().find("cuzk_worker_proofs_total{worker=\"cuda:0\"} 15\n"), std::string::npos);
}

TEST_F(EngineGpuTest, ABrokenWitnessFailsOnlyItsJob) {
  const std::shared_ptr<const CircuitDef> inner = catalog_->find(kSynthetic);
  ASSERT_NE(inner, nullptr);
  const auto breaking = std::make_shared<BreakingCircuit>(inner);
  ASSERT_TRUE(catalog_->add(breaking).is_ok());
  start();
  const JobId good1 = submit(breaking->id(), 1), bad = submit(breaking->id(), kBreakingSeed),
              good2 = submit(breaking->id(), 2);
  const JobResult r1 = await(good1), rb = await(bad), r2 = await(good2);
  EXPECT_EQ(rb.status.code(), StatusCode::kUnsatisfiable) << rb.status.to_string();
  EXPECT_NE(rb.status.message().find("does not satisfy constraint 0 of"), std::string::npos) << rb.status.to_string();
  EXPECT_TRUE(rb.partitions.empty());
  expect_proofs_verify(breaking->id(), {r1, r2}, 4);
}

}  // namespace
}  // namespace cuzk::engine
