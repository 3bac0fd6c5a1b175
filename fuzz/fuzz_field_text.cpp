// libFuzzer target: field-element parsers of ff::PrimeField on Fq and Fr — from_decimal,
// from_hex (text), from_bytes_be / from_bytes_le (the first 48 / 32 input bytes).
// Every input is offered to all of them.
//
// Each parser is checked against an independent reference: the BLS12-381 moduli as decimal
// and hex strings, compared digit by digit (a canonical value is accepted iff it is < m).
// Invariants checked:
//   * acceptance matches the reference exactly (decimal: digits only, no sign, leading zeros
//     allowed; hex: optional 0x/0X, either case; bytes: < m);
//   * an accepted element prints back (to_decimal / to_hex / to_bytes_be) as the input without
//     leading zeros (decimal), lowercase zero-padded (hex), the same bytes (bytes);
//   * the decimal, hex and byte forms of an element all parse back to the same element.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "common/hex.hpp"
#include "ff/bigint_text.hpp"
#include "ff/fq.hpp"
#include "ff/fr.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

namespace {

constexpr std::string_view kQDecimal =
    "4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787";
constexpr std::string_view kQHex =
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
constexpr std::string_view kRDecimal = "52435875175126190479447740508185965837690552500527637822603658699938581184513";
constexpr std::string_view kRHex = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

std::string_view strip_zeros(std::string_view s) {
  while (s.size() > 1 && s[0] == '0') s.remove_prefix(1);
  return s;
}

// a < b for digit strings without leading zeros over an alphabet ordered like ASCII.
bool less_digits(std::string_view a, std::string_view b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

bool is_hex_digit(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

std::string pad_left(std::string_view s, size_t width) {
  return std::string(width > s.size() ? width - s.size() : 0, '0') + std::string(s);
}

template <class F>
void fuzz_field(std::string_view text, const uint8_t* data, size_t size, std::string_view m_decimal,
                std::string_view m_hex) {
  constexpr size_t kBytes = F::kBytes;
  constexpr size_t kHexDigits = 2 * kBytes;

  // The hard-coded reference moduli are this field's.
  static const bool moduli_ok = [&] {
    FUZZ_CHECK(ff::limbs_to_hex<F::kLimbs>(F::modulus()) == pad_left(m_hex, kHexDigits));
    FUZZ_CHECK(ff::limbs_to_decimal<F::kLimbs>(F::modulus()) == m_decimal);
    return true;
  }();
  (void)moduli_ok;

  // ---- decimal ----
  {
    const auto x = F::from_decimal(text);
    const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
    const bool expect = digits && less_digits(strip_zeros(text), m_decimal);
    FUZZ_CHECK(x.has_value() == expect);
    if (x) {
      const std::string dec = x->to_decimal();
      FUZZ_CHECK(dec == strip_zeros(text));
      const auto via_hex = F::from_hex(x->to_hex());
      FUZZ_CHECK(via_hex && *via_hex == *x);
    }
  }

  // ---- hex ----
  {
    const auto x = F::from_hex(text);
    std::string_view body = text;
    if (body.size() >= 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) body.remove_prefix(2);
    std::string lower(body);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) {
      return (c >= 'A' && c <= 'F') ? static_cast<char>(c - 'A' + 'a') : c;
    });
    const bool digits = !body.empty() && std::all_of(body.begin(), body.end(), is_hex_digit);
    const bool expect = digits && less_digits(strip_zeros(lower), m_hex);
    FUZZ_CHECK(x.has_value() == expect);
    if (x) {
      FUZZ_CHECK(x->to_hex() == pad_left(strip_zeros(lower), kHexDigits));
      const auto via_dec = F::from_decimal(x->to_decimal());
      FUZZ_CHECK(via_dec && *via_dec == *x);
      std::array<uint8_t, kBytes> be{};
      x->to_bytes_be(be);
      const auto via_bytes = F::from_bytes_be(be);
      FUZZ_CHECK(via_bytes && *via_bytes == *x);
    }
  }

  // ---- bytes (big- and little-endian) ----
  if (size >= kBytes) {
    std::array<uint8_t, kBytes> be{}, le{};
    std::copy(data, data + kBytes, be.begin());
    std::reverse_copy(be.begin(), be.end(), le.begin());
    const std::string hex = bytes_to_hex(be);
    const bool expect = hex < pad_left(m_hex, kHexDigits);  // same width: lexicographic = numeric
    const auto x = F::from_bytes_be(be);
    const auto y = F::from_bytes_le(le);
    FUZZ_CHECK(x.has_value() == expect);
    FUZZ_CHECK(y.has_value() == expect);
    if (x) {
      FUZZ_CHECK(*x == *y);
      std::array<uint8_t, kBytes> again{};
      x->to_bytes_be(again);
      FUZZ_CHECK(again == be);
      x->to_bytes_le(again);
      FUZZ_CHECK(again == le);
      FUZZ_CHECK(x->to_hex() == hex);
      const auto via_hex = F::from_hex(hex);
      FUZZ_CHECK(via_hex && *via_hex == *x);
      const auto via_mont = F::from_montgomery(x->montgomery());
      FUZZ_CHECK(via_mont == *x);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzz_field<ff::Fq>(text, data, size, kQDecimal, kQHex);
  fuzz_field<ff::Fr>(text, data, size, kRDecimal, kRHex);
  return 0;
}
