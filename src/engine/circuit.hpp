// CircuitDef: everything the engine needs to know about one registered circuit — where its
// parameters live and how to load them, how to check a payload and split it into partitions,
// how to synthesize one partition, how to prove a batch of synthesized partitions, and how to
// verify a proof. Implementations: circom (zkey + .wtns payload) and native circuits (bellperson
// .params + a C++ circuit: synthetic Filecoin-shaped circuits, Filecoin proof kinds).
//
// Thread safety: a CircuitDef is immutable after registration; all methods are const and may be
// called concurrently.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/reclaimer.hpp"
#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/job.hpp"
#include "engine/prover_backend.hpp"
#include "groth16/blinding.hpp"

namespace cuzk::engine {

// Parameters parsed into memory (the hot tier's payload).
class LoadedSrs {
 public:
  virtual ~LoadedSrs() = default;
  virtual size_t bytes() const = 0;
  // Whether `backend` already holds these parameters on its device (GPU affinity).
  virtual bool resident_on(const ProverBackend&) const { return false; }
  // Called before the parameters are freed: lets backends drop device copies.
  virtual void release_from(ProverBackend&) const {}
};

// One synthesized partition, ready to prove.
class SynthesizedCircuit {
 public:
  virtual ~SynthesizedCircuit() = default;
  virtual size_t bytes() const = 0;
};

// What validate() made of a payload (a parsed witness), kept with the job for synthesize() so
// that the payload is parsed once. When there is one, the engine releases the raw bytes.
class PreparedPayload {
 public:
  virtual ~PreparedPayload() = default;
};

struct ValidatedPayload {
  size_t partitions = 1;
  std::shared_ptr<const PreparedPayload> prepared;  // null: synthesize() reads the raw payload
};

struct PartitionProof {
  std::vector<uint8_t> proof;
  std::vector<std::string> public_inputs;  // decimal, without ONE
};

class CircuitDef {
 public:
  virtual ~CircuitDef() = default;
  virtual const std::string& id() const = 0;
  virtual std::string_view kind() const = 0;
  virtual Priority default_priority() const = 0;
  // Same-circuit jobs may share one prove call.
  virtual bool batchable() const = 0;
  // Names the parameter file (several circuits may share one); the SRS manager's key.
  virtual const std::string& srs_path() const = 0;
  // Parses the parameters from the mapped file (the warm tier). A circuit whose parameters can
  // be generated (insecure test setup for synthetic circuits) writes the file first if missing:
  // ensure_srs_file() runs before mapping.
  virtual Status ensure_srs_file(ThreadPool& pool) const = 0;
  // Writes srs_path() with the INSECURE test setup (tests, benchmarks, private deployments
  // that accept a key whose toxic waste was once in this process), replacing what is there.
  // INVALID_ARGUMENT for circuits whose parameters come from elsewhere (a circom zkey).
  virtual Status generate_srs(ThreadPool& pool) const = 0;
  virtual Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool& pool) const = 0;
  // Checks a payload and returns its number of partitions, and possibly what it parsed.
  // INVALID_ARGUMENT names the problem ("witness has 7 values, circuit 'x' needs 12 — a
  // witness for another circuit?").
  virtual Result<ValidatedPayload> validate(std::span<const uint8_t> payload) const = 0;
  // Working memory one synthesized partition holds until it is proved (an estimate).
  virtual size_t partition_bytes() const = 0;
  // `payload` is empty when validate() prepared one: `prepared` then carries it.
  virtual Result<std::unique_ptr<SynthesizedCircuit>> synthesize(
      const LoadedSrs& srs, std::span<const uint8_t> payload, const std::shared_ptr<const PreparedPayload>& prepared,
      size_t partition) const = 0;
  // Proves circuits synthesized by this def against `srs`, one proof each, in order.
  virtual Result<std::vector<PartitionProof>> prove(const LoadedSrs& srs,
                                                    std::span<SynthesizedCircuit* const> circuits,
                                                    ProverBackend& backend,
                                                    groth16::BlindingSource& blinding) const = 0;
  // OK iff `proof` verifies against srs's verifying key with its public inputs.
  virtual Status verify(const LoadedSrs& srs, const PartitionProof& proof) const = 0;
  // Takes back a circuit this def synthesized once it is proved: a def whose synthesis can
  // reuse buffers keeps a few (their memory is already faulted in) for the next synthesize();
  // the rest go to the background reclaimer.
  virtual void recycle(std::unique_ptr<SynthesizedCircuit> done) const { Reclaimer::shared().dispose(std::move(done)); }
};

}  // namespace cuzk::engine
