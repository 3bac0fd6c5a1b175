// Shared helpers for the curve-layer tests: readable printing of field elements and points,
// a per-group traits type (G1Group / G2Group) for typed tests, cached oracle vectors, point
// parsing, random points and scalars, projective rescaling, and small independent references
// (integer → Fr reduction, double-and-add scalar multiplication).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "common/hex.hpp"
#include "ec/encoding.hpp"
#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fq12.hpp"
#include "ff/fr.hpp"
#include "support/print.hpp"
#include "support/vectors.hpp"


namespace cuzk::ec {
template <class C>
void PrintTo(const Affine<C>& p, std::ostream* os) {
  if (p.infinity) {
    *os << "(infinity)";
    return;
  }
  *os << "(x = ";
  PrintTo(p.x, os);
  *os << ", y = ";
  PrintTo(p.y, os);
  *os << ")";
}
template <class C>
void PrintTo(const Jacobian<C>& p, std::ostream* os) {
  *os << "jacobian ";
  PrintTo(p.to_affine(), os);
}
template <class C>
void PrintTo(const Xyzz<C>& p, std::ostream* os) {
  *os << "xyzz ";
  PrintTo(p.to_affine(), os);
}
inline void PrintTo(PointError e, std::ostream* os) {
  *os << static_cast<int>(e) << " (" << point_error_message(e) << ")";
}
}  // namespace cuzk::ec

namespace cuzk::ec_test {

using json = nlohmann::json;
using Rng = std::mt19937_64;

// Each vector file parsed once per test binary.
inline const json& vectors(const std::string& name) {
  static std::map<std::string, json> cache;
  auto it = cache.find(name);
  if (it == cache.end()) it = cache.emplace(name, test::load_vectors(name)).first;
  return it->second;
}


struct G1Group {
  using Config = ec::G1Config;
  using Affine = ec::G1Affine;
  using Jacobian = ec::G1Jacobian;
  using Xyzz = ec::G1Xyzz;
  using Field = ff::Fq;
  static constexpr const char* kName = "G1";
  static constexpr const char* kVectorFile = "g1.json";
  static constexpr size_t kCompressedBytes = ec::kG1CompressedBytes;
  static constexpr size_t kUncompressedBytes = ec::kG1UncompressedBytes;

  static Field field_from_json(const json& j) { return test::fq_from_json(j); }
  static Field random_field(Rng& rng) { return Field::random(rng); }
  static bool in_subgroup(const Affine& p) { return ec::g1_in_subgroup(p); }
  static ec::Decoded<Affine> decode(std::span<const uint8_t> bytes, ec::PointForm form,
                                    ec::SubgroupCheck check = ec::SubgroupCheck::kYes) {
    return ec::decode_g1(bytes, form, check);
  }
  static std::vector<uint8_t> encode(const Affine& p, ec::PointForm form) {
    if (form == ec::PointForm::kCompressed) {
      std::array<uint8_t, kCompressedBytes> out;
      out.fill(0xa5);  // junk: the encoder must overwrite every byte
      ec::encode_g1_compressed(p, out);
      return {out.begin(), out.end()};
    }
    std::array<uint8_t, kUncompressedBytes> out;
    out.fill(0xa5);
    ec::encode_g1_uncompressed(p, out);
    return {out.begin(), out.end()};
  }
};

struct G2Group {
  using Config = ec::G2Config;
  using Affine = ec::G2Affine;
  using Jacobian = ec::G2Jacobian;
  using Xyzz = ec::G2Xyzz;
  using Field = ff::Fq2;
  static constexpr const char* kName = "G2";
  static constexpr const char* kVectorFile = "g2.json";
  static constexpr size_t kCompressedBytes = ec::kG2CompressedBytes;
  static constexpr size_t kUncompressedBytes = ec::kG2UncompressedBytes;

  static Field field_from_json(const json& j) { return test::fq2_from_json(j); }
  static Field random_field(Rng& rng) { return Field::random(rng); }
  static bool in_subgroup(const Affine& p) { return ec::g2_in_subgroup(p); }
  static ec::Decoded<Affine> decode(std::span<const uint8_t> bytes, ec::PointForm form,
                                    ec::SubgroupCheck check = ec::SubgroupCheck::kYes) {
    return ec::decode_g2(bytes, form, check);
  }
  static std::vector<uint8_t> encode(const Affine& p, ec::PointForm form) {
    if (form == ec::PointForm::kCompressed) {
      std::array<uint8_t, kCompressedBytes> out;
      out.fill(0xa5);
      ec::encode_g2_compressed(p, out);
      return {out.begin(), out.end()};
    }
    std::array<uint8_t, kUncompressedBytes> out;
    out.fill(0xa5);
    ec::encode_g2_uncompressed(p, out);
    return {out.begin(), out.end()};
  }
};

using Groups = ::testing::Types<G1Group, G2Group>;

struct GroupNames {
  template <class G>
  static std::string GetName(int) {
    return G::kName;
  }
};

// A vector point object → affine point (not validated; callers check on-curve).
template <class G>
typename G::Affine point_from_json(const json& j) {
  if (j.at("infinity").get<bool>()) return G::Affine::identity();
  return G::Affine::from_xy(G::field_from_json(j.at("x")), G::field_from_json(j.at("y")));
}

// The integer k (any width, little-endian limbs) reduced mod r, by Horner in Fr.
template <size_t M>
ff::Fr fr_from_limbs(const ff::Limbs<M>& k) {
  const ff::Fr base = ff::Fr::from_u64(uint64_t{1} << 32).square();  // 2^64
  ff::Fr acc = ff::Fr::zero();
  for (size_t i = M; i-- > 0;) acc = acc * base + ff::Fr::from_u64(k[i]);
  return acc;
}

inline const ff::Limbs<4>& r_limbs() { return ff::Fr::modulus(); }

// Uniform scalar in [0, r) as a plain integer.
inline ff::Limbs<4> random_scalar(Rng& rng) { return ff::Fr::random(rng).to_canonical(); }

template <class F>
F random_nonzero(Rng& rng) {
  for (;;) {
    const F v = F::random(rng);
    if (!v.is_zero()) return v;
  }
}

// A uniformly random point of the prime-order subgroup (a random multiple of the generator).
template <class G>
typename G::Jacobian random_subgroup_point(Rng& rng) {
  return G::Jacobian::generator().mul(random_scalar(rng));
}

// A random point of the whole curve group E(F) (almost surely outside the subgroup): random
// x until x³ + b is a square, random sign of y.
template <class G>
typename G::Affine random_curve_point(Rng& rng) {
  for (;;) {
    const typename G::Field x = G::random_field(rng);
    const auto y = (x.square() * x + G::Config::b()).sqrt();
    if (!y) continue;
    return G::Affine::from_xy(x, (rng() & 1) ? *y : -*y);
  }
}

// Same point, another projective representative: (λ²X, λ³Y, λZ).
template <class C>
ec::Jacobian<C> rescale(const ec::Jacobian<C>& p, const typename C::Field& l) {
  const typename C::Field l2 = l.square();
  return {p.x * l2, p.y * l2 * l, p.z * l};
}
// (λ²X, λ³Y, λ²ZZ, λ³ZZZ)
template <class C>
ec::Xyzz<C> rescale(const ec::Xyzz<C>& p, const typename C::Field& l) {
  const typename C::Field l2 = l.square(), l3 = l2 * l;
  return {p.x * l2, p.y * l3, p.zz * l2, p.zzz * l3};
}

// Reference [k]P: plain left-to-right double-and-add with the general addition only (no
// wNAF, no table, no mixed addition).
template <class C, size_t M>
ec::Jacobian<C> naive_mul(const ec::Jacobian<C>& p, const ff::Limbs<M>& k) {
  ec::Jacobian<C> acc = ec::Jacobian<C>::identity();
  for (size_t i = ff::bit_length(k); i-- > 0;) {
    acc = acc.dbl();
    if (ff::bit_at(k, i)) acc = acc + p;
  }
  return acc;
}

// Slow reference subgroup test: [r]P = O.
template <class C>
bool in_subgroup_reference(const ec::Affine<C>& p) {
  return p.to_jacobian().mul(r_limbs()).is_identity();
}

}  // namespace cuzk::ec_test
