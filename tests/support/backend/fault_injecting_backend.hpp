// FaultInjectingBackend: a ProverBackend for tests that wraps another and, at chosen prove
// calls, fails (kInternal), reports a device error (kDeviceError), or stalls — before the
// wrapped backend runs, or after it (its proofs then dropped). The engine's failure paths (a
// job failing cleanly, a unit handed to another worker, the engine staying healthy, no buffer
// leaking) are tested through it. Thread-safe as far as the wrapped backend is.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "groth16/prover_backend.hpp"

namespace cuzk::backend {

struct Fault {
  enum class Action : uint8_t { kFail, kDeviceError, kStall };
  enum class Phase : uint8_t { kBeforeProve, kAfterProve };
  Action action = Action::kFail;
  Phase phase = Phase::kBeforeProve;
  size_t first_call = 0;               // the first prove call (0-based) it hits
  size_t calls = 1;                    // how many consecutive calls it hits (SIZE_MAX: all)
  std::chrono::milliseconds stall{0};  // kStall: how long (then the call goes on normally)
};

class FaultInjectingBackend final : public groth16::ProverBackend {
 public:
  FaultInjectingBackend(std::unique_ptr<groth16::ProverBackend> inner, std::vector<Fault> faults,
                        std::string name = "fault");

  const std::string& name() const override { return name_; }
  std::string describe() const override { return "fault-injecting (" + inner_->describe() + ")"; }
  bool on_device() const override { return inner_->on_device(); }
  groth16::DeviceMemory device_memory() const override { return inner_->device_memory(); }
  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const witness::PartitionWitness* const> circuits,
                                            groth16::QapConvention convention,
                                            groth16::BlindingSource& blinding) override;
  bool holds(const groth16::ProvingKey& pk) const override { return inner_->holds(pk); }
  void release(const groth16::ProvingKey& pk) override { inner_->release(pk); }

  // Prove calls so far, and how many of them a fault hit.
  size_t calls() const { return calls_; }
  size_t faulted() const { return faulted_; }

 private:
  // The fault for call `n` in `phase`, if any.
  const Fault* fault_at(size_t n, Fault::Phase phase) const;
  // Applies `fault`: the error to return, or OK after a stall.
  Status apply(const Fault& fault, size_t n);

  std::unique_ptr<groth16::ProverBackend> inner_;
  std::vector<Fault> faults_;
  std::string name_;
  std::atomic<size_t> calls_{0}, faulted_{0};
};

}  // namespace cuzk::backend
