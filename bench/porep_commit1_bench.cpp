// The PoRep C2 input path at production sizes, outside the test suite: a synthetic 32 GiB and
// 64 GiB Commit-1 output generated, written as Curio's wrapped JSON, read back and checked
// natively, each step timed (plain program; results in docs/POREP-INPUTS.md).
//
//   porep_commit1_bench [32GiB|64GiB ...]     (default: both)
#include <chrono>
#include <cstdio>
#include <string>

#include "filecoin/porep/commit1_check.hpp"
#include "filecoin/porep/commit1_json.hpp"
#include "filecoin/porep/synthetic_commit1.hpp"
#include "filecoin/sector_size.hpp"

using namespace cuzk;
using namespace cuzk::filecoin::porep;

namespace {

using Clock = std::chrono::steady_clock;
double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

int run(const std::string& size_text) {
  Result<uint64_t> size = filecoin::parse_sector_size(size_text);
  if (!size.is_ok()) return std::fprintf(stderr, "%s\n", size.status().to_string().c_str()), 2;
  Result<filecoin::RegisteredProof> proof = seal_proof_for_sector_size(*size);
  if (!proof.is_ok()) return std::fprintf(stderr, "%s\n", proof.status().to_string().c_str()), 2;
  const PorepConfig config = *porep_config(*proof);
  const auto t0 = Clock::now();
  Result<Commit1Output> output = synthetic_commit1(config, 1);
  if (!output.is_ok()) return std::fprintf(stderr, "%s\n", output.status().to_string().c_str()), 1;
  const auto t1 = Clock::now();
  const std::string text = write_commit1_wrapped(*output, Commit1Wrapper{true, 1, config.sector_size, 1000, true});
  const auto t2 = Clock::now();
  Result<Commit1Input> in =
      read_commit1({reinterpret_cast<const uint8_t*>(text.data()), text.size()}, size_t{256} << 20);
  const auto t3 = Clock::now();
  if (!in.is_ok()) return std::fprintf(stderr, "%s\n", in.status().to_string().c_str()), 1;
  Result<CheckedCommit1> checked = check_commit1(config, in->output, ThreadPool::shared());
  const auto t4 = Clock::now();
  if (!checked.is_ok()) return std::fprintf(stderr, "%s\n", checked.status().to_string().c_str()), 1;
  std::printf("%-20s generate %5.2f s  write %5.2f s (%zu bytes)  read %5.2f s  check %5.2f s\n",
              std::string(proof->name).c_str(), seconds(t0, t1), seconds(t1, t2), text.size(),
              seconds(t2, t3), seconds(t3, t4));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int rc = 0;
  if (argc == 1) {
    rc |= run("32GiB");
    rc |= run("64GiB");
  }
  for (int i = 1; i < argc; ++i) rc |= run(argv[i]);
  return rc;
}
