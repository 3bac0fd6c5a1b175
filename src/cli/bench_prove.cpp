// Proving benchmark: the synthetic Filecoin-shaped circuit of any size, or a PoSt partition
// (WinningPoSt / WindowPoSt at any sector size, over a synthetic sector instance); synthesis,
// key, NTT, each MSM, total.
#include "cli/bench_prove.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iomanip>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "circuits/synthetic.hpp"
#include "filecoin/post_kind.hpp"
#include "cli/bench_gpu.hpp"
#include "cli/flags.hpp"
#include "groth16/prover.hpp"
#include "groth16/setup.hpp"
#include "groth16/verifier.hpp"
#include "ntt/domain.hpp"

#ifdef CUZK_HAVE_CUDA
#include "backend/cuda/generator_multiplier_gpu.hpp"
#include "backend/cuda/gpu_prover.hpp"
#endif

namespace cuzk::cli {
namespace {

struct Options {
  size_t constraints = size_t{1} << 16;
  std::optional<filecoin::PostConfig> post;  // a PoSt partition instead of the synthetic circuit
  std::vector<size_t> batch_sizes{1};  // --proofs K[,K...]: one measurement per batch size
  size_t runs = 1;
  bool real_setup = true;
  bool same_witness = false;  // --witness shared: the batch proves one synthesized witness `proofs` times
  bool cuda = false;
};

// Per-phase samples over the runs, in the order first recorded.
class PhaseSamples {
 public:
  void add(const std::string& phase, double ms) {
    for (auto& [name, samples] : phases_) {
      if (name == phase) {
        samples.push_back(ms);
        return;
      }
    }
    phases_.push_back({phase, {ms}});
  }
  void print(std::ostream& out) const {
    for (const auto& [name, samples] : phases_) {
      out << "  " << std::left << std::setw(12) << name << std::right;
      print_stats(out, run_stats(samples));
    }
  }

 private:
  std::vector<std::pair<std::string, std::vector<double>>> phases_;
};

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

bool parse_size(std::string_view text, size_t& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
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

// Random but valid-looking key of the shape `cs` was synthesized with (input constraints
// appended): every query filled with distinct multiples of the generator, sized by the
// assignment's densities. Proofs from it do not verify; timings are the same.
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

int run_bench_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {
      {"backend", false}, {"constraints", false}, {"proofs", false}, {"setup", false},
      {"runs", false},    {"post", false},        {"sector-size", false}, {"witness", false}};
  std::string error;
  const auto flags = Flags::parse("bench prove", args, kSpecs, &error);
  if (!flags) {
    err << error
        << "\nusage: cuzk bench prove [--backend cpu|cuda] [--constraints N | --post winning-post|window-post "
           "--sector-size S] [--proofs K[,K...]] [--witness distinct|shared] [--setup real|random] [--runs R]\n";
    return 2;
  }
  Options options;
  const std::string backend = flags->get("backend", "cpu");
#ifdef CUZK_HAVE_CUDA
  options.cuda = backend == "cuda";
#endif
  if (backend != "cpu" && !options.cuda) {
    err << "cuzk bench prove: backend '" << backend << "' is not available in this build\n";
    return 2;
  }
  if (flags->has("runs") &&
      (!parse_size(flags->get("runs"), options.runs) || options.runs == 0 || options.runs > 100)) {
    err << "cuzk bench prove: --runs must be an integer in [1, 100], got '" << flags->get("runs") << "'\n";
    return 2;
  }
  if (flags->has("constraints") && (!parse_size(flags->get("constraints"), options.constraints) ||
                                    options.constraints == 0 || options.constraints > (size_t{1} << 27))) {
    err << "cuzk bench prove: --constraints must be an integer in [1, 2^27], got '" << flags->get("constraints") << "'\n";
    return 2;
  }
  if (flags->has("proofs")) {
    options.batch_sizes.clear();
    const std::string text = flags->get("proofs");
    for (size_t begin = 0; begin <= text.size();) {
      const size_t comma = std::min(text.find(',', begin), text.size());
      size_t k = 0;
      if (!parse_size(std::string_view(text).substr(begin, comma - begin), k) || k == 0 || k > 64) {
        err << "cuzk bench prove: --proofs must be integers in [1, 64] separated by commas, got '" << text << "'\n";
        return 2;
      }
      options.batch_sizes.push_back(k);
      begin = comma + 1;
    }
  }
  if (flags->has("post") || flags->has("sector-size")) {
    auto kind = filecoin::parse_post_kind(flags->get("post", "window-post"));
    auto size = filecoin::parse_sector_size(flags->get("sector-size", "2KiB"));
    auto config = kind.is_ok() && size.is_ok() ? filecoin::post_config(*kind, *size)
                                               : Result<filecoin::PostConfig>(kind.is_ok() ? size.status() : kind.status());
    if (!config.is_ok() || flags->has("constraints")) {
      err << "cuzk bench prove: "
          << (config.is_ok() ? "--constraints and --post exclude each other" : config.status().message()) << "\n";
      return 2;
    }
    options.post = *config;
  }
  if (const std::string setup = flags->get("setup", "real"); setup == "real" || setup == "random") {
    options.real_setup = setup == "real";
  } else {
    err << "cuzk bench prove: --setup must be 'real' or 'random', got '" << setup << "'\n";
    return 2;
  }

  if (const std::string witness = flags->get("witness", "distinct"); witness == "distinct" || witness == "shared") {
    options.same_witness = witness == "shared";
  } else {
    err << "cuzk bench prove: --witness must be 'distinct' or 'shared', got '" << witness << "'\n";
    return 2;
  }

  ThreadPool& pool = ThreadPool::shared();
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<r1cs::Circuit> circuit;
  std::string what = "constraints=" + std::to_string(options.constraints);
  if (options.post) {
    auto instance = filecoin::synthetic_post_instance(*options.post, 1, pool);
    if (!instance.is_ok()) {
      err << instance.status().to_string() << "\n";
      return 1;
    }
    what = std::string(filecoin::post_kind_name(options.post->kind)) + " sector_size=" +
           std::to_string(options.post->sector_size) + " sectors=" + std::to_string(options.post->sector_count) +
           "x" + std::to_string(options.post->challenge_count) + " challenges";
    circuit = std::make_unique<filecoin::FallbackPoStCircuit>(std::move(instance->circuit));
  } else {
    circuit = std::make_unique<circuits::SyntheticCircuit>(options.constraints, 1);
  }
  out << "cuzk bench prove: backend=" << backend << " " << what << " proofs=" << flags->get("proofs", "1")
      << (options.same_witness ? " (one witness, proved that many times)" : "") << " threads=" << pool.size()
      << " setup=" << (options.real_setup ? "real (insecure test setup)" : "random bases")
      << "\n";
  if (options.post) out << "  instance: " << std::fixed << std::setprecision(0) << ms_since(start) << " ms\n";

  start = std::chrono::steady_clock::now();
  std::vector<r1cs::ProvingAssignment> assignments;
  const size_t witnesses = options.same_witness ? 1 : *std::max_element(options.batch_sizes.begin(), options.batch_sizes.end());
  for (size_t i = 0; i < witnesses; ++i) {
    if (options.post) {
      auto cs = filecoin::synthesize_parallel(static_cast<const filecoin::FallbackPoStCircuit&>(*circuit), pool);
      if (!cs.is_ok()) {
        err << cs.status().to_string() << "\n";
        return 1;
      }
      assignments.push_back(std::move(cs).value());
    } else {
      assignments.emplace_back();
      if (Status s = circuit->synthesize(assignments.back()); !s.is_ok()) {
        err << s.to_string() << "\n";
        return 1;
      }
    }
    assignments.back().append_input_constraints();
  }
  const double synth_ms = ms_since(start);

  start = std::chrono::steady_clock::now();
  groth16::ProvingKey pk;
  if (options.real_setup) {
    std::unique_ptr<groth16::GeneratorMultiplier> multiplier;
#ifdef CUZK_HAVE_CUDA
    if (options.cuda) {
      auto gpu = backend::cuda::GpuGeneratorMultiplier::create(0);
      if (!gpu.is_ok()) {
        err << gpu.status().to_string() << "\n";
        return 1;
      }
      multiplier = std::move(gpu).value();
    }
#endif
    auto key = groth16::insecure_circuit_setup(*circuit, 7, pool, multiplier.get());
    if (!key.is_ok()) {
      err << key.status().to_string() << "\n";
      return 1;
    }
    pk = std::move(key).value();
  } else {
    auto domain = ntt::Domain::create(assignments.front().a.size());
    if (!domain.is_ok()) {
      err << domain.status().to_string() << "\n";
      return 1;
    }
    pk = random_key(assignments.front(), domain->size(), pool);
  }
  out << "  key: " << std::fixed << std::setprecision(0) << ms_since(start) << " ms ("
      << (options.real_setup ? (options.cuda ? "test setup, fixed-base on the GPU" : "test setup on the host")
                             : "random bases")
      << "; not part of the proof time); "
      << assignments.front().a.size() << " constraints, " << assignments.front().input_assignment.size()
      << " inputs, " << assignments.front().aux_assignment.size() << " aux, queries a=" << pk.a.size()
      << " b=" << pk.b_g1.size() << " l=" << pk.l.size() << " h=" << pk.h.size() << "\n";
  out << std::fixed << std::setprecision(1) << "  synth " << synth_ms << " ms (" << assignments.size()
      << " circuits)\n";
  groth16::SystemBlinding blinding;
#ifdef CUZK_HAVE_CUDA
  std::unique_ptr<backend::cuda::GpuProver> gpu;
  if (options.cuda) {
    auto created = backend::cuda::GpuProver::create(0);
    if (!created.is_ok()) {
      err << created.status().to_string() << "\n";
      return 1;
    }
    gpu = std::move(created).value();
  }
#endif
  for (const size_t proofs_in_batch : options.batch_sizes) {
    std::vector<const r1cs::ProvingAssignment*> batch;
    for (size_t i = 0; i < proofs_in_batch; ++i) batch.push_back(&assignments[options.same_witness ? 0 : i]);
    PhaseSamples samples;
    Result<std::vector<groth16::Proof>> proofs = Status::internal("no run");
#ifdef CUZK_HAVE_CUDA
    if (gpu != nullptr && gpu->resident_bytes() == 0) {
      start = std::chrono::steady_clock::now();  // warm-up: uploads the key's bases
      proofs = gpu->prove(pk, batch, blinding);
      if (!proofs.is_ok()) {
        err << proofs.status().to_string() << "\n";
        return 1;
      }
      out << std::fixed << std::setprecision(0) << "  warm-up (key upload + prove " << batch.size()
          << "): " << ms_since(start) << " ms\n";
    }
#endif
    for (size_t run = 0; run < options.runs; ++run) {
      start = std::chrono::steady_clock::now();
#ifdef CUZK_HAVE_CUDA
      if (options.cuda) {
        backend::cuda::GpuProveTimings g;
        proofs = gpu->prove(pk, batch, blinding, &g);
        const double caller_ms = ms_since(start);
        for (const auto& [name, ms] : {std::pair{"prep", g.prep_ms}, {"alloc", g.alloc_ms}, {"upload", g.upload_ms},
                                       {"ntt", g.ntt_ms}, {"msm_a", g.msm_a_ms}, {"msm_b_g1", g.msm_b_g1_ms},
                                       {"msm_b_g2", g.msm_b_g2_ms}, {"msm_l", g.msm_l_ms}, {"msm_h", g.msm_h_ms},
                                       {"epilogue", g.epilogue_ms}, {"pre_return", g.pre_return_ms},
                                       {"caller", caller_ms}}) {
          samples.add(name, ms);
        }
      }
#endif
      if (!options.cuda) {
        groth16::ProverTimings t;
        proofs = groth16::prove(pk, batch, blinding, pool, &t);
        for (const auto& [name, ms] : {std::pair{"ntt", t.ntt_ms}, {"msm_a", t.msm_a_ms}, {"msm_b_g1", t.msm_b_g1_ms},
                                       {"msm_b_g2", t.msm_b_g2_ms}, {"msm_l", t.msm_l_ms}, {"msm_h", t.msm_h_ms},
                                       {"total", t.total_ms}}) {
          samples.add(name, ms);
        }
      }
      if (!proofs.is_ok()) {
        err << proofs.status().to_string() << "\n";
        return 1;
      }
    }
    out << "  batch of " << batch.size() << " proof(s), ms per phase (summed over the batch) over " << options.runs
        << " runs:\n";
    samples.print(out);
    if (options.real_setup) {
      const auto pvk = groth16::PreparedVerifyingKey::from(pk.vk);
      for (size_t i = 0; i < proofs->size(); ++i) {
        const std::vector<ff::Fr> inputs(batch[i]->input_assignment.begin() + 1, batch[i]->input_assignment.end());
        if (Status s = groth16::verify(pvk, proofs->at(i), inputs); !s.is_ok()) {
          err << "proof " << i << " failed verification: " << s.to_string() << "\n";
          return 1;
        }
      }
      out << "  all " << proofs->size() << " proofs verified\n";
    }
  }
  return 0;
}

}  // namespace cuzk::cli
