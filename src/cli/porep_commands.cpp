// cuzk porep prove | check | verify: the PoRep kind's circuit and checks, in-process.
#include "cli/porep_commands.hpp"

#include <chrono>
#include <iomanip>
#include <string>
#include <vector>

#include "backend/prover_factory.hpp"
#include "cli/flags.hpp"
#include "cli/hex_arg.hpp"
#include "cli/inprocess_prove.hpp"
#include "cli/output_file.hpp"
#include "cli/vk_file.hpp"
#include "common/file_reader.hpp"
#include "engine/job.hpp"
#include "filecoin/porep/public_inputs.hpp"
#include "filecoin/sector_size.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/verifier.hpp"
#include "kinds/porep_kind.hpp"
#include "r1cs/checking_constraint_system.hpp"

namespace cuzk::cli {
namespace {

namespace porep = filecoin::porep;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// A Commit-1 output (~50 MB at 32 GiB; Curio's messages go up to 256 MiB) or a proof file:
// a regular file under this limit.
constexpr size_t kMaxInputBytes = size_t{256} << 20;

Result<std::vector<uint8_t>> read_file(const std::string& path, const std::string& what) {
  return read_regular_file(path, what, kMaxInputBytes);
}

std::string describe(const porep::PorepConfig& config) {
  return std::string(config.registered_proof.name) + ", " +
         std::to_string(config.partitions) + " partition(s) x " + std::to_string(config.challenges_per_partition) +
         " challenges, " + std::to_string(config.layers) + " layers";
}

int usage_error(std::ostream& err, std::string_view message, std::string_view usage) {
  err << message << "\nusage: " << usage << "\n";
  return 2;
}

constexpr std::string_view kProveUsage =
    "cuzk porep prove --commit1 FILE --proof OUT [--params FILE|--param-dir DIR|--test-params-in-memory VK_OUT] "
    "[--backend cpu|cuda] [--rounds N]";
constexpr std::string_view kCheckUsage = "cuzk porep check --commit1 FILE";
constexpr std::string_view kVerifyUsage =
    "cuzk porep verify --proof FILE --vk FILE.vk|FILE.params (--commit1 FILE | --comm-r HEX --comm-d HEX "
    "--replica-id HEX --seed HEX --sector-size S)";

}  // namespace

int run_porep_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {
      {"commit1", true},  {"proof", true},   {"params", false},
      {"param-dir", false}, {"backend", false}, {kInMemoryParamsFlag, false}, {kRoundsFlag, false}};
  std::string error;
  const auto flags = Flags::parse("porep prove", args, kSpecs, &error);
  if (!flags) return usage_error(err, error, kProveUsage);
  const Result<InProcessChoice> choice = in_process_choice(*flags);
  if (!choice.is_ok()) return usage_error(err, "cuzk porep prove: " + choice.status().message(), kProveUsage);
  const auto start = Clock::now();
  const auto bytes = read_file(flags->get("commit1"), "--commit1");
  if (!bytes.is_ok()) {
    err << "cuzk porep prove: " << bytes.status().message() << "\n";
    return 1;
  }
  // Which circuit: the output's registered proof (the file read for its structure; the engine
  // parses and checks it again as the job's payload).
  const auto input = porep::read_commit1(*bytes, kinds::kMaxCommit1Bytes);
  const auto config = input.is_ok() ? porep::porep_config(input->output.registered_proof)
                                    : Result<porep::PorepConfig>(input.status());
  if (!config.is_ok()) {
    err << "cuzk porep prove: " << flags->get("commit1") << ": " << config.status().message() << "\n";
    return 1;
  }
  const kinds::ParamLocator locator = param_locator(*flags);
  const std::string id = kinds::porep_circuit_id(config->sector_size);
  auto circuit = kinds::make_porep_circuit(id, locator, [] { return backend::make_gpu_generator_multiplier(); },
                                           flags->get("params"));
  if (!circuit.is_ok()) {
    err << "cuzk porep prove: " << circuit.status().message() << "\n";
    return 1;
  }
  auto proved = prove_in_process(
      *circuit, *bytes, *choice,
      [&](const engine::Validation& validated) {
        out << "cuzk porep prove: " << describe(*config) << "\n"
            << "  native checks: OK (" << static_cast<long long>(validated.ms) << " ms)\n";
      },
      out);
  if (!proved.is_ok()) {
    err << "cuzk porep prove: " << proved.status().message() << " (no proof written)\n";
    return 1;
  }
  proved->timings.total_ms = ms_since(start);
  out << engine::format_timings(proved->timings) << "\n";
  const std::vector<uint8_t>& proof_bytes = proved->proofs;
  if (Status s = write_whole_file(flags->get("proof"), proof_bytes); !s.is_ok()) {
    err << "cuzk porep prove: " << s.message() << "\n";
    return 1;
  }
  out << "wrote " << flags->get("proof") << " (" << proof_bytes.size() << " bytes: " << proved->partitions
      << " x 192)\n";
  return 0;
}

int run_porep_check(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"commit1", true}};
  std::string error;
  const auto flags = Flags::parse("porep check", args, kSpecs, &error);
  if (!flags) return usage_error(err, error, kCheckUsage);
  const std::string path = flags->get("commit1");
  const auto bytes = read_file(path, "--commit1");
  if (!bytes.is_ok()) {
    err << "cuzk porep check: " << bytes.status().message() << "\n";
    return 1;
  }
  // Parsing first: without a parsed output there is nothing to synthesize.
  auto input = porep::read_commit1(*bytes, kinds::kMaxCommit1Bytes);
  if (!input.is_ok()) {
    err << "cuzk porep check: " << path << ": " << input.status().message() << "\n";
    return 1;
  }
  auto config = porep::porep_config(input->output.registered_proof);
  if (!config.is_ok()) {
    err << "cuzk porep check: " << path << ": " << config.status().message() << "\n";
    return 1;
  }
  out << path << ": " << describe(*config) << "\n";
  if (input->wrapper.present) {
    out << "  wrapper: sector " << input->wrapper.sector_number << ", " << input->wrapper.sector_size << " bytes"
        << (input->wrapper.has_miner ? ", miner f0" + std::to_string(input->wrapper.miner) : std::string()) << "\n";
  }
  int rc = 0;
  auto t0 = Clock::now();
  const auto checked = porep::check_commit1(*config, input->output, ThreadPool::shared());
  if (checked.is_ok()) {
    out << "  native checks: OK (" << static_cast<long long>(ms_since(t0)) << " ms)\n";
  } else {
    out << "  native checks: FAILED: " << checked.status().message() << "\n";
    rc = 1;
  }
  // The circuit, even after a failed native check: the constraint it breaks says more.
  for (size_t k = 0; k < config->partitions; ++k) {
    t0 = Clock::now();
    const auto expected = porep::porep_public_inputs(*config, input->output.replica_id, input->output.comm_d,
                                                     input->output.comm_r, input->output.seed, k);
    if (!expected.is_ok()) {
      out << "  partition " << k << ": public inputs: FAILED: " << expected.status().message() << "\n";
      rc = 1;
      continue;
    }
    r1cs::CheckingConstraintSystem cs;
    if (Status s = kinds::synthesize_commit1_partition(cs, *config, input->output, k); !s.is_ok()) {
      out << "  partition " << k << ": synthesis: FAILED: " << s.message() << "\n";
      rc = 1;
      continue;
    }
    if (const auto& failing = cs.which_is_unsatisfied()) {
      out << "  partition " << k << ": FAILED: unsatisfied constraint " << *failing << " (of "
          << cs.num_constraints() << ")\n";
      rc = 1;
      continue;
    }
    const std::vector<ff::Fr>& inputs = cs.inputs();
    std::string mismatch;
    if (inputs.size() != expected->size() + 1) {
      mismatch = std::to_string(inputs.size() - 1) + " public inputs, the verifier has " +
                 std::to_string(expected->size());
    }
    for (size_t i = 0; mismatch.empty() && i < expected->size(); ++i) {
      if (inputs[1 + i] != (*expected)[i]) {
        mismatch = "public input " + std::to_string(i) + " is " + inputs[1 + i].to_decimal() +
                   ", the verifier computes " + (*expected)[i].to_decimal();
      }
    }
    if (!mismatch.empty()) {
      out << "  partition " << k << ": FAILED: " << mismatch << "\n";
      rc = 1;
      continue;
    }
    out << "  partition " << k << ": " << cs.num_constraints() << " constraints satisfied, " << expected->size()
        << " public inputs as the verifier computes them (" << static_cast<long long>(ms_since(t0)) << " ms)\n";
  }
  out << (rc == 0 ? "OK\n" : "FAILED\n");
  return rc;
}

int run_porep_verify(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"proof", true},      {"vk", true},   {"commit1", false},
                                        {"comm-r", false},    {"comm-d", false}, {"replica-id", false},
                                        {"seed", false},      {"sector-size", false}};
  std::string error;
  const auto flags = Flags::parse("porep verify", args, kSpecs, &error);
  if (!flags) return usage_error(err, error, kVerifyUsage);

  porep::PorepConfig config;
  porep::Bytes32 comm_r{}, comm_d{}, replica_id{}, seed{};
  if (flags->has("commit1")) {
    for (const char* other : {"comm-r", "comm-d", "replica-id", "seed", "sector-size"}) {
      if (flags->has(other)) {
        return usage_error(err, std::string("cuzk porep verify: --commit1 gives --") + other + " already",
                           kVerifyUsage);
      }
    }
    const auto bytes = read_file(flags->get("commit1"), "--commit1");
    if (!bytes.is_ok()) {
      err << "cuzk porep verify: " << bytes.status().message() << "\n";
      return 1;
    }
    auto input = porep::read_commit1(*bytes, kinds::kMaxCommit1Bytes);
    Result<porep::PorepConfig> c = input.is_ok() ? porep::porep_config(input->output.registered_proof) : input.status();
    if (!c.is_ok()) {
      err << "cuzk porep verify: " << flags->get("commit1") << ": " << c.status().message() << "\n";
      return 1;
    }
    config = *c;
    comm_r = input->output.comm_r;
    comm_d = input->output.comm_d;
    replica_id = input->output.replica_id;
    seed = input->output.seed;
  } else {
    struct Value {
      const char* flag;
      porep::Bytes32* into;
    };
    for (const Value& v : {Value{"comm-r", &comm_r}, Value{"comm-d", &comm_d}, Value{"replica-id", &replica_id},
                           Value{"seed", &seed}}) {
      if (!flags->has(v.flag)) {
        return usage_error(err, std::string("cuzk porep verify: --") + v.flag + " is required without --commit1",
                           kVerifyUsage);
      }
      const auto parsed = parse_hex32(flags->get(v.flag));
      if (!parsed) {
        return usage_error(err, std::string("cuzk porep verify: --") + v.flag + " must be 64 hex digits (32 bytes)",
                           kVerifyUsage);
      }
      *v.into = *parsed;
    }
    const auto size = filecoin::parse_sector_size(flags->get("sector-size"));
    const auto proof = size.is_ok() ? porep::seal_proof_for_sector_size(*size) : size.status();
    const auto c = proof.is_ok() ? porep::porep_config(*proof) : proof.status();
    if (!flags->has("sector-size") || !c.is_ok()) {
      return usage_error(err, "cuzk porep verify: --sector-size: " +
                                  (flags->has("sector-size") ? c.status().message() : std::string("required")),
                         kVerifyUsage);
    }
    config = *c;
  }

  auto vk = read_vk_file(flags->get("vk"), "--vk");
  const auto proof_bytes = read_file(flags->get("proof"), "--proof");
  if (!vk.is_ok() || !proof_bytes.is_ok()) {
    err << "cuzk porep verify: " << (vk.is_ok() ? proof_bytes.status() : vk.status()).message() << "\n";
    return 1;
  }
  const size_t expected_bytes = config.partitions * groth16::kProofBytes;
  if (proof_bytes->size() != expected_bytes) {
    err << "cuzk porep verify: " << flags->get("proof") << " has " << proof_bytes->size() << " bytes; a "
        << config.registered_proof.name << " proof has " << config.partitions
        << " x 192 = " << expected_bytes << "\n";
    return 1;
  }
  const auto pvk = groth16::PreparedVerifyingKey::from(*vk);
  int rc = 0;
  for (size_t k = 0; k < config.partitions; ++k) {
    const auto inputs = porep::porep_public_inputs(config, replica_id, comm_d, comm_r, seed, k);
    if (!inputs.is_ok()) {
      err << "cuzk porep verify: " << inputs.status().message() << "\n";
      return 1;
    }
    const std::span<const uint8_t> one(proof_bytes->data() + k * groth16::kProofBytes, groth16::kProofBytes);
    auto proof = groth16::proof_from_bytes(one, "partition " + std::to_string(k) + " of " + flags->get("proof"));
    const Status verified = proof.is_ok() ? groth16::verify(pvk, *proof, *inputs) : proof.status();
    if (!verified.is_ok()) {
      out << "partition " << k << ": FAILED: " << verified.message() << "\n";
      rc = 1;
    }
  }
  if (rc == 0) out << "OK (" << config.partitions << " partition proof(s), " << describe(config) << ")\n";
  return rc;
}

}  // namespace cuzk::cli
