// The PoSt kinds as native circuits over vanilla proofs (or a benchmark seed): decoding and the
// native checks at submission, the verifier's public inputs, the partition's witness with its
// sectors synthesized in parallel.
#include "kinds/post_kind.hpp"

#include "kinds/circuit_size_cache.hpp"
#include "kinds/filecoin_param_names.hpp"
#include "kinds/sized_circuit_id.hpp"
#include "kinds/vanilla_payload.hpp"

namespace cuzk::kinds {
namespace {

constexpr uint64_t kTestSectorSize = 2048;

// A benchmark seed: its synthetic partition is built at synthesis.
struct PreparedPostSeed final : engine::PreparedPayload {
  uint64_t seed = 0;
};

class PostKind final : public engine::ProofKind {
 public:
  explicit PostKind(std::vector<std::shared_ptr<const engine::CircuitDef>> circuits) : circuits_(std::move(circuits)) {}
  std::string_view name() const override { return "post"; }
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits() const override { return circuits_; }

 private:
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits_;
};

std::string describe(filecoin::PostKind kind, uint64_t sector_size) {
  std::string out = filecoin::sector_size_name(sector_size);
  out += kind == filecoin::PostKind::kWinning ? " WinningPoSt" : " WindowPoSt";
  return out;
}

}  // namespace

std::string post_circuit_id(filecoin::PostKind kind, uint64_t sector_size) {
  return std::string(filecoin::post_kind_name(kind)) + "-" + filecoin::sector_size_name(sector_size);
}

std::string post_params_path(const filecoin::PostConfig& config, const ParamLocator& params) {
  if (std::string found = params.find_file(post_param_stem(config) + ".params"); !found.empty()) return found;
  return params.params_path(post_circuit_id(config.kind, config.sector_size));
}

Result<filecoin::PostConfig> post_request_config(uint64_t registered_proof, filecoin::PostKind kind,
                                                 uint64_t sector_size) {
  Result<filecoin::RegisteredProof> proof = filecoin::registered_post_proof(registered_proof);
  if (!proof.is_ok()) return Status::invalid_argument("registered_proof: " + proof.status().message());
  filecoin::PostConfig config = filecoin::post_config(*proof);
  if (config.kind != kind || config.sector_size != sector_size) {
    std::string message = "registered_proof ";
    message += std::to_string(registered_proof);
    message += " (" + std::string(proof->name) + ") is a ";
    message += describe(config.kind, config.sector_size);
    message += " proof, this circuit proves ";
    message += describe(kind, sector_size);
    message += " (prove it as " + post_circuit_id(config.kind, config.sector_size) + ")";
    return Status::invalid_argument(std::move(message));
  }
  return config;
}

Result<filecoin::RegisteredProof> current_post_proof(filecoin::PostKind kind, uint64_t sector_size) {
  if (const filecoin::RegisteredProof* proof =
          filecoin::current_registered_proof(filecoin::registered_proof_kind(kind), sector_size)) {
    return *proof;
  }
  return Status::invalid_argument("no registered PoSt proof for " + filecoin::sector_size_name(sector_size) +
                                  " sectors (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)");
}

Result<std::shared_ptr<PreparedPost>> prepare_post_payload(std::span<const uint8_t> payload, filecoin::PostKind kind,
                                                           uint64_t sector_size, std::string_view what,
                                                           ThreadPool& pool) {
  std::string prefix(what);
  if (!prefix.empty()) prefix += ": ";
  auto fail = [&](const Status& s) { return Status::invalid_argument(prefix + s.message()); };
  CUZK_ASSIGN_OR_RETURN(const filecoin::PostConfig circuit_config, filecoin::post_config(kind, sector_size));
  const uint64_t max_sectors = kind == filecoin::PostKind::kWinning ? 1 : circuit_config.sector_count;
  Result<VanillaPayload> request = decode_vanilla_payload(payload, max_sectors);
  if (!request.is_ok()) return fail(request.status());
  Result<filecoin::PostConfig> config = post_request_config(request->registered_proof, kind, sector_size);
  if (!config.is_ok()) return fail(config.status());
  if (kind == filecoin::PostKind::kWinning && request->partition_index != 0) {
    return fail(Status::invalid_argument("partition_index " + std::to_string(request->partition_index) +
                                         ": WinningPoSt has one partition (0)"));
  }
  if (request->proofs.empty()) return fail(Status::invalid_argument("proofs: no sector proofs"));
  Result<filecoin::PostPartition> partition = filecoin::prepare_post_partition(
      *config, request->proofs, request->randomness, request->partition_index, pool);
  if (!partition.is_ok()) return fail(partition.status());
  return std::make_shared<PreparedPost>(*config, std::move(partition).value());
}

Result<std::shared_ptr<const engine::CircuitDef>> make_post_circuit(filecoin::PostKind kind, uint64_t sector_size,
                                                                    const ParamLocator& params,
                                                                    MultiplierFactory multiplier,
                                                                    const std::string& params_file) {
  CUZK_ASSIGN_OR_RETURN(const filecoin::PostConfig config, filecoin::post_config(kind, sector_size));
  const std::string id = post_circuit_id(kind, sector_size);
  CUZK_ASSIGN_OR_RETURN(const filecoin::CircuitSize shape,
                        cached_circuit_size(id, [&config] { return filecoin::post_circuit_size(config); }));

  NativeCircuitSpec spec;
  spec.id = id;
  spec.kind = std::string(filecoin::post_kind_name(kind));
  spec.always_verified = true;
  spec.priority = kind == filecoin::PostKind::kWinning ? engine::Priority::kCritical : engine::Priority::kHigh;
  spec.batchable = false;
  spec.params_path = params_file.empty() ? post_params_path(config, params) : params_file;
  spec.generate_missing_params = params_file.empty() && sector_size <= kTestSectorSize;
  spec.generated_dir = params.generated_dir;
  spec.matrices_dir = params.matrices_dir;
  spec.multiplier = std::move(multiplier);
  spec.partition_bytes = (shape.constraints * 3 + shape.aux + shape.inputs) * sizeof(ff::Fr);
  // A prepared request's partition, or the shape (for the test setup and the recorded matrices):
  // a synthetic partition.
  spec.circuit = [config](const engine::PreparedPayload* prepared, size_t) -> Result<std::unique_ptr<r1cs::Circuit>> {
    if (const auto* post = dynamic_cast<const PreparedPost*>(prepared)) {
      return std::unique_ptr<r1cs::Circuit>(std::make_unique<filecoin::FallbackPoStCircuit>(post->partition.circuit));
    }
    const auto* seed = dynamic_cast<const PreparedPostSeed*>(prepared);
    CUZK_ASSIGN_OR_RETURN(filecoin::PostInstance inst,
                          filecoin::synthetic_post_instance(config, seed != nullptr ? seed->seed : seed_from_payload({}, 0),
                                                            ThreadPool::shared()));
    return std::unique_ptr<r1cs::Circuit>(std::make_unique<filecoin::FallbackPoStCircuit>(std::move(inst.circuit)));
  };
  spec.prepare = [id, kind, sector_size](std::span<const uint8_t> payload,
                                         ThreadPool& pool) -> Result<engine::ValidatedPayload> {
    if (!is_vanilla_payload(payload)) {
      if (payload.size() > 64) {
        return Status::invalid_argument("circuit '" + id + "': the payload (" + std::to_string(payload.size()) +
                                        " bytes) is neither a VanillaPayload (it does not begin with CUZKVAN1) nor "
                                        "a benchmark seed (at most 64 bytes)");
      }
      auto seed = std::make_shared<PreparedPostSeed>();
      seed->seed = seed_from_payload(payload, 0);
      return engine::ValidatedPayload{1, std::move(seed)};
    }
    CUZK_ASSIGN_OR_RETURN(std::shared_ptr<PreparedPost> prepared,
                          prepare_post_payload(payload, kind, sector_size, "circuit '" + id + "'", pool));
    return engine::ValidatedPayload{1, std::move(prepared)};
  };
  spec.witness = [id, config](const engine::PreparedPayload& prepared, size_t partition,
                              ThreadPool& pool) -> Result<PreparedWitness> {
    if (partition != 0) return Status::invalid_argument("circuit '" + id + "' has one partition");
    if (const auto* post = dynamic_cast<const PreparedPost*>(&prepared)) {
      CUZK_ASSIGN_OR_RETURN(witness::PartitionWitness witness,
                            filecoin::synthesize_witness_parallel(post->partition.circuit, pool));
      return PreparedWitness{std::move(witness), post->partition.public_inputs};
    }
    if (const auto* seed = dynamic_cast<const PreparedPostSeed*>(&prepared)) {
      CUZK_ASSIGN_OR_RETURN(filecoin::PostInstance inst, filecoin::synthetic_post_instance(config, seed->seed, pool));
      CUZK_ASSIGN_OR_RETURN(witness::PartitionWitness witness, filecoin::synthesize_witness_parallel(inst.circuit, pool));
      return PreparedWitness{std::move(witness), std::move(inst.public_inputs)};
    }
    return Status::internal("circuit '" + id + "': the prepared payload is not a PoSt request");
  };
  return make_native_circuit(std::move(spec));
}

Result<std::unique_ptr<engine::ProofKind>> make_post_kind(const ParamLocator& params, MultiplierFactory multiplier) {
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits;
  for (filecoin::PostKind kind : {filecoin::PostKind::kWinning, filecoin::PostKind::kWindow}) {
    for (const uint64_t size : filecoin::kSectorSizes) {
      CUZK_ASSIGN_OR_RETURN(auto circuit, make_post_circuit(kind, size, params, multiplier));
      circuits.push_back(std::move(circuit));
    }
  }
  return std::unique_ptr<engine::ProofKind>(std::make_unique<PostKind>(std::move(circuits)));
}

}  // namespace cuzk::kinds
