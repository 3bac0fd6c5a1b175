// `cuzk bench prove`: options (bench_prove_options), circuit and key (bench_prove_inputs), then
// the measurement here: each batch size proved `runs` times on the backend the factory makes
// (a device backend first proves once to upload the key), the wall time of each prove call,
// and, with a real setup, every proof verified. The GPU prover prints its phases with
// CUZK_TIMING=1.
#include "cli/bench_prove.hpp"

#include <chrono>
#include <iomanip>

#include "backend/prover_factory.hpp"
#include "cli/bench_gpu.hpp"
#include "cli/bench_prove_inputs.hpp"
#include "cli/bench_prove_options.hpp"
#include "cli/prover_choice.hpp"
#include "groth16/proof_assembly.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::cli {
namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void print_header(const BenchProveOptions& options, const BenchProveInputs& in, const groth16::ProverBackend& prover,
                  size_t threads, std::ostream& out) {
  out << "cuzk bench prove: backend=" << prover.name() << " (" << prover.describe() << ") " << in.what
      << " proofs=";
  for (size_t i = 0; i < options.batch_sizes.size(); ++i) out << (i ? "," : "") << options.batch_sizes[i];
  out << (options.same_witness ? " (one witness, proved that many times)" : "") << " threads=" << threads
      << " setup=" << (options.real_setup ? "real (insecure test setup)" : "random bases") << "\n";
  if (options.post) out << "  instance: " << std::fixed << std::setprecision(0) << in.instance_ms << " ms\n";
  const groth16::CircuitShape shape = groth16::shape_of(in.witnesses.front(), groth16::QapConvention::kBellperson);
  out << "  key: " << std::fixed << std::setprecision(0) << in.key_ms << " ms ("
      << (options.real_setup ? (prover.on_device() ? "test setup, fixed-base on the GPU" : "test setup on the host")
                             : "random bases")
      << "; not part of the proof time); " << shape.rows << " constraints, " << shape.inputs << " inputs, "
      << shape.aux << " aux, queries a=" << in.pk.a.size() << " b=" << in.pk.b_g1.size()
      << " l=" << in.pk.l.size() << " h=" << in.pk.h.size() << "\n";
  out << std::fixed << std::setprecision(1) << "  synth " << in.synth_ms << " ms (" << in.witnesses.size()
      << " circuits, the matrices recorded once)\n";
}

// One batch size: a warm-up on a device backend without the key, `runs` timed calls, the
// proofs verified with a real setup. Returns the exit code.
int measure_batch(const BenchProveOptions& options, const BenchProveInputs& in, size_t proofs_in_batch,
                  groth16::ProverBackend& prover, std::ostream& out, std::ostream& err) {
  std::vector<const witness::PartitionWitness*> batch;
  for (size_t i = 0; i < proofs_in_batch; ++i) batch.push_back(&in.witnesses[options.same_witness ? 0 : i]);
  groth16::SystemBlinding blinding;
  const auto convention = groth16::QapConvention::kBellperson;
  if (prover.on_device() && !prover.holds(in.pk)) {
    const auto start = std::chrono::steady_clock::now();
    auto warm = prover.prove(in.pk, batch, convention, blinding);
    if (!warm.is_ok()) {
      err << warm.status().to_string() << "\n";
      return 1;
    }
    out << std::fixed << std::setprecision(0) << "  warm-up (key upload + prove " << batch.size()
        << "): " << ms_since(start) << " ms\n";
  }
  std::vector<double> samples;
  Result<std::vector<groth16::Proof>> proofs = Status::internal("no run");
  for (size_t run = 0; run < options.runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    proofs = prover.prove(in.pk, batch, convention, blinding);
    samples.push_back(ms_since(start));
    if (!proofs.is_ok()) {
      err << proofs.status().to_string() << "\n";
      return 1;
    }
  }
  out << "  batch of " << batch.size() << " proof(s), prove call: ";
  print_stats(out, run_stats(samples));
  if (options.real_setup) {
    const auto pvk = groth16::PreparedVerifyingKey::from(in.pk.vk);
    for (size_t i = 0; i < proofs->size(); ++i) {
      const std::vector<ff::Fr> inputs(batch[i]->values.inputs.begin() + 1, batch[i]->values.inputs.end());
      if (Status s = groth16::verify(pvk, proofs->at(i), inputs); !s.is_ok()) {
        err << "proof " << i << " failed verification: " << s.to_string() << "\n";
        return 1;
      }
    }
    out << "  all " << proofs->size() << " proofs verified\n";
  }
  return 0;
}

}  // namespace

int run_bench_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  auto options = parse_bench_prove_options(args);
  if (!options.is_ok()) {
    err << "cuzk bench prove: " << options.status().message() << "\n" << kBenchProveUsage << "\n";
    return 2;
  }
  ThreadPool& pool = ThreadPool::shared();
  auto prover = choose_prover(options->backend, /*prefer_gpu=*/false, pool);
  if (!prover.is_ok()) {
    err << "cuzk bench prove: " << prover.status().message() << "\n";
    return prover.status().code() == StatusCode::kInvalidArgument ? 2 : 1;
  }
  auto inputs = make_bench_circuit(*options, pool);
  if (!inputs.is_ok()) {
    err << inputs.status().to_string() << "\n";
    return 1;
  }
  const auto multiplier = (*prover)->on_device() ? backend::make_gpu_generator_multiplier() : nullptr;
  if (Status s = make_bench_key(*options, multiplier.get(), pool, *inputs); !s.is_ok()) {
    err << s.to_string() << "\n";
    return 1;
  }
  print_header(*options, *inputs, **prover, pool.size(), out);
  for (const size_t proofs_in_batch : options->batch_sizes) {
    if (const int code = measure_batch(*options, *inputs, proofs_in_batch, **prover, out, err); code != 0) return code;
  }
  (*prover)->release(inputs->pk);
  return 0;
}

}  // namespace cuzk::cli
