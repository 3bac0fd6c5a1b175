// Field elements and curve points as circom/snarkjs files store them, and the checks that the
// files are for BLS12-381 at all.
//
// Encodings (confirmed in snarkjs 0.7.6 / ffjavascript 0.3 / @iden3/binfileutils sources):
//   * plain field element ("canonical"): n8 bytes, little-endian integer (binfileutils
//     writeBigInt, ffjavascript Fr.toRprLE). Used by .r1cs coefficients, .wtns values and the
//     primes in every header.
//   * Montgomery field element ("LEM"): n8 bytes, little-endian, value·R mod m with R = 2^(8·n8):
//     R = 2^384 for Fq (n8q = 48) and 2^256 for Fr (n8r = 32) — exactly the internal limbs of
//     our ff::Fq / ff::Fr, so a stored value is our Montgomery representation as is.
//   * G1 point (zkey, toRprLEM): x ‖ y, each an Fq in Montgomery form (96 bytes); G2: x.c0 ‖ x.c1
//     ‖ y.c0 ‖ y.c1 (192 bytes). The point at infinity is stored as all-zero coordinates (0, 0),
//     which is not on either curve, so it is unambiguous.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "circom/binfile.hpp"
#include "common/status.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fq.hpp"
#include "ff/fr.hpp"

namespace cuzk::circom {

inline constexpr size_t kFrBytes = 32;   // n8r for BLS12-381
inline constexpr size_t kFqBytes = 48;   // n8q for BLS12-381
inline constexpr size_t kG1LemBytes = 2 * kFqBytes;
inline constexpr size_t kG2LemBytes = 4 * kFqBytes;

// Plain little-endian integer < r → Fr; std::nullopt if ≥ r.
std::optional<ff::Fr> fr_from_le(std::span<const uint8_t, kFrBytes> bytes);
// Montgomery limbs (value·2^256 mod r) < r → Fr; std::nullopt if the limbs are ≥ r.
std::optional<ff::Fr> fr_from_le_montgomery(std::span<const uint8_t, kFrBytes> bytes);
std::optional<ff::Fq> fq_from_le_montgomery(std::span<const uint8_t, kFqBytes> bytes);

void fr_to_le(const ff::Fr& value, std::span<uint8_t, kFrBytes> out);

enum class LemPointError { kNone, kNotCanonical, kNotOnCurve, kNotInSubgroup };
// "coordinate not below q", …
const char* lem_point_error_message(LemPointError error);

// Decodes a zkey point (see above). `check_subgroup` runs the prime-order subgroup test too
// (worth it for the few verifying-key points; the bulk points are only checked to be on the
// curve: a wrong bulk point yields a proof that fails the prover's self-check).
LemPointError g1_from_lem(std::span<const uint8_t, kG1LemBytes> bytes, bool check_subgroup, ec::G1Affine& out);
LemPointError g2_from_lem(std::span<const uint8_t, kG2LemBytes> bytes, bool check_subgroup, ec::G2Affine& out);
void g1_to_lem(const ec::G1Affine& p, std::span<uint8_t, kG1LemBytes> out);
void g2_to_lem(const ec::G2Affine& p, std::span<uint8_t, kG2LemBytes> out);

// Checks a header prime against BLS12-381's: `which` is 'q' (base field) or 'r' (scalar field).
// OK if n8 and the value match; else INVALID_ARGUMENT "<context>: <which> = … is not
// BLS12-381's …" which names the curve when it is a known other one (bn128, …).
Status check_bls12_381_prime(char which, std::span<const uint8_t> prime_le, const std::string& context);

// Reads the "n8 u32, prime (n8 bytes, LE)" prefix that .r1cs and .wtns headers share and checks
// that the prime is BLS12-381's scalar field r.
Status read_scalar_field_prime(SectionReader& rd, const std::string& context);

}  // namespace cuzk::circom
