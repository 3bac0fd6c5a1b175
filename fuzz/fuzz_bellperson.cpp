// libFuzzer target: bellperson / Filecoin binary formats — proof_from_bytes (192-byte proofs),
// read_verifying_key (.vk) and read_proving_key (.params) with SubgroupCheck kYes and kNo.
// Every input is offered to all of them, through an in-memory std::istream.
//
// Invariants checked:
//   * errors are INVALID_ARGUMENT and name the source;
//   * an accepted proof re-encodes (proof_to_bytes) to exactly the input;
//   * an accepted .vk / .params re-encodes (write_verifying_key / write_proving_key) to exactly
//     the input (trailing bytes are refused, so the whole input was consumed);
//   * a .params accepted with kYes is accepted with kNo and gives the same key; one accepted
//     with kNo but refused with kYes is refused for a subgroup reason;
//   * kNo-read points are on the curve; kYes-read points are in the subgroup; a, b_g1, b_g2
//     hold no point at infinity.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <streambuf>
#include <string>

#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "groth16/bellperson_format.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

namespace {

const std::string kSource = "fuzz.bin";

// A read-only streambuf over the fuzzer's bytes (no copy).
class MemoryBuf final : public std::streambuf {
 public:
  MemoryBuf(const uint8_t* data, size_t size) {
    char* p = const_cast<char*>(reinterpret_cast<const char*>(data));
    setg(p, p, p + size);
  }
};

void expect_error(const Status& s) {
  FUZZ_CHECK(s.code() == StatusCode::kInvalidArgument);
  FUZZ_CHECK(s.message().find(kSource) != std::string::npos);
}

bool same_bytes(const std::string& written, const uint8_t* data, size_t size) {
  return written.size() == size && std::equal(written.begin(), written.end(), reinterpret_cast<const char*>(data));
}

template <class P>
bool all_in_subgroup(const std::vector<P>& points) {
  return std::all_of(points.begin(), points.end(), [](const P& p) {
    if constexpr (std::is_same_v<P, ec::G1Affine>) {
      return p.is_on_curve() && ec::g1_in_subgroup(p);
    } else {
      return p.is_on_curve() && ec::g2_in_subgroup(p);
    }
  });
}

template <class P>
bool all_on_curve(const std::vector<P>& points) {
  return std::all_of(points.begin(), points.end(), [](const P& p) { return p.is_on_curve(); });
}

template <class P>
bool no_infinity(const std::vector<P>& points) {
  return std::none_of(points.begin(), points.end(), [](const P& p) { return p.infinity; });
}

bool same_key(const groth16::ProvingKey& a, const groth16::ProvingKey& b) {
  return a.vk.alpha_g1 == b.vk.alpha_g1 && a.vk.beta_g1 == b.vk.beta_g1 && a.vk.beta_g2 == b.vk.beta_g2 &&
         a.vk.gamma_g2 == b.vk.gamma_g2 && a.vk.delta_g1 == b.vk.delta_g1 && a.vk.delta_g2 == b.vk.delta_g2 &&
         a.vk.ic == b.vk.ic && a.h == b.h && a.l == b.l && a.a == b.a && a.b_g1 == b.b_g1 && a.b_g2 == b.b_g2;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Proof: only a 192-byte input can be one (and every other length must be refused).
  {
    auto proof = groth16::proof_from_bytes(std::span<const uint8_t>(data, size), kSource);
    if (proof.is_ok()) {
      FUZZ_CHECK(size == groth16::kProofBytes);
      const auto again = groth16::proof_to_bytes(*proof);
      FUZZ_CHECK(std::equal(again.begin(), again.end(), data));
      FUZZ_CHECK(proof->a.is_on_curve() && ec::g1_in_subgroup(proof->a));
      FUZZ_CHECK(proof->b.is_on_curve() && ec::g2_in_subgroup(proof->b));
      FUZZ_CHECK(proof->c.is_on_curve() && ec::g1_in_subgroup(proof->c));
    } else {
      expect_error(proof.status());
    }
  }

  // Verifying key.
  {
    MemoryBuf buf(data, size);
    std::istream in(&buf);
    auto vk = groth16::read_verifying_key(in, kSource);
    if (vk.is_ok()) {
      std::ostringstream out;
      FUZZ_CHECK(groth16::write_verifying_key(*vk, out).is_ok());
      FUZZ_CHECK(same_bytes(out.str(), data, size));
      FUZZ_CHECK(all_in_subgroup(vk->ic));
    } else {
      expect_error(vk.status());
    }
  }

  // Proving key, unchecked then checked.
  MemoryBuf buf_no(data, size);
  std::istream in_no(&buf_no);
  auto pk_no = groth16::read_proving_key(in_no, kSource, ec::SubgroupCheck::kNo);
  MemoryBuf buf_yes(data, size);
  std::istream in_yes(&buf_yes);
  auto pk_yes = groth16::read_proving_key(in_yes, kSource, ec::SubgroupCheck::kYes);
  if (pk_no.is_ok()) {
    std::ostringstream out;
    FUZZ_CHECK(groth16::write_proving_key(*pk_no, out).is_ok());
    FUZZ_CHECK(same_bytes(out.str(), data, size));
    FUZZ_CHECK(all_on_curve(pk_no->h) && all_on_curve(pk_no->l) && all_on_curve(pk_no->a) &&
               all_on_curve(pk_no->b_g1) && all_on_curve(pk_no->b_g2));
    FUZZ_CHECK(no_infinity(pk_no->a) && no_infinity(pk_no->b_g1) && no_infinity(pk_no->b_g2));
    FUZZ_CHECK(all_in_subgroup(pk_no->vk.ic));  // the vk part is always checked
  } else {
    expect_error(pk_no.status());
  }
  if (pk_yes.is_ok()) {
    FUZZ_CHECK(pk_no.is_ok());
    FUZZ_CHECK(same_key(*pk_yes, *pk_no));
    FUZZ_CHECK(all_in_subgroup(pk_yes->h) && all_in_subgroup(pk_yes->l) && all_in_subgroup(pk_yes->a) &&
               all_in_subgroup(pk_yes->b_g1) && all_in_subgroup(pk_yes->b_g2));
  } else {
    expect_error(pk_yes.status());
    if (pk_no.is_ok()) FUZZ_CHECK(pk_yes.status().message().find("subgroup") != std::string::npos);
  }
  return 0;
}
