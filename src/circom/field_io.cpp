// circom/snarkjs encodings of field elements and points (see field_io.hpp).
#include "circom/field_io.hpp"

#include <array>
#include <string_view>

#include "ff/bigint_text.hpp"

namespace cuzk::circom {

namespace {

template <size_t N>
ff::Limbs<N> limbs_le(std::span<const uint8_t, 8 * N> bytes) {
  return ff::limbs_from_bytes_le<N>(bytes);
}

// Decimal text of a little-endian integer of any byte length (for messages).
std::string le_to_decimal(std::span<const uint8_t> bytes) {
  constexpr size_t kMaxLimbs = 8;  // 512 bits: more than any supported prime
  if (bytes.size() > 8 * kMaxLimbs) return "(a " + std::to_string(bytes.size()) + "-byte integer)";
  ff::Limbs<kMaxLimbs> value{};
  for (size_t i = 0; i < bytes.size(); ++i) value[i / 8] |= static_cast<uint64_t>(bytes[i]) << (8 * (i % 8));
  return ff::limbs_to_decimal<kMaxLimbs>(value);
}

struct KnownPrime {
  std::string_view curve;
  char which;
  std::string_view decimal;
};

// Primes of the other curves snarkjs knows (ffjavascript getCurveFromQ / getCurveFromR), and
// circom's --prime choices, so that the error says which curve a file was made for.
constexpr std::array<KnownPrime, 4> kKnownPrimes = {{
    {"bn128", 'q', "21888242871839275222246405745257275088696311157297823662689037894645226208583"},
    {"bn128", 'r', "21888242871839275222246405745257275088548364400416034343698204186575808495617"},
    {"bls12377", 'r', "8444461749428370424248824938781546531375899335154063827935233455917409239041"},
    {"goldilocks", 'r', "18446744069414584321"},
}};

}  // namespace

std::optional<ff::Fr> fr_from_le(std::span<const uint8_t, kFrBytes> bytes) { return ff::Fr::from_bytes_le(bytes); }

std::optional<ff::Fr> fr_from_le_montgomery(std::span<const uint8_t, kFrBytes> bytes) {
  const auto limbs = limbs_le<4>(bytes);
  if (!ff::less_than(limbs, ff::Fr::modulus())) return std::nullopt;
  return ff::Fr::from_montgomery(limbs);
}

std::optional<ff::Fq> fq_from_le_montgomery(std::span<const uint8_t, kFqBytes> bytes) {
  const auto limbs = limbs_le<6>(bytes);
  if (!ff::less_than(limbs, ff::Fq::modulus())) return std::nullopt;
  return ff::Fq::from_montgomery(limbs);
}

void fr_to_le(const ff::Fr& value, std::span<uint8_t, kFrBytes> out) { value.to_bytes_le(out); }

const char* lem_point_error_message(LemPointError error) {
  switch (error) {
    case LemPointError::kNone: return "ok";
    case LemPointError::kNotCanonical: return "a coordinate is not below q (not a Montgomery-form Fq element)";
    case LemPointError::kNotOnCurve: return "not on the curve";
    case LemPointError::kNotInSubgroup: return "not in the prime-order subgroup";
  }
  return "unknown error";
}

LemPointError g1_from_lem(std::span<const uint8_t, kG1LemBytes> bytes, bool check_subgroup, ec::G1Affine& out) {
  const auto x = fq_from_le_montgomery(bytes.subspan<0, kFqBytes>());
  const auto y = fq_from_le_montgomery(bytes.subspan<kFqBytes, kFqBytes>());
  if (!x || !y) return LemPointError::kNotCanonical;
  if (x->is_zero() && y->is_zero()) {
    out = ec::G1Affine::identity();
    return LemPointError::kNone;
  }
  out = ec::G1Affine::from_xy(*x, *y);
  if (!out.is_on_curve()) return LemPointError::kNotOnCurve;
  if (check_subgroup && !ec::g1_in_subgroup(out)) return LemPointError::kNotInSubgroup;
  return LemPointError::kNone;
}

LemPointError g2_from_lem(std::span<const uint8_t, kG2LemBytes> bytes, bool check_subgroup, ec::G2Affine& out) {
  const auto x0 = fq_from_le_montgomery(bytes.subspan<0, kFqBytes>());
  const auto x1 = fq_from_le_montgomery(bytes.subspan<kFqBytes, kFqBytes>());
  const auto y0 = fq_from_le_montgomery(bytes.subspan<2 * kFqBytes, kFqBytes>());
  const auto y1 = fq_from_le_montgomery(bytes.subspan<3 * kFqBytes, kFqBytes>());
  if (!x0 || !x1 || !y0 || !y1) return LemPointError::kNotCanonical;
  const ff::Fq2 x{*x0, *x1}, y{*y0, *y1};
  if (x.is_zero() && y.is_zero()) {
    out = ec::G2Affine::identity();
    return LemPointError::kNone;
  }
  out = ec::G2Affine::from_xy(x, y);
  if (!out.is_on_curve()) return LemPointError::kNotOnCurve;
  if (check_subgroup && !ec::g2_in_subgroup(out)) return LemPointError::kNotInSubgroup;
  return LemPointError::kNone;
}

namespace {
void fq_to_le_montgomery(const ff::Fq& v, std::span<uint8_t, kFqBytes> out) {
  ff::limbs_to_bytes_le<6>(v.montgomery(), out);
}
}  // namespace

void g1_to_lem(const ec::G1Affine& p, std::span<uint8_t, kG1LemBytes> out) {
  const ff::Fq zero;
  fq_to_le_montgomery(p.infinity ? zero : p.x, out.subspan<0, kFqBytes>());
  fq_to_le_montgomery(p.infinity ? zero : p.y, out.subspan<kFqBytes, kFqBytes>());
}

void g2_to_lem(const ec::G2Affine& p, std::span<uint8_t, kG2LemBytes> out) {
  const ff::Fq2 zero;
  const ff::Fq2& x = p.infinity ? zero : p.x;
  const ff::Fq2& y = p.infinity ? zero : p.y;
  fq_to_le_montgomery(x.c0, out.subspan<0, kFqBytes>());
  fq_to_le_montgomery(x.c1, out.subspan<kFqBytes, kFqBytes>());
  fq_to_le_montgomery(y.c0, out.subspan<2 * kFqBytes, kFqBytes>());
  fq_to_le_montgomery(y.c1, out.subspan<3 * kFqBytes, kFqBytes>());
}

Status check_bls12_381_prime(char which, std::span<const uint8_t> prime_le, const std::string& context) {
  const bool is_q = which == 'q';
  const size_t expected_bytes = is_q ? kFqBytes : kFrBytes;
  bool match = prime_le.size() == expected_bytes;
  if (match) {
    if (is_q) {
      match = limbs_le<6>(prime_le.first<kFqBytes>()) == ff::Fq::modulus();
    } else {
      match = limbs_le<4>(prime_le.first<kFrBytes>()) == ff::Fr::modulus();
    }
  }
  if (match) return Status::ok();
  const std::string value = le_to_decimal(prime_le);
  std::string curve;
  for (const KnownPrime& known : kKnownPrimes) {
    if (known.which == which && known.decimal == value) curve = std::string(known.curve);
  }
  const std::string expected =
      is_q ? ff::limbs_to_decimal<6>(ff::Fq::modulus()) : ff::limbs_to_decimal<4>(ff::Fr::modulus());
  std::string message = context + ": " + std::string(1, which) + " = " + value + " (" + std::to_string(prime_le.size()) +
                        " bytes) is not the BLS12-381 " + (is_q ? "base field prime q" : "scalar field prime r") +
                        " (" + expected + ")";
  const std::string supported = "only BLS12-381 is supported (circom --prime bls12381)";
  message += curve.empty() ? "; " + supported : ": this file is for the " + curve + " curve; " + supported;
  return Status::invalid_argument(message);
}

Status read_scalar_field_prime(SectionReader& rd, const std::string& context) {
  uint32_t n8 = 0;
  if (!rd.read_u32(n8)) return rd.truncated("the field size n8", 4);
  std::span<const uint8_t> prime;
  if (!rd.read_bytes(n8, prime)) return rd.truncated("the prime", n8);
  return check_bls12_381_prime('r', prime, context);
}

}  // namespace cuzk::circom
