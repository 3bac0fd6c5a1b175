// CircuitDef: everything the engine needs to know about one circuit it proves — where its
// parameters live and how to load them, how to check a payload and split it into partitions,
// how to synthesize one partition — and ProofKind, a family of circuits resolved by id. The
// engine knows no circuit itself: the kinds (src/kinds: circom, synthetic, PoSt, …) implement
// these interfaces and reach the engine through its catalog (engine/circuit_catalog.hpp).
//
// What flows through the engine is typed: a synthesized partition is a witness::PartitionWitness
// with its public inputs as field elements; a proved one is a
// groth16::Proof with the same inputs. Proving and self-verification are the engine's (the
// prover seam groth16::ProverBackend, groth16::verify); bytes, JSON and decimal strings are
// made at the edges (the service, the CLI) in the encoding the circuit names.
//
// Thread safety: a CircuitDef is immutable once made; all methods are const and may be called
// concurrently.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "common/thread_pool.hpp"
#include "engine/job.hpp"
#include "groth16/keys.hpp"
#include "groth16/prover_backend.hpp"
#include "witness/partition_witness.hpp"

namespace cuzk::engine {

// Parameters parsed into memory (the hot tier's payload): a proving key and its prepared
// verifying key.
class LoadedSrs {
 public:
  virtual ~LoadedSrs() = default;
  virtual size_t bytes() const = 0;
  virtual const groth16::ProvingKey& proving_key() const = 0;
  virtual const groth16::PreparedVerifyingKey& verifying_key() const = 0;
};

// The usual LoadedSrs: it owns the key.
class KeySrs final : public LoadedSrs {
 public:
  explicit KeySrs(groth16::ProvingKey key);
  size_t bytes() const override;
  const groth16::ProvingKey& proving_key() const override { return pk_; }
  const groth16::PreparedVerifyingKey& verifying_key() const override { return pvk_; }

 private:
  groth16::ProvingKey pk_;
  groth16::PreparedVerifyingKey pvk_;
};

// One synthesized partition, ready to prove: the witness the prover reads and the public inputs
// (without ONE) its proof is verified against — as the kind computes them for the verifier,
// which may differ from how the circuit allocated them only in a broken circuit. Kinds may
// derive from it to keep more (reusable buffers, counters in tests).
class SynthesizedCircuit {
 public:
  virtual ~SynthesizedCircuit() = default;
  size_t bytes() const;

  witness::PartitionWitness witness;
  std::vector<ff::Fr> public_inputs;
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

class CircuitDef {
 public:
  virtual ~CircuitDef() = default;
  virtual const std::string& id() const = 0;
  virtual std::string_view kind() const = 0;
  virtual Priority default_priority() const = 0;
  // Same-circuit jobs may share one prove call.
  virtual bool batchable() const = 0;
  // How its H is computed (bellperson's coefficients or snarkjs's odd-coset evaluations).
  virtual groth16::QapConvention convention() const = 0;
  // How its proofs leave the process (bellperson's 192 bytes, snarkjs's proof.json).
  virtual ProofEncoding encoding() const = 0;
  // Names the parameter file (several circuits may share one); the SRS manager's key.
  virtual const std::string& srs_path() const = 0;
  // Makes srs_path() exist, intact, before it is mapped: a circuit whose parameters can be
  // generated (insecure test setup) writes them if missing, and again if the file it generated
  // was damaged since; otherwise NOT_FOUND saying how to get them. Called before every read
  // of the file (each load), it refuses a file another local user could have changed
  // (common/trusted_paths: INVALID_ARGUMENT naming the file, its owner and mode). Generation
  // ends early with CANCELLED once `stop` is requested (the engine shutting down). Overrides
  // repeat no default.
  virtual Status ensure_srs_file(ThreadPool& pool, std::stop_token stop = {}) const = 0;
  // Writes srs_path() with the INSECURE test setup (tests, benchmarks, private deployments
  // that accept a key whose toxic waste was once in this process), replacing what is there;
  // CANCELLED once `stop` is requested (nothing is left behind).
  // INVALID_ARGUMENT for circuits whose parameters come from elsewhere (a circom zkey).
  virtual Status generate_srs(ThreadPool& pool, std::stop_token stop = {}) const = 0;
  virtual Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool& pool) const = 0;
  // The INSECURE test setup of generate_srs made in memory and not written (benchmarks of
  // production-size circuits whose parameters would not fit the disk). INVALID_ARGUMENT for
  // circuits without a test setup.
  virtual Result<std::shared_ptr<const LoadedSrs>> make_test_srs(ThreadPool& pool) const;
  // Checks a payload and returns its number of partitions, and possibly what it parsed.
  // INVALID_ARGUMENT names the problem ("witness has 7 values, circuit 'x' needs 12 — a
  // witness for another circuit?"). Parallel checks run on `pool` (the engine's synthesis pool:
  // validation is the pipeline's first stage, on the engine's validators).
  virtual Result<ValidatedPayload> validate(std::span<const uint8_t> payload, ThreadPool& pool) const = 0;
  // Host memory validate() may hold at its peak for a payload of `payload_bytes`, beyond the
  // payload itself (an estimate): the engine reserves it from the working-memory budget while
  // the payload is validated. Default: as much again as the payload (what it parsed).
  virtual size_t validation_bytes(size_t payload_bytes) const { return payload_bytes; }
  // Working memory one synthesized partition holds until it is proved (an estimate).
  virtual size_t partition_bytes() const = 0;
  // Host memory this def holds itself for synthesizing and proving its partitions, beyond its
  // parameters and the partitions (a native circuit's recorded constraint matrices, ≈2 GB for
  // a 32 GiB PoRep partition's), once it holds it; 0 before and for defs that hold none. It
  // counts against the engine's working-memory budget once per def. Must not block.
  virtual size_t resident_bytes() const { return 0; }
  // One partition's witness, its recorded matrices attached, and its public inputs. `payload`
  // is empty when validate() prepared one: `prepared` then carries it. Parallel work runs on
  // `pool` (the engine's synthesis pool).
  virtual Result<std::unique_ptr<SynthesizedCircuit>> synthesize(
      const LoadedSrs& srs, std::span<const uint8_t> payload, const std::shared_ptr<const PreparedPayload>& prepared,
      size_t partition, ThreadPool& pool) const = 0;
  // Whether the witness's recorded C evaluates c_j = <C_j, w> from the circuit's own C, so that
  // a_j·b_j = c_j row by row (the prover's row check) shows that the witness satisfies the
  // circuit. False for snarkjs zkeys, which hold no C (their c_j is a_j·b_j by construction):
  // for them the proof's verification is the witness check, made even with self-verification off.
  virtual bool witness_checked_by_rows() const { return true; }
  // Whether its proofs are verified before they are returned whatever the engine's
  // self_verify says: the Filecoin kinds' (a proof the chain rejects costs the deadline, and
  // verifying one ≈ 3 ms against a partition's ≈ 1.2 s of proving), and those whose
  // verification is their witness check (witness_checked_by_rows() false).
  virtual bool always_verified() const { return !witness_checked_by_rows(); }
  // OK iff `proof` verifies against srs's verifying key with `public_inputs` (without ONE).
  virtual Status verify(const LoadedSrs& srs, const groth16::Proof& proof,
                        std::span<const ff::Fr> public_inputs) const;
  // Takes back a partition this def synthesized once it is proved: a def whose synthesis can
  // reuse buffers keeps a few (their memory is already faulted in) for the next synthesize();
  // the rest go to the background reclaimer.
  virtual void recycle(std::unique_ptr<SynthesizedCircuit> done) const;
};

// A family of circuits by id ("window-post-32GiB", "synthetic-65536", a zkey's stem). The
// catalog asks each kind, in order, for an id it has not seen.
class ProofKind {
 public:
  virtual ~ProofKind() = default;
  virtual std::string_view name() const = 0;
  // The circuits it serves from the start (listed in status).
  virtual std::vector<std::shared_ptr<const CircuitDef>> circuits() const = 0;
  // The circuit for an id outside circuits(), or null if the id is not this kind's.
  virtual std::shared_ptr<const CircuitDef> resolve(std::string_view id) const {
    (void)id;
    return nullptr;
  }
};

}  // namespace cuzk::engine
