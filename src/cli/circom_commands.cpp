// The circom/snarkjs subcommands: option parsing around circom::prove_command/verify_command;
// `cuzk prove` proves on --backend cpu|cuda (default: the GPU where one is usable).
#include "cli/circom_commands.hpp"

#include <string>

#include "circom/commands.hpp"
#include "cli/flags.hpp"
#include "cli/prover_choice.hpp"

namespace cuzk::cli {

int run_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {
      {"zkey", true}, {"witness", true}, {"proof", true}, {"public", true}, {"r1cs", false}, {"backend", false}};
  std::string error;
  const auto flags = Flags::parse("prove", args, kSpecs, &error);
  if (!flags) {
    err << error << "\n";
    return 2;
  }
  ThreadPool& pool = ThreadPool::shared();
  auto prover = choose_prover(flags->get("backend"), /*prefer_gpu=*/true, pool);
  if (!prover.is_ok()) {
    err << "cuzk prove: " << prover.status().message() << "\n";
    return prover.status().code() == StatusCode::kInvalidArgument ? 2 : 1;
  }
  groth16::SystemBlinding blinding;
  circom::ProveCommandOptions options;
  options.r1cs_path = flags->get("r1cs");
  options.pool = &pool;
  options.backend = prover->get();
  const Status s = circom::prove_command(flags->get("zkey"), flags->get("witness"), flags->get("proof"),
                                         flags->get("public"), blinding, options);
  if (!s.is_ok()) {
    err << "cuzk prove: " << s.to_string() << "\n";
    return 1;
  }
  out << "wrote " << flags->get("proof") << " and " << flags->get("public") << "\n";
  return 0;
}

int run_verify(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"vk", true}, {"proof", true}, {"public", true}};
  std::string error;
  const auto flags = Flags::parse("verify", args, kSpecs, &error);
  if (!flags) {
    err << error << "\n";
    return 2;
  }
  const Status s = circom::verify_command(flags->get("vk"), flags->get("proof"), flags->get("public"));
  if (!s.is_ok()) {
    err << "cuzk verify: " << s.to_string() << "\n";
    return 1;
  }
  out << "OK\n";
  return 0;
}

}  // namespace cuzk::cli
