// snarkjs's JSON files for Groth16 over BLS12-381, written byte for byte as the snarkjs CLI
// writes them (bfj with {space: 1}: one-space indentation per level, `"key": value`, an empty
// array as "[\n]", no trailing newline) and read back with full validation:
//
//   proof.json   {"pi_a": [x, y, "1"], "pi_b": [[x.c0, x.c1], [y.c0, y.c1], ["1", "0"]],
//                 "pi_c": [x, y, "1"], "protocol": "groth16", "curve": "bls12381"}
//   public.json  ["<decimal>", …]   (the public signals: outputs, then public inputs)
//   verification_key.json
//                {"protocol": "groth16", "curve": "bls12381", "nPublic": N,
//                 "vk_alpha_1": G1, "vk_beta_2": G2, "vk_gamma_2": G2, "vk_delta_2": G2,
//                 "vk_alphabeta_12": e(α, β) as [[[c0.c0.c0, c0.c0.c1], …3], [… c1 …]],
//                 "IC": [G1, …]}
// Coordinates are canonical decimal strings. A point is (x, y, z) in ffjavascript's fromObject
// sense: z = 0 is infinity, z = 1 affine, any other z Jacobian (x/z², y/z³); we always write
// z = 1, or (0, 1, 0) for infinity, as snarkjs's toObject(toAffine(·)) does.
//
// Readers check the JSON shape, that every number is a canonical decimal below its modulus,
// that points lie on the curve and in the prime-order subgroup, that "protocol" is "groth16"
// and "curve" "bls12381" (a bn128 file is rejected by name), and that nPublic = |IC| − 1.
// `source` names the input in every message.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "ff/fr.hpp"
#include "groth16/keys.hpp"

namespace cuzk::circom {

std::string proof_to_json(const groth16::Proof& proof);
Result<groth16::Proof> proof_from_json(std::string_view text, const std::string& source);

std::string public_to_json(std::span<const ff::Fr> signals);
Result<std::vector<ff::Fr>> public_from_json(std::string_view text, const std::string& source);

// vk_alphabeta_12 is computed as e(α, β) with our pairing (the same GT value as
// ffjavascript's). beta_g1 and delta_g1 are not part of the JSON.
std::string vk_to_json(const groth16::VerifyingKey& vk);
// The returned key has beta_g1 = delta_g1 = infinity (the JSON does not carry them; the
// verifier does not need them). vk_alphabeta_12, when present, must equal e(α, β).
Result<groth16::VerifyingKey> vk_from_json(std::string_view text, const std::string& source);

// Whole-file helpers: errors name the path (NOT_FOUND / INTERNAL).
Result<std::string> read_text_file(const std::string& path);
Status write_text_file(const std::string& path, std::string_view text);

}  // namespace cuzk::circom
