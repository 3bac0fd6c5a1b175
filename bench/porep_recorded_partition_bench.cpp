// One PoRep partition of a Commit-1 output (real challenge values) through the recorded path the
// PoRep kind takes by default (kinds/porep_kind.cpp), outside the test suite, each step timed in
// wall and process CPU seconds with the peak RSS: the output read and checked; the matrices
// recorded from blank challenges (one core); witness-only synthesis (one core) and
// r1cs::assign_from_witness on every core, first into a fresh assignment, then into the
// recycled one as the engine reuses them; with a slice, classic synthesis of the same and a,
// b, c, aux compared with it. A whole 32 GiB partition needs ≈ 21 GB (a, b, c, aux ≈ 16.7 GB,
// the matrices ≈ 2 GB); `challenges` = N synthesizes the header and the first N challenges
// (plain program; results in docs/PERF.md).
//
//   porep_recorded_partition_bench COMMIT1.json [partition [challenges]]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "filecoin/porep/stacked_circuit.hpp"
#include "kinds/porep_kind.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/recorded_synthesis.hpp"
#include "r1cs/witness_constraint_system.hpp"

using namespace cuzk;
namespace porep = cuzk::filecoin::porep;

namespace {

using Clock = std::chrono::steady_clock;

rusage usage_now() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage;
}

double cpu_seconds() {
  const rusage usage = usage_now();
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

// Times one step: "<what>: wall s, CPU s, peak RSS GiB".
class Step {
 public:
  explicit Step(const char* what) : what_(what), wall_(Clock::now()), cpu_(cpu_seconds()) {}
  ~Step() {
    std::printf("%-52s wall %7.3f s  CPU %7.3f s  peak RSS %5.2f GiB\n", what_,
                std::chrono::duration<double>(Clock::now() - wall_).count(), cpu_seconds() - cpu_,
                static_cast<double>(usage_now().ru_maxrss) / (1024.0 * 1024.0));  // ru_maxrss: KiB
    std::fflush(stdout);
  }

 private:
  const char* what_;
  Clock::time_point wall_;
  double cpu_;
};

int fail(const Status& status) { return std::fprintf(stderr, "%s\n", status.to_string().c_str()), 1; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) return std::fprintf(stderr, "usage: %s COMMIT1.json [partition [challenges]]\n", argv[0]), 2;
  const size_t partition = argc >= 3 ? std::stoul(argv[2]) : 0;
  ThreadPool pool;
  std::shared_ptr<kinds::PreparedCommit1> prepared;
  {
    Step step("read and check the Commit-1 output");
    std::ifstream in(argv[1], std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    Result<std::shared_ptr<kinds::PreparedCommit1>> made = kinds::prepare_commit1(bytes, 0, argv[1], pool);
    if (!made.is_ok()) return fail(made.status());
    prepared = std::move(made).value();
  }
  Result<porep::PartitionWitness> witness = porep::partition_witness(prepared->input.output, partition);
  if (!witness.is_ok()) return fail(witness.status());
  porep::PorepConfig config = prepared->config;
  const bool slice = argc == 4 && std::stoul(argv[3]) < config.challenges_per_partition;
  if (slice) {
    config.challenges_per_partition = std::stoul(argv[3]);
    witness->challenges = witness->challenges.first(config.challenges_per_partition);
  }
  auto synthesize = [&](r1cs::ConstraintSystem& cs) {
    return porep::synthesize_porep_partition(cs, config, witness->public_values, witness->private_values,
                                             witness->challenges);
  };
  std::printf("%s partition %zu, %zu of %zu challenges, %zu threads\n",
              kinds::porep_circuit_id(config.sector_size).c_str(), partition, config.challenges_per_partition,
              prepared->config.challenges_per_partition, pool.size());

  Result<r1cs::RecordedMatrices> shape = Status::internal("not recorded");
  {
    Step step("record the matrices (blank challenges, one core)");
    Result<porep::ChallengeProof> blank = porep::blank_challenge_proof(config);
    if (!blank.is_ok()) return fail(blank.status());
    const std::vector<porep::ChallengeProof> blanks(config.challenges_per_partition, *blank);
    r1cs::MatricesRecorder recorder;
    const Status status = porep::synthesize_porep_partition(recorder, config, {}, {}, blanks);
    if (!status.is_ok()) return fail(status);
    shape = std::move(recorder).finish();
  }
  std::printf("%llu constraints, %llu aux, %.1f MiB of matrices\n", static_cast<unsigned long long>(shape->num_constraints),
              static_cast<unsigned long long>(shape->num_aux), static_cast<double>(shape->host_bytes()) / (1 << 20));

  r1cs::ProvingAssignment assignment;
  for (const char* product : {"a, b, c from the matrices (fresh assignment)", "a, b, c from the matrices (recycled)"}) {
    r1cs::WitnessConstraintSystem cs;
    {
      Step step("witness-only synthesis (one core)");
      const Status status = synthesize(cs);
      if (!status.is_ok()) return fail(status);
    }
    Step step(product);
    const Status status = r1cs::assign_from_witness(cs.witness(), *shape, assignment, pool);
    if (!status.is_ok()) return fail(status);
  }
  if (!slice) return 0;
  r1cs::ProvingAssignment classic;
  {
    Step step("classic synthesis (one core, the reference)");
    const Status status = synthesize(classic);
    if (!status.is_ok()) return fail(status);
  }
  const bool same = assignment.a == classic.a && assignment.b == classic.b && assignment.c == classic.c &&
                    assignment.aux_assignment == classic.aux_assignment &&
                    assignment.input_assignment == classic.input_assignment;
  std::printf("recorded path %s classic synthesis (a, b, c, aux, inputs)\n", same ? "EQUALS" : "DIFFERS FROM");
  return same ? 0 : 1;
}
