// Filecoin PoSt kinds as native circuits over synthetic instances.
#include "engine/filecoin_circuits.hpp"

#include "engine/native_circuit.hpp"
#include "filecoin/post_kind.hpp"

namespace cuzk::engine {
namespace {

constexpr uint64_t kTestSectorSize = 2048;

Result<filecoin::PostInstance> instance(const filecoin::PostConfig& config, std::span<const uint8_t> payload) {
  return filecoin::synthetic_post_instance(config, seed_from_payload(payload, 0), ThreadPool::shared());
}

}  // namespace

Status register_filecoin_circuits(CircuitRegistry& registry) {
  for (filecoin::PostKind kind : {filecoin::PostKind::kWinning, filecoin::PostKind::kWindow}) {
    for (const char* size_name : {"2KiB", "8MiB", "512MiB", "32GiB", "64GiB"}) {
      auto size = filecoin::parse_sector_size(size_name);
      if (!size.is_ok()) return size.status();
      auto config = filecoin::post_config(kind, *size);
      if (!config.is_ok()) return config.status();
      auto shape = filecoin::post_circuit_size(*config);
      if (!shape.is_ok()) return shape.status();
      const std::string id = std::string(filecoin::post_kind_name(kind)) + "-" + size_name;

      NativeCircuitSpec spec;
      spec.id = id;
      spec.kind = std::string(filecoin::post_kind_name(kind));
      spec.priority = kind == filecoin::PostKind::kWinning ? Priority::kCritical : Priority::kHigh;
      spec.batchable = false;
      spec.params_path = registry.params_path(id);
      spec.generate_missing_params = *size <= kTestSectorSize;
      spec.partition_bytes = (shape->constraints * 3 + shape->aux + shape->inputs) * sizeof(ff::Fr);
      spec.validate = [id](std::span<const uint8_t> payload) { return check_seed_payload(id, payload, 1); };
      const filecoin::PostConfig post = *config;
      spec.circuit = [post](std::span<const uint8_t> payload, size_t) -> Result<std::unique_ptr<r1cs::Circuit>> {
        auto inst = instance(post, payload);
        if (!inst.is_ok()) return inst.status();
        return std::unique_ptr<r1cs::Circuit>(
            std::make_unique<filecoin::FallbackPoStCircuit>(std::move(inst->circuit)));
      };
      spec.assign = [post](std::span<const uint8_t> payload, size_t,
                           r1cs::ProvingAssignment reuse) -> Result<r1cs::ProvingAssignment> {
        auto inst = instance(post, payload);
        if (!inst.is_ok()) return inst.status();
        return filecoin::synthesize_parallel(inst->circuit, ThreadPool::shared(), 0, std::move(reuse));
      };
      if (Status s = registry.add(make_native_circuit(std::move(spec))); !s.is_ok()) return s;
    }
  }
  return Status::ok();
}

}  // namespace cuzk::engine
