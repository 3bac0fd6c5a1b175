// Curve and pairing benchmarks: G1/G2 add, double, mixed add (Jacobian and XYZZ), scalar
// multiplication, subgroup checks, decompression, Miller loop, final exponentiation, pairing.
#include <benchmark/benchmark.h>

#include <array>
#include <random>

#include "ec/encoding.hpp"
#include "ec/pairing.hpp"
#include "ff/fr.hpp"

namespace {

using namespace cuzk::ec;
using cuzk::ff::Fr;

template <class C>
Jacobian<C> random_point(std::mt19937_64& rng) {
  return Jacobian<C>::generator().mul(Fr::random(rng).to_canonical());
}

template <class C>
void BM_Add(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Jacobian<C> p = random_point<C>(rng);
  const Jacobian<C> q = random_point<C>(rng);
  for (auto _ : state) {
    p = p + q;
    benchmark::DoNotOptimize(p);
  }
}

template <class C>
void BM_Double(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Jacobian<C> p = random_point<C>(rng);
  for (auto _ : state) {
    p = p.dbl();
    benchmark::DoNotOptimize(p);
  }
}

template <class C>
void BM_AddMixed(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Jacobian<C> p = random_point<C>(rng);
  const Affine<C> q = random_point<C>(rng).to_affine();
  for (auto _ : state) {
    p = p.add_mixed(q);
    benchmark::DoNotOptimize(p);
  }
}

template <class C>
void BM_XyzzAddMixed(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Xyzz<C> p = Xyzz<C>::from_affine(random_point<C>(rng).to_affine());
  const Affine<C> q = random_point<C>(rng).to_affine();
  for (auto _ : state) {
    p = p.add_mixed(q);
    benchmark::DoNotOptimize(p);
  }
}

template <class C>
void BM_ScalarMul(benchmark::State& state) {
  std::mt19937_64 rng(1);
  Jacobian<C> p = random_point<C>(rng);
  const auto k = Fr::random(rng).to_canonical();
  for (auto _ : state) {
    p = p.mul(k);
    benchmark::DoNotOptimize(p);
  }
}

void BM_G1SubgroupCheck(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const G1Affine p = random_point<G1Config>(rng).to_affine();
  for (auto _ : state) benchmark::DoNotOptimize(g1_in_subgroup(p));
}

void BM_G2SubgroupCheck(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const G2Affine p = random_point<G2Config>(rng).to_affine();
  for (auto _ : state) benchmark::DoNotOptimize(g2_in_subgroup(p));
}

void BM_G1Decompress(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::array<uint8_t, kG1CompressedBytes> bytes{};
  encode_g1_compressed(random_point<G1Config>(rng).to_affine(), bytes);
  for (auto _ : state) benchmark::DoNotOptimize(decode_g1(bytes, PointForm::kCompressed));
}

void BM_G2Decompress(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::array<uint8_t, kG2CompressedBytes> bytes{};
  encode_g2_compressed(random_point<G2Config>(rng).to_affine(), bytes);
  for (auto _ : state) benchmark::DoNotOptimize(decode_g2(bytes, PointForm::kCompressed));
}

void BM_MillerLoop(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const G1Affine p = random_point<G1Config>(rng).to_affine();
  const G2Prepared q = G2Prepared::from(random_point<G2Config>(rng).to_affine());
  const G2Prepared* qs[1] = {&q};
  for (auto _ : state) benchmark::DoNotOptimize(miller_loop(std::span(&p, 1), qs));
}

void BM_FinalExponentiation(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const cuzk::ff::Fq12 f = cuzk::ff::Fq12::random(rng);
  for (auto _ : state) benchmark::DoNotOptimize(final_exponentiation(f));
}

void BM_Pairing(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const G1Affine p = random_point<G1Config>(rng).to_affine();
  const G2Affine q = random_point<G2Config>(rng).to_affine();
  for (auto _ : state) benchmark::DoNotOptimize(pairing(p, q));
}

// The Groth16 verifier's shape: four pairs, one final exponentiation.
void BM_MultiPairing4(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::array<G1Affine, 4> ps;
  std::array<G2Affine, 4> qs;
  for (size_t i = 0; i < 4; ++i) {
    ps[i] = random_point<G1Config>(rng).to_affine();
    qs[i] = random_point<G2Config>(rng).to_affine();
  }
  for (auto _ : state) benchmark::DoNotOptimize(multi_pairing(ps, qs));
}

BENCHMARK(BM_Add<G1Config>);
BENCHMARK(BM_Double<G1Config>);
BENCHMARK(BM_AddMixed<G1Config>);
BENCHMARK(BM_XyzzAddMixed<G1Config>);
BENCHMARK(BM_ScalarMul<G1Config>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Add<G2Config>);
BENCHMARK(BM_Double<G2Config>);
BENCHMARK(BM_AddMixed<G2Config>);
BENCHMARK(BM_XyzzAddMixed<G2Config>);
BENCHMARK(BM_ScalarMul<G2Config>)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_G1SubgroupCheck)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_G2SubgroupCheck)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_G1Decompress)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_G2Decompress)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MillerLoop)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FinalExponentiation)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Pairing)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_MultiPairing4)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
