// The circom kind: zkey loading into the prover seam's key and the zkey's matrices, .wtns payload
// checks, the witness as a partition witness.
#include "kinds/circom_kind.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_prover.hpp"
#include "circom/zkey_proving_key.hpp"
#include "common/trusted_paths.hpp"

namespace cuzk::kinds {
namespace {

using engine::CircuitDef;
using engine::LoadedSrs;
using engine::PreparedPayload;
using engine::SynthesizedCircuit;
using engine::ValidatedPayload;

class ZkeySrs final : public LoadedSrs {
 public:
  explicit ZkeySrs(circom::ZkeyProvingKey k)
      : key(std::move(k)), pvk(groth16::PreparedVerifyingKey::from(key.pk.vk)), matrices(circom::zkey_matrices(key)) {}
  size_t bytes() const override {
    const groth16::ProvingKey& pk = key.pk;
    return (pk.h.size() + pk.l.size() + pk.a.size() + pk.b_g1.size()) * sizeof(ec::G1Affine) +
           pk.b_g2.size() * sizeof(ec::G2Affine) + key.coefs.size() * sizeof(circom::ZkeyCoef) +
           matrices->host_bytes();
  }
  const groth16::ProvingKey& proving_key() const override { return key.pk; }
  const groth16::PreparedVerifyingKey& verifying_key() const override { return pvk; }

  circom::ZkeyProvingKey key;
  groth16::PreparedVerifyingKey pvk;
  std::shared_ptr<const r1cs::RecordedMatrices> matrices;  // every witness of the zkey carries them
};

// The witness parsed at submission (validate), kept with the job for synthesis.
class ParsedWitness final : public PreparedPayload {
 public:
  explicit ParsedWitness(std::vector<ff::Fr> w) : values(std::move(w)) {}
  std::vector<ff::Fr> values;
};

class CircomCircuit final : public CircuitDef {
 public:
  CircomCircuit(std::string id, std::string path, uint32_t n_vars)
      : id_(std::move(id)), path_(std::move(path)), n_vars_(n_vars) {}

  const std::string& id() const override { return id_; }
  std::string_view kind() const override { return "circom"; }
  engine::Priority default_priority() const override { return engine::Priority::kNormal; }
  bool batchable() const override { return false; }
  groth16::QapConvention convention() const override { return groth16::QapConvention::kSnarkjs; }
  engine::ProofEncoding encoding() const override { return engine::ProofEncoding::kSnarkjs; }
  const std::string& srs_path() const override { return path_; }
  // The witness, packed: at most one field value a variable.
  size_t partition_bytes() const override { return size_t{n_vars_} * sizeof(ff::Fr); }
  bool witness_checked_by_rows() const override { return false; }  // a zkey holds no C
  // Before every read of the zkey: nobody else may have been able to change it.
  Status ensure_srs_file(ThreadPool&, std::stop_token) const override { return check_trusted_file(path_, "zkey"); }
  Status generate_srs(ThreadPool&, std::stop_token) const override {
    return Status::invalid_argument("circuit '" + id_ + "' is a circom circuit: its parameters are its zkey (snarkjs)");
  }

  Result<std::shared_ptr<const LoadedSrs>> load_srs(std::span<const uint8_t> file, ThreadPool& pool) const override {
    CUZK_ASSIGN_OR_RETURN(const circom::BinFile bin, circom::BinFile::parse(file, path_, "zkey", 1));
    CUZK_ASSIGN_OR_RETURN(circom::Zkey zkey, circom::parse_zkey(bin, circom::ZkeyParts::kAll, &pool));
    CUZK_ASSIGN_OR_RETURN(circom::ZkeyProvingKey key, circom::zkey_proving_key(std::move(zkey)));
    return std::shared_ptr<const LoadedSrs>(std::make_shared<ZkeySrs>(std::move(key)));
  }

  Result<ValidatedPayload> validate(std::span<const uint8_t> payload, ThreadPool&) const override {
    CUZK_ASSIGN_OR_RETURN(std::vector<ff::Fr> witness, parse_witness(payload));
    return ValidatedPayload{1, std::make_shared<const ParsedWitness>(std::move(witness))};
  }

  Result<std::unique_ptr<SynthesizedCircuit>> synthesize(const LoadedSrs& srs, std::span<const uint8_t>,
                                                         const std::shared_ptr<const PreparedPayload>& prepared,
                                                         size_t, ThreadPool&) const override {
    const auto& zkey = static_cast<const ZkeySrs&>(srs);
    const std::vector<ff::Fr>& witness = static_cast<const ParsedWitness&>(*prepared).values;
    auto out = std::make_unique<SynthesizedCircuit>();
    CUZK_ASSIGN_OR_RETURN(out->witness, circom::zkey_witness(zkey.key, witness, zkey.matrices, witness_name()));
    out->public_inputs.assign(witness.begin() + 1, witness.begin() + 1 + zkey.key.n_public);
    return std::unique_ptr<SynthesizedCircuit>(std::move(out));
  }

 private:
  std::string witness_name() const { return "witness for circuit '" + id_ + "'"; }

  Result<std::vector<ff::Fr>> parse_witness(std::span<const uint8_t> payload) const {
    CUZK_ASSIGN_OR_RETURN(const circom::BinFile bin, circom::BinFile::parse(payload, witness_name(), "wtns", 2));
    CUZK_ASSIGN_OR_RETURN(std::vector<ff::Fr> witness, circom::parse_wtns(bin));
    if (witness.size() != n_vars_) {
      return Status::invalid_argument(witness_name() + ": the witness has " + std::to_string(witness.size()) +
                                      " values but the circuit has " + std::to_string(n_vars_) +
                                      " variables (a witness for another circuit?)");
    }
    if (!witness[0].is_one()) {
      return Status::invalid_argument(witness_name() + ": witness[0] (the constant ONE signal) is not 1");
    }
    return witness;
  }

  std::string id_, path_;
  uint32_t n_vars_;
};

class CircomKind final : public engine::ProofKind {
 public:
  explicit CircomKind(std::vector<std::shared_ptr<const CircuitDef>> circuits) : circuits_(std::move(circuits)) {}
  std::string_view name() const override { return "circom"; }
  std::vector<std::shared_ptr<const CircuitDef>> circuits() const override { return circuits_; }

 private:
  std::vector<std::shared_ptr<const CircuitDef>> circuits_;
};

}  // namespace

Result<std::shared_ptr<const CircuitDef>> make_circom_circuit(const std::string& id, const std::string& zkey_path) {
  CUZK_RETURN_IF_ERROR(check_trusted_file(zkey_path, "zkey"));
  CUZK_ASSIGN_OR_RETURN(const circom::Zkey header, circom::read_zkey(zkey_path, circom::ZkeyParts::kVerifyingKey));
  return std::shared_ptr<const CircuitDef>(
      std::make_shared<CircomCircuit>(id, zkey_path, header.n_vars));
}

Result<std::unique_ptr<engine::ProofKind>> make_circom_kind(const std::vector<std::string>& param_dirs,
                                                            bool bad_zkey_fatal,
                                                            const std::function<void(const std::string&)>& warn) {
  namespace fs = std::filesystem;
  std::vector<std::shared_ptr<const CircuitDef>> circuits;
  for (const std::string& dir : param_dirs) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return Status(StatusCode::kNotFound, "parameter directory " + dir + " does not exist");
    std::vector<fs::path> zkeys;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".zkey") zkeys.push_back(entry.path());
    }
    if (ec) return Status::internal("cannot list " + dir + ": " + ec.message());
    std::sort(zkeys.begin(), zkeys.end());
    for (const fs::path& path : zkeys) {
      auto circuit = make_circom_circuit(path.stem().string(), path.string());
      if (circuit.is_ok()) {
        circuits.push_back(std::move(circuit).value());
        continue;
      }
      if (bad_zkey_fatal) return circuit.status();
      std::string skipped = "skipping circuit '";
      skipped += path.stem().string();
      skipped += "': ";
      skipped += circuit.status().message();
      if (warn) {
        warn(skipped);
      } else {
        std::cerr << "warning: " << skipped << "\n";
      }
    }
  }
  return std::unique_ptr<engine::ProofKind>(std::make_unique<CircomKind>(std::move(circuits)));
}

}  // namespace cuzk::kinds
