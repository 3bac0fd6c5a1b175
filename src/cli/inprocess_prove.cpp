// In-process proving of a native circuit's partitions: parameters, pipelined synthesis,
// proving, self-verification.
#include "cli/inprocess_prove.hpp"

#include <chrono>
#include <future>

#include "common/mapped_file.hpp"
#include "groth16/bellperson_format.hpp"

namespace cuzk::cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

}  // namespace

Result<InProcessProof> prove_in_process(const engine::CircuitDef& def, std::span<const uint8_t> payload,
                                        const engine::ValidatedPayload& validated, groth16::ProverBackend& prover,
                                        ThreadPool& pool, std::ostream& out) {
  const auto start = Clock::now();
  InProcessProof result;
  CUZK_RETURN_IF_ERROR(def.ensure_srs_file(pool));
  CUZK_ASSIGN_OR_RETURN(MappedFile file, MappedFile::open(def.srs_path()));
  CUZK_ASSIGN_OR_RETURN(const std::shared_ptr<const engine::LoadedSrs> srs, def.load_srs(file.bytes(), pool));
  file = MappedFile();
  result.timings.srs_ms = ms_since(start);
  out << "  parameters: " << def.srs_path() << " (" << static_cast<long long>(result.timings.srs_ms) << " ms)\n"
      << "  prover: " << prover.describe() << "\n";

  struct Synthesized {
    Result<std::unique_ptr<engine::SynthesizedCircuit>> circuit = Status::internal("not synthesized");
    double ms = 0;
  };
  ThreadPool synthesis_pool(1);
  auto synthesize = [&](size_t k) {
    Synthesized s;
    const auto begin = Clock::now();
    s.circuit = def.synthesize(*srs, payload, validated.prepared, k, synthesis_pool);
    s.ms = ms_since(begin);
    return s;
  };
  const size_t partitions = validated.partitions;
  groth16::SystemBlinding blinding;
  Status failed;
  std::future<Synthesized> next = std::async(std::launch::async, synthesize, size_t{0});
  for (size_t k = 0; k < partitions && failed.is_ok(); ++k) {
    const std::string which = "partition " + std::to_string(k) + ": ";
    Synthesized current = next.get();
    if (!current.circuit.is_ok()) {
      failed = Status(current.circuit.status().code(), which + current.circuit.status().message());
      break;
    }
    if (k + 1 < partitions) next = std::async(std::launch::async, synthesize, k + 1);
    std::unique_ptr<engine::SynthesizedCircuit> synthesized = std::move(current.circuit).value();
    const r1cs::ProvingAssignment* one[] = {&synthesized->assignment};
    auto begin = Clock::now();
    Result<std::vector<groth16::Proof>> proofs = prover.prove(srs->proving_key(), one, def.convention(), blinding);
    const double gpu_ms = ms_since(begin);
    if (!proofs.is_ok()) {
      failed = Status(proofs.status().code(), which + proofs.status().message());
      break;
    }
    begin = Clock::now();
    const Status verified = def.verify(*srs, proofs->front(), synthesized->public_inputs);
    const double verify_ms = ms_since(begin);
    result.timings.synth_ms += current.ms;
    result.timings.gpu_ms += gpu_ms;
    result.timings.verify_ms += verify_ms;
    out << "  partition " << k << "/" << partitions << ": synth " << static_cast<long long>(current.ms) << " ms, gpu "
        << static_cast<long long>(gpu_ms) << " ms, verify " << static_cast<long long>(verify_ms) << " ms ("
        << synthesized->assignment.a.size() << " rows)\n";
    if (!verified.is_ok()) {
      failed = Status::internal(which + "the proof does not verify (" + verified.message() + ")");
      break;
    }
    const auto encoded = groth16::proof_to_bytes(proofs->front());
    result.proofs.insert(result.proofs.end(), encoded.begin(), encoded.end());
    def.recycle(std::move(synthesized));
  }
  if (next.valid()) next.wait();
  prover.release(srs->proving_key());
  CUZK_RETURN_IF_ERROR(failed);
  result.timings.total_ms = ms_since(start);
  return result;
}

}  // namespace cuzk::cli
