// The synthetic kind: id parsing and canonical form, its native circuit spec, the listed ids
// and (opt-in) resolution on demand.
#include "kinds/synthetic_kind.hpp"

#include <charconv>

#include "circuits/synthetic.hpp"

namespace cuzk::kinds {
namespace {

constexpr std::string_view kPrefix = "synthetic-";
constexpr size_t kMaxConstraints = size_t{1} << 24;
constexpr size_t kMaxPartitions = 64;

bool parse_count(std::string_view text, size_t& out) {
  if (text.empty() || (text.size() > 1 && text[0] == '0')) return false;  // canonical: no leading zeros
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

class SyntheticKind final : public engine::ProofKind {
 public:
  explicit SyntheticKind(SyntheticKindConfig config) : config_(std::move(config)) {}
  std::string_view name() const override { return "synthetic"; }
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits() const override {
    std::vector<std::shared_ptr<const engine::CircuitDef>> out;
    for (const std::string& id : config_.ids) out.push_back(make_synthetic_circuit(id, config_.params, config_.multiplier));
    return out;
  }
  std::shared_ptr<const engine::CircuitDef> resolve(std::string_view id) const override {
    if (!config_.on_demand) return nullptr;
    return make_synthetic_circuit(id, config_.params, config_.multiplier);
  }

 private:
  SyntheticKindConfig config_;
};

}  // namespace

std::string SyntheticId::canonical() const {
  std::string out(kPrefix);
  out += std::to_string(constraints);
  if (partitions > 1) {
    out += 'x';
    out += std::to_string(partitions);
  }
  return out;
}

std::optional<SyntheticId> parse_synthetic_id(std::string_view id) {
  if (!id.starts_with(kPrefix)) return std::nullopt;
  const std::string_view rest = id.substr(kPrefix.size());
  SyntheticId out;
  const size_t x = rest.find('x');
  if (!parse_count(rest.substr(0, x), out.constraints)) return std::nullopt;
  if (x != std::string_view::npos && !parse_count(rest.substr(x + 1), out.partitions)) return std::nullopt;
  if (out.constraints < 3 || out.constraints > kMaxConstraints || out.partitions < 1 ||
      out.partitions > kMaxPartitions) {
    return std::nullopt;
  }
  return out;
}

std::shared_ptr<const engine::CircuitDef> make_synthetic_circuit(std::string_view id, const ParamLocator& params,
                                                                 MultiplierFactory multiplier) {
  const std::optional<SyntheticId> parsed = parse_synthetic_id(id);
  if (!parsed) return nullptr;
  const size_t constraints = parsed->constraints, partitions = parsed->partitions;
  NativeCircuitSpec spec;
  spec.id = parsed->canonical();
  spec.kind = "synthetic";
  spec.priority = engine::Priority::kLow;
  spec.batchable = true;
  spec.params_path = params.params_path("synthetic-" + std::to_string(constraints));
  spec.generate_missing_params = true;
  spec.generated_dir = params.generated_dir;
  spec.matrices_dir = params.matrices_dir;
  spec.multiplier = std::move(multiplier);
  spec.partition_bytes = constraints * 5 * sizeof(ff::Fr);  // a, b, c and about two variables per row
  spec.prepare = [id = spec.id, partitions](std::span<const uint8_t> payload, ThreadPool&) {
    return prepare_seed_payload(id, payload, partitions);
  };
  spec.circuit = [constraints](const engine::PreparedPayload* prepared,
                               size_t partition) -> Result<std::unique_ptr<r1cs::Circuit>> {
    return std::unique_ptr<r1cs::Circuit>(std::make_unique<circuits::SyntheticCircuit>(
        constraints, seed_from_payload(raw_payload_bytes(prepared), partition)));
  };
  spec.witness = [circuit = spec.circuit](const engine::PreparedPayload& prepared, size_t partition,
                                          ThreadPool&) -> Result<PreparedWitness> {
    CUZK_ASSIGN_OR_RETURN(const std::unique_ptr<r1cs::Circuit> instance, circuit(&prepared, partition));
    return witness_of(*instance);
  };
  return make_native_circuit(std::move(spec));
}

Result<std::unique_ptr<engine::ProofKind>> make_synthetic_kind(SyntheticKindConfig config) {
  for (const std::string& id : config.ids) {
    const auto parsed = parse_synthetic_id(id);
    if (!parsed || parsed->canonical() != id) {
      return Status::invalid_argument("'" + id + "' is not a synthetic circuit id (synthetic-<constraints>[x<partitions>], "
                                      "constraints 3..2^24, partitions 2..64, no leading zeros)");
    }
  }
  return std::unique_ptr<engine::ProofKind>(std::make_unique<SyntheticKind>(std::move(config)));
}

}  // namespace cuzk::kinds
