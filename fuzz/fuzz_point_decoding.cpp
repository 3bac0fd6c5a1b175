// libFuzzer target: point decoders — ec::decode_g1 / ec::decode_g2 in both zcash forms
// (compressed, uncompressed) with SubgroupCheck kYes and kNo, and circom's Montgomery
// little-endian form (circom::g1_from_lem / g2_from_lem, as in .zkey files).
//
// Input: byte 0 selects the decoder (bits 0–2: 0 G1 compressed, 1 G1 uncompressed, 2 G2
// compressed, 3 G2 uncompressed, 4 G1 LEM, 5 G2 LEM, 6–7 unused; bit 3: subgroup check);
// the rest is the encoding (any length: wrong lengths must be refused with kWrongLength).
//
// Invariants checked on every accepted point:
//   * it re-encodes, in the same form, to exactly the input bytes;
//   * it is on the curve; with the subgroup check, in the subgroup;
//   * the other subgroup-check setting agrees (kNo accepts whatever kYes accepts, and kYes
//     refuses exactly the kNo points outside the subgroup, with kNotInSubgroup);
//   * the other zcash form, and the LEM form, encode and decode back to the same point.
// And on refusal: a wrong length gives kWrongLength and only then.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "circom/field_io.hpp"
#include "ec/encoding.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

namespace {

template <class P>
struct Ops;

template <>
struct Ops<ec::G1Affine> {
  static constexpr size_t kCompressed = ec::kG1CompressedBytes, kUncompressed = ec::kG1UncompressedBytes;
  static constexpr size_t kLem = circom::kG1LemBytes;
  static ec::Decoded<ec::G1Affine> decode(std::span<const uint8_t> b, ec::PointForm f, ec::SubgroupCheck c) {
    return ec::decode_g1(b, f, c);
  }
  static void encode(const ec::G1Affine& p, ec::PointForm f, std::span<uint8_t> out) {
    if (f == ec::PointForm::kCompressed) {
      ec::encode_g1_compressed(p, out.first<kCompressed>());
    } else {
      ec::encode_g1_uncompressed(p, out.first<kUncompressed>());
    }
  }
  static bool in_subgroup(const ec::G1Affine& p) { return ec::g1_in_subgroup(p); }
  static circom::LemPointError from_lem(std::span<const uint8_t> b, bool check, ec::G1Affine& out) {
    return circom::g1_from_lem(b.first<kLem>(), check, out);
  }
  static void to_lem(const ec::G1Affine& p, std::span<uint8_t> out) { circom::g1_to_lem(p, out.first<kLem>()); }
};

template <>
struct Ops<ec::G2Affine> {
  static constexpr size_t kCompressed = ec::kG2CompressedBytes, kUncompressed = ec::kG2UncompressedBytes;
  static constexpr size_t kLem = circom::kG2LemBytes;
  static ec::Decoded<ec::G2Affine> decode(std::span<const uint8_t> b, ec::PointForm f, ec::SubgroupCheck c) {
    return ec::decode_g2(b, f, c);
  }
  static void encode(const ec::G2Affine& p, ec::PointForm f, std::span<uint8_t> out) {
    if (f == ec::PointForm::kCompressed) {
      ec::encode_g2_compressed(p, out.first<kCompressed>());
    } else {
      ec::encode_g2_uncompressed(p, out.first<kUncompressed>());
    }
  }
  static bool in_subgroup(const ec::G2Affine& p) { return ec::g2_in_subgroup(p); }
  static circom::LemPointError from_lem(std::span<const uint8_t> b, bool check, ec::G2Affine& out) {
    return circom::g2_from_lem(b.first<kLem>(), check, out);
  }
  static void to_lem(const ec::G2Affine& p, std::span<uint8_t> out) { circom::g2_to_lem(p, out.first<kLem>()); }
};

ec::SubgroupCheck other(ec::SubgroupCheck c) {
  return c == ec::SubgroupCheck::kYes ? ec::SubgroupCheck::kNo : ec::SubgroupCheck::kYes;
}

// Every other encoding of an accepted point decodes back to it.
template <class P>
void cross_check(const P& p) {
  using O = Ops<P>;
  std::array<uint8_t, 192> buf{};
  for (const ec::PointForm form : {ec::PointForm::kCompressed, ec::PointForm::kUncompressed}) {
    const size_t n = form == ec::PointForm::kCompressed ? O::kCompressed : O::kUncompressed;
    O::encode(p, form, buf);
    const auto back = O::decode(std::span<const uint8_t>(buf.data(), n), form, ec::SubgroupCheck::kNo);
    FUZZ_CHECK(back.ok());
    FUZZ_CHECK(back.point == p);
  }
  O::to_lem(p, buf);
  P back;
  FUZZ_CHECK(O::from_lem(std::span<const uint8_t>(buf.data(), O::kLem), false, back) == circom::LemPointError::kNone);
  FUZZ_CHECK(back == p);
}

template <class P>
void fuzz_zcash(std::span<const uint8_t> bytes, ec::PointForm form, ec::SubgroupCheck check) {
  using O = Ops<P>;
  const size_t expected = form == ec::PointForm::kCompressed ? O::kCompressed : O::kUncompressed;
  const auto d = O::decode(bytes, form, check);
  FUZZ_CHECK((d.error == ec::PointError::kWrongLength) == (bytes.size() != expected));
  const auto d_other = O::decode(bytes, form, other(check));
  const auto& with_check = check == ec::SubgroupCheck::kYes ? d : d_other;
  const auto& without = check == ec::SubgroupCheck::kYes ? d_other : d;
  if (with_check.ok()) {
    FUZZ_CHECK(without.ok() && without.point == with_check.point);
  } else if (without.ok()) {
    FUZZ_CHECK(with_check.error == ec::PointError::kNotInSubgroup);
    FUZZ_CHECK(!O::in_subgroup(without.point));
  } else {
    FUZZ_CHECK(with_check.error == without.error);
  }
  if (!d.ok()) return;
  FUZZ_CHECK(d.point.is_on_curve());
  if (check == ec::SubgroupCheck::kYes) FUZZ_CHECK(O::in_subgroup(d.point));
  std::array<uint8_t, 192> again{};
  O::encode(d.point, form, again);
  FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), again.begin()));
  cross_check(d.point);
}

template <class P>
void fuzz_lem(std::span<const uint8_t> bytes, bool check) {
  using O = Ops<P>;
  if (bytes.size() != O::kLem) return;  // fixed-size API
  P p, q;
  const circom::LemPointError e = O::from_lem(bytes, check, p);
  const circom::LemPointError e_other = O::from_lem(bytes, !check, q);
  const circom::LemPointError e_with = check ? e : e_other;
  const circom::LemPointError e_without = check ? e_other : e;
  if (e_with == circom::LemPointError::kNone) FUZZ_CHECK(e_without == circom::LemPointError::kNone);
  if (e_without == circom::LemPointError::kNone && e_with != circom::LemPointError::kNone) {
    FUZZ_CHECK(e_with == circom::LemPointError::kNotInSubgroup);
  }
  if (e != circom::LemPointError::kNone) return;
  FUZZ_CHECK(p.is_on_curve());
  if (check) FUZZ_CHECK(O::in_subgroup(p));
  std::array<uint8_t, 192> again{};
  O::to_lem(p, again);
  FUZZ_CHECK(std::equal(bytes.begin(), bytes.end(), again.begin()));
  cross_check(p);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t selector = data[0];
  const std::span<const uint8_t> bytes(data + 1, size - 1);
  const auto check = (selector & 8) ? ec::SubgroupCheck::kYes : ec::SubgroupCheck::kNo;
  switch (selector & 7) {
    case 0: fuzz_zcash<ec::G1Affine>(bytes, ec::PointForm::kCompressed, check); break;
    case 1: fuzz_zcash<ec::G1Affine>(bytes, ec::PointForm::kUncompressed, check); break;
    case 2: fuzz_zcash<ec::G2Affine>(bytes, ec::PointForm::kCompressed, check); break;
    case 3: fuzz_zcash<ec::G2Affine>(bytes, ec::PointForm::kUncompressed, check); break;
    case 4: fuzz_lem<ec::G1Affine>(bytes, check == ec::SubgroupCheck::kYes); break;
    case 5: fuzz_lem<ec::G2Affine>(bytes, check == ec::SubgroupCheck::kYes); break;
    default: break;
  }
  return 0;
}
