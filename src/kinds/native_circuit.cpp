// Native circuits: bellperson parameter files (checked trusted and read, or written by the test
// setup and generated again when damaged), their recorded constraint matrices in cuzk's cache,
// and each partition's witness with the matrices attached.
#include "kinds/native_circuit.hpp"

#include <atomic>
#include <filesystem>
#include <istream>
#include <streambuf>

#include "common/private_files.hpp"
#include "common/trusted_paths.hpp"
#include "groth16/bellperson_format.hpp"
#include "kinds/generated_params.hpp"
#include "kinds/recorded_matrices_cache.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::kinds {
namespace {

using engine::CircuitDef;
using engine::LoadedSrs;
using engine::PreparedPayload;
using engine::SynthesizedCircuit;
using engine::ValidatedPayload;

// A read-only istream over bytes the caller keeps alive.
class SpanStreamBuf final : public std::streambuf {
 public:
  explicit SpanStreamBuf(std::span<const uint8_t> bytes) {
    char* begin = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(begin, begin, begin + bytes.size());
  }
};

// Parameters made in memory by the test setup (make_test_srs): no parameter file stands behind
// them, so their recorded matrices are kept in memory, not cached.
class InMemorySrs final : public LoadedSrs {
 public:
  explicit InMemorySrs(groth16::ProvingKey key) : srs_(std::move(key)) {}
  size_t bytes() const override { return srs_.bytes(); }
  const groth16::ProvingKey& proving_key() const override { return srs_.proving_key(); }
  const groth16::PreparedVerifyingKey& verifying_key() const override { return srs_.verifying_key(); }

 private:
  engine::KeySrs srs_;
};

class NativeCircuit final : public CircuitDef {
 public:
  explicit NativeCircuit(NativeCircuitSpec spec)
      : spec_(std::move(spec)),
        recorded_(spec_.id, spec_.params_path, spec_.matrices_dir, blank_circuit()),
        recorded_in_memory_(spec_.id, std::string(), std::string(), blank_circuit()) {}

  const NativeCircuitSpec& spec() const { return spec_; }
  const std::string& id() const override { return spec_.id; }
  std::string_view kind() const override { return spec_.kind; }
  engine::Priority default_priority() const override { return spec_.priority; }
  bool batchable() const override { return spec_.batchable; }
  groth16::QapConvention convention() const override { return groth16::QapConvention::kBellperson; }
  engine::ProofEncoding encoding() const override { return engine::ProofEncoding::kBellperson; }
  const std::string& srs_path() const override { return spec_.params_path; }
  Result<ValidatedPayload> validate(std::span<const uint8_t> payload, ThreadPool& pool) const override {
    return spec_.prepare(payload, pool);
  }

  Status ensure_srs_file(ThreadPool& pool, std::stop_token stop) const override {
    std::error_code ec;
    if (std::filesystem::exists(spec_.params_path, ec)) {
      // Before every read (the SRS manager maps the file right after): nobody else may have
      // been able to change it.
      CUZK_RETURN_IF_ERROR(check_trusted_file(spec_.params_path, "parameter file"));
      if (!repairs_params()) return Status::ok();
      CUZK_ASSIGN_OR_RETURN(const GeneratedParamsState state, check_generated_params(spec_.params_path));
      if (state != GeneratedParamsState::kDamaged) return Status::ok();
      return generate_srs(pool, std::move(stop));  // cuzk's own file, damaged since it was written
    }
    if (!spec_.generate_missing_params) {
      return {StatusCode::kNotFound, "circuit '" + spec_.id + "': parameter file " + spec_.params_path +
                                         " not found (make test parameters with `cuzk setup --circuit " + spec_.id +
                                         "`, or put the real ones there)"};
    }
    return generate_srs(pool, std::move(stop));
  }

  Status generate_srs(ThreadPool& pool, std::stop_token stop) const override {
    // The folder must be this user's alone (another local user could otherwise plant files or
    // links there), checked before the costly setup; the file is written exclusively and renamed
    // into place, so a reader never sees half a file and a failed write leaves nothing behind.
    const std::string dir = std::filesystem::path(spec_.params_path).parent_path().string();
    CUZK_RETURN_IF_ERROR(ensure_private_dir(dir));
    remove_stale_temporaries(spec_.params_path);
    CUZK_ASSIGN_OR_RETURN(const groth16::ProvingKey pk, test_setup(pool, std::move(stop)));
    CUZK_RETURN_IF_ERROR(write_generated_params(
        spec_.params_path, [&](std::ostream& out) { return groth16::write_proving_key(pk, out, pool); }));
    // The recorded matrices are made with the parameters (`cuzk setup`), not at the first proof.
    CUZK_RETURN_IF_ERROR(recorded_.get(pool).status());
    return Status::ok();
  }

  Result<std::shared_ptr<const LoadedSrs>> make_test_srs(ThreadPool& pool) const override {
    CUZK_ASSIGN_OR_RETURN(groth16::ProvingKey pk, test_setup(pool, {}));
    return std::shared_ptr<const LoadedSrs>(std::make_shared<InMemorySrs>(std::move(pk)));
  }

  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool& pool) const override {
    SpanStreamBuf buf(file);
    std::istream in(&buf);
    // The engine's own or an operator's file: points are checked on the curve; the subgroup
    // check is left to the ceremony that made them (as bellperson's unchecked read).
    CUZK_ASSIGN_OR_RETURN(groth16::ProvingKey pk,
                          groth16::read_proving_key(in, spec_.params_path, ec::SubgroupCheck::kNo, pool));
    return std::shared_ptr<const LoadedSrs>(std::make_shared<engine::KeySrs>(std::move(pk)));
  }

  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs& srs, std::span<const uint8_t>,
                                                         const std::shared_ptr<const PreparedPayload>& prepared,
                                                         size_t partition, ThreadPool& pool) const override {
    if (!prepared) return Status::internal("circuit '" + spec_.id + "': no prepared payload to synthesize");
    CUZK_ASSIGN_OR_RETURN(std::shared_ptr<const r1cs::RecordedMatrices> matrices, recorded_matrices(srs).get(pool));
    CUZK_ASSIGN_OR_RETURN(PreparedWitness done, spec_.witness(*prepared, partition, pool));
    auto out = std::make_unique<SynthesizedCircuit>();
    out->witness = std::move(done.witness);
    out->witness.matrices = std::move(matrices);
    if (Status s = out->witness.check_matrices(); !s.is_ok()) {
      return Status(s.code(), "circuit '" + spec_.id + "' partition " + std::to_string(partition) + ": " + s.message());
    }
    out->public_inputs = std::move(done.public_inputs);
    witness_bytes_seen_.store(out->bytes(), std::memory_order_relaxed);
    return std::unique_ptr<SynthesizedCircuit>(std::move(out));
  }

  // The last partition's witness with a quarter to spare (a witness's share of field values
  // varies a little); the spec's bound until one was synthesized.
  size_t validation_bytes(size_t payload_bytes) const override {
    return spec_.validation_bytes ? spec_.validation_bytes(payload_bytes) : payload_bytes;
  }
  bool always_verified() const override { return spec_.always_verified; }
  size_t partition_bytes() const override {
    const size_t seen = witness_bytes_seen_.load(std::memory_order_relaxed);
    return seen == 0 ? spec_.partition_bytes : seen + seen / 4;
  }

  // The recorded matrices, once read or recorded (for the parameter file's and for parameters
  // made in memory).
  size_t resident_bytes() const override { return recorded_.held_bytes() + recorded_in_memory_.held_bytes(); }

 private:
  RecordedMatricesCache::BlankCircuit blank_circuit() const {
    return [circuit = spec_.circuit] { return circuit(nullptr, 0); };
  }

  // The INSECURE test setup over the blank circuit's shape, fixed-base work on the spec's
  // multiplier.
  Result<groth16::ProvingKey> test_setup(ThreadPool& pool, std::stop_token stop) const {
    CUZK_ASSIGN_OR_RETURN(auto circuit, spec_.circuit(nullptr, 0));
    const std::unique_ptr<groth16::GeneratorMultiplier> multiplier =
        spec_.multiplier ? spec_.multiplier() : nullptr;  // null: the host
    return groth16::insecure_circuit_setup(*circuit, std::hash<std::string>{}(spec_.id), pool, multiplier.get(),
                                           std::move(stop));
  }

  // The recorded matrices for parameters `srs`: cached for the parameter file, or in memory for
  // parameters made in memory.
  const RecordedMatricesCache& recorded_matrices(const LoadedSrs& srs) const {
    return dynamic_cast<const InMemorySrs*>(&srs) != nullptr ? recorded_in_memory_ : recorded_;
  }

  // Whether a damaged file at params_path is cuzk's own to generate again: in the daemon's
  // generated-params folder, for a circuit whose parameters may be generated.
  bool repairs_params() const {
    std::error_code ec;
    return spec_.generate_missing_params && !spec_.generated_dir.empty() &&
           std::filesystem::equivalent(std::filesystem::path(spec_.params_path).parent_path(), spec_.generated_dir, ec);
  }

  NativeCircuitSpec spec_;
  RecordedMatricesCache recorded_;            // of the parameter file, in cuzk's cache
  RecordedMatricesCache recorded_in_memory_;  // for InMemorySrs
  mutable std::atomic<size_t> witness_bytes_seen_{0};
};

}  // namespace

uint64_t seed_from_payload(std::span<const uint8_t> payload, size_t partition) {
  uint64_t seed = 0xcbf29ce484222325ull ^ partition;
  for (uint8_t b : payload) seed = (seed ^ b) * 0x100000001b3ull;
  return seed;
}

Result<engine::ValidatedPayload> prepare_seed_payload(const std::string& id, std::span<const uint8_t> payload,
                                                      size_t partitions) {
  if (payload.size() > 64) {
    return Status::invalid_argument("circuit '" + id + "': the payload is a seed of at most 64 bytes, got " +
                                    std::to_string(payload.size()));
  }
  return engine::ValidatedPayload{partitions, std::make_shared<RawPayload>(payload)};
}

std::span<const uint8_t> raw_payload_bytes(const engine::PreparedPayload* prepared) {
  const auto* raw = dynamic_cast<const RawPayload*>(prepared);
  return raw != nullptr ? std::span<const uint8_t>(raw->bytes) : std::span<const uint8_t>();
}

Result<PreparedWitness> witness_of(const r1cs::Circuit& circuit) {
  CUZK_ASSIGN_OR_RETURN(witness::PartitionWitness w, witness::synthesize_partition_witness(circuit));
  std::vector<ff::Fr> public_inputs(w.values.inputs.begin() + 1, w.values.inputs.end());
  return PreparedWitness{std::move(w), std::move(public_inputs)};
}

std::shared_ptr<const engine::CircuitDef> make_native_circuit(NativeCircuitSpec spec) {
  return std::make_shared<NativeCircuit>(std::move(spec));
}

const NativeCircuitSpec* native_circuit_spec(const engine::CircuitDef& def) {
  const auto* native = dynamic_cast<const NativeCircuit*>(&def);
  return native != nullptr ? &native->spec() : nullptr;
}

}  // namespace cuzk::kinds
