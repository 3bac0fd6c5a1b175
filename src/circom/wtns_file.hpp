// circom/snarkjs's .wtns witness file (binfile kind "wtns", versions 1–2; snarkjs wtns_utils.js):
//   section 1 header  n8 u32, prime (n8 bytes LE), nWitness u32
//   section 2 values  nWitness × n8 bytes, each a plain (not Montgomery) little-endian integer
// witness[0] is the constant ONE, then the public signals, then the rest (r1cs wire order).
// Only BLS12-381's r is accepted, and every value must be below it.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "circom/binfile.hpp"
#include "common/status.hpp"
#include "ff/fr.hpp"

namespace cuzk::circom {

// Errors name the file, the section and the problem (truncation, value count vs section size,
// value i not below r, wrong prime). The values are returned in Montgomery form (ff::Fr).
Result<std::vector<ff::Fr>> read_wtns(const std::string& path);
Result<std::vector<ff::Fr>> parse_wtns(const BinFile& file);

// Writes a version-2 .wtns exactly as snarkjs's wtns_utils.write does.
Status write_wtns(const std::string& path, std::span<const ff::Fr> witness);
std::vector<uint8_t> wtns_to_bytes(std::span<const ff::Fr> witness);

}  // namespace cuzk::circom
