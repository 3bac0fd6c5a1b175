// The `cuzk` command line. Commands: selftest (default), daemon, prove, verify, circuit-info,
// bench (prove/msm/ntt in-process; single/batch/stress/status/preload/evict against a daemon),
// version, help.
#include <iostream>
#include <string_view>
#include <vector>

#include "cli/bench_gpu.hpp"
#include "cli/bench_prove.hpp"
#include "cli/circom_commands.hpp"
#include "cli/circuit_info.hpp"
#include "cli/daemon_commands.hpp"
#include "cli/selftest.hpp"
#include "cli/setup_command.hpp"

namespace {

constexpr const char* kUsage =
    "usage: cuzk <command> [options]\n"
    "commands:\n"
    "  selftest       check the arithmetic against known answers, then print a benchmark summary\n"
    "  daemon         run the proving server: [--config cuzk.toml] [--listen unix:/path.sock|tcp:host:port]\n"
    "  bench single   prove once through a daemon: --circuit ID [--payload FILE] [--priority P] [--vk vk.json]\n"
    "  bench batch    N jobs at once: --circuit ID --count N [--payload FILE]; throughput, phase medians\n"
    "  bench stress   mixed circuits and priorities: --duration S [--mix ID:PRIORITY,...]\n"
    "  bench status   the daemon's GPUs, SRS tiers, queues, memory\n"
    "  bench preload|evict --circuit ID   make a circuit's parameters hot / drop them\n"
    "                 (all bench client commands take --addr unix:/path.sock|tcp:host:port)\n"
    "  prove          prove a circom/snarkjs circuit (BLS12-381) as snarkjs would\n"
    "                 --zkey C.zkey --witness W.wtns --proof proof.json --public public.json [--r1cs C.r1cs]\n"
    "                 [--backend cpu|cuda] (default: cuda where a GPU is usable)\n"
    "  verify         verify a snarkjs-format proof; prints OK, exit 1 if it does not verify\n"
    "                 --vk verification_key.json --proof proof.json --public public.json\n"
    "  bench prove    prove a synthetic Filecoin-shaped circuit and print phase times\n"
    "                 [--backend cpu|cuda] [--constraints N] [--proofs K[,K...]] [--witness distinct|shared] [--setup real|random] [--runs R]\n"
    "  bench msm      GPU MSM on resident data: --backend cuda [--curve g1|g2] [--log-size 20,22] [--runs 5]\n"
    "  bench ntt      GPU NTT on device data: --backend cuda [--log-size 20,24] [--kind forward|coset|h] [--runs 5]\n"
    "  setup          INSECURE test parameters for a native circuit, where the daemon finds them\n"
    "                 --circuit synthetic-<N>|winning-post-<size>|window-post-<size> [--param-dir DIR]\n"
    "  circuit-info   size of a PoSt partition circuit (constraints, inputs, FFT domain), no proving\n"
    "                 --kind winning-post|window-post --sector-size 2KiB|...|32GiB|64GiB\n"
    "  version        print the version\n"
    "  help           print this text\n";

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  const std::string_view command = args.empty() ? "selftest" : args[0];
  if (command == "selftest" && args.size() <= 1) return cuzk::cli::run_selftest(std::cout);
  if (command == "daemon") return cuzk::cli::run_daemon_command(std::span(args).subspan(1), std::cout, std::cerr);
  if (command == "bench" && args.size() >= 2 && cuzk::cli::is_daemon_bench_command(args[1])) {
    return cuzk::cli::run_daemon_bench_command(args[1], std::span(args).subspan(2), std::cout, std::cerr);
  }
  if (command == "prove") return cuzk::cli::run_prove(std::span(args).subspan(1), std::cout, std::cerr);
  if (command == "verify") return cuzk::cli::run_verify(std::span(args).subspan(1), std::cout, std::cerr);
  if (command == "setup") return cuzk::cli::run_setup(std::span(args).subspan(1), std::cout, std::cerr);
  if (command == "circuit-info") return cuzk::cli::run_circuit_info(std::span(args).subspan(1), std::cout, std::cerr);
  if (command == "bench" && args.size() >= 2 && args[1] == "prove") {
    return cuzk::cli::run_bench_prove(std::span(args).subspan(2), std::cout, std::cerr);
  }
  if (command == "bench" && args.size() >= 2 && args[1] == "msm") {
    return cuzk::cli::run_bench_msm(std::span(args).subspan(2), std::cout, std::cerr);
  }
  if (command == "bench" && args.size() >= 2 && args[1] == "ntt") {
    return cuzk::cli::run_bench_ntt(std::span(args).subspan(2), std::cout, std::cerr);
  }
  if ((command == "version" || command == "--version") && args.size() <= 1) {
    std::cout << "cuzk " << CUZK_VERSION << "\n";
    return 0;
  }
  if (command == "help" || command == "--help" || command == "-h") {
    std::cout << kUsage;
    return 0;
  }
  std::cerr << "cuzk: unknown command or arguments: '" << command << "'\n" << kUsage;
  return 2;
}
