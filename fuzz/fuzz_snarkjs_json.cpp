// libFuzzer target: snarkjs JSON readers — proof_from_json (proof.json), public_from_json
// (public.json) and vk_from_json (verification_key.json). Every input is offered to all three.
//
// Invariants checked:
//   * errors are INVALID_ARGUMENT and name the source (no exception escapes: nlohmann's are
//     caught inside; anything else would abort the fuzzer as an uncaught exception);
//   * an accepted proof / public-signal list / key is written back with proof_to_json /
//     public_to_json / vk_to_json, and that text parses to the same value;
//   * accepted points are on the curve and in the subgroup;
//   * a key has nPublic + 1 = |IC| ≥ 1, and beta_g1 = delta_g1 = infinity (not in the JSON).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "circom/json_format.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

namespace {

const std::string kSource = "fuzz.json";

void expect_error(const Status& s) {
  FUZZ_CHECK(s.code() == StatusCode::kInvalidArgument);
  FUZZ_CHECK(s.message().find(kSource) != std::string::npos);
}

bool g1_ok(const ec::G1Affine& p) { return p.is_on_curve() && ec::g1_in_subgroup(p); }
bool g2_ok(const ec::G2Affine& p) { return p.is_on_curve() && ec::g2_in_subgroup(p); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (auto proof = circom::proof_from_json(text, kSource); proof.is_ok()) {
    FUZZ_CHECK(g1_ok(proof->a) && g2_ok(proof->b) && g1_ok(proof->c));
    const std::string again = circom::proof_to_json(*proof);
    auto reparsed = circom::proof_from_json(again, "again");
    FUZZ_CHECK(reparsed.is_ok());
    FUZZ_CHECK(*reparsed == *proof);
    FUZZ_CHECK(circom::proof_to_json(*reparsed) == again);
  } else {
    expect_error(proof.status());
  }

  if (auto signals = circom::public_from_json(text, kSource); signals.is_ok()) {
    const std::string again = circom::public_to_json(*signals);
    auto reparsed = circom::public_from_json(again, "again");
    FUZZ_CHECK(reparsed.is_ok());
    FUZZ_CHECK(*reparsed == *signals);
  } else {
    expect_error(signals.status());
  }

  if (auto vk = circom::vk_from_json(text, kSource); vk.is_ok()) {
    FUZZ_CHECK(!vk->ic.empty());
    FUZZ_CHECK(vk->beta_g1.infinity && vk->delta_g1.infinity);
    FUZZ_CHECK(g1_ok(vk->alpha_g1) && g2_ok(vk->beta_g2) && g2_ok(vk->gamma_g2) && g2_ok(vk->delta_g2));
    for (const ec::G1Affine& p : vk->ic) FUZZ_CHECK(g1_ok(p));
    const std::string again = circom::vk_to_json(*vk);
    auto reparsed = circom::vk_from_json(again, "again");
    FUZZ_CHECK(reparsed.is_ok());
    FUZZ_CHECK(reparsed->alpha_g1 == vk->alpha_g1 && reparsed->beta_g2 == vk->beta_g2);
    FUZZ_CHECK(reparsed->gamma_g2 == vk->gamma_g2 && reparsed->delta_g2 == vk->delta_g2);
    FUZZ_CHECK(reparsed->ic == vk->ic);
  } else {
    expect_error(vk.status());
  }
  return 0;
}
