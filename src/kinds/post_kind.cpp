// The PoSt kinds as native circuits over synthetic instances.
#include "kinds/post_kind.hpp"

#include "filecoin/post_kind.hpp"

namespace cuzk::kinds {
namespace {

constexpr uint64_t kTestSectorSize = 2048;

class PostKind final : public engine::ProofKind {
 public:
  explicit PostKind(std::vector<std::shared_ptr<const engine::CircuitDef>> circuits) : circuits_(std::move(circuits)) {}
  std::string_view name() const override { return "post"; }
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits() const override { return circuits_; }

 private:
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits_;
};

Result<std::shared_ptr<const engine::CircuitDef>> post_circuit(filecoin::PostKind kind, const char* size_name,
                                                               const ParamLocator& params,
                                                               const MultiplierFactory& multiplier) {
  CUZK_ASSIGN_OR_RETURN(const uint64_t size, filecoin::parse_sector_size(size_name));
  CUZK_ASSIGN_OR_RETURN(const filecoin::PostConfig config, filecoin::post_config(kind, size));
  CUZK_ASSIGN_OR_RETURN(const filecoin::CircuitSize shape, filecoin::post_circuit_size(config));
  const std::string id = std::string(filecoin::post_kind_name(kind)) + "-" + size_name;

  NativeCircuitSpec spec;
  spec.id = id;
  spec.kind = std::string(filecoin::post_kind_name(kind));
  spec.priority = kind == filecoin::PostKind::kWinning ? engine::Priority::kCritical : engine::Priority::kHigh;
  spec.batchable = false;
  spec.params_path = params.params_path(id);
  spec.generate_missing_params = size <= kTestSectorSize;
  spec.multiplier = multiplier;
  spec.partition_bytes = (shape.constraints * 3 + shape.aux + shape.inputs) * sizeof(ff::Fr);
  spec.validate = [id](std::span<const uint8_t> payload) { return check_seed_payload(id, payload, 1); };
  spec.circuit = [config](std::span<const uint8_t> payload, size_t) -> Result<std::unique_ptr<r1cs::Circuit>> {
    ThreadPool one(1);
    CUZK_ASSIGN_OR_RETURN(filecoin::PostInstance inst,
                          filecoin::synthetic_post_instance(config, seed_from_payload(payload, 0), one));
    return std::unique_ptr<r1cs::Circuit>(std::make_unique<filecoin::FallbackPoStCircuit>(std::move(inst.circuit)));
  };
  spec.assign = [config](std::span<const uint8_t> payload, size_t, r1cs::ProvingAssignment reuse,
                         ThreadPool& pool) -> Result<r1cs::ProvingAssignment> {
    CUZK_ASSIGN_OR_RETURN(filecoin::PostInstance inst,
                          filecoin::synthetic_post_instance(config, seed_from_payload(payload, 0), pool));
    return filecoin::synthesize_parallel(inst.circuit, pool, 0, std::move(reuse));
  };
  return make_native_circuit(std::move(spec));
}

}  // namespace

Result<std::unique_ptr<engine::ProofKind>> make_post_kind(const ParamLocator& params, MultiplierFactory multiplier) {
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits;
  for (filecoin::PostKind kind : {filecoin::PostKind::kWinning, filecoin::PostKind::kWindow}) {
    for (const char* size_name : {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"}) {
      CUZK_ASSIGN_OR_RETURN(auto circuit, post_circuit(kind, size_name, params, multiplier));
      circuits.push_back(std::move(circuit));
    }
  }
  return std::unique_ptr<engine::ProofKind>(std::make_unique<PostKind>(std::move(circuits)));
}

}  // namespace cuzk::kinds
