// The engine's vocabulary: priorities, job requests, per-job timings and results.
//
// A job names a circuit (by id), carries a priority and an opaque payload (a .wtns file's bytes
// for circom circuits, a seed for synthetic circuits, …), and ends as a JobResult: one typed
// proof per partition (circuit) of the job with its public inputs and timings, the encoding the
// circuit's proofs leave the process in, and where its time went.
//
// States: validating (submitted; its payload waits for or is in the engine's validation stage)
// → queued (validated: in the scheduler, or its partitions waiting to be synthesized) → running
// (a partition started) → done | failed | cancelled. A payload the circuit rejects fails the job
// from validating.
//
// Timings (milliseconds; the one-line contract of docs/ARCHITECTURE.md):
//   validate  submit → its payload validated (waiting for a validator and for the working memory
//          its validation needs, parsing, the kind's checks)
//   queue  submit → the first of its circuits starts: its validate time, then waiting for a
//          batch, for memory, for a synthesis thread
//   srs    acquiring its parameters (≈0 for a hot SRS, the load time for a warm/cold one)
//   synth  synthesis wall time, summed over its partitions
//   gpu    prover wall time (NTT + MSMs + assembly), summed over the prove calls it took part in;
//          on the CPU backend this is the CPU prover's time under the same name
//   verify self-verification of its proofs
//   total  submit → result ready
// Time a synthesized unit waits for a free worker counts in total only; with per-partition
// pipelining a job's synth and gpu overlap. So total equals queue + srs + synth + gpu + verify
// for a lone job on an idle engine, and differs from it under load.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "ff/fr.hpp"
#include "groth16/keys.hpp"

namespace cuzk::engine {

enum class Priority : uint8_t { kCritical = 0, kHigh = 1, kNormal = 2, kLow = 3 };
inline constexpr size_t kPriorityLevels = 4;

std::string_view priority_name(Priority p);  // "critical", "high", "normal", "low"
std::optional<Priority> parse_priority(std::string_view name);

using JobId = uint64_t;

struct JobRequest {
  std::string circuit_id;
  std::optional<Priority> priority;  // unset → the circuit's default
  std::vector<uint8_t> payload;
};

enum class JobState : uint8_t { kValidating, kQueued, kRunning, kDone, kFailed, kCancelled };
std::string_view job_state_name(JobState s);  // "validating", "queued", …

struct JobTimings {
  double validate_ms = 0, queue_ms = 0, srs_ms = 0, synth_ms = 0, gpu_ms = 0, verify_ms = 0, total_ms = 0;
};

// "timings: total=<n> ms (queue=<n> ms, srs=<n> ms, synth=<n> ms, gpu=<n> ms)", integers.
std::string format_timings(const JobTimings& t);

// Where one partition's time went: its synthesis, the prove call it was proved in (shared with
// the other partitions of that call: gpu_ms is the call's, prove_batch its partitions), its
// self-verification.
struct PartitionTimings {
  double synth_ms = 0, gpu_ms = 0, verify_ms = 0;
  size_t prove_batch = 1;
};

// How a circuit's proofs are encoded where they leave the process (kinds/result_encoding.hpp).
enum class ProofEncoding : uint8_t {
  kBellperson,  // 192 bytes: A, B, C compressed (zcash encoding), as Filecoin's chain takes them
  kSnarkjs,     // snarkjs's proof.json text
};

// One proved partition: the proof and the public inputs (without ONE) it verifies against,
// where its time went, and what was proved: its rows (constraints, input rows included).
struct PartitionResult {
  groth16::Proof proof;
  std::vector<ff::Fr> public_inputs;
  PartitionTimings timings;
  size_t rows = 0;
};

struct JobResult {
  JobId id = 0;
  std::string circuit_id;
  std::string kind;  // the circuit's kind ("circom", "synthetic", …)
  Priority priority = Priority::kNormal;
  Status status;  // OK, or why no proof came out (kCancelled when cancelled)
  ProofEncoding encoding = ProofEncoding::kBellperson;
  std::vector<PartitionResult> partitions;  // in partition order; empty unless status is OK
  JobTimings timings;
  size_t batch_size = 1;  // circuits in the largest prove call this job took part in
  std::string worker;     // "cpu" or "cuda:<n>"
};

}  // namespace cuzk::engine
