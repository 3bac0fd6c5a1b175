// Known-answer and identity checks over the field, curve and pairing layers, followed by a
// quick timing summary (medians of repeated runs; `bench/` has the full benchmarks).
#include "cli/selftest.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <functional>
#include <iomanip>
#include <random>
#include <string>
#include <vector>

#include "cli/cpu_features.hpp"
#include "backend/gpu_kernel_bench.hpp"
#include "common/hex.hpp"
#include "ec/encoding.hpp"
#include "ec/pairing.hpp"
#include "ff/fr.hpp"

namespace cuzk::cli {
namespace {

using ec::G1Affine;
using ec::G1Jacobian;
using ec::G2Affine;
using ec::G2Jacobian;

struct Check {
  const char* name;
  std::function<bool()> run;
};

std::vector<Check> checks() {
  return {
      {"G1 generator encodes to the zcash compressed form",
       [] {
         std::array<uint8_t, ec::kG1CompressedBytes> bytes{};
         ec::encode_g1_compressed(ec::G1Config::generator(), bytes);
         return bytes_to_hex(bytes) ==
                "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
       }},
      {"Fq fast path == portable path; inverse and sqrt",
       [] {
         std::mt19937_64 rng(1);
         for (int i = 0; i < 200; ++i) {
           const ff::Fq a = ff::Fq::random(rng), b = ff::Fq::random(rng);
           const auto pa = ff::FqT<ff::PortableWords>::from_montgomery(a.montgomery());
           const auto pb = ff::FqT<ff::PortableWords>::from_montgomery(b.montgomery());
           if ((a * b).montgomery() != (pa * pb).montgomery()) return false;
           if ((a + b).montgomery() != (pa + pb).montgomery()) return false;
           if ((a - b).montgomery() != (pa - pb).montgomery()) return false;
           if (!(a * a.inverse()).is_one()) return false;
           const auto root = a.square().sqrt();
           if (!root || root->square() != a.square()) return false;
         }
         return true;
       }},
      {"Fr: 7^t has order 2^32",
       [] {
         ff::Fr w = ff::Fr::from_montgomery(ff::FrParams::kRootOfUnity);
         for (int i = 0; i < 31; ++i) w = w.square();
         return w == -ff::Fr::one();
       }},
      {"G1/G2 generators in the subgroup; [r]G = 0",
       [] {
         const G1Jacobian g1 = G1Jacobian::generator();
         const G2Jacobian g2 = G2Jacobian::generator();
         return ec::g1_in_subgroup(ec::G1Config::generator()) && ec::g2_in_subgroup(ec::G2Config::generator()) &&
                g1.mul(ff::FrParams::kModulus).is_identity() && g2.mul(ff::FrParams::kModulus).is_identity();
       }},
      {"pairing: e(aP, bQ) = e(P, Q)^(ab) and e(P, Q)·e(-P, Q) = 1",
       [] {
         std::mt19937_64 rng(2);
         const ff::Fr a = ff::Fr::random(rng), b = ff::Fr::random(rng);
         const G1Affine p = ec::G1Config::generator();
         const G2Affine q = ec::G2Config::generator();
         const auto lhs = ec::pairing(G1Jacobian::generator().mul(a.to_canonical()).to_affine(),
                                      G2Jacobian::generator().mul(b.to_canonical()).to_affine());
         const auto rhs = ec::pairing(p, q).pow((a * b).to_canonical());
         const std::array<G1Affine, 2> ps = {p, -p};
         const std::array<G2Affine, 2> qs = {q, q};
         return lhs == rhs && !lhs.is_one() && ec::multi_pairing(ps, qs).is_one();
       }},
  };
}

// Median of `runs` timings of `iterations` calls, in nanoseconds per call.
double median_ns(const std::function<void()>& body, size_t iterations, size_t runs = 5) {
  std::vector<double> samples;
  for (size_t r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    for (size_t i = 0; i < iterations; ++i) body();
    const auto stop = std::chrono::steady_clock::now();
    samples.push_back(std::chrono::duration<double, std::nano>(stop - start).count() / static_cast<double>(iterations));
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

void benchmark_summary(std::ostream& out) {
  std::mt19937_64 rng(3);
  ff::Fq x = ff::Fq::random(rng);
  const ff::Fq y = ff::Fq::random(rng);
  ff::Fr u = ff::Fr::random(rng);
  const ff::Fr v = ff::Fr::random(rng);
  G1Jacobian g1 = G1Jacobian::generator();
  const auto scalar = ff::Fr::random(rng).to_canonical();
  G1Affine p = ec::G1Config::generator();
  const G2Affine q = ec::G2Config::generator();
  ff::Fq12 e;
  struct Row {
    const char* name;
    double ns;
  };
  const Row rows[] = {
      {"Fq mul (dependent chain)", median_ns([&] { x = x * y; }, 200000)},
      {"Fr mul (dependent chain)", median_ns([&] { u = u * v; }, 200000)},
      {"Fq inverse", median_ns([&] { x = x.inverse() + y; }, 2000)},
      {"G1 scalar mul (255-bit)", median_ns([&] { g1 = g1.mul(scalar); }, 50)},
      {"pairing", median_ns([&] { e = ec::pairing(p, q); }, 20)},
  };
  out << "benchmark summary (median of 5 runs):\n";
  for (const Row& row : rows) {
    const bool micro = row.ns >= 1e4, milli = row.ns >= 1e6;
    const double value = milli ? row.ns / 1e6 : micro ? row.ns / 1e3 : row.ns;
    out << "  " << std::left << std::setw(28) << row.name << std::right << std::setw(10) << std::fixed
        << std::setprecision(2) << value << (milli ? " ms" : micro ? " us" : " ns") << "\n";
  }
  // keep the results observable so the loops are not optimised away
  if (x.is_zero() && u.is_zero() && e.is_zero() && g1.is_identity()) out << "";
}

}  // namespace

int run_selftest(std::ostream& out) {
  out << "cuzk selftest\n";
  out << "cpu: " << describe_cpu_features() << "\n";
  out << "gpus: " << backend::describe_gpus() << "\n";
  int failures = 0;
  if (!cpu_supports_build()) {
    out << "FAIL this binary uses BMI2/ADX instructions the CPU lacks (rebuild with -DCUZK_FF_ADX=OFF)\n";
    return 1;
  }
  for (const Check& check : checks()) {
    const bool ok = check.run();
    failures += ok ? 0 : 1;
    out << (ok ? "  ok    " : "  FAIL  ") << check.name << "\n";
  }
  out << (failures == 0 ? "all checks passed\n" : "CHECKS FAILED\n");
  benchmark_summary(out);
  return failures == 0 ? 0 : 1;
}

}  // namespace cuzk::cli
