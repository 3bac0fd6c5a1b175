// libFuzzer target: snarkjs Groth16 .zkey reader (BinFile::parse + parse_zkey, the in-memory
// path behind read_zkey), with ZkeyParts::kAll and ZkeyParts::kVerifyingKey.
//
// Invariants checked:
//   * a file accepted with kAll is accepted with kVerifyingKey, with the same header and points;
//     a file rejected with kVerifyingKey is rejected with kAll;
//   * sizes agree with the header: |IC| = nPublic + 1, |A| = |B1| = |B2| = nVars,
//     |C| = nVars − nPublic − 1, |H| = domainSize (a power of two ≥ nPublic + 1);
//   * every coefficient has matrix ∈ {0, 1}, constraint < domainSize, signal < nVars;
//   * verifying-key points are on the curve and in the subgroup, bulk points on the curve;
//   * the IC and A sections re-encode (g1_to_lem) to exactly their bytes in the file.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "circom/binfile.hpp"
#include "circom/field_io.hpp"
#include "circom/zkey_file.hpp"
#include "common/thread_pool.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

namespace {

ThreadPool& pool() {
  static ThreadPool p(1);  // one worker (+ the caller): parallel_for is exercised, cheaply
  return p;
}

void expect_section_encodes(const circom::BinFile& file, uint32_t type, const std::vector<ec::G1Affine>& points) {
  auto section = file.unique_section(type, "section");
  FUZZ_CHECK(section.is_ok());
  FUZZ_CHECK(section->payload.size() == points.size() * circom::kG1LemBytes);
  std::array<uint8_t, circom::kG1LemBytes> buf{};
  for (size_t i = 0; i < points.size(); ++i) {
    circom::g1_to_lem(points[i], buf);
    FUZZ_CHECK(std::equal(buf.begin(), buf.end(), section->payload.begin() + i * circom::kG1LemBytes));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.zkey";
  auto file = circom::BinFile::parse(fuzz::bytes_of(data, size), path, "zkey", 1);
  if (!file.is_ok()) {
    FUZZ_CHECK(file.status().code() == StatusCode::kInvalidArgument);
    return 0;
  }
  auto vk_only = circom::parse_zkey(*file, circom::ZkeyParts::kVerifyingKey, &pool());
  auto all = circom::parse_zkey(*file, circom::ZkeyParts::kAll, &pool());
  if (!vk_only.is_ok()) {
    FUZZ_CHECK(vk_only.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(vk_only.status().message().find(path) != std::string::npos);
    FUZZ_CHECK(!all.is_ok());
  }
  if (!all.is_ok()) {
    FUZZ_CHECK(all.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(all.status().message().find(path) != std::string::npos);
  }
  if (vk_only.is_ok()) {
    const circom::Zkey& z = *vk_only;
    FUZZ_CHECK(uint64_t{z.n_public} + 1 <= z.n_vars);
    FUZZ_CHECK(std::has_single_bit(z.domain_size) && z.domain_size >= uint64_t{z.n_public} + 1);
    FUZZ_CHECK(z.ic.size() == size_t{z.n_public} + 1);
    FUZZ_CHECK(z.coefs.empty() && z.a.empty() && z.h.empty());
    for (const ec::G1Affine* p : {&z.alpha_g1, &z.beta_g1, &z.delta_g1}) {
      FUZZ_CHECK(p->is_on_curve() && ec::g1_in_subgroup(*p));
    }
    for (const ec::G2Affine* p : {&z.beta_g2, &z.gamma_g2, &z.delta_g2}) {
      FUZZ_CHECK(p->is_on_curve() && ec::g2_in_subgroup(*p));
    }
    for (const ec::G1Affine& p : z.ic) FUZZ_CHECK(p.is_on_curve() && ec::g1_in_subgroup(p));
    expect_section_encodes(*file, 3, z.ic);
    const groth16::VerifyingKey vk = z.verifying_key();
    FUZZ_CHECK(vk.ic.size() == z.ic.size());
  }
  if (all.is_ok()) {
    const circom::Zkey& z = *all;
    const circom::Zkey& v = *vk_only;
    FUZZ_CHECK(z.n_vars == v.n_vars && z.n_public == v.n_public && z.domain_size == v.domain_size);
    FUZZ_CHECK(z.alpha_g1 == v.alpha_g1 && z.beta_g1 == v.beta_g1 && z.delta_g1 == v.delta_g1);
    FUZZ_CHECK(z.beta_g2 == v.beta_g2 && z.gamma_g2 == v.gamma_g2 && z.delta_g2 == v.delta_g2);
    FUZZ_CHECK(z.ic == v.ic);
    FUZZ_CHECK(z.a.size() == z.n_vars && z.b1.size() == z.n_vars && z.b2.size() == z.n_vars);
    FUZZ_CHECK(z.c.size() == size_t{z.n_vars} - z.n_public - 1);
    FUZZ_CHECK(z.h.size() == z.domain_size);
    for (const circom::ZkeyCoef& c : z.coefs) {
      FUZZ_CHECK(c.matrix <= 1 && c.constraint < z.domain_size && c.signal < z.n_vars);
    }
    for (const auto* list : {&z.a, &z.b1, &z.c, &z.h}) {
      for (const ec::G1Affine& p : *list) FUZZ_CHECK(p.is_on_curve());
    }
    for (const ec::G2Affine& p : z.b2) FUZZ_CHECK(p.is_on_curve());
    expect_section_encodes(*file, 5, z.a);
  }
  return 0;
}
