// In-process proving of a native circuit's partitions: parameters, pipelined synthesis,
// proving, self-verification.
#include "cli/inprocess_prove.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <deque>
#include <future>
#include <iomanip>
#include <thread>

#include "common/host_memory.hpp"
#include "common/mapped_file.hpp"
#include "common/private_files.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/proof_assembly.hpp"

namespace cuzk::cli {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// How many partitions synthesize at once: the host memory available now (a quarter kept free)
// holds these and the one being proved; at least one, at most one per core and per partition.
size_t partitions_in_flight(size_t partition_bytes, size_t partitions) {
  const size_t cores = std::max<size_t>(1, std::thread::hardware_concurrency());
  const size_t per_partition = std::max<size_t>(1, partition_bytes);
  const size_t fit = available_host_memory().value_or(0) / 4 * 3 / per_partition;
  return std::clamp<size_t>(fit > 0 ? fit - 1 : 0, 1, std::min(cores, std::max<size_t>(1, partitions)));
}

Result<std::shared_ptr<const engine::LoadedSrs>> obtain_params(const engine::CircuitDef& def,
                                                               const InProcessChoice& params, ThreadPool& pool) {
  if (params.in_memory) {
    CUZK_ASSIGN_OR_RETURN(std::shared_ptr<const engine::LoadedSrs> srs, def.make_test_srs(pool));
    CUZK_RETURN_IF_ERROR(write_file_atomically(params.vk_out, [&](std::ostream& vk) {
      return groth16::write_verifying_key(srs->proving_key().vk, vk);
    }));
    return srs;
  }
  CUZK_RETURN_IF_ERROR(def.ensure_srs_file(pool));
  CUZK_ASSIGN_OR_RETURN(MappedFile file, MappedFile::open(def.srs_path()));
  return def.load_srs(file.bytes(), pool);
}

// The process's peak resident memory so far (getrusage), in GiB.
double peak_resident_gib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);  // ru_maxrss is in KiB
}

}  // namespace

kinds::ParamLocator param_locator(const Flags& flags) {
  kinds::ParamLocator locator;
  if (flags.has("param-dir")) {
    locator.param_dirs = {flags.get("param-dir")};
    locator.generated_dir = flags.get("param-dir");
  }
  return locator;
}

Result<InProcessChoice> in_process_choice(const Flags& flags) {
  const int sources = int{flags.has("params")} + int{flags.has("param-dir")} + int{flags.has(kInMemoryParamsFlag)};
  if (sources > 1) {
    return Status::invalid_argument("--params, --param-dir and --test-params-in-memory exclude each other");
  }
  InProcessChoice choice;
  choice.in_memory = flags.has(kInMemoryParamsFlag);
  if (choice.in_memory) choice.vk_out = flags.get(kInMemoryParamsFlag);
  CUZK_ASSIGN_OR_RETURN(choice.rounds, number_option(flags, kRoundsFlag, 1));
  if (choice.rounds < 1 || choice.rounds > 100) {
    return Status::invalid_argument("--rounds must be from 1 to 100, got " + std::to_string(choice.rounds));
  }
  return choice;
}

Result<InProcessProof> prove_in_process(const engine::CircuitDef& def, std::span<const uint8_t> payload,
                                        const engine::ValidatedPayload& validated, groth16::ProverBackend& prover,
                                        ThreadPool& pool, const InProcessChoice& params, std::ostream& out) {
  const auto start = Clock::now();
  InProcessProof result;
  CUZK_ASSIGN_OR_RETURN(const std::shared_ptr<const engine::LoadedSrs> srs, obtain_params(def, params, pool));
  result.timings.srs_ms = ms_since(start);
  out << "  parameters: "
      << (params.in_memory ? "INSECURE test setup in memory, verifying key in " + params.vk_out : def.srs_path())
      << " (" << static_cast<long long>(result.timings.srs_ms) << " ms)\n"
      << "  prover: " << prover.describe() << "\n";

  struct Synthesized {
    Result<std::unique_ptr<engine::SynthesizedCircuit>> circuit = Status::internal("not synthesized");
    double ms = 0;
  };
  const size_t partitions = validated.partitions, rounds = params.rounds, proofs_to_make = partitions * rounds;
  // Partitions are synthesized witness-only, a packed witness each.
  const size_t partition_bytes = def.partition_bytes();
  size_t in_flight = partitions_in_flight(partition_bytes, proofs_to_make);
  if (partitions > 1) {
    out << "  synthesis: " << in_flight << " partition(s) at a time (≈ " << (partition_bytes >> 20)
        << " MiB each)\n";
  }
  // Each partition synthesizes on its own thread and runs what it does in parallel (the
  // recorded matrices' product, sectors of a PoSt partition) on the whole `pool`, shared with
  // the prover: parallel_for callers run chunks too, and no lock is held across one.
  auto synthesize = [&](size_t k) {
    Synthesized s;
    const auto begin = Clock::now();
    s.circuit = def.synthesize(*srs, payload, validated.prepared, k % partitions, pool);
    s.ms = ms_since(begin);
    return s;
  };
  groth16::SystemBlinding blinding;
  Status failed;
  std::deque<std::future<Synthesized>> ahead;
  size_t launched = 0;
  auto launch_ahead = [&] {
    while (launched < proofs_to_make && ahead.size() < in_flight) {
      ahead.push_back(std::async(std::launch::async, synthesize, launched++));
    }
  };
  launch_ahead();
  // Partitions (a packed witness each) are proved several to a call, so that the prover stages
  // the next one's witness and product while it proves the one before.
  auto round_start = Clock::now();
  double round_gpu_ms = 0;
  for (size_t j = 0; j < proofs_to_make && failed.is_ok();) {
    // a partition's size is known once one was synthesized: then more fit at once
    in_flight = partitions_in_flight(def.partition_bytes(), proofs_to_make);
    launch_ahead();
    const size_t batch_limit = in_flight;
    const size_t first = j % partitions, round = j / partitions;
    const size_t count = std::min({batch_limit, partitions - first, ahead.size()});
    std::vector<Synthesized> batch;
    std::vector<std::unique_ptr<engine::SynthesizedCircuit>> synthesized;
    std::vector<const witness::PartitionWitness*> circuits;
    auto where = [&](size_t k) {
      return "partition " + std::to_string(k) + (rounds > 1 ? " of round " + std::to_string(round) : "") + ": ";
    };
    for (size_t i = 0; i < count && failed.is_ok(); ++i) {
      batch.push_back(ahead.front().get());
      ahead.pop_front();
      if (!batch.back().circuit.is_ok()) {
        failed = Status(batch.back().circuit.status().code(), where(first + i) + batch.back().circuit.status().message());
        break;
      }
      synthesized.push_back(std::move(batch.back().circuit).value());
      circuits.push_back(&synthesized.back()->witness);
    }
    if (!failed.is_ok()) break;
    launch_ahead();
    auto begin = Clock::now();
    Result<std::vector<groth16::Proof>> proofs = prover.prove(srs->proving_key(), circuits, def.convention(), blinding);
    const double gpu_ms = ms_since(begin);
    if (!proofs.is_ok()) {
      failed = Status(proofs.status().code(),
                      (count == 1 ? where(first) : "partitions " + std::to_string(first) + "-" +
                                                      std::to_string(first + count - 1) + ": ") +
                          proofs.status().message());
      break;
    }
    result.timings.gpu_ms += gpu_ms;
    round_gpu_ms += gpu_ms;
    if (first == 0) result.proofs.clear();  // a new round: the last round's proofs are returned
    for (size_t i = 0; i < count; ++i) {
      const size_t k = first + i;
      begin = Clock::now();
      const Status verified = def.verify(*srs, proofs->at(i), synthesized[i]->public_inputs);
      const double verify_ms = ms_since(begin);
      result.timings.synth_ms += batch[i].ms;
      result.timings.verify_ms += verify_ms;
      out << "  partition " << k << "/" << partitions << ": synth " << static_cast<long long>(batch[i].ms)
          << " ms, gpu " << static_cast<long long>(gpu_ms / static_cast<double>(count)) << " ms"
          << (count > 1 ? " (a share of " + std::to_string(static_cast<long long>(gpu_ms)) + " ms for " +
                              std::to_string(count) + ")"
                        : "")
          << ", verify " << static_cast<long long>(verify_ms) << " ms ("
          << groth16::shape_of(synthesized[i]->witness, def.convention()).rows << " rows)\n";
      if (!verified.is_ok()) {
        failed = Status::internal(where(k) + "the proof does not verify (" + verified.message() + ")");
        break;
      }
      const auto encoded = groth16::proof_to_bytes(proofs->at(i));
      result.proofs.insert(result.proofs.end(), encoded.begin(), encoded.end());
      def.recycle(std::move(synthesized[i]));
    }
    j += count;
    if (failed.is_ok() && rounds > 1 && first + count == partitions) {
      const double wall_ms = ms_since(round_start);
      out << "  round " << round << "/" << rounds << ": " << static_cast<long long>(wall_ms) << " ms for "
          << partitions << " partition(s), prover busy " << std::fixed << std::setprecision(1)
          << 100.0 * round_gpu_ms / wall_ms << "%\n"
          << std::defaultfloat;
      round_start = Clock::now();
      round_gpu_ms = 0;
    }
  }
  for (std::future<Synthesized>& f : ahead) f.wait();
  prover.release(srs->proving_key());
  CUZK_RETURN_IF_ERROR(failed);
  result.timings.total_ms = ms_since(start);
  out << "  peak host memory: " << std::fixed << std::setprecision(2) << peak_resident_gib() << " GiB\n"
      << std::defaultfloat;
  return result;
}

}  // namespace cuzk::cli
