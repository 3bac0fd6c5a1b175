// The benchmark's circuit, assignments and key (bench_prove_inputs.hpp).
#include "cli/bench_prove_inputs.hpp"

#include <algorithm>
#include <chrono>

#include "circuits/synthetic.hpp"
#include "filecoin/fallback_post.hpp"
#include "filecoin/post_config.hpp"
#include "groth16/proof_assembly.hpp"
#include "ntt/domain.hpp"

namespace cuzk::cli {
namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// n distinct multiples of the generator, (i + 2)·G for i < n, in affine form; chunks of 2^16
// in parallel (a 2^27 key has ~5·10^8 points).
template <class C>
std::vector<ec::Affine<C>> generator_multiples(size_t n, ThreadPool& pool) {
  constexpr size_t kChunk = size_t{1} << 16;
  std::vector<ec::Affine<C>> out(n);
  pool.parallel_for((n + kChunk - 1) / kChunk, [&](size_t first, size_t last) {
    for (size_t chunk = first; chunk < last; ++chunk) {
      const size_t begin = chunk * kChunk, end = std::min(n, begin + kChunk);
      std::vector<ec::Jacobian<C>> points(end - begin);
      ec::Jacobian<C> p = ec::mul_u64(ec::Jacobian<C>::generator(), begin + 1);
      for (auto& q : points) q = p = p.add_mixed(C::generator());
      const auto affine = ec::batch_to_affine<C>(points);
      std::copy(affine.begin(), affine.end(), out.begin() + static_cast<std::ptrdiff_t>(begin));
    }
  });
  return out;
}

// A random but valid-looking key of the shape `cs` was synthesized with: every query filled
// with distinct multiples of the generator, sized by the assignment's densities.
groth16::ProvingKey random_key(const r1cs::ProvingAssignment& cs, size_t domain_size, ThreadPool& pool) {
  const groth16::QuerySizes sizes = groth16::query_sizes(cs);
  groth16::ProvingKey pk;
  pk.vk.alpha_g1 = pk.vk.beta_g1 = pk.vk.delta_g1 = ec::G1Config::generator();
  pk.vk.beta_g2 = pk.vk.gamma_g2 = pk.vk.delta_g2 = ec::G2Config::generator();
  pk.vk.ic = generator_multiples<ec::G1Config>(sizes.ic, pool);
  pk.h = generator_multiples<ec::G1Config>(domain_size, pool);
  pk.l = generator_multiples<ec::G1Config>(sizes.l, pool);
  pk.a = generator_multiples<ec::G1Config>(sizes.a, pool);
  pk.b_g1 = generator_multiples<ec::G1Config>(sizes.b, pool);
  pk.b_g2 = generator_multiples<ec::G2Config>(sizes.b, pool);
  return pk;
}

}  // namespace

Result<BenchProveInputs> make_bench_circuit(const BenchProveOptions& options, ThreadPool& pool) {
  BenchProveInputs in;
  auto start = std::chrono::steady_clock::now();
  in.what = "constraints=" + std::to_string(options.constraints);
  if (options.post) {
    CUZK_ASSIGN_OR_RETURN(auto instance, filecoin::synthetic_post_instance(*options.post, 1, pool));
    in.what = std::string(filecoin::post_kind_name(options.post->kind)) +
              " sector_size=" + std::to_string(options.post->sector_size) +
              " sectors=" + std::to_string(options.post->sector_count) + "x" +
              std::to_string(options.post->challenge_count) + " challenges";
    in.circuit = std::make_unique<filecoin::FallbackPoStCircuit>(std::move(instance.circuit));
  } else {
    in.circuit = std::make_unique<circuits::SyntheticCircuit>(options.constraints, 1);
  }
  in.instance_ms = ms_since(start);

  start = std::chrono::steady_clock::now();
  const size_t witnesses =
      options.same_witness ? 1 : *std::max_element(options.batch_sizes.begin(), options.batch_sizes.end());
  for (size_t i = 0; i < witnesses; ++i) {
    if (options.post) {
      CUZK_ASSIGN_OR_RETURN(
          r1cs::ProvingAssignment cs,
          filecoin::synthesize_parallel(static_cast<const filecoin::FallbackPoStCircuit&>(*in.circuit), pool));
      in.assignments.push_back(std::move(cs));
    } else {
      in.assignments.emplace_back();
      CUZK_RETURN_IF_ERROR(in.circuit->synthesize(in.assignments.back()));
    }
    in.assignments.back().append_input_constraints();
  }
  in.synth_ms = ms_since(start);
  return in;
}

Status make_bench_key(const BenchProveOptions& options, groth16::GeneratorMultiplier* multiplier, ThreadPool& pool,
                      BenchProveInputs& inputs) {
  const auto start = std::chrono::steady_clock::now();
  if (options.real_setup) {
    CUZK_ASSIGN_OR_RETURN(inputs.pk, groth16::insecure_circuit_setup(*inputs.circuit, 7, pool, multiplier));
  } else {
    CUZK_ASSIGN_OR_RETURN(const ntt::Domain domain, ntt::Domain::create(inputs.assignments.front().a.size()));
    inputs.pk = random_key(inputs.assignments.front(), domain.size(), pool);
  }
  inputs.key_ms = ms_since(start);
  return Status::ok();
}

}  // namespace cuzk::cli
