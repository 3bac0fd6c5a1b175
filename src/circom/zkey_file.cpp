// Groth16 .zkey reader (format in zkey_file.hpp).
#include "circom/zkey_file.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <limits>

#include "circom/field_io.hpp"
#include "ntt/domain.hpp"

namespace cuzk::circom {

namespace {

constexpr uint32_t kHeaderSection = 1;
constexpr uint32_t kGroth16HeaderSection = 2;
constexpr uint32_t kIcSection = 3;
constexpr uint32_t kCoefsSection = 4;
constexpr uint32_t kPointsASection = 5;
constexpr uint32_t kPointsB1Section = 6;
constexpr uint32_t kPointsB2Section = 7;
constexpr uint32_t kPointsCSection = 8;
constexpr uint32_t kPointsHSection = 9;

constexpr uint32_t kGroth16Protocol = 1;
constexpr uint32_t kPlonkProtocol = 2;
constexpr uint32_t kFflonkProtocol = 10;

template <class P>
struct PointCodec;
template <>
struct PointCodec<ec::G1Affine> {
  static constexpr size_t kBytes = kG1LemBytes;
  static LemPointError decode(std::span<const uint8_t> b, bool subgroup, ec::G1Affine& out) {
    return g1_from_lem(b.first<kBytes>(), subgroup, out);
  }
};
template <>
struct PointCodec<ec::G2Affine> {
  static constexpr size_t kBytes = kG2LemBytes;
  static LemPointError decode(std::span<const uint8_t> b, bool subgroup, ec::G2Affine& out) {
    return g2_from_lem(b.first<kBytes>(), subgroup, out);
  }
};

// One verifying-key point (fully checked, subgroup included).
template <class P>
Status read_vk_point(SectionReader& rd, const char* name, P& out) {
  using Codec = PointCodec<P>;
  std::span<const uint8_t> bytes;
  if (!rd.read_bytes(Codec::kBytes, bytes)) return rd.truncated(name, Codec::kBytes);
  const LemPointError e = Codec::decode(bytes, true, out);
  if (e != LemPointError::kNone) return rd.error(std::string(name) + ": " + lem_point_error_message(e));
  return Status::ok();
}

// A whole section of `count` points. The section size must be exactly count·kBytes (checked
// before anything is allocated). Decoding runs on `pool`; the first bad point is reported.
template <class P>
Status read_point_section(const BinFile& file, uint32_t type, const char* name, uint64_t count, bool subgroup,
                          ThreadPool& pool, std::vector<P>& out) {
  using Codec = PointCodec<P>;
  auto section = file.unique_section(type, name);
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, name);
  if (!fits(count, Codec::kBytes, rd.remaining()) || rd.remaining() != count * Codec::kBytes) {
    return rd.error("size mismatch: expected " + std::to_string(count) + " points (" +
                    std::to_string(count * Codec::kBytes) + " bytes), the section has " +
                    std::to_string(rd.remaining()) + " bytes");
  }
  std::span<const uint8_t> all;
  rd.read_bytes(rd.remaining(), all);
  const size_t n = static_cast<size_t>(count);
  out.assign(n, P::identity());
  std::atomic<size_t> first_bad{std::numeric_limits<size_t>::max()};
  pool.parallel_for(n, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      const LemPointError e = Codec::decode(all.subspan(i * Codec::kBytes, Codec::kBytes), subgroup, out[i]);
      if (e == LemPointError::kNone) continue;
      size_t cur = first_bad.load();
      while (i < cur && !first_bad.compare_exchange_weak(cur, i)) {
      }
      break;  // later points of this chunk cannot be the first bad one
    }
  });
  if (first_bad.load() != std::numeric_limits<size_t>::max()) {
    // Decode the first bad point again for its message.
    const size_t i = first_bad.load();
    P tmp;
    const LemPointError e = Codec::decode(all.subspan(i * Codec::kBytes, Codec::kBytes), subgroup, tmp);
    return rd.error("point " + std::to_string(i) + ": " + lem_point_error_message(e));
  }
  return Status::ok();
}

Status read_protocol(const BinFile& file) {
  auto section = file.unique_section(kHeaderSection, "header");
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, "header");
  uint32_t protocol = 0;
  if (!rd.read_u32(protocol)) return rd.truncated("the protocol id", 4);
  if (protocol != kGroth16Protocol) {
    const char* name = protocol == kPlonkProtocol ? "PLONK" : protocol == kFflonkProtocol ? "FFLONK" : "unknown";
    return rd.error("protocol " + std::to_string(protocol) + " (" + name + ") is not Groth16 (1)");
  }
  return rd.expect_end();
}

Status read_groth16_header(const BinFile& file, Zkey& z) {
  auto section = file.unique_section(kGroth16HeaderSection, "groth16 header");
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, "groth16 header");
  const std::string where = file.path() + ": section 2 (groth16 header)";
  uint32_t n8q = 0, n8r = 0;
  std::span<const uint8_t> q, r;
  if (!rd.read_u32(n8q)) return rd.truncated("n8q", 4);
  if (!rd.read_bytes(n8q, q)) return rd.truncated("the prime q", n8q);
  CUZK_RETURN_IF_ERROR(check_bls12_381_prime('q', q, where));
  if (!rd.read_u32(n8r)) return rd.truncated("n8r", 4);
  if (!rd.read_bytes(n8r, r)) return rd.truncated("the prime r", n8r);
  CUZK_RETURN_IF_ERROR(check_bls12_381_prime('r', r, where));
  if (!rd.read_u32(z.n_vars)) return rd.truncated("nVars", 4);
  if (!rd.read_u32(z.n_public)) return rd.truncated("nPublic", 4);
  if (!rd.read_u32(z.domain_size)) return rd.truncated("domainSize", 4);
  if (uint64_t{z.n_public} + 1 > z.n_vars) {
    return rd.error("nPublic = " + std::to_string(z.n_public) + " does not fit into nVars = " +
                    std::to_string(z.n_vars) + " (the ONE signal and the public signals are variables)");
  }
  if (!std::has_single_bit(z.domain_size) || z.domain_size < 2 ||
      z.domain_size > (uint32_t{1} << ntt::Domain::kMaxLogSize)) {
    return rd.error("domainSize = " + std::to_string(z.domain_size) + " is not a power of two in [2, 2^" +
                    std::to_string(ntt::Domain::kMaxLogSize) + "]");
  }
  if (z.domain_size < uint64_t{z.n_public} + 1) {
    return rd.error("domainSize = " + std::to_string(z.domain_size) + " cannot hold the " +
                    std::to_string(z.n_public + 1) + " public-input rows");
  }
  CUZK_RETURN_IF_ERROR(read_vk_point(rd, "alpha_1", z.alpha_g1));
  CUZK_RETURN_IF_ERROR(read_vk_point(rd, "beta_1", z.beta_g1));
  CUZK_RETURN_IF_ERROR(read_vk_point(rd, "beta_2", z.beta_g2));
  CUZK_RETURN_IF_ERROR(read_vk_point(rd, "gamma_2", z.gamma_g2));
  CUZK_RETURN_IF_ERROR(read_vk_point(rd, "delta_1", z.delta_g1));
  CUZK_RETURN_IF_ERROR(read_vk_point(rd, "delta_2", z.delta_g2));
  return rd.expect_end();
}

Status read_coefs(const BinFile& file, Zkey& z) {
  auto section = file.unique_section(kCoefsSection, "coefficients");
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, "coefficients");
  uint32_t count = 0;
  if (!rd.read_u32(count)) return rd.truncated("the coefficient count", 4);
  constexpr size_t kEntryBytes = 12 + kFrBytes;
  if (rd.remaining() != uint64_t{count} * kEntryBytes) {
    return rd.error("size mismatch: " + std::to_string(count) + " coefficients need " +
                    std::to_string(uint64_t{count} * kEntryBytes) + " bytes, the section has " +
                    std::to_string(rd.remaining()) + " after the count");
  }
  // The stored value is coefficient·R² mod r, i.e. the Montgomery limbs of coefficient·R:
  // multiplying by R^(−1) — whose Montgomery limbs are the integer 1 — gives the coefficient.
  const ff::Fr r_inv = ff::Fr::from_montgomery(ff::Limbs<4>{1, 0, 0, 0});
  z.coefs.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    ZkeyCoef& c = z.coefs[i];
    std::span<const uint8_t> value;
    rd.read_u32(c.matrix);  // cannot fail: size checked above
    rd.read_u32(c.constraint);
    rd.read_u32(c.signal);
    rd.read_bytes(kFrBytes, value);
    const std::string where = "coefficient " + std::to_string(i);
    if (c.matrix > 1) return rd.error(where + ": matrix " + std::to_string(c.matrix) + " is neither A (0) nor B (1)");
    if (c.constraint >= z.domain_size) {
      return rd.error(where + ": constraint " + std::to_string(c.constraint) + " is outside the domain (size " +
                      std::to_string(z.domain_size) + ")");
    }
    if (c.signal >= z.n_vars) {
      return rd.error(where + ": signal " + std::to_string(c.signal) + " out of range (nVars = " +
                      std::to_string(z.n_vars) + ")");
    }
    const auto mont = fr_from_le_montgomery(value.first<kFrBytes>());
    if (!mont) return rd.error(where + ": value is not below r");
    c.value = *mont * r_inv;
  }
  return rd.expect_end();
}

}  // namespace

groth16::VerifyingKey Zkey::verifying_key() const {
  groth16::VerifyingKey vk;
  vk.alpha_g1 = alpha_g1;
  vk.beta_g1 = beta_g1;
  vk.beta_g2 = beta_g2;
  vk.gamma_g2 = gamma_g2;
  vk.delta_g1 = delta_g1;
  vk.delta_g2 = delta_g2;
  vk.ic = ic;
  return vk;
}

Result<Zkey> read_zkey(const std::string& path, ZkeyParts parts, ThreadPool* pool) {
  auto file = BinFile::open(path, "zkey", 1);
  if (!file.is_ok()) return file.status();
  return parse_zkey(*file, parts, pool);
}

Result<Zkey> parse_zkey(const BinFile& file, ZkeyParts parts, ThreadPool* pool) {
  ThreadPool& workers = pool != nullptr ? *pool : ThreadPool::shared();
  Zkey z;
  CUZK_RETURN_IF_ERROR(read_protocol(file));
  CUZK_RETURN_IF_ERROR(read_groth16_header(file, z));
  CUZK_RETURN_IF_ERROR(read_point_section(file, kIcSection, "IC", uint64_t{z.n_public} + 1, true, workers, z.ic));
  if (parts == ZkeyParts::kVerifyingKey) return z;
  CUZK_RETURN_IF_ERROR(read_coefs(file, z));
  const uint64_t n_private = uint64_t{z.n_vars} - z.n_public - 1;
  CUZK_RETURN_IF_ERROR(read_point_section(file, kPointsASection, "A points", z.n_vars, false, workers, z.a));
  CUZK_RETURN_IF_ERROR(read_point_section(file, kPointsB1Section, "B1 points", z.n_vars, false, workers, z.b1));
  CUZK_RETURN_IF_ERROR(read_point_section(file, kPointsB2Section, "B2 points", z.n_vars, false, workers, z.b2));
  CUZK_RETURN_IF_ERROR(read_point_section(file, kPointsCSection, "C points", n_private, false, workers, z.c));
  CUZK_RETURN_IF_ERROR(read_point_section(file, kPointsHSection, "H points", z.domain_size, false, workers, z.h));
  return z;
}

}  // namespace cuzk::circom
