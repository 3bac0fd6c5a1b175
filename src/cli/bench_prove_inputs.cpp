// The benchmark's circuit, witnesses and key (bench_prove_inputs.hpp).
#include "cli/bench_prove_inputs.hpp"

#include <algorithm>
#include <chrono>

#include "circuits/synthetic.hpp"
#include "filecoin/fallback_post.hpp"
#include "filecoin/post_config.hpp"
#include "groth16/proof_assembly.hpp"
#include "ntt/domain.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "witness/fill_recording_system.hpp"

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

// A random but valid-looking key of `shape`: every query filled with distinct multiples of the
// generator, sized by the shape's densities.
groth16::ProvingKey random_key(const groth16::CircuitShape& shape, size_t domain_size, ThreadPool& pool) {
  const groth16::QuerySizes sizes = groth16::query_sizes(shape);
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
  CUZK_ASSIGN_OR_RETURN(r1cs::RecordedMatrices recorded, r1cs::record_matrices(*in.circuit));
  const auto matrices = std::make_shared<const r1cs::RecordedMatrices>(std::move(recorded));
  const size_t witnesses =
      options.same_witness ? 1 : *std::max_element(options.batch_sizes.begin(), options.batch_sizes.end());
  for (size_t i = 0; i < witnesses; ++i) {
    Result<witness::PartitionWitness> w =
        options.post ? filecoin::synthesize_witness_parallel(
                           static_cast<const filecoin::FallbackPoStCircuit&>(*in.circuit), pool)
                     : witness::synthesize_partition_witness(*in.circuit);
    if (!w.is_ok()) return w.status();
    in.witnesses.push_back(std::move(w).value());
    in.witnesses.back().matrices = matrices;
    CUZK_RETURN_IF_ERROR(in.witnesses.back().check_matrices());
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
    const groth16::CircuitShape shape =
        groth16::shape_of(inputs.witnesses.front(), groth16::QapConvention::kBellperson);
    CUZK_ASSIGN_OR_RETURN(const ntt::Domain domain, ntt::Domain::create(shape.rows));
    inputs.pk = random_key(shape, domain.size(), pool);
  }
  inputs.key_ms = ms_since(start);
  return Status::ok();
}

}  // namespace cuzk::cli
