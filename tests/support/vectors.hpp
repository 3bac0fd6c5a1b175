// Test support: loading the committed oracle vectors (tests/vectors/*.json, produced by
// tools/oracle/gen_vectors.mjs from @noble/curves) and decoding their hex conventions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "ff/fq12.hpp"
#include "ff/fr.hpp"

namespace cuzk::test {

// Parses tests/vectors/<name>; fails the current test (and throws) if missing or malformed.
nlohmann::json load_vectors(const std::string& name);

// Canonical big-endian hex (no prefix) → field element; aborts the test on bad data.
ff::Fq fq_from_json(const nlohmann::json& j);
ff::Fr fr_from_json(const nlohmann::json& j);
ff::Fq2 fq2_from_json(const nlohmann::json& j);    // [c0, c1]
ff::Fq6 fq6_from_json(const nlohmann::json& j);    // [c0, c1, c2]
ff::Fq12 fq12_from_json(const nlohmann::json& j);  // [c0, c1]
// 64-hex-char scalar/exponent (may exceed r) as four little-endian limbs.
ff::Limbs<4> scalar_from_json(const nlohmann::json& j);
// Hex string → bytes.
std::vector<uint8_t> bytes_from_hex(const std::string& hex);

}  // namespace cuzk::test
