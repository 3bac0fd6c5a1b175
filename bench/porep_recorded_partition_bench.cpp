// One PoRep partition of a Commit-1 output through the kind's default synthesis path, the
// recorded matrices (kinds/porep_kind.cpp, witness_prepared + r1cs::assign_from_witness), outside
// the test suite: the output read and checked, then the partition synthesized twice — the first
// time with the recording of the matrices (in memory: no parameter file is given), the second
// into the first's recycled assignment, as the engine reuses them — each step timed in wall
// and process CPU seconds, with the peak RSS (plain program; results in docs/PERF.md).
//
//   porep_recorded_partition_bench COMMIT1.json [partition]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "kinds/porep_kind.hpp"

using namespace cuzk;

namespace {

using Clock = std::chrono::steady_clock;

// Synthesis ignores the parameters: an empty key stands in for them.
class NoSrs final : public engine::LoadedSrs {
 public:
  size_t bytes() const override { return 0; }
  const groth16::ProvingKey& proving_key() const override { return pk_; }
  const groth16::PreparedVerifyingKey& verifying_key() const override { return pvk_; }

 private:
  groth16::ProvingKey pk_;
  groth16::PreparedVerifyingKey pvk_;
};

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

double peak_rss_gib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);  // ru_maxrss is in KiB
}

// Times one step: "<what>: wall s, CPU s, peak RSS GiB".
class Step {
 public:
  explicit Step(const char* what) : what_(what), wall_(Clock::now()), cpu_(cpu_seconds()) {}
  ~Step() {
    std::printf("%-48s wall %7.2f s  CPU %7.2f s  peak RSS %5.2f GiB\n", what_,
                std::chrono::duration<double>(Clock::now() - wall_).count(), cpu_seconds() - cpu_, peak_rss_gib());
  }

 private:
  const char* what_;
  Clock::time_point wall_;
  double cpu_;
};

int fail(const Status& status) { return std::fprintf(stderr, "%s\n", status.to_string().c_str()), 1; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) return std::fprintf(stderr, "usage: %s COMMIT1.json [partition]\n", argv[0]), 2;
  const size_t partition = argc == 3 ? std::stoul(argv[2]) : 0;
  ThreadPool pool;
  std::shared_ptr<kinds::PreparedCommit1> prepared;
  {
    Step step("read and check the Commit-1 output");
    std::ifstream in(argv[1], std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    Result<std::shared_ptr<kinds::PreparedCommit1>> made = kinds::prepare_commit1(bytes, 0, argv[1]);
    if (!made.is_ok()) return fail(made.status());
    prepared = std::move(made).value();
  }
  const std::string id = kinds::porep_circuit_id(prepared->config.sector_size);
  // No parameter file: the recorded matrices are recorded in memory at the first synthesis.
  Result<std::shared_ptr<const engine::CircuitDef>> circuit =
      kinds::make_porep_circuit(id, kinds::ParamLocator{}, {}, "/nonexistent/" + id + ".params");
  if (!circuit.is_ok()) return fail(circuit.status());
  std::printf("%s partition %zu, %zu threads\n", id.c_str(), partition, pool.size());
  const NoSrs srs;
  std::unique_ptr<engine::SynthesizedCircuit> done;
  for (const char* what : {"first synthesis (records the matrices)", "synthesis into the recycled assignment"}) {
    if (done) (*circuit)->recycle(std::move(done));
    Step step(what);
    Result<std::unique_ptr<engine::SynthesizedCircuit>> synthesized =
        (*circuit)->synthesize(srs, {}, prepared, partition, pool);
    if (!synthesized.is_ok()) return fail(synthesized.status());
    done = std::move(synthesized).value();
  }
  std::printf("%zu rows of a, b, c (input rows included), %zu aux\n", done->assignment.a.size(),
              done->assignment.aux_assignment.size());
  return 0;
}
