// The PoRep C2 kind as native circuits over Commit-1 outputs: parsing and the native checks at
// submission, the verifier's public inputs, each partition's witness.
#include "kinds/porep_kind.hpp"

#include <filesystem>

#include "common/client_text.hpp"
#include "filecoin/porep/public_inputs.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "kinds/circuit_size_cache.hpp"
#include "kinds/filecoin_param_names.hpp"
#include "kinds/sized_circuit_id.hpp"
#include "witness/fill_recording_system.hpp"

namespace cuzk::kinds {
namespace {

namespace porep = filecoin::porep;

constexpr std::string_view kIdPrefix = "porep-";

// The partition circuit with blank challenges (zero values, node 0): its shape alone, for the
// test setup.
class BlankPorepCircuit final : public r1cs::Circuit {
 public:
  explicit BlankPorepCircuit(porep::PorepConfig config) : config_(std::move(config)) {}
  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    CUZK_ASSIGN_OR_RETURN(const porep::ChallengeProof blank, porep::blank_challenge_proof(config_));
    const std::vector<porep::ChallengeProof> challenges(config_.challenges_per_partition, blank);
    return porep::synthesize_porep_partition(cs, config_, {}, {}, challenges);
  }

 private:
  porep::PorepConfig config_;
};

// The public inputs partition `k` allocated (`allocated`, ONE first) are the verifier's.
Status check_public_inputs(const std::string& id, size_t k, const std::vector<ff::Fr>& allocated,
                           const std::vector<ff::Fr>& expected) {
  if (allocated.size() != expected.size() + 1) {
    return Status::internal("circuit '" + id + "': partition " + std::to_string(k) + " allocated " +
                            std::to_string(allocated.size() - 1) + " public inputs, the verifier has " +
                            std::to_string(expected.size()));
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (allocated[1 + i] != expected[i]) {
      return Status::internal("circuit '" + id + "': partition " + std::to_string(k) + ": public input " +
                              std::to_string(i) + " is " + allocated[1 + i].to_decimal() +
                              " in the circuit, the verifier computes " + expected[i].to_decimal());
    }
  }
  return Status::ok();
}

Status check_partition_index(const std::string& id, const PreparedCommit1& prepared, size_t k) {
  if (k < prepared.public_inputs.size()) return Status::ok();
  return Status::invalid_argument("circuit '" + id + "': partition " + std::to_string(k) + " of " +
                                  std::to_string(prepared.public_inputs.size()));
}

// The prepared Commit-1 output behind `prepared`, or kInternal naming circuit `id`.
Result<const PreparedCommit1*> commit1_of(const std::string& id, const engine::PreparedPayload& prepared) {
  return prepared_as<PreparedCommit1>(id, prepared, "a Commit-1 output");
}

// Partition `k` of a prepared output, as a circuit (the reference synthesis).
class Commit1PartitionCircuit final : public r1cs::Circuit {
 public:
  Commit1PartitionCircuit(const PreparedCommit1& prepared, size_t k) : prepared_(prepared), k_(k) {}
  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    return synthesize_commit1_partition(cs, prepared_.config, prepared_.input.output, k_);
  }

 private:
  const PreparedCommit1& prepared_;  // outlives the circuit (the job holds it)
  size_t k_;
};

// Partition `k` of a prepared output's witness, its public inputs checked against the ones the
// circuit allocated.
Result<PreparedWitness> witness_partition(const std::string& id, const PreparedCommit1& prepared, size_t k) {
  CUZK_RETURN_IF_ERROR(check_partition_index(id, prepared, k));
  CUZK_ASSIGN_OR_RETURN(witness::PartitionWitness witness,
                        witness::synthesize_partition_witness(Commit1PartitionCircuit(prepared, k)));
  CUZK_RETURN_IF_ERROR(check_public_inputs(id, k, witness.values.inputs, prepared.public_inputs[k]));
  return PreparedWitness{std::move(witness), prepared.public_inputs[k]};
}

class PorepKind final : public engine::ProofKind {
 public:
  explicit PorepKind(std::vector<std::shared_ptr<const engine::CircuitDef>> circuits) : circuits_(std::move(circuits)) {}
  std::string_view name() const override { return "porep"; }
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits() const override { return circuits_; }
  // "StackedDrg32GiBV1_1" (or …V1) → porep-32GiB.
  std::shared_ptr<const engine::CircuitDef> resolve(std::string_view id) const override {
    const Result<filecoin::RegisteredProof> proof = porep::parse_registered_seal_proof(id);
    if (!proof.is_ok()) return nullptr;
    const std::string target = porep_circuit_id(proof->sector_size);
    for (const auto& circuit : circuits_) {
      if (circuit->id() == target) return circuit;
    }
    return nullptr;
  }

 private:
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits_;
};

// porep_circuit_size of the production configurations (`cuzk circuit-info --kind porep`; the
// 32 GiB count is rust-fil-proofs' circuitinfo's), so that making a catalog counts nothing (a
// 32 GiB count takes about half a second). tests/kinds/porep_kind_test.cpp checks the table
// against the count.
struct KnownSize {
  uint64_t sector_size;
  filecoin::CircuitSize size;
};
constexpr KnownSize kKnownSizes[] = {
    {uint64_t{2} << 10, {2687921, 40, 2685673}},        {uint64_t{8} << 20, {3844929, 40, 3842449}},
    {uint64_t{512} << 20, {4423433, 40, 4420837}},      {uint64_t{32} << 30, {130278541, 328, 130169893}},
    {uint64_t{64} << 30, {131185849, 328, 131076643}},
};

// Any other configuration is counted once per process.
Result<filecoin::CircuitSize> cached_circuit_size(const porep::PorepConfig& config) {
  for (const KnownSize& known : kKnownSizes) {
    if (known.sector_size != config.sector_size) continue;
    const auto production = porep::porep_config(config.registered_proof);
    if (production.is_ok() && production->layers == config.layers && production->partitions == config.partitions &&
        production->challenges_per_partition == config.challenges_per_partition) {
      return known.size;
    }
  }
  return kinds::cached_circuit_size("porep:" + std::to_string(config.sector_size),
                                    [&config] { return porep::porep_circuit_size(config); });
}

}  // namespace

std::string porep_circuit_id(uint64_t sector_size) { return sized_circuit_id(kIdPrefix, sector_size); }

Result<uint64_t> porep_id_sector_size(std::string_view id) {
  if (const std::optional<uint64_t> size = sized_circuit_id_size(kIdPrefix, id)) {
    return *size;
  }
  if (const Result<filecoin::RegisteredProof> proof = porep::parse_registered_seal_proof(id); proof.is_ok()) {
    return proof->sector_size;
  }
  std::string message = quote_client_text(id);
  message += " is not a PoRep circuit (porep-2KiB|8MiB|512MiB|32GiB|64GiB or a registered seal proof such as "
             "StackedDrg32GiBV1_1)";
  return Status::invalid_argument(message);
}

Result<filecoin::CircuitSize> porep_partition_size(const porep::PorepConfig& config) {
  return cached_circuit_size(config);
}

std::string porep_params_path(const porep::PorepConfig& config, const ParamLocator& params) {
  const std::string filecoin_name = porep_param_stem(config) + ".params";
  if (std::string found = params.find_file(filecoin_name); !found.empty()) return found;
  return params.params_path(porep_circuit_id(config.sector_size));
}

Result<std::shared_ptr<PreparedCommit1>> prepare_commit1(std::span<const uint8_t> bytes, uint64_t sector_size,
                                                         std::string_view what, ThreadPool& pool) {
  const std::string prefix = what.empty() ? std::string() : std::string(what) + ": ";
  auto fail = [&](const Status& s) { return Status::invalid_argument(prefix + s.message()); };
  auto out = std::make_shared<PreparedCommit1>();
  Result<porep::Commit1Input> input = porep::read_commit1(bytes, kMaxCommit1Bytes);
  if (!input.is_ok()) return fail(input.status());
  out->input = std::move(input).value();
  const porep::Commit1Output& output = out->input.output;
  Result<porep::PorepConfig> config = porep::porep_config(output.registered_proof);
  if (!config.is_ok()) return fail(config.status());
  out->config = std::move(config).value();
  if (sector_size != 0 && out->config.sector_size != sector_size) {
    const std::string right = porep_circuit_id(out->config.sector_size);
    return Status::invalid_argument(
        prefix + "the Commit-1 output is " + std::string(output.registered_proof.name) +
        " (" + filecoin::sector_size_name(out->config.sector_size) + " sectors), this circuit proves " +
        filecoin::sector_size_name(sector_size) + " sectors" +
        (right.empty() ? std::string() : " (prove it as " + right + ")"));
  }
  Result<porep::CheckedCommit1> checked = porep::check_commit1(out->config, output, pool);
  if (!checked.is_ok()) return fail(checked.status());
  out->checked = std::move(checked).value();
  out->public_inputs.resize(out->config.partitions);
  for (size_t k = 0; k < out->config.partitions; ++k) {
    Result<std::vector<ff::Fr>> inputs =
        porep::porep_public_inputs(out->config, output.replica_id, output.comm_d, output.comm_r, output.seed, k);
    if (!inputs.is_ok()) return fail(inputs.status());
    out->public_inputs[k] = std::move(inputs).value();
  }
  return out;
}

Status synthesize_commit1_partition(r1cs::ConstraintSystem& cs, const porep::PorepConfig& config,
                                    const porep::Commit1Output& output, size_t partition) {
  CUZK_ASSIGN_OR_RETURN(const porep::PartitionWitness witness, porep::partition_witness(output, partition));
  return porep::synthesize_porep_partition(cs, config, witness.public_values, witness.private_values,
                                           witness.challenges);
}

Result<std::shared_ptr<const engine::CircuitDef>> make_porep_circuit(std::string_view id, const ParamLocator& params,
                                                                     MultiplierFactory multiplier,
                                                                     const std::string& params_file) {
  if (!id.starts_with(kIdPrefix)) {
    std::string message = quote_client_text(id);
    message += " is not a porep-<size> circuit id";
    return Status::invalid_argument(message);
  }
  CUZK_ASSIGN_OR_RETURN(const uint64_t sector_size, porep_id_sector_size(id));
  CUZK_ASSIGN_OR_RETURN(const filecoin::RegisteredProof proof, porep::seal_proof_for_sector_size(sector_size));
  CUZK_ASSIGN_OR_RETURN(const porep::PorepConfig config, porep::porep_config(proof));
  CUZK_ASSIGN_OR_RETURN(const filecoin::CircuitSize size, cached_circuit_size(config));

  NativeCircuitSpec spec;
  spec.id = std::string(id);
  spec.kind = "porep";
  spec.always_verified = true;
  // Reading a wrapped output holds its decoded Phase1Out (3/4 of the payload) and the typed
  // output (less than its text: tests/filecoin/porep/commit1_json_bounds_test); the checks add
  // the challenges.
  spec.validation_bytes = [](size_t payload_bytes) { return 2 * payload_bytes; };
  spec.priority = engine::Priority::kNormal;
  spec.batchable = true;
  spec.params_path = params_file.empty() ? porep_params_path(config, params) : params_file;
  spec.generate_missing_params = params_file.empty() && sector_size <= kPorepMaxGeneratedSectorSize;
  spec.generated_dir = params.generated_dir;
  spec.matrices_dir = params.matrices_dir;
  spec.multiplier = std::move(multiplier);
  // The whole form's bound: a, b, c per row (input rows included), the aux and input assignments.
  spec.partition_bytes = ((size.constraints + size.inputs) * 3 + size.aux + size.inputs) * sizeof(ff::Fr);
  spec.circuit = [id = spec.id, config](const engine::PreparedPayload* prepared,
                                        size_t partition) -> Result<std::unique_ptr<r1cs::Circuit>> {
    if (prepared == nullptr) return std::unique_ptr<r1cs::Circuit>(std::make_unique<BlankPorepCircuit>(config));
    CUZK_ASSIGN_OR_RETURN(const PreparedCommit1* commit1, commit1_of(id, *prepared));
    CUZK_RETURN_IF_ERROR(check_partition_index(id, *commit1, partition));
    return std::unique_ptr<r1cs::Circuit>(std::make_unique<Commit1PartitionCircuit>(*commit1, partition));
  };
  spec.prepare = [id = spec.id, sector_size](std::span<const uint8_t> payload,
                                             ThreadPool& pool) -> Result<engine::ValidatedPayload> {
    CUZK_ASSIGN_OR_RETURN(std::shared_ptr<PreparedCommit1> prepared,
                          prepare_commit1(payload, sector_size, "circuit '" + id + "'", pool));
    const size_t partitions = prepared->config.partitions;
    return engine::ValidatedPayload{partitions, std::move(prepared)};
  };
  spec.witness = [id = spec.id](const engine::PreparedPayload& prepared, size_t partition,
                                ThreadPool&) -> Result<PreparedWitness> {
    CUZK_ASSIGN_OR_RETURN(const PreparedCommit1* commit1, commit1_of(id, prepared));
    return witness_partition(id, *commit1, partition);
  };
  return make_native_circuit(std::move(spec));
}

Result<std::unique_ptr<engine::ProofKind>> make_porep_kind(const ParamLocator& params, MultiplierFactory multiplier) {
  std::vector<std::shared_ptr<const engine::CircuitDef>> circuits;
  for (const uint64_t size : filecoin::kSectorSizes) {
    CUZK_ASSIGN_OR_RETURN(auto circuit, make_porep_circuit(porep_circuit_id(size), params, multiplier));
    circuits.push_back(std::move(circuit));
  }
  return std::unique_ptr<engine::ProofKind>(std::make_unique<PorepKind>(std::move(circuits)));
}

}  // namespace cuzk::kinds
