// circom circuits: zkey loading, .wtns payload checks, witness map, snarkjs-convention proving.
#include "engine/circom_circuit.hpp"

#include "circom/json_format.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_prover.hpp"
#include "engine/public_inputs.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::engine {
namespace {

class ZkeySrs final : public LoadedSrs {
 public:
  explicit ZkeySrs(circom::Zkey z) : zkey(std::move(z)), pvk(groth16::PreparedVerifyingKey::from(zkey.verifying_key())) {}
  size_t bytes() const override {
    return (zkey.a.size() + zkey.b1.size() + zkey.c.size() + zkey.h.size()) * sizeof(ec::G1Affine) +
           zkey.b2.size() * sizeof(ec::G2Affine) + zkey.coefs.size() * sizeof(circom::ZkeyCoef);
  }
  circom::Zkey zkey;
  groth16::PreparedVerifyingKey pvk;
};

// The witness parsed at submission (validate), shared by the job and its synthesized circuit.
class ParsedWitness final : public PreparedPayload {
 public:
  explicit ParsedWitness(std::vector<ff::Fr> w) : values(std::move(w)) {}
  std::vector<ff::Fr> values;
};

class CircomSynthesized final : public SynthesizedCircuit {
 public:
  size_t bytes() const override { return (witness->values.size() + map.a.size() + map.b.size()) * sizeof(ff::Fr); }
  std::shared_ptr<const ParsedWitness> witness;
  circom::WitnessMap map;
};

class CircomCircuit final : public CircuitDef {
 public:
  CircomCircuit(std::string id, std::string path, uint32_t n_vars, uint32_t domain_size)
      : id_(std::move(id)), path_(std::move(path)), n_vars_(n_vars), domain_size_(domain_size) {}

  const std::string& id() const override { return id_; }
  std::string_view kind() const override { return "circom"; }
  Priority default_priority() const override { return Priority::kNormal; }
  bool batchable() const override { return false; }
  const std::string& srs_path() const override { return path_; }
  size_t partition_bytes() const override { return (size_t{n_vars_} + 2 * size_t{domain_size_}) * sizeof(ff::Fr); }
  Status ensure_srs_file(ThreadPool&) const override { return Status::ok(); }
  Status generate_srs(ThreadPool&) const override {
    return Status::invalid_argument("circuit '" + id_ + "' is a circom circuit: its parameters are its zkey (snarkjs)");
  }

  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool& pool) const override {
    auto bin = circom::BinFile::parse(file, path_, "zkey", 1);
    if (!bin.is_ok()) return bin.status();
    auto zkey = circom::parse_zkey(*bin, circom::ZkeyParts::kAll, &pool);
    if (!zkey.is_ok()) return zkey.status();
    return std::shared_ptr<const LoadedSrs>(std::make_shared<ZkeySrs>(std::move(zkey).value()));
  }

  Result<ValidatedPayload> validate(std::span<const uint8_t> payload) const override {
    auto witness = parse_witness(payload);
    if (!witness.is_ok()) return witness.status();
    return ValidatedPayload{1, std::make_shared<const ParsedWitness>(std::move(witness).value())};
  }

  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs& srs, std::span<const uint8_t>,
                                                         const std::shared_ptr<const PreparedPayload>& prepared,
                                                         size_t) const override {
    const auto& zkey = static_cast<const ZkeySrs&>(srs).zkey;
    auto out = std::make_unique<CircomSynthesized>();
    out->witness = std::static_pointer_cast<const ParsedWitness>(prepared);
    auto map = circom::snarkjs_witness_map(zkey, out->witness->values, witness_name());
    if (!map.is_ok()) return map.status();
    out->map = std::move(map).value();
    return std::unique_ptr<SynthesizedCircuit>(std::move(out));
  }

  Result<std::vector<PartitionProof>> prove(const LoadedSrs& srs, std::span<SynthesizedCircuit* const> circuits,
                                            ProverBackend& backend,
                                            groth16::BlindingSource& blinding) const override {
    const auto& zkey = static_cast<const ZkeySrs&>(srs).zkey;
    std::vector<PartitionProof> out;
    circom::ZkeyProveOptions options;
    options.self_check = false;  // the engine verifies every proof itself, and times it
    options.witness_name = witness_name();
    for (SynthesizedCircuit* c : circuits) {
      const auto& synthesized = *static_cast<CircomSynthesized*>(c);
      auto proof = circom::prove_zkey_mapped(zkey, synthesized.witness->values, synthesized.map, blinding,
                                             backend.cpu_pool(), options);
      if (!proof.is_ok()) return proof.status();
      const std::string json = circom::proof_to_json(proof->proof);
      PartitionProof p;
      p.proof.assign(json.begin(), json.end());
      p.public_inputs = public_inputs_to_decimal(proof->public_signals);
      out.push_back(std::move(p));
    }
    return out;
  }

  Status verify(const LoadedSrs& srs, const PartitionProof& proof) const override {
    const auto& key = static_cast<const ZkeySrs&>(srs);
    auto decoded = circom::proof_from_json(std::string_view(reinterpret_cast<const char*>(proof.proof.data()),
                                                            proof.proof.size()),
                                           "proof of circuit '" + id_ + "'");
    if (!decoded.is_ok()) return decoded.status();
    auto inputs = public_inputs_from_decimal(proof.public_inputs, "proof of circuit '" + id_ + "'");
    if (!inputs.is_ok()) return inputs.status();
    return groth16::verify(key.pvk, *decoded, *inputs);
  }

 private:
  std::string witness_name() const { return "witness for circuit '" + id_ + "'"; }

  Result<std::vector<ff::Fr>> parse_witness(std::span<const uint8_t> payload) const {
    auto bin = circom::BinFile::parse(payload, witness_name(), "wtns", 2);
    if (!bin.is_ok()) return bin.status();
    auto witness = circom::parse_wtns(*bin);
    if (!witness.is_ok()) return witness.status();
    if (witness->size() != n_vars_) {
      return Status::invalid_argument(witness_name() + ": the witness has " + std::to_string(witness->size()) +
                                      " values but the circuit has " + std::to_string(n_vars_) +
                                      " variables (a witness for another circuit?)");
    }
    if (!(*witness)[0].is_one()) {
      return Status::invalid_argument(witness_name() + ": witness[0] (the constant ONE signal) is not 1");
    }
    return witness;
  }

  std::string id_, path_;
  uint32_t n_vars_, domain_size_;
};

}  // namespace

Result<std::shared_ptr<const CircuitDef>> make_circom_circuit(const std::string& id, const std::string& zkey_path) {
  auto header = circom::read_zkey(zkey_path, circom::ZkeyParts::kVerifyingKey);
  if (!header.is_ok()) return header.status();
  return std::shared_ptr<const CircuitDef>(
      std::make_shared<CircomCircuit>(id, zkey_path, header->n_vars, header->domain_size));
}

}  // namespace cuzk::engine
