// The WindowPoSt / WinningPoSt input path at production sizes, outside the test suite: a full
// synthetic partition's vanilla proofs (Curio's FallbackPoStSectorProof bincode, one per
// sector) generated, then read, checked natively and assembled into the Fallback PoSt
// circuit with the verifier's public inputs, each step timed (plain program; results in
// docs/PERF.md).
//
//   post_vanilla_bench [REGISTERED_PROOF ...] [--threads N]
//     REGISTERED_PROOF: Filecoin's number (default 13 = StackedDrgWindow32GiBV1_1, 3 =
//     StackedDrgWinning32GiBV1); --threads: the check's pool (default: hardware threads).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "filecoin/post_check.hpp"
#include "filecoin/synthetic_post.hpp"

using namespace cuzk;
using namespace cuzk::filecoin;

namespace {

using Clock = std::chrono::steady_clock;

// Wall and process CPU time (all threads) at one instant; the machine is shared, so CPU time is
// the figure that does not depend on the load.
struct Stamp {
  Clock::time_point wall = Clock::now();
  std::clock_t cpu = std::clock();
};

std::string span(const Stamp& a, const Stamp& b) {
  char text[64];
  std::snprintf(text, sizeof text, "%6.3f s (cpu %6.3f s)", std::chrono::duration<double>(b.wall - a.wall).count(),
                static_cast<double>(b.cpu - a.cpu) / CLOCKS_PER_SEC);
  return text;
}

int fail(const Status& status) { return std::fprintf(stderr, "%s\n", status.to_string().c_str()), 1; }

int run(uint64_t number, ThreadPool& pool) {
  Result<RegisteredProof> registered = registered_post_proof(number);
  if (!registered.is_ok()) return fail(registered.status());
  const PostConfig config = post_config(*registered);
  Randomness randomness{};
  randomness[0] = 1;
  std::vector<uint64_t> ids(config.kind == PostKind::kWinning ? 1 : config.sector_count);
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = 1000 + i;
  const Stamp t0;
  Result<std::vector<std::vector<uint8_t>>> proofs = synthetic_post_sector_proofs(config, randomness, 0, ids, 1, pool);
  if (!proofs.is_ok()) return fail(proofs.status());
  size_t bytes = 0;
  for (const auto& p : *proofs) bytes += p.size();
  const Stamp t1;
  Result<PostPartitionInput> input = read_post_partition(config, *proofs);
  if (!input.is_ok()) return fail(input.status());
  const Stamp t2;
  Result<CheckedPostPartition> checked = check_post_partition(config, *input, randomness, 0, pool);
  if (!checked.is_ok()) return fail(checked.status());
  const Stamp t3;
  const FallbackPoStCircuit circuit = post_partition_circuit(config, *input, *checked);
  Result<std::vector<ff::Fr>> inputs = post_verifier_public_inputs(config, randomness, 0, checked->sectors);
  if (!inputs.is_ok()) return fail(inputs.status());
  const Stamp t4;
  std::printf("%s: %zu sectors, %zu bytes\n  generate        %s\n  read            %s\n  check           %s\n"
              "  circuit+inputs  %s\n",
              std::string(registered->name).c_str(), ids.size(), bytes, span(t0, t1).c_str(),
              span(t1, t2).c_str(), span(t2, t3).c_str(), span(t3, t4).c_str());
  return circuit.sectors().size() == config.sector_count ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<uint64_t> numbers;
  size_t threads = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--threads" && i + 1 < argc) {
      threads = std::strtoull(argv[++i], nullptr, 10);
    } else {
      numbers.push_back(std::strtoull(argv[i], nullptr, 10));
    }
  }
  if (numbers.empty()) numbers = {13, 3};
  ThreadPool pool(threads);
  int rc = 0;
  for (const uint64_t number : numbers) rc |= run(number, pool);
  return rc;
}
