// A CircuitDef for engine tests: parameters of a chosen size, synthesis and proving that sleep
// for chosen times and count how many synthesized circuits are alive at once, and switches
// for failures. Its "proof" is the payload echoed back.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/circuit.hpp"

namespace cuzk::engine::testing {

struct FakeBehaviour {
  std::chrono::milliseconds synth_time{0}, prove_time{0};
  size_t partitions = 1;
  size_t partition_bytes = 1000;
  bool batchable = false;
  Priority priority = Priority::kNormal;
  bool fail_verify = false;
  std::atomic<int> alive{0};                  // synthesized circuits not yet freed
  std::atomic<int> unproven{0}, max_unproven{0};  // synthesized, not yet proved
  std::atomic<int> loads{0};
  std::atomic<int> prove_calls{0};
};

class FakeSrs final : public LoadedSrs {
 public:
  explicit FakeSrs(size_t n) : n_(n) {}
  size_t bytes() const override { return n_; }

 private:
  size_t n_;
};

class FakeSynthesized final : public SynthesizedCircuit {
 public:
  FakeSynthesized(FakeBehaviour& b, std::vector<uint8_t> bytes) : payload(std::move(bytes)), b_(b) {
    ++b_.alive;
    const int now = ++b_.unproven;
    int seen = b_.max_unproven.load();
    while (now > seen && !b_.max_unproven.compare_exchange_weak(seen, now)) {
    }
  }
  ~FakeSynthesized() override { --b_.alive; }
  size_t bytes() const override { return b_.partition_bytes; }

  std::vector<uint8_t> payload;

 private:
  FakeBehaviour& b_;
};

class FakeCircuit final : public CircuitDef {
 public:
  // The parameter file is created (srs_bytes long) under `dir`.
  FakeCircuit(std::string id, const std::filesystem::path& dir, size_t srs_bytes, FakeBehaviour& b)
      : id_(std::move(id)), path_((dir / (id_ + ".srs")).string()), srs_bytes_(srs_bytes), b_(b) {
    std::ofstream(path_, std::ios::binary) << std::string(16, 'x');
  }
  const std::string& id() const override { return id_; }
  std::string_view kind() const override { return "fake"; }
  Priority default_priority() const override { return b_.priority; }
  bool batchable() const override { return b_.batchable; }
  const std::string& srs_path() const override { return path_; }
  Status ensure_srs_file(ThreadPool&) const override { return Status::ok(); }
  Status generate_srs(ThreadPool&) const override { return Status::invalid_argument("fake parameters"); }
  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t>, ThreadPool&) const override {
    ++b_.loads;
    return std::shared_ptr<const LoadedSrs>(std::make_shared<FakeSrs>(srs_bytes_));
  }
  Result<ValidatedPayload> validate(std::span<const uint8_t> payload) const override {
    if (!payload.empty() && payload[0] == 0xff) return Status::invalid_argument("payload starts with 0xff");
    return ValidatedPayload{b_.partitions, nullptr};
  }
  size_t partition_bytes() const override { return b_.partition_bytes; }
  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs&, std::span<const uint8_t> payload,
                                                         const std::shared_ptr<const PreparedPayload>&,
                                                         size_t partition) const override {
    std::this_thread::sleep_for(b_.synth_time);
    if (!payload.empty() && payload[0] == 0xee) return Status(StatusCode::kUnsatisfiable, "bad witness");
    std::vector<uint8_t> p(payload.begin(), payload.end());
    p.push_back(static_cast<uint8_t>(partition));
    return std::unique_ptr<SynthesizedCircuit>(std::make_unique<FakeSynthesized>(b_, std::move(p)));
  }
  Result<std::vector<PartitionProof>> prove(const LoadedSrs&, std::span<SynthesizedCircuit* const> circuits,
                                            ProverBackend&, groth16::BlindingSource&) const override {
    ++b_.prove_calls;
    std::this_thread::sleep_for(b_.prove_time);
    b_.unproven -= static_cast<int>(circuits.size());
    std::vector<PartitionProof> out;
    for (SynthesizedCircuit* c : circuits) out.push_back({static_cast<FakeSynthesized*>(c)->payload, {"1"}});
    return out;
  }
  Status verify(const LoadedSrs&, const PartitionProof&) const override {
    return b_.fail_verify ? Status::invalid_argument("proof does not verify") : Status::ok();
  }

 private:
  std::string id_, path_;
  size_t srs_bytes_;
  FakeBehaviour& b_;
};

}  // namespace cuzk::engine::testing
