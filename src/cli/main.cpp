// The `cuzk` command line: a table of commands, each a name (and a sub-command for `bench`),
// its usage lines for `cuzk help`, and the function that runs it. The command line owns argv:
// every command parses its own flags and calls the libraries (the daemon is
// server::run_daemon, reached through cli/daemon_commands). `cuzk --config FILE` (or `-c`)
// with no command starts the daemon, as a Curio-style service unit does.
#include <array>
#include <iostream>
#include <span>
#include <string_view>
#include <vector>

#include "cli/bench_gpu.hpp"
#include "cli/bench_prove.hpp"
#include "cli/circom_commands.hpp"
#include "cli/circuit_info.hpp"
#include "cli/daemon_commands.hpp"
#include "cli/porep_commands.hpp"
#include "cli/porep_synth_command.hpp"
#include "cli/selftest.hpp"
#include "cli/setup_command.hpp"
#include "cli/vanilla_commands.hpp"

namespace {

using Args = std::span<const std::string_view>;
using Handler = int (*)(Args args, std::ostream& out, std::ostream& err);

struct Command {
  std::string_view name;
  std::string_view sub;  // for `bench <sub>`, `porep <sub>`, `post <sub>`, `snap <sub>`; empty otherwise
  std::string_view usage;
  Handler run;
};

int selftest(Args args, std::ostream& out, std::ostream& err) {
  if (!args.empty()) {
    err << "cuzk selftest: takes no arguments\n";
    return 2;
  }
  return cuzk::cli::run_selftest(out);
}

int version(Args args, std::ostream& out, std::ostream& err) {
  if (!args.empty()) {
    err << "cuzk version: takes no arguments\n";
    return 2;
  }
  out << "cuzk " << CUZK_VERSION << "\n";
  return 0;
}

int help(Args, std::ostream& out, std::ostream&);

template <std::string_view const& kSub>
int daemon_bench(Args args, std::ostream& out, std::ostream& err) {
  return cuzk::cli::run_daemon_bench_command(kSub, args, out, err);
}
constexpr std::string_view kSingle = "single", kBatch = "batch", kStress = "stress", kStatus = "status",
                           kPreload = "preload", kEvict = "evict";

constexpr std::array kCommands = {
    Command{"selftest", "", "check the arithmetic against known answers, then print a benchmark summary", selftest},
    Command{"daemon", "", "run the proving server: [--config cuzk.toml] [--listen unix:/path.sock|tcp:host:port]",
            cuzk::cli::run_daemon_command},
    Command{"bench", "single", "prove once through a daemon: --circuit ID [--payload FILE] [--priority P] [--vk vk.json]\n"
                               "                 [--proof-out FILE] (the partitions' proofs, concatenated)",
            daemon_bench<kSingle>},
    Command{"bench", "batch", "N jobs at once: --circuit ID --count N [--payload FILE]; throughput, phase medians",
            daemon_bench<kBatch>},
    Command{"bench", "stress", "mixed circuits and priorities: --duration S [--mix ID:PRIORITY,...]",
            daemon_bench<kStress>},
    Command{"bench", "status", "the daemon's GPUs, SRS tiers, queues, memory", daemon_bench<kStatus>},
    Command{"bench", "preload", "make a circuit's parameters hot: --circuit ID", daemon_bench<kPreload>},
    Command{"bench", "evict", "drop a circuit's parameters: --circuit ID\n"
                              "                 (all bench client commands take --addr unix:/path.sock|tcp:host:port;\n"
                              "                  over TCP --tls-ca FILE [--tls-cert FILE --tls-key FILE] --token-file FILE)",
            daemon_bench<kEvict>},
    Command{"prove", "", "prove a circom/snarkjs circuit (BLS12-381) as snarkjs would\n"
                         "                 --zkey C.zkey --witness W.wtns --proof proof.json --public public.json "
                         "[--r1cs C.r1cs]\n"
                         "                 [--backend cpu|cuda] (default: cuda where a GPU is usable)",
            cuzk::cli::run_prove},
    Command{"verify", "", "verify a snarkjs-format proof; prints OK, exit 1 if it does not verify\n"
                          "                 --vk verification_key.json --proof proof.json --public public.json",
            cuzk::cli::run_verify},
    Command{"bench", "prove", "prove a synthetic Filecoin-shaped circuit and print phase times\n"
                              "                 [--backend cpu|cuda] [--constraints N] [--proofs K[,K...]] "
                              "[--witness distinct|shared] [--setup real|random] [--runs R]",
            cuzk::cli::run_bench_prove},
    Command{"bench", "msm", "GPU MSM on resident data: --backend cuda [--curve g1|g2] [--log-size 20,22] [--runs 5]",
            cuzk::cli::run_bench_msm},
    Command{"bench", "ntt", "GPU NTT on device data: --backend cuda [--log-size 20,24] [--kind forward|coset|h] [--runs 5]",
            cuzk::cli::run_bench_ntt},
    Command{"porep", "prove", "PoRep C2 in-process: --commit1 C1.json --proof OUT [--params FILE|--param-dir DIR]\n"
                              "                 [--backend cpu|cuda]; per-partition times, the timings line, "
                              "192 bytes per partition",
            cuzk::cli::run_porep_prove},
    Command{"porep", "check", "debug a Commit-1 output, no parameters: --commit1 C1.json (native checks, then every\n"
                              "                 constraint of every partition; names the first that fails)",
            cuzk::cli::run_porep_check},
    Command{"porep", "verify", "verify a PoRep proof: --proof FILE --vk FILE.vk|FILE.params and --commit1 C1.json, or\n"
                               "                 --comm-r HEX --comm-d HEX --replica-id HEX --seed HEX --sector-size S",
            cuzk::cli::run_porep_verify},
    Command{"porep", "synth", "a synthetic Commit-1 output (Curio's wrapped JSON) for any sector size, 32 GiB included\n"
                              "                 --sector-size S [--seed N] [--sector-number N] --out FILE",
            cuzk::cli::run_porep_synth},
    Command{"post", "prove", "WindowPoSt/WinningPoSt in-process from vanilla proofs: --kind window-post|winning-post\n"
                             "                 --sector-size S --randomness HEX [--partition N] [--registered-proof N]\n"
                             "                 --sector-proof FILE... --proof OUT [--params FILE|--param-dir DIR] "
                             "[--backend cpu|cuda]",
            cuzk::cli::run_post_prove},
    Command{"post", "check", "debug PoSt vanilla proofs, no parameters: the inputs of post prove without --proof\n"
                             "                 (native checks, then every constraint; names the first that fails)",
            cuzk::cli::run_post_check},
    Command{"post", "verify", "verify a PoSt proof: --proof FILE --vk FILE.vk|FILE.params and the inputs of post check\n"
                              "                 (the verifier's inputs from randomness and each sector's id and comm_r)",
            cuzk::cli::run_post_verify},
    Command{"post", "synth", "synthetic PoSt vanilla proofs: --kind K --sector-size S --randomness HEX [--partition N]\n"
                             "                 [--sectors N] [--first-sector ID] [--seed N] --out-dir DIR [--payload FILE]",
            cuzk::cli::run_post_synth},
    Command{"snap", "prove", "SnapDeals in-process: --sector-size S --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX\n"
                             "                 --partition-proof FILE... --proof OUT [--params FILE|--param-dir DIR] "
                             "[--backend cpu|cuda]",
            cuzk::cli::run_snap_prove},
    Command{"snap", "check", "debug SnapDeals partition proofs, no parameters: the inputs of snap prove without --proof\n"
                             "                 (or --partition K and its file alone); names the first failing constraint",
            cuzk::cli::run_snap_check},
    Command{"snap", "verify", "verify a SnapDeals proof: --proof FILE --vk FILE.vk|FILE.params --sector-size S\n"
                              "                 --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX",
            cuzk::cli::run_snap_verify},
    Command{"snap", "synth", "synthetic SnapDeals partition proofs: --sector-size S [--seed N] --out-dir DIR "
                             "[--payload FILE]",
            cuzk::cli::run_snap_synth},
    Command{"setup", "", "INSECURE test parameters for a native circuit, where the daemon finds them\n"
                         "                 --circuit synthetic-<N>|winning-post-<size>|window-post-<size>|porep-<size>|"
                         "snap-deals-<size> "
                         "[--param-dir DIR]",
            cuzk::cli::run_setup},
    Command{"circuit-info", "", "size of a partition circuit (constraints, inputs, FFT domain), no proving\n"
                                "                 --kind winning-post|window-post|porep --sector-size 2KiB|...|32GiB|64GiB",
            cuzk::cli::run_circuit_info},
    Command{"version", "", "print the version", version},
    Command{"help", "", "print this text", help},
};

int help(Args, std::ostream& out, std::ostream&) {
  out << "usage: cuzk <command> [options]\n"
         "       cuzk --config FILE      (or -c FILE) run the daemon with that configuration\n"
         "commands:\n";
  for (const Command& c : kCommands) {
    std::string head(c.name);
    if (!c.sub.empty()) {
      head += ' ';
      head += c.sub;
    }
    head.resize(std::max<size_t>(head.size() + 1, 15), ' ');
    out << "  " << head << c.usage << "\n";
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  const Args all(args);
  if (args.empty()) return selftest({}, std::cout, std::cerr);
  if (args[0] == "--config" || args[0] == "-c") {
    // `cuzk --config FILE` / `cuzk -c FILE`: the daemon (the rest are the daemon's flags).
    std::vector<std::string_view> daemon_args{"--config"};
    daemon_args.insert(daemon_args.end(), args.begin() + 1, args.end());
    return cuzk::cli::run_daemon_command(daemon_args, std::cout, std::cerr);
  }
  if (args[0] == "--help" || args[0] == "-h") return help({}, std::cout, std::cerr);
  if (args[0] == "--version") return version(all.subspan(1), std::cout, std::cerr);
  for (const Command& c : kCommands) {
    if (args[0] != c.name) continue;
    if (c.sub.empty()) return c.run(all.subspan(1), std::cout, std::cerr);
    if (args.size() >= 2 && args[1] == c.sub) return c.run(all.subspan(2), std::cout, std::cerr);
  }
  std::cerr << "cuzk: unknown command or arguments: '" << args[0];
  if (args.size() >= 2) std::cerr << ' ' << args[1];
  std::cerr << "'\n";
  help({}, std::cerr, std::cerr);
  return 2;
}
