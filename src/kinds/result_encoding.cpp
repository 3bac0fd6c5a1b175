// Proof encodings by kind, and decimal public inputs in both directions.
#include "kinds/result_encoding.hpp"

#include "circom/json_format.hpp"
#include "groth16/bellperson_format.hpp"

namespace cuzk::kinds {

std::vector<uint8_t> encode_proof(engine::ProofEncoding encoding, const groth16::Proof& proof) {
  switch (encoding) {
    case engine::ProofEncoding::kSnarkjs: {
      const std::string json = circom::proof_to_json(proof);
      return {json.begin(), json.end()};
    }
    case engine::ProofEncoding::kBellperson:
      break;
  }
  const auto bytes = groth16::proof_to_bytes(proof);
  return {bytes.begin(), bytes.end()};
}

std::vector<std::string> public_inputs_to_decimal(std::span<const ff::Fr> values) {
  std::vector<std::string> out;
  out.reserve(values.size());
  for (const ff::Fr& v : values) out.push_back(v.to_decimal());
  return out;
}

Result<std::vector<ff::Fr>> public_inputs_from_decimal(std::span<const std::string> texts, std::string_view what) {
  std::vector<ff::Fr> out;
  out.reserve(texts.size());
  for (size_t i = 0; i < texts.size(); ++i) {
    auto v = ff::Fr::from_decimal(texts[i]);
    if (!v) {
      return Status::invalid_argument(std::string(what) + ": public input " + std::to_string(i) + " ('" + texts[i] +
                                      "') is not a field element");
    }
    out.push_back(*v);
  }
  return out;
}

}  // namespace cuzk::kinds
