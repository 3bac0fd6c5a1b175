// Native circuits: synthesis into a ProvingAssignment, proving through the backend, bellperson
// proof bytes, verification against the parameters' verifying key.
#include "engine/native_circuit.hpp"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <mutex>
#include <streambuf>
#include <unistd.h>

#include "circuits/synthetic.hpp"
#include "engine/prover_backend.hpp"
#include "engine/public_inputs.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/proving_assignment.hpp"

namespace cuzk::engine {
namespace {

// A read-only istream over bytes the caller keeps alive.
class SpanStreamBuf final : public std::streambuf {
 public:
  explicit SpanStreamBuf(std::span<const uint8_t> bytes) {
    char* begin = const_cast<char*>(reinterpret_cast<const char*>(bytes.data()));
    setg(begin, begin, begin + bytes.size());
  }
};

class NativeSrs final : public LoadedSrs {
 public:
  explicit NativeSrs(groth16::ProvingKey key) : pk(std::move(key)), pvk(groth16::PreparedVerifyingKey::from(pk.vk)) {}
  size_t bytes() const override {
    return (pk.h.size() + pk.l.size() + pk.a.size() + pk.b_g1.size()) * sizeof(ec::G1Affine) +
           pk.b_g2.size() * sizeof(ec::G2Affine);
  }
  bool resident_on(const ProverBackend& backend) const override { return backend.holds(pk); }
  void release_from(ProverBackend& backend) const override { backend.release(pk); }

  groth16::ProvingKey pk;
  groth16::PreparedVerifyingKey pvk;
};

class NativeSynthesized final : public SynthesizedCircuit {
 public:
  size_t bytes() const override {
    return (cs.a.size() + cs.b.size() + cs.c.size() + cs.aux_assignment.size() + cs.input_assignment.size()) *
           sizeof(ff::Fr);
  }
  r1cs::ProvingAssignment cs;
};

class NativeCircuit final : public CircuitDef {
 public:
  explicit NativeCircuit(NativeCircuitSpec spec) : spec_(std::move(spec)) {}

  const std::string& id() const override { return spec_.id; }
  std::string_view kind() const override { return spec_.kind; }
  Priority default_priority() const override { return spec_.priority; }
  bool batchable() const override { return spec_.batchable; }
  const std::string& srs_path() const override { return spec_.params_path; }
  size_t partition_bytes() const override { return spec_.partition_bytes; }
  Result<ValidatedPayload> validate(std::span<const uint8_t> payload) const override {
    auto partitions = spec_.validate(payload);
    if (!partitions.is_ok()) return partitions.status();
    return ValidatedPayload{*partitions, nullptr};
  }

  Status ensure_srs_file(ThreadPool& pool) const override {
    std::error_code ec;
    if (std::filesystem::exists(spec_.params_path, ec)) return Status::ok();
    if (!spec_.generate_missing_params) {
      return {StatusCode::kNotFound, "circuit '" + spec_.id + "': parameter file " + spec_.params_path +
                                         " not found (make test parameters with `cuzk setup --circuit " + spec_.id +
                                         "`, or put the real ones there)"};
    }
    return generate_srs(pool);
  }

  Status generate_srs(ThreadPool& pool) const override {
    std::error_code ec;
    auto circuit = spec_.circuit({}, 0);
    if (!circuit.is_ok()) return circuit.status();
    const std::unique_ptr<groth16::GeneratorMultiplier> gpu = make_gpu_generator_multiplier();  // null: the host
    auto pk = groth16::insecure_circuit_setup(**circuit, std::hash<std::string>{}(spec_.id), pool, gpu.get());
    if (!pk.is_ok()) return pk.status();
    std::filesystem::create_directories(std::filesystem::path(spec_.params_path).parent_path(), ec);
    // Written under a temporary name and renamed: a concurrent reader never sees half a file.
    const std::string tmp = spec_.params_path + ".tmp." + std::to_string(::getpid());
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) return Status::internal("cannot write " + tmp);
      if (Status s = groth16::write_proving_key(*pk, out); !s.is_ok()) return s;
      if (!out.flush()) return Status::internal("cannot write " + tmp);
    }
    std::filesystem::rename(tmp, spec_.params_path, ec);
    if (ec) return Status::internal("cannot rename " + tmp + " to " + spec_.params_path + ": " + ec.message());
    return Status::ok();
  }

  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool&) const override {
    SpanStreamBuf buf(file);
    std::istream in(&buf);
    // The engine's own or an operator's file: points are checked on the curve; the subgroup
    // check is left to the ceremony that made them (as bellperson's unchecked read).
    auto pk = groth16::read_proving_key(in, spec_.params_path, ec::SubgroupCheck::kNo);
    if (!pk.is_ok()) return pk.status();
    return std::shared_ptr<const LoadedSrs>(std::make_shared<NativeSrs>(std::move(pk).value()));
  }

  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs&, std::span<const uint8_t> payload,
                                                         const std::shared_ptr<const PreparedPayload>&,
                                                         size_t partition) const override {
    auto out = std::make_unique<NativeSynthesized>();
    if (spec_.assign) {
      r1cs::ProvingAssignment reuse;
      {
        std::lock_guard<std::mutex> lock(free_mutex_);
        if (!free_.empty()) {
          reuse = std::move(free_.back()->cs);
          free_.pop_back();
        }
      }
      auto cs = spec_.assign(payload, partition, std::move(reuse));
      if (!cs.is_ok()) return cs.status();
      out->cs = std::move(cs).value();
    } else {
      auto circuit = spec_.circuit(payload, partition);
      if (!circuit.is_ok()) return circuit.status();
      if (Status s = (*circuit)->synthesize(out->cs); !s.is_ok()) return s;
    }
    out->cs.append_input_constraints();
    return std::unique_ptr<SynthesizedCircuit>(std::move(out));
  }

  Result<std::vector<PartitionProof>> prove(const LoadedSrs& srs, std::span<SynthesizedCircuit* const> circuits,
                                            ProverBackend& backend,
                                            groth16::BlindingSource& blinding) const override {
    const auto& key = static_cast<const NativeSrs&>(srs);
    std::vector<const r1cs::ProvingAssignment*> assignments;
    assignments.reserve(circuits.size());
    for (SynthesizedCircuit* c : circuits) assignments.push_back(&static_cast<NativeSynthesized*>(c)->cs);
    auto proofs = backend.prove(key.pk, assignments, blinding);
    if (!proofs.is_ok()) return proofs.status();
    std::vector<PartitionProof> out(circuits.size());
    for (size_t i = 0; i < circuits.size(); ++i) {
      const auto bytes = groth16::proof_to_bytes((*proofs)[i]);
      out[i].proof.assign(bytes.begin(), bytes.end());
      out[i].public_inputs = public_inputs_to_decimal(std::span(assignments[i]->input_assignment).subspan(1));
    }
    return out;
  }

  void recycle(std::unique_ptr<SynthesizedCircuit> done) const override {
    if (spec_.assign) {
      std::lock_guard<std::mutex> lock(free_mutex_);
      if (free_.size() < spec_.recycled_assignments) {
        free_.emplace_back(static_cast<NativeSynthesized*>(done.release()));
        return;
      }
    }
    CircuitDef::recycle(std::move(done));
  }

  Status verify(const LoadedSrs& srs, const PartitionProof& proof) const override {
    const auto& key = static_cast<const NativeSrs&>(srs);
    auto decoded = groth16::proof_from_bytes(proof.proof, "proof of circuit '" + spec_.id + "'");
    if (!decoded.is_ok()) return decoded.status();
    auto inputs = public_inputs_from_decimal(proof.public_inputs, "proof of circuit '" + spec_.id + "'");
    if (!inputs.is_ok()) return inputs.status();
    return groth16::verify(key.pvk, *decoded, *inputs);
  }

 private:
  NativeCircuitSpec spec_;
  mutable std::mutex free_mutex_;
  mutable std::vector<std::unique_ptr<NativeSynthesized>> free_;  // GUARDED_BY(free_mutex_)
};

bool parse_count(std::string_view text, size_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

}  // namespace

uint64_t seed_from_payload(std::span<const uint8_t> payload, size_t partition) {
  uint64_t seed = 0xcbf29ce484222325ull ^ partition;
  for (uint8_t b : payload) seed = (seed ^ b) * 0x100000001b3ull;
  return seed;
}

Result<size_t> check_seed_payload(const std::string& id, std::span<const uint8_t> payload, size_t partitions) {
  if (payload.size() > 64) {
    return Status::invalid_argument("circuit '" + id + "': the payload is a seed of at most 64 bytes, got " +
                                    std::to_string(payload.size()));
  }
  return partitions;
}

std::shared_ptr<const CircuitDef> make_native_circuit(NativeCircuitSpec spec) {
  return std::make_shared<NativeCircuit>(std::move(spec));
}

std::shared_ptr<const CircuitDef> make_synthetic_circuit(
    const std::string& id, const std::function<std::string(const std::string& file_stem)>& params_path) {
  static constexpr std::string_view kPrefix = "synthetic-";
  if (!id.starts_with(kPrefix)) return nullptr;
  std::string_view rest = std::string_view(id).substr(kPrefix.size());
  size_t constraints = 0, partitions = 1;
  const size_t x = rest.find('x');
  if (!parse_count(rest.substr(0, x), constraints)) return nullptr;
  if (x != std::string_view::npos && !parse_count(rest.substr(x + 1), partitions)) return nullptr;
  if (constraints < 3 || constraints > (size_t{1} << 24) || partitions < 1 || partitions > 64) return nullptr;

  NativeCircuitSpec spec;
  spec.id = id;
  spec.kind = "synthetic";
  spec.priority = Priority::kLow;
  spec.batchable = true;
  spec.params_path = params_path("synthetic-" + std::to_string(constraints));
  spec.generate_missing_params = true;
  spec.partition_bytes = constraints * 5 * sizeof(ff::Fr);  // a, b, c and about two variables per row
  spec.validate = [id, partitions](std::span<const uint8_t> payload) {
    return check_seed_payload(id, payload, partitions);
  };
  spec.circuit = [constraints](std::span<const uint8_t> payload,
                               size_t partition) -> Result<std::unique_ptr<r1cs::Circuit>> {
    return std::unique_ptr<r1cs::Circuit>(
        std::make_unique<circuits::SyntheticCircuit>(constraints, seed_from_payload(payload, partition)));
  };
  return make_native_circuit(std::move(spec));
}

}  // namespace cuzk::engine
