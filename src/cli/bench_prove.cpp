// Proving benchmark on the synthetic circuit: synthesis, key, NTT, each MSM, total.
#include "cli/bench_prove.hpp"

#include <charconv>
#include <chrono>
#include <iomanip>
#include <random>
#include <string>

#include "circuits/synthetic.hpp"
#include "cli/flags.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "ntt/domain.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::cli {
namespace {

struct Options {
  size_t constraints = size_t{1} << 16;
  size_t proofs = 1;
  bool real_setup = true;
};

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

bool parse_size(std::string_view text, size_t& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

// n distinct multiples of the generator, P_{i+1} = P_i + G, in affine form.
template <class C>
std::vector<ec::Affine<C>> generator_multiples(size_t n) {
  std::vector<ec::Jacobian<C>> points(n);
  ec::Jacobian<C> p = ec::Jacobian<C>::generator().dbl();
  for (auto& q : points) q = p = p.add_mixed(C::generator());
  return ec::batch_to_affine<C>(points);
}

// Random but valid-looking key of the right shape: every query filled with distinct multiples
// of the generator. Proofs from it do not verify; timings are the same.
groth16::ProvingKey random_key(const r1cs::R1csShape& shape, size_t domain_size) {
  const size_t vars = shape.num_variables();
  const size_t a = shape.num_inputs + shape.a.column_density(shape.num_inputs, vars).popcount();
  const size_t b = shape.b.column_density(0, vars).popcount();
  groth16::ProvingKey pk;
  pk.vk.alpha_g1 = pk.vk.beta_g1 = pk.vk.delta_g1 = ec::G1Config::generator();
  pk.vk.beta_g2 = pk.vk.gamma_g2 = pk.vk.delta_g2 = ec::G2Config::generator();
  pk.vk.ic = generator_multiples<ec::G1Config>(shape.num_inputs);
  pk.h = generator_multiples<ec::G1Config>(domain_size);
  pk.l = generator_multiples<ec::G1Config>(shape.num_aux);
  pk.a = generator_multiples<ec::G1Config>(a);
  pk.b_g1 = generator_multiples<ec::G1Config>(b);
  pk.b_g2 = generator_multiples<ec::G2Config>(b);
  return pk;
}

}  // namespace

int run_bench_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"backend", false}, {"constraints", false}, {"proofs", false}, {"setup", false}};
  std::string error;
  const auto flags = Flags::parse("bench prove", args, kSpecs, &error);
  if (!flags) {
    err << error << "\nusage: cuzk bench prove [--backend cpu] [--constraints N] [--proofs K] [--setup real|random]\n";
    return 2;
  }
  Options options;
  if (const std::string backend = flags->get("backend", "cpu"); backend != "cpu") {
    err << "cuzk bench prove: backend '" << backend << "' is not available in this build (use cpu)\n";
    return 2;
  }
  if (flags->has("constraints") && (!parse_size(flags->get("constraints"), options.constraints) ||
                                    options.constraints == 0 || options.constraints > (size_t{1} << 27))) {
    err << "cuzk bench prove: --constraints must be an integer in [1, 2^27], got '" << flags->get("constraints") << "'\n";
    return 2;
  }
  if (flags->has("proofs") &&
      (!parse_size(flags->get("proofs"), options.proofs) || options.proofs == 0 || options.proofs > 64)) {
    err << "cuzk bench prove: --proofs must be an integer in [1, 64], got '" << flags->get("proofs") << "'\n";
    return 2;
  }
  if (const std::string setup = flags->get("setup", "real"); setup == "real" || setup == "random") {
    options.real_setup = setup == "real";
  } else {
    err << "cuzk bench prove: --setup must be 'real' or 'random', got '" << setup << "'\n";
    return 2;
  }

  ThreadPool& pool = ThreadPool::shared();
  const circuits::SyntheticCircuit circuit(options.constraints, 1);
  out << "cuzk bench prove: backend=cpu constraints=" << options.constraints << " proofs=" << options.proofs
      << " threads=" << pool.size() << " setup=" << (options.real_setup ? "real (insecure test setup)" : "random bases")
      << "\n";

  auto start = std::chrono::steady_clock::now();
  r1cs::ShapeRecorder recorder;
  if (Status s = circuit.synthesize(recorder); !s.is_ok()) {
    err << s.to_string() << "\n";
    return 1;
  }
  const r1cs::R1csShape shape = std::move(recorder).finish(true);
  groth16::ProvingKey pk;
  if (options.real_setup) {
    std::mt19937_64 rng(7);
    const groth16::ToxicWaste waste{ff::Fr::random(rng), ff::Fr::random(rng), ff::Fr::random(rng),
                                    ff::Fr::random(rng), ff::Fr::random(rng)};
    auto key = groth16::insecure_test_setup(shape, waste, pool);
    if (!key.is_ok()) {
      err << key.status().to_string() << "\n";
      return 1;
    }
    pk = std::move(key).value();
  } else {
    auto domain = ntt::Domain::create(shape.num_constraints());
    if (!domain.is_ok()) {
      err << domain.status().to_string() << "\n";
      return 1;
    }
    pk = random_key(shape, domain->size());
  }
  out << "  key: " << std::fixed << std::setprecision(0) << ms_since(start) << " ms (not part of the proof time)\n";

  start = std::chrono::steady_clock::now();
  std::vector<r1cs::ProvingAssignment> assignments(options.proofs);
  for (auto& cs : assignments) {
    if (Status s = circuit.synthesize(cs); !s.is_ok()) {
      err << s.to_string() << "\n";
      return 1;
    }
    cs.append_input_constraints();
  }
  const double synth_ms = ms_since(start);
  std::vector<const r1cs::ProvingAssignment*> batch;
  for (const auto& cs : assignments) batch.push_back(&cs);
  groth16::SystemBlinding blinding;
  groth16::ProverTimings t;
  auto proofs = groth16::prove(pk, batch, blinding, pool, &t);
  if (!proofs.is_ok()) {
    err << proofs.status().to_string() << "\n";
    return 1;
  }
  out << std::setprecision(1) << "  synth " << synth_ms << " ms | ntt " << t.ntt_ms << " ms | msm_a " << t.msm_a_ms
      << " ms | msm_b_g1 " << t.msm_b_g1_ms << " ms | msm_b_g2 " << t.msm_b_g2_ms << " ms | msm_l " << t.msm_l_ms
      << " ms | msm_h " << t.msm_h_ms << " ms\n"
      << "  prove total " << t.total_ms << " ms, with synthesis " << (t.total_ms + synth_ms) << " ms\n";
  if (options.real_setup) {
    const auto pvk = groth16::PreparedVerifyingKey::from(pk.vk);
    for (size_t i = 0; i < proofs->size(); ++i) {
      const std::vector<ff::Fr> inputs(assignments[i].input_assignment.begin() + 1, assignments[i].input_assignment.end());
      if (Status s = groth16::verify(pvk, proofs->at(i), inputs); !s.is_ok()) {
        err << "proof " << i << " failed verification: " << s.to_string() << "\n";
        return 1;
      }
    }
    out << "  all proofs verified\n";
  }
  return 0;
}

}  // namespace cuzk::cli
