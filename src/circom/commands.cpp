// prove_command / verify_command (see commands.hpp).
#include "circom/commands.hpp"

#include <optional>

#include "circom/json_format.hpp"
#include "circom/r1cs_file.hpp"
#include "circom/wtns_file.hpp"
#include "circom/zkey_file.hpp"
#include "circom/zkey_prover.hpp"
#include "groth16/cpu_prover.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::circom {

Status prove_command(const std::string& zkey_path, const std::string& witness_path, const std::string& proof_json_path,
                     const std::string& public_json_path, groth16::BlindingSource& blinding,
                     const ProveCommandOptions& options) {
  ThreadPool& pool = options.pool != nullptr ? *options.pool : ThreadPool::shared();
  auto zkey = read_zkey(zkey_path, ZkeyParts::kAll, &pool);
  if (!zkey.is_ok()) return zkey.status();
  auto witness = read_wtns(witness_path);
  if (!witness.is_ok()) return witness.status();
  std::optional<R1cs> r1cs;
  if (!options.r1cs_path.empty()) {
    auto parsed = read_r1cs(options.r1cs_path);
    if (!parsed.is_ok()) return parsed.status();
    r1cs = std::move(parsed).value();
  }

  ZkeyProveOptions prove_options;
  prove_options.r1cs = r1cs ? &*r1cs : nullptr;
  prove_options.witness_name = witness_path;
  prove_options.r1cs_name = options.r1cs_path;
  auto key = zkey_proving_key(std::move(zkey).value());  // the points move: one copy of them
  if (!key.is_ok()) return Status(key.status().code(), zkey_path + ": " + key.status().message());
  groth16::CpuProver cpu(pool);
  groth16::ProverBackend& backend = options.backend != nullptr ? *options.backend : cpu;
  auto proof = prove_zkey(*key, *witness, backend, blinding, prove_options);
  if (!proof.is_ok()) {
    const Status& s = proof.status();
    // Name the zkey too: a size mismatch may be the zkey's fault as much as the witness's.
    return Status(s.code(), s.message() + " [zkey " + zkey_path + "]");
  }
  CUZK_RETURN_IF_ERROR(write_text_file(proof_json_path, proof_to_json(proof->proof)));
  return write_text_file(public_json_path, public_to_json(proof->public_signals));
}

Status verify_command(const std::string& vk_json_path, const std::string& proof_json_path,
                      const std::string& public_json_path) {
  auto vk_text = read_text_file(vk_json_path);
  if (!vk_text.is_ok()) return vk_text.status();
  auto vk = vk_from_json(*vk_text, vk_json_path);
  if (!vk.is_ok()) return vk.status();
  auto proof_text = read_text_file(proof_json_path);
  if (!proof_text.is_ok()) return proof_text.status();
  auto proof = proof_from_json(*proof_text, proof_json_path);
  if (!proof.is_ok()) return proof.status();
  auto public_text = read_text_file(public_json_path);
  if (!public_text.is_ok()) return public_text.status();
  auto signals = public_from_json(*public_text, public_json_path);
  if (!signals.is_ok()) return signals.status();
  if (signals->size() + 1 != vk->ic.size()) {
    return Status::invalid_argument(public_json_path + ": " + std::to_string(signals->size()) +
                                    " public signals, but " + vk_json_path + " expects " +
                                    std::to_string(vk->ic.size() - 1));
  }
  const auto pvk = groth16::PreparedVerifyingKey::from(*vk);
  if (Status s = groth16::verify(pvk, *proof, *signals); !s.is_ok()) {
    return Status::invalid_argument(proof_json_path + ": " + s.message() + " (key " + vk_json_path + ", public " +
                                    public_json_path + ")");
  }
  return Status::ok();
}

}  // namespace cuzk::circom
