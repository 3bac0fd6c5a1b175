// The SnapDeals kind as native circuits over vanilla partition proofs: decoding and the native
// checks at submission, the verifier's public inputs, each partition's witness.
#include "kinds/snap_kind.hpp"

#include <optional>

#include "common/client_text.hpp"
#include "filecoin/snapdeals/prepare_partition.hpp"
#include "filecoin/snapdeals/snap_public_inputs.hpp"
#include "kinds/circuit_size_cache.hpp"
#include "kinds/filecoin_param_names.hpp"
#include "kinds/sized_circuit_id.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::kinds {
namespace {

namespace snap = filecoin::snapdeals;

constexpr std::string_view kIdPrefix = "snap-deals-";
constexpr std::string_view kGoNamePrefix = "RegisteredUpdateProof_";
constexpr std::string_view kNumberPrefix = "update-proof-";
constexpr uint64_t kMaxGeneratedSectorSize = 2048;

Status check_partition_index(const std::string& id, const PreparedSnap& prepared, size_t k) {
  if (k < prepared.partitions.size()) return Status::ok();
  return Status::invalid_argument("circuit '" + id + "': partition " + std::to_string(k) + " of " +
                                  std::to_string(prepared.partitions.size()));
}

// The prepared request behind `prepared`, or kInternal naming circuit `id`.
Result<const PreparedSnap*> snap_request(const std::string& id, const engine::PreparedPayload& prepared) {
  return prepared_as<PreparedSnap>(id, prepared, "a SnapDeals request");
}

class SnapKind final : public engine::ProofKind {
 public:
  explicit SnapKind(std::vector<std::shared_ptr<const engine::CircuitDef>> circuits) : circuits_(std::move(circuits)) {}
  std::string_view name() const override { return "snap-deals"; }
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits() const override { return circuits_; }
  std::shared_ptr<const engine::CircuitDef> resolve(std::string_view id) const override {
    if (id.starts_with(kIdPrefix)) return nullptr;  // listed in circuits() or unknown
    const Result<uint64_t> size = snap_id_sector_size(id);
    if (!size.is_ok()) return nullptr;
    const std::string target = snap_circuit_id(*size);
    for (const auto& circuit : circuits_) {
      if (circuit->id() == target) return circuit;
    }
    return nullptr;
  }

 private:
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits_;
};

Result<filecoin::RegisteredProof> alias_proof(std::string_view id) {
  if (id.starts_with(kGoNamePrefix)) {
    const std::string_view name = id.substr(kGoNamePrefix.size());
    if (const filecoin::RegisteredProof* proof =
            filecoin::find_registered_proof(filecoin::RegisteredProofEnum::kUpdate, name)) {
      return *proof;
    }
  } else if (id.starts_with(kNumberPrefix)) {
    const std::string_view digits = id.substr(kNumberPrefix.size());
    if (!digits.empty() && digits.size() <= 3 && digits.find_first_not_of("0123456789") == std::string_view::npos) {
      return snap::registered_update_proof(std::stoull(std::string(digits)));
    }
  }
  return Status::invalid_argument("not an update proof alias");
}

}  // namespace

std::string snap_circuit_id(uint64_t sector_size) { return sized_circuit_id(kIdPrefix, sector_size); }

Result<uint64_t> snap_id_sector_size(std::string_view id) {
  if (const std::optional<uint64_t> size = sized_circuit_id_size(kIdPrefix, id)) {
    return *size;
  }
  if (const Result<filecoin::RegisteredProof> proof = alias_proof(id); proof.is_ok()) {
    return proof->sector_size;
  }
  std::string message = quote_client_text(id);
  message += " is not a SnapDeals circuit (snap-deals-2KiB|8MiB|512MiB|32GiB|64GiB, "
             "RegisteredUpdateProof_StackedDrg32GiBV1 or update-proof-0..4)";
  return Status::invalid_argument(message);
}

std::string snap_params_path(const snap::SnapConfig& config, const ParamLocator& params) {
  const std::string filecoin_name =
      empty_sector_update_param_stem(config.sector_size, config.tree_r_shape) + ".params";
  if (std::string found = params.find_file(filecoin_name); !found.empty()) return found;
  return params.params_path(snap_circuit_id(config.sector_size));
}

Result<SnapCommitments> snap_commitments(const VanillaPayload& request) {
  SnapCommitments out;
  CUZK_ASSIGN_OR_RETURN(out.comm_r_old, snap::snap_commitment(request.comm_r_old, "comm_r_old"));
  CUZK_ASSIGN_OR_RETURN(out.comm_r_new, snap::snap_commitment(request.comm_r_new, "comm_r_new"));
  CUZK_ASSIGN_OR_RETURN(out.comm_d_new, snap::snap_commitment(request.comm_d_new, "comm_d_new"));
  return out;
}

Result<snap::SnapConfig> snap_request_config(uint64_t registered_proof, uint64_t sector_size) {
  Result<filecoin::RegisteredProof> proof = snap::registered_update_proof(registered_proof);
  if (!proof.is_ok()) return Status::invalid_argument("registered_proof: " + proof.status().message());
  CUZK_ASSIGN_OR_RETURN(snap::SnapConfig config, snap::snap_config(*proof));
  if (config.sector_size != sector_size) {
    std::string message = "registered_proof ";
    message += std::to_string(registered_proof);
    message += " (" + std::string(proof->name) + ") updates ";
    message += filecoin::sector_size_name(config.sector_size);
    message += " sectors, this circuit proves " + filecoin::sector_size_name(sector_size);
    message += " (prove it as " + snap_circuit_id(config.sector_size) + ")";
    return Status::invalid_argument(std::move(message));
  }
  return config;
}

Result<std::shared_ptr<PreparedSnap>> prepare_snap_payload(std::span<const uint8_t> payload, uint64_t sector_size,
                                                           std::string_view what, ThreadPool& pool) {
  std::string prefix(what);
  if (!prefix.empty()) prefix += ": ";
  auto fail = [&](const Status& s) { return Status::invalid_argument(prefix + s.message()); };
  CUZK_ASSIGN_OR_RETURN(const snap::SnapConfig circuit_config, snap::snap_config(sector_size));
  Result<VanillaPayload> request = decode_vanilla_payload(payload, circuit_config.partitions);
  if (!request.is_ok()) return fail(request.status());
  Result<snap::SnapConfig> config = snap_request_config(request->registered_proof, sector_size);
  if (!config.is_ok()) return fail(config.status());
  auto out = std::make_shared<PreparedSnap>();
  out->config = std::move(config).value();
  if (request->proofs.size() != out->config.partitions) {
    return fail(Status::invalid_argument("proofs: " + std::to_string(request->proofs.size()) +
                                         " partition proofs, a " + filecoin::sector_size_name(sector_size) +
                                         " update has " + std::to_string(out->config.partitions)));
  }
  Result<SnapCommitments> comms = snap_commitments(*request);
  if (!comms.is_ok()) return fail(comms.status());
  out->h = out->config.h_default;
  // Partitions are independent: checked in parallel, the first failing one's error reported.
  const size_t count = request->proofs.size();
  std::vector<std::optional<Result<snap::SnapPartitionCircuit>>> checked(count);
  pool.parallel_for(
      count,
      [&](size_t begin, size_t end) {
        for (size_t k = begin; k < end; ++k) {
          checked[k].emplace(snap::prepare_snap_partition(out->config, request->proofs[k], k, comms->comm_r_old,
                                                          comms->comm_r_new, comms->comm_d_new, out->h));
          std::vector<uint8_t>().swap(request->proofs[k]);  // the bytes are no longer needed
        }
      },
      count);
  out->partitions.reserve(count);
  for (std::optional<Result<snap::SnapPartitionCircuit>>& partition : checked) {
    if (!partition->is_ok()) return fail(partition->status());
    out->partitions.push_back(std::move(*partition).value());
  }
  return out;
}

Result<std::shared_ptr<const engine::CircuitDef>> make_snap_circuit(uint64_t sector_size, const ParamLocator& params,
                                                                    MultiplierFactory multiplier,
                                                                    const std::string& params_file) {
  const std::string id = snap_circuit_id(sector_size);
  if (id.empty()) {
    return Status::invalid_argument("snap-deals: no registered update proof for " +
                                    filecoin::sector_size_name(sector_size) + " sectors (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)");
  }
  CUZK_ASSIGN_OR_RETURN(const snap::SnapConfig config, snap::snap_config(sector_size));
  CUZK_ASSIGN_OR_RETURN(const filecoin::CircuitSize size,
                        cached_circuit_size(id, [&config] { return snap::snap_circuit_size(config); }));

  NativeCircuitSpec spec;
  spec.id = id;
  spec.kind = "snap-deals";
  spec.always_verified = true;
  spec.priority = engine::Priority::kNormal;
  spec.batchable = true;
  spec.params_path = params_file.empty() ? snap_params_path(config, params) : params_file;
  spec.generate_missing_params = params_file.empty() && sector_size <= kMaxGeneratedSectorSize;
  spec.generated_dir = params.generated_dir;
  spec.matrices_dir = params.matrices_dir;
  spec.multiplier = std::move(multiplier);
  // The whole form's bound: a, b, c per row (input rows included), the aux and input assignments.
  spec.partition_bytes = ((size.constraints + size.inputs) * 3 + size.aux + size.inputs) * sizeof(ff::Fr);
  spec.circuit = [id, config](const engine::PreparedPayload* prepared,
                              size_t partition) -> Result<std::unique_ptr<r1cs::Circuit>> {
    if (prepared != nullptr) {
      CUZK_ASSIGN_OR_RETURN(const PreparedSnap* request, snap_request(id, *prepared));
      CUZK_RETURN_IF_ERROR(check_partition_index(id, *request, partition));
      return std::unique_ptr<r1cs::Circuit>(std::make_unique<snap::SnapPartitionCircuit>(request->partitions[partition]));
    }
    CUZK_ASSIGN_OR_RETURN(snap::SnapPartitionProof blank, snap::blank_snap_partition(config));
    return std::unique_ptr<r1cs::Circuit>(
        std::make_unique<snap::SnapPartitionCircuit>(config, snap::blank_snap_public_inputs(config), std::move(blank)));
  };
  spec.prepare = [id, sector_size](std::span<const uint8_t> payload,
                                   ThreadPool& pool) -> Result<engine::ValidatedPayload> {
    CUZK_ASSIGN_OR_RETURN(std::shared_ptr<PreparedSnap> prepared,
                          prepare_snap_payload(payload, sector_size, "circuit '" + id + "'", pool));
    const size_t partitions = prepared->partitions.size();
    return engine::ValidatedPayload{partitions, std::move(prepared)};
  };
  spec.witness = [id](const engine::PreparedPayload& prepared, size_t partition,
                      ThreadPool&) -> Result<PreparedWitness> {
    CUZK_ASSIGN_OR_RETURN(const PreparedSnap* request, snap_request(id, prepared));
    CUZK_RETURN_IF_ERROR(check_partition_index(id, *request, partition));
    const snap::SnapPartitionCircuit& circuit = request->partitions[partition];
    CUZK_ASSIGN_OR_RETURN(witness::PartitionWitness witness, witness::synthesize_partition_witness(circuit));
    return PreparedWitness{std::move(witness), circuit.public_inputs().to_vector()};
  };
  return make_native_circuit(std::move(spec));
}

Result<std::unique_ptr<engine::ProofKind>> make_snap_kind(const ParamLocator& params, MultiplierFactory multiplier) {
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits;
  for (const uint64_t size : filecoin::kSectorSizes) {
    CUZK_ASSIGN_OR_RETURN(auto circuit, make_snap_circuit(size, params, multiplier));
    circuits.push_back(std::move(circuit));
  }
  return std::unique_ptr<engine::ProofKind>(std::make_unique<SnapKind>(std::move(circuits)));
}

}  // namespace cuzk::kinds
