// Writes the generated seed inputs of the fuzz targets (the circom ones are copied from
// tests/fixtures/circom by fuzz/run_all.sh --refresh-seeds; see docs/FUZZING.md):
//
//   make_seeds <corpus-dir>   → <corpus-dir>/fuzz_bellperson/*, fuzz_point_decoding/*,
//                                fuzz_field_text/*
//
// bellperson: a real proof, .vk and .params of a tiny circuit (x³ + x + 5 = y, x and y public)
// made with the insecure test setup (fixed toxic waste: the seeds are reproducible), plus
// variants with points at infinity in ic/h/l and empty queries. Points: generators, random
// multiples, infinity and on-curve points outside the subgroup, in every form. Field text:
// 0, 1, m − 1, m, and the same in hex (with and without 0x) and as bytes, for Fq and Fr.
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "circom/field_io.hpp"
#include "common/thread_pool.hpp"
#include "ec/encoding.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/blinding.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/shape.hpp"

using namespace cuzk;
namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", (dir / name).c_str());
    std::exit(1);
  }
}

template <size_t N>
std::string str(const std::array<uint8_t, N>& a) {
  return std::string(reinterpret_cast<const char*>(a.data()), N);
}

void must(const Status& s, const char* what) {
  if (!s.is_ok()) {
    std::fprintf(stderr, "%s: %s\n", what, s.to_string().c_str());
    std::exit(1);
  }
}

// y = x³ + x + 5 with x, y public.
class CubeCircuit final : public r1cs::Circuit {
 public:
  explicit CubeCircuit(uint64_t x) : x_(x) {}
  Status synthesize(r1cs::ConstraintSystem& cs) const override {
    using r1cs::LinearCombination;
    using r1cs::Variable;
    const ff::Fr x = ff::Fr::from_u64(x_);
    const ff::Fr x2 = x * x, x3 = x2 * x, y = x3 + x + ff::Fr::from_u64(5);
    const Variable vx = cs.alloc_input(x);
    const Variable vx2 = cs.alloc(x2);
    const Variable vx3 = cs.alloc(x3);
    const Variable vy = cs.alloc_input(y);
    cs.enforce(vx, vx, vx2);
    cs.enforce(vx2, vx, vx3);
    cs.enforce(LinearCombination(vx3).add(vx, ff::Fr::one()).add(Variable::one(), ff::Fr::from_u64(5)), Variable::one(),
               vy);
    return Status::ok();
  }

 private:
  uint64_t x_;
};

void bellperson_seeds(const fs::path& dir) {
  std::mt19937_64 rng(20240601);
  const groth16::ToxicWaste waste{ff::Fr::random(rng), ff::Fr::random(rng), ff::Fr::random(rng), ff::Fr::random(rng),
                                  ff::Fr::random(rng)};
  const CubeCircuit circuit(3);
  r1cs::ShapeRecorder recorder;
  must(circuit.synthesize(recorder), "synthesize shape");
  const r1cs::R1csShape shape = std::move(recorder).finish(/*with_input_constraints=*/true);
  ThreadPool pool(1);
  auto pk = groth16::insecure_test_setup(shape, waste, pool);
  must(pk.status(), "setup");

  r1cs::ProvingAssignment cs;
  must(circuit.synthesize(cs), "synthesize");
  cs.append_input_constraints();
  groth16::FixedBlinding blinding(ff::Fr::from_u64(11), ff::Fr::from_u64(13));
  const r1cs::ProvingAssignment* circuits[] = {&cs};
  auto proofs = groth16::prove(*pk, circuits, blinding, pool);
  must(proofs.status(), "prove");
  const groth16::Proof& proof = (*proofs)[0];
  const std::vector<ff::Fr> inputs(cs.input_assignment.begin() + 1, cs.input_assignment.end());
  must(groth16::verify(groth16::PreparedVerifyingKey::from(pk->vk), proof, inputs), "verify");

  write_file(dir, "proof.bin", str(groth16::proof_to_bytes(proof)));
  groth16::Proof inf_proof = proof;
  inf_proof.c = ec::G1Affine::identity();
  write_file(dir, "proof_c_infinity.bin", str(groth16::proof_to_bytes(inf_proof)));

  auto vk_bytes = [](const groth16::VerifyingKey& vk) {
    std::ostringstream out;
    must(groth16::write_verifying_key(vk, out), "write vk");
    return out.str();
  };
  auto pk_bytes = [](const groth16::ProvingKey& k) {
    std::ostringstream out;
    must(groth16::write_proving_key(k, out), "write params");
    return out.str();
  };
  write_file(dir, "circuit.vk", vk_bytes(pk->vk));
  write_file(dir, "circuit.params", pk_bytes(*pk));

  groth16::VerifyingKey vk_inf = pk->vk;
  vk_inf.ic.push_back(ec::G1Affine::identity());
  write_file(dir, "ic_infinity.vk", vk_bytes(vk_inf));

  groth16::ProvingKey pk_inf = *pk;
  pk_inf.h.back() = ec::G1Affine::identity();
  pk_inf.l.front() = ec::G1Affine::identity();
  write_file(dir, "h_l_infinity.params", pk_bytes(pk_inf));

  groth16::ProvingKey pk_empty;
  pk_empty.vk = pk->vk;
  pk_empty.vk.ic.resize(1);
  write_file(dir, "empty_queries.params", pk_bytes(pk_empty));
}

// ---- points ----

constexpr uint8_t kG1C = 0, kG1U = 1, kG2C = 2, kG2U = 3, kG1Lem = 4, kG2Lem = 5, kCheck = 8;

template <size_t N>
std::string with_selector(uint8_t selector, const std::array<uint8_t, N>& bytes) {
  return std::string(1, static_cast<char>(selector)) + str(bytes);
}

// An on-curve point outside the order-r subgroup (the cofactors are large: the first x whose
// x³ + b is a square almost surely gives one).
ec::G1Affine g1_off_subgroup() {
  for (uint64_t i = 1;; ++i) {
    const ff::Fq x = ff::Fq::from_u64(i);
    const auto y = (x.square() * x + ec::G1Config::b()).sqrt();
    if (!y) continue;
    const ec::G1Affine p = ec::G1Affine::from_xy(x, *y);
    if (!ec::g1_in_subgroup(p)) return p;
  }
}
ec::G2Affine g2_off_subgroup() {
  for (uint64_t i = 1;; ++i) {
    const ff::Fq2 x{ff::Fq::from_u64(i), ff::Fq::one()};
    const auto y = (x.square() * x + ec::G2Config::b()).sqrt();
    if (!y) continue;
    const ec::G2Affine p = ec::G2Affine::from_xy(x, *y);
    if (!ec::g2_in_subgroup(p)) return p;
  }
}

void point_seeds(const fs::path& dir) {
  std::mt19937_64 rng(7);
  const ec::G1Affine g1_points[] = {ec::G1Config::generator(), ec::G1Affine::identity(),
                                    ec::G1Jacobian::from_affine(ec::G1Config::generator())
                                        .mul(ff::Fr::random(rng).to_canonical())
                                        .to_affine(),
                                    g1_off_subgroup()};
  const ec::G2Affine g2_points[] = {ec::G2Config::generator(), ec::G2Affine::identity(),
                                    ec::G2Jacobian::from_affine(ec::G2Config::generator())
                                        .mul(ff::Fr::random(rng).to_canonical())
                                        .to_affine(),
                                    g2_off_subgroup()};
  const char* names[] = {"generator", "infinity", "random", "off_subgroup"};
  for (size_t i = 0; i < 4; ++i) {
    const uint8_t check = i == 3 ? 0 : kCheck;  // off-subgroup seeds without the check (accepted)
    std::array<uint8_t, 48> g1c{};
    std::array<uint8_t, 96> g1u{}, g2c{}, g1lem{};
    std::array<uint8_t, 192> g2u{}, g2lem{};
    ec::encode_g1_compressed(g1_points[i], g1c);
    ec::encode_g1_uncompressed(g1_points[i], g1u);
    ec::encode_g2_compressed(g2_points[i], g2c);
    ec::encode_g2_uncompressed(g2_points[i], g2u);
    circom::g1_to_lem(g1_points[i], g1lem);
    circom::g2_to_lem(g2_points[i], g2lem);
    const std::string n = names[i];
    write_file(dir, "g1_compressed_" + n, with_selector(kG1C | check, g1c));
    write_file(dir, "g1_uncompressed_" + n, with_selector(kG1U | check, g1u));
    write_file(dir, "g2_compressed_" + n, with_selector(kG2C | check, g2c));
    write_file(dir, "g2_uncompressed_" + n, with_selector(kG2U | check, g2u));
    write_file(dir, "g1_lem_" + n, with_selector(kG1Lem | check, g1lem));
    write_file(dir, "g2_lem_" + n, with_selector(kG2Lem | check, g2lem));
  }
}

// ---- field text ----

template <class F>
void field_seeds(const fs::path& dir, const std::string& name) {
  const F minus_one = -F::one();
  const std::string m_minus_one_dec = minus_one.to_decimal();
  const std::string m_hex = ff::limbs_to_hex<F::kLimbs>(F::modulus());
  std::string m_dec = ff::limbs_to_decimal<F::kLimbs>(F::modulus());
  write_file(dir, name + "_dec_max", m_minus_one_dec);
  write_file(dir, name + "_dec_modulus", m_dec);
  write_file(dir, name + "_hex_max", "0x" + minus_one.to_hex());
  write_file(dir, name + "_hex_modulus", m_hex);
  std::array<uint8_t, F::kBytes> be{};
  minus_one.to_bytes_be(be);
  write_file(dir, name + "_bytes_max", str(be));
  F::from_u64(0x1234567890abcdefULL).to_bytes_be(be);
  write_file(dir, name + "_bytes_small", str(be));
}

void text_seeds(const fs::path& dir) {
  write_file(dir, "zero", "0");
  write_file(dir, "one", "1");
  write_file(dir, "leading_zeros", "000000000000000000000000000000000000000042");
  write_file(dir, "hex_upper", "0XDEADBEEF");
  write_file(dir, "hex_mixed", "0xAbCdEf0123456789");
  field_seeds<ff::Fq>(dir, "fq");
  field_seeds<ff::Fr>(dir, "fr");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus-dir>\n", argv[0]);
    return 2;
  }
  const fs::path root = argv[1];
  bellperson_seeds(root / "fuzz_bellperson");
  point_seeds(root / "fuzz_point_decoding");
  text_seeds(root / "fuzz_field_text");
  std::printf("seeds written under %s\n", root.c_str());
  return 0;
}
