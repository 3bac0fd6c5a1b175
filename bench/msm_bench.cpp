// MSM benchmarks (milliseconds): G1 at 2^12, 2^16, 2^18 with uniform scalars and 2^16 with a
// Filecoin-like skew (90% zeros or ones); G2 at 2^12, 2^16. Also the measurements behind the
// window model in src/msm/msm.cpp: a sweep of the window width c, and the bucket additions'
// costs (XYZZ mixed vs full addition). Runs on ThreadPool::shared() (all cores).
#include <benchmark/benchmark.h>

#include <ctime>
#include <random>
#include <span>
#include <vector>

#include "msm/msm.hpp"

namespace {

using namespace cuzk;
using ec::Affine;
using ec::Jacobian;
using ff::Fr;

// n distinct points cheaply: P_0 random, P_i = P_(i−1) + Q_h for 8 random steps Q_h (one mixed
// addition per point, one batched inversion), instead of n scalar multiplications.
template <class C>
std::vector<Affine<C>> random_bases(size_t n, std::mt19937_64& rng) {
  std::vector<Jacobian<C>> steps(8);
  for (auto& s : steps) s = Jacobian<C>::generator().mul(Fr::random(rng).to_canonical());
  const std::vector<Affine<C>> step_affine = ec::batch_to_affine<C>(steps);
  std::vector<Jacobian<C>> points(n);
  Jacobian<C> p = Jacobian<C>::generator().mul(Fr::random(rng).to_canonical());
  for (auto& out : points) {
    p = p.add_mixed(step_affine[rng() % step_affine.size()]);
    out = p;
  }
  return ec::batch_to_affine<C>(points);
}

// skew = 0: uniform. Otherwise that fraction (in %) is 0 or 1, half each; the rest uniform.
std::vector<Fr> random_scalars(size_t n, unsigned skew_percent, std::mt19937_64& rng) {
  std::vector<Fr> out(n);
  for (auto& k : out) {
    const uint64_t roll = rng() % 100;
    if (roll < skew_percent) {
      k = roll % 2 ? Fr::one() : Fr::zero();
    } else {
      k = Fr::random(rng);
    }
  }
  return out;
}

template <class C>
void run_msm(benchmark::State& state, size_t n, unsigned skew_percent, unsigned window_bits) {
  std::mt19937_64 rng(7);
  const auto bases = random_bases<C>(n, rng);
  const auto scalars = random_scalars(n, skew_percent, rng);
  ThreadPool& pool = ThreadPool::shared();
  msm::MsmOptions options;
  options.window_bits = window_bits;
  const std::clock_t cpu_start = std::clock();
  for (auto _ : state) {
    benchmark::DoNotOptimize(msm::msm<C>(bases, scalars, nullptr, pool, options));
  }
  // Process CPU time (all threads) per call: the total work, less sensitive to a busy machine.
  state.counters["cpu_ms"] = 1e3 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC /
                             static_cast<double>(state.iterations());
  const msm::WindowPlan plan = msm::msm_window_plan(n * (100 - skew_percent) / 100, pool.size(), sizeof(ec::Xyzz<C>));
  state.counters["threads"] = static_cast<double>(pool.size());
  state.counters["c"] = window_bits != 0 ? window_bits : plan.window_bits;
  state.counters["chunks"] = static_cast<double>(plan.point_chunks);
}

void BM_MsmG1(benchmark::State& state) {
  run_msm<ec::G1Config>(state, static_cast<size_t>(state.range(0)), 0, 0);
}
void BM_MsmG1Skewed90(benchmark::State& state) {
  run_msm<ec::G1Config>(state, static_cast<size_t>(state.range(0)), 90, 0);
}
void BM_MsmG2(benchmark::State& state) {
  run_msm<ec::G2Config>(state, static_cast<size_t>(state.range(0)), 0, 0);
}
// Args: n, c — the sweep behind the window model.
void BM_MsmG1Window(benchmark::State& state) {
  run_msm<ec::G1Config>(state, static_cast<size_t>(state.range(0)), 0, static_cast<unsigned>(state.range(1)));
}
void BM_MsmG2Window(benchmark::State& state) {
  run_msm<ec::G2Config>(state, static_cast<size_t>(state.range(0)), 0, static_cast<unsigned>(state.range(1)));
}

// The two bucket operations the model weighs: XYZZ mixed addition (accumulation) and XYZZ full
// addition (running sums), one thread.
template <class C>
void BM_BucketAddMixed(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const auto points = random_bases<C>(2, rng);
  ec::Xyzz<C> acc = ec::Xyzz<C>::from_affine(points[0]);
  for (auto _ : state) {
    acc = acc.add_mixed(points[1]);
    benchmark::DoNotOptimize(acc);
  }
}
template <class C>
void BM_BucketAdd(benchmark::State& state) {
  std::mt19937_64 rng(1);
  const auto points = random_bases<C>(2, rng);
  ec::Xyzz<C> acc = ec::Xyzz<C>::from_affine(points[0]);
  const ec::Xyzz<C> step = ec::Xyzz<C>::from_affine(points[1]).dbl();  // ZZ ≠ 1
  for (auto _ : state) {
    acc = acc + step;
    benchmark::DoNotOptimize(acc);
  }
}

}  // namespace

BENCHMARK(BM_MsmG1)->Arg(1 << 12)->Arg(1 << 16)->Arg(1 << 18)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MsmG1Skewed90)->Arg(1 << 16)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MsmG2)->Arg(1 << 12)->Arg(1 << 16)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MsmG1Window)
    ->ArgsProduct({{1 << 12, 1 << 16}, {6, 8, 9, 10, 11, 12, 13, 14, 15, 16}})
    ->ArgsProduct({{1 << 18}, {12, 13, 14, 15, 16}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_MsmG2Window)
    ->ArgsProduct({{1 << 12}, {8, 9, 10, 11, 12}})
    ->ArgsProduct({{1 << 16}, {11, 12, 13, 14, 16}})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_TEMPLATE(BM_BucketAddMixed, cuzk::ec::G1Config);
BENCHMARK_TEMPLATE(BM_BucketAdd, cuzk::ec::G1Config);
BENCHMARK_TEMPLATE(BM_BucketAddMixed, cuzk::ec::G2Config);
BENCHMARK_TEMPLATE(BM_BucketAdd, cuzk::ec::G2Config);

BENCHMARK_MAIN();
