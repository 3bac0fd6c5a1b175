// A CircuitDef and a ProverBackend for engine tests: parameters of a chosen size, synthesis and
// proving that sleep for chosen times and count how many synthesized circuits are alive at
// once, a validation that can be held (a slow one, to watch a job validating) and the working
// memory it asks for, loads that take a chosen time, memory the circuit holds resident once it
// synthesized, and switches for failures (a payload starting 0xff, or holding a chosen text,
// refused; a row a·b ≠ c, a proof that does not verify, verified whatever self_verify says). A
// fake partition's public inputs echo its payload's first byte and its partition index (and,
// when asked, the payload's size), so results can be traced back to their jobs. Its backend
// reports the device memory it is given.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "engine/circuit.hpp"
#include "engine/engine.hpp"
#include "groth16/proof_assembly.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/row_check.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::engine::testing {

struct FakeBehaviour {
  std::chrono::milliseconds synth_time{0}, prove_time{0};
  size_t partitions = 1;
  size_t partition_bytes = 1000;
  size_t resident_bytes = 0;  // held by the circuit from its first synthesis on (CircuitDef::resident_bytes)
  bool batchable = false;
  Priority priority = Priority::kNormal;
  bool fail_verify = false;
  bool bad_row = false;       // the synthesized witness has a row with a·b ≠ c
  bool rows_checked = true;   // witness_checked_by_rows()
  std::string refuse_containing;    // validate() refuses a payload holding this text (if set)
  bool echo_payload_size = false;   // a third public input: the payload's size in bytes
  bool always_verified = false;  // always_verified()
  size_t validation_bytes = 0;   // validation_bytes(), whatever the payload
  std::chrono::milliseconds load_time{0};  // load_srs() takes this long
  size_t srs_file_bytes = 16;       // the parameter file's size
  bool reads_srs_file = false;      // load_srs reads every byte of the mapped file, as a parser does
  std::function<void()> mid_load;   // runs in load_srs before that read (the file changing under it)
  std::atomic<bool> hold_validation{false};  // validate() waits while set
  std::atomic<int> validating{0};            // validate() calls in progress
  std::atomic<int> max_validating{0};        // the most at once
  std::atomic<int> alive{0};                  // synthesized circuits not yet freed
  std::atomic<int> unproven{0}, max_unproven{0};  // synthesized, not yet proved
  std::atomic<int> loads{0};
  std::atomic<uint64_t> srs_file_sum{0};  // what the last load read (with reads_srs_file)
  std::atomic<int> prove_calls{0};
};

// Which behaviour a fake key belongs to (the fake backend only sees the key).
inline std::mutex& fake_keys_mutex() {
  static std::mutex m;
  return m;
}
inline std::map<const groth16::ProvingKey*, FakeBehaviour*>& fake_keys() {
  static std::map<const groth16::ProvingKey*, FakeBehaviour*> keys;
  return keys;
}

class FakeSrs final : public LoadedSrs {
 public:
  FakeSrs(size_t n, FakeBehaviour& b) : n_(n) {
    std::lock_guard<std::mutex> lock(fake_keys_mutex());
    fake_keys()[&pk_] = &b;
  }
  ~FakeSrs() override {
    std::lock_guard<std::mutex> lock(fake_keys_mutex());
    fake_keys().erase(&pk_);
  }
  size_t bytes() const override { return n_; }
  const groth16::ProvingKey& proving_key() const override { return pk_; }
  const groth16::PreparedVerifyingKey& verifying_key() const override { return pvk_; }

 private:
  size_t n_;
  groth16::ProvingKey pk_;
  groth16::PreparedVerifyingKey pvk_;
};

class FakeSynthesized final : public SynthesizedCircuit {
 public:
  explicit FakeSynthesized(FakeBehaviour& b) : b_(b) {
    ++b_.alive;
    const int now = ++b_.unproven;
    int seen = b_.max_unproven.load();
    while (now > seen && !b_.max_unproven.compare_exchange_weak(seen, now)) {
    }
  }
  ~FakeSynthesized() override { --b_.alive; }

 private:
  FakeBehaviour& b_;
};

// Three rows over aux x, y, z: ONE·ONE = ONE, x·y = z, 0·ONE = 0; the witness x = 2, y = 3,
// z = 7 breaks row 1.
inline witness::PartitionWitness bad_row_witness() {
  r1cs::MatricesRecorder recorder;
  const r1cs::Variable x = recorder.alloc(ff::Fr::zero()), y = recorder.alloc(ff::Fr::zero()),
                       z = recorder.alloc(ff::Fr::zero());
  const r1cs::LinearCombination one(r1cs::Variable::one());
  recorder.enforce(one, one, one);
  recorder.enforce(r1cs::LinearCombination(x), r1cs::LinearCombination(y), r1cs::LinearCombination(z));
  recorder.enforce({}, one, {});
  const ff::Fr values[] = {ff::Fr::one(), ff::Fr::from_u64(2), ff::Fr::from_u64(3), ff::Fr::from_u64(7)};
  return witness::witness_from_values(values, 1, std::make_shared<r1cs::RecordedMatrices>(std::move(recorder).finish()));
}

class FakeCircuit final : public CircuitDef {
 public:
  // The parameter file is created (srs_bytes long) under `dir`.
  FakeCircuit(std::string id, const std::filesystem::path& dir, size_t srs_bytes, FakeBehaviour& b)
      : id_(std::move(id)), path_((dir / (id_ + ".srs")).string()), srs_bytes_(srs_bytes), b_(b) {
    std::ofstream(path_, std::ios::binary) << std::string(b.srs_file_bytes, 'x');
  }
  const std::string& id() const override { return id_; }
  std::string_view kind() const override { return "fake"; }
  Priority default_priority() const override { return b_.priority; }
  bool batchable() const override { return b_.batchable; }
  groth16::QapConvention convention() const override { return groth16::QapConvention::kBellperson; }
  ProofEncoding encoding() const override { return ProofEncoding::kBellperson; }
  const std::string& srs_path() const override { return path_; }
  Status ensure_srs_file(ThreadPool&, std::stop_token) const override { return Status::ok(); }
  Status generate_srs(ThreadPool&, std::stop_token) const override {
    return Status::invalid_argument("fake parameters");
  }
  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool&) const override {
    ++b_.loads;
    std::this_thread::sleep_for(b_.load_time);
    if (b_.mid_load) b_.mid_load();
    if (b_.reads_srs_file) {
      uint64_t sum = 0;
      for (const uint8_t byte : file) sum += byte;
      b_.srs_file_sum = sum;
    }
    return std::shared_ptr<const LoadedSrs>(std::make_shared<FakeSrs>(srs_bytes_, b_));
  }
  Result<ValidatedPayload> validate(std::span<const uint8_t> payload, ThreadPool&) const override {
    const int now = ++b_.validating;
    int seen = b_.max_validating.load();
    while (now > seen && !b_.max_validating.compare_exchange_weak(seen, now)) {
    }
    while (b_.hold_validation) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    --b_.validating;
    if (!payload.empty() && payload[0] == 0xff) return Status::invalid_argument("payload starts with 0xff");
    if (!b_.refuse_containing.empty() &&
        std::string_view(reinterpret_cast<const char*>(payload.data()), payload.size()).find(b_.refuse_containing) !=
            std::string_view::npos) {
      return Status::invalid_argument("payload holds '" + b_.refuse_containing + "'");
    }
    return ValidatedPayload{b_.partitions, nullptr};
  }
  size_t partition_bytes() const override { return b_.partition_bytes; }
  size_t resident_bytes() const override { return synthesized_once_ ? b_.resident_bytes : 0; }
  size_t validation_bytes(size_t) const override { return b_.validation_bytes; }
  bool witness_checked_by_rows() const override { return b_.rows_checked; }
  bool always_verified() const override { return b_.always_verified || !b_.rows_checked; }
  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs&, std::span<const uint8_t> payload,
                                                         const std::shared_ptr<const PreparedPayload>&,
                                                         size_t partition, ThreadPool&) const override {
    std::this_thread::sleep_for(b_.synth_time);
    synthesized_once_ = true;
    if (!payload.empty() && payload[0] == 0xee) return Status(StatusCode::kUnsatisfiable, "bad witness");
    auto out = std::make_unique<FakeSynthesized>(b_);
    if (b_.bad_row) out->witness = bad_row_witness();
    out->public_inputs = {ff::Fr::from_u64(payload.empty() ? 0 : payload[0]), ff::Fr::from_u64(partition)};
    if (b_.echo_payload_size) out->public_inputs.push_back(ff::Fr::from_u64(payload.size()));
    return std::unique_ptr<SynthesizedCircuit>(std::move(out));
  }
  Status verify(const LoadedSrs&, const groth16::Proof&, std::span<const ff::Fr>) const override {
    return b_.fail_verify ? Status::invalid_argument("proof does not verify") : Status::ok();
  }

 private:
  std::string id_, path_;
  size_t srs_bytes_;
  FakeBehaviour& b_;
  mutable std::atomic<bool> synthesized_once_{false};
};

// Proves fake circuits (checks the rows of witnesses that carry matrices, as every backend does,
// then sleeps for their behaviour's prove_time and returns empty proofs) and hands every other
// key to `real` (the CPU prover in tests that mix fake and real circuits).
class FakeBackend final : public groth16::ProverBackend {
 public:
  explicit FakeBackend(std::unique_ptr<groth16::ProverBackend> real = nullptr, std::string name = "cpu",
                       bool on_device = false)
      : real_(std::move(real)), name_(std::move(name)), on_device_(on_device) {}
  const std::string& name() const override { return name_; }
  std::string describe() const override { return "fake"; }
  bool on_device() const override { return on_device_; }
  groth16::DeviceMemory device_memory() const override { return memory; }
  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const witness::PartitionWitness* const> circuits,
                                            groth16::QapConvention convention,
                                            groth16::BlindingSource& blinding) override {
    for (const witness::PartitionWitness* w : circuits) witness_circuits += w->matrices ? 1 : 0;
    FakeBehaviour* b = nullptr;
    {
      std::lock_guard<std::mutex> lock(fake_keys_mutex());
      auto it = fake_keys().find(&pk);
      if (it != fake_keys().end()) b = it->second;
    }
    if (b == nullptr) {
      if (real_) return real_->prove(pk, circuits, convention, blinding);
      return Status::internal("a key the fake backend does not know");
    }
    for (size_t index = 0; index < circuits.size(); ++index) {
      if (!circuits[index]->matrices) continue;
      r1cs::ProvingAssignment whole;
      Status rows = witness::materialize(*circuits[index], whole, ThreadPool::shared());
      if (rows.is_ok()) rows = r1cs::check_rows(whole, ThreadPool::shared());
      if (!rows.is_ok()) return groth16::circuit_error(index, rows);
    }
    ++b->prove_calls;
    std::this_thread::sleep_for(b->prove_time);
    b->unproven -= static_cast<int>(circuits.size());
    return std::vector<groth16::Proof>(circuits.size());
  }
  bool holds(const groth16::ProvingKey& pk) const override { return real_ && real_->holds(pk); }
  void release(const groth16::ProvingKey& pk) override {
    if (real_) real_->release(pk);
  }
  std::atomic<int> witness_circuits{0};  // circuits it was given with their recorded matrices
  groth16::DeviceMemory memory;          // what device_memory() reports (set before the engine starts)

 private:
  std::unique_ptr<groth16::ProverBackend> real_;
  std::string name_;
  bool on_device_;
};

}  // namespace cuzk::engine::testing
