// cuzk post | snap prove | check | verify | synth: the vanilla-proof kinds' circuits and checks,
// in-process.
#include "cli/vanilla_commands.hpp"

#include <charconv>
#include <chrono>
#include <filesystem>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "backend/prover_factory.hpp"
#include "cli/flags.hpp"
#include "cli/hex_arg.hpp"
#include "cli/inprocess_prove.hpp"
#include "cli/output_file.hpp"
#include "cli/vk_file.hpp"
#include "common/file_reader.hpp"
#include "common/hex.hpp"
#include "filecoin/post_check.hpp"
#include "filecoin/sector_size.hpp"
#include "filecoin/snapdeals/partition_bincode.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/snap_public_inputs.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "filecoin/synthetic_post.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/verifier.hpp"
#include "kinds/post_kind.hpp"
#include "kinds/snap_kind.hpp"
#include "kinds/vanilla_payload.hpp"
#include "r1cs/checking_constraint_system.hpp"

namespace cuzk::cli {
namespace {

namespace snap = filecoin::snapdeals;
using Clock = std::chrono::steady_clock;
using Args = std::span<const std::string_view>;

// Input files are read whole, up to a bound: a sector proof is 24,960 bytes at 32 GiB (a 64 GiB
// WinningPoSt sector's 66 Top proofs about 170 KB); a partition proof about 562 KB at 32 GiB.
constexpr size_t kMaxSectorProofBytes = size_t{1} << 20;
constexpr size_t kMaxProofFileBytes = size_t{1} << 20;  // 192 bytes per partition

long long ms_since(Clock::time_point t0) {
  return static_cast<long long>(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
}

// Bad usage (exit 2) is INVALID_ARGUMENT from the option helpers below; everything after them
// that fails exits 1.
Status usage(std::string message) { return Status::invalid_argument(std::move(message)); }

int report_usage(std::ostream& err, std::string_view command, const std::string& message, std::string_view usage_line) {
  err << "cuzk " << command << ": " << message << "\nusage: " << usage_line << "\n";
  return 2;
}

int report_failure(std::ostream& err, std::string_view command, const Status& status) {
  err << "cuzk " << command << ": " << status.message() << "\n";
  return 1;
}

Result<std::array<uint8_t, 32>> hex_option(const Flags& flags, std::string_view name) {
  const std::optional<std::array<uint8_t, 32>> value = parse_hex32(flags.get(name));
  if (!value) return usage("--" + std::string(name) + " must be 64 hex digits (32 bytes)");
  return *value;
}

Result<uint64_t> sector_size_option(const Flags& flags) {
  Result<uint64_t> size = filecoin::parse_sector_size(flags.get("sector-size"));
  if (!size.is_ok()) return usage("--sector-size: " + size.status().message());
  return size;
}

// Each file's bytes, in order.
Result<std::vector<std::vector<uint8_t>>> read_files(const std::vector<std::string>& paths, const std::string& what,
                                                     size_t max_bytes) {
  std::vector<std::vector<uint8_t>> out;
  for (const std::string& path : paths) {
    CUZK_ASSIGN_OR_RETURN(std::vector<uint8_t> bytes, read_regular_file(path, what, max_bytes));
    out.push_back(std::move(bytes));
  }
  return out;
}

kinds::MultiplierFactory multiplier() {
  return [] { return backend::make_gpu_generator_multiplier(); };
}

// Proves `request` on `def` in-process (the daemon's checks, in the engine's validation stage),
// writes the proofs to --proof.
int prove_and_write(std::string_view command, const std::shared_ptr<const engine::CircuitDef>& def,
                    const kinds::VanillaPayload& request, const InProcessChoice& choice, const Flags& flags,
                    std::ostream& out, std::ostream& err) {
  const auto start = Clock::now();
  Result<InProcessProof> proved = prove_in_process(
      def, kinds::encode_vanilla_payload(request), choice,
      [&](const engine::Validation& validated) {
        out << "cuzk " << command << ": " << def->id() << ", " << request.proofs.size() << " vanilla proof(s), "
            << validated.partitions << " partition(s)\n"
            << "  native checks: OK (" << static_cast<long long>(validated.ms) << " ms)\n";
      },
      out);
  if (!proved.is_ok()) return report_failure(err, command, proved.status());
  proved->timings.total_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  out << engine::format_timings(proved->timings) << "\n";
  if (Status s = write_whole_file(flags.get("proof"), proved->proofs); !s.is_ok()) {
    return report_failure(err, command, s);
  }
  out << "wrote " << flags.get("proof") << " (" << proved->proofs.size() << " bytes: " << proved->partitions
      << " x 192)\n";
  return 0;
}

// "" if the checking system's inputs ([ONE, …]) are the verifier's, else what differs.
std::string inputs_mismatch(const std::vector<ff::Fr>& allocated, const std::vector<ff::Fr>& expected) {
  if (allocated.size() != expected.size() + 1) {
    return std::to_string(allocated.size() - 1) + " public inputs, the verifier has " + std::to_string(expected.size());
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (allocated[1 + i] != expected[i]) {
      return "public input " + std::to_string(i) + " is " + allocated[1 + i].to_decimal() +
             ", the verifier computes " + expected[i].to_decimal();
    }
  }
  return {};
}

std::array<uint8_t, 32> fr_bytes(const ff::Fr& value) {
  std::array<uint8_t, 32> out{};
  value.to_bytes_le(out);
  return out;
}

Status write_payload_if_asked(const Flags& flags, const kinds::VanillaPayload& request, std::ostream& out) {
  if (!flags.has("payload")) return Status::ok();
  CUZK_RETURN_IF_ERROR(write_whole_file(flags.get("payload"), kinds::encode_vanilla_payload(request)));
  out << "wrote " << flags.get("payload") << " (a VanillaPayload for `cuzk bench single --payload`)\n";
  return Status::ok();
}

// ---- PoSt ----

struct PostArgs {
  filecoin::PostKind kind = filecoin::PostKind::kWindow;
  uint64_t sector_size = 0;
  filecoin::PostConfig config;
  kinds::VanillaPayload request;  // proofs not yet read
};

Result<PostArgs> post_args(const Flags& flags) {
  PostArgs a;
  Result<filecoin::PostKind> kind = filecoin::parse_post_kind(flags.get("kind"));
  if (!kind.is_ok()) return usage("--kind: " + kind.status().message());
  a.kind = *kind;
  CUZK_ASSIGN_OR_RETURN(a.sector_size, sector_size_option(flags));
  Result<filecoin::RegisteredProof> current = kinds::current_post_proof(a.kind, a.sector_size);
  if (!current.is_ok()) return usage("--sector-size: " + current.status().message());
  CUZK_ASSIGN_OR_RETURN(a.request.registered_proof, number_option(flags, "registered-proof", current->id));
  Result<filecoin::PostConfig> config = kinds::post_request_config(a.request.registered_proof, a.kind, a.sector_size);
  if (!config.is_ok()) return usage("--registered-proof: " + config.status().message());
  a.config = *config;
  CUZK_ASSIGN_OR_RETURN(a.request.randomness, hex_option(flags, "randomness"));
  CUZK_ASSIGN_OR_RETURN(const uint64_t partition, number_option(flags, "partition", 0));
  if (partition > UINT32_MAX) return usage("--partition: " + std::to_string(partition) + " does not fit 32 bits");
  a.request.partition_index = static_cast<uint32_t>(partition);
  CUZK_ASSIGN_OR_RETURN(a.request.miner_id, number_option(flags, "miner-id", 0));
  return a;
}

constexpr std::string_view kPostProveUsage =
    "cuzk post prove --kind window-post|winning-post --sector-size S --randomness HEX [--partition N] "
    "[--registered-proof N] --sector-proof FILE... --proof OUT [--params FILE|--param-dir DIR|--test-params-in-memory VK_OUT] "
    "[--backend cpu|cuda] [--rounds N]";
constexpr std::string_view kPostCheckUsage =
    "cuzk post check --kind window-post|winning-post --sector-size S --randomness HEX [--partition N] "
    "[--registered-proof N] --sector-proof FILE...";
constexpr std::string_view kPostSynthUsage =
    "cuzk post synth --kind window-post|winning-post --sector-size S --randomness HEX [--partition N] "
    "[--registered-proof N] [--sectors N] [--first-sector ID] [--seed N] --out-dir DIR [--payload FILE]";

// ---- SnapDeals ----

struct SnapArgs {
  uint64_t sector_size = 0;
  snap::SnapConfig config;
  kinds::VanillaPayload request;  // proofs not yet read
};

Result<SnapArgs> snap_args(const Flags& flags) {
  SnapArgs a;
  CUZK_ASSIGN_OR_RETURN(a.sector_size, sector_size_option(flags));
  Result<snap::SnapConfig> config = snap::snap_config(a.sector_size);
  if (!config.is_ok() || !config->registered_proof) {
    return usage("--sector-size: no registered update proof for " + flags.get("sector-size") +
                 " (2KiB, 8MiB, 512MiB, 32GiB, 64GiB)");
  }
  CUZK_ASSIGN_OR_RETURN(a.request.registered_proof,
                        number_option(flags, "registered-proof", config->registered_proof->id));
  Result<snap::SnapConfig> request_config = kinds::snap_request_config(a.request.registered_proof, a.sector_size);
  if (!request_config.is_ok()) return usage("--registered-proof: " + request_config.status().message());
  a.config = *request_config;
  return a;
}

Status snap_commitment_options(const Flags& flags, kinds::VanillaPayload& request) {
  CUZK_ASSIGN_OR_RETURN(request.comm_r_old, hex_option(flags, "comm-r-old"));
  CUZK_ASSIGN_OR_RETURN(request.comm_r_new, hex_option(flags, "comm-r-new"));
  CUZK_ASSIGN_OR_RETURN(request.comm_d_new, hex_option(flags, "comm-d-new"));
  return Status::ok();
}

constexpr std::string_view kSnapProveUsage =
    "cuzk snap prove --sector-size S --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX [--registered-proof N] "
    "--partition-proof FILE... --proof OUT [--params FILE|--param-dir DIR|--test-params-in-memory VK_OUT] "
    "[--backend cpu|cuda] [--rounds N]";
constexpr std::string_view kSnapCheckUsage =
    "cuzk snap check --sector-size S --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX [--registered-proof N] "
    "--partition-proof FILE... | --partition K --partition-proof FILE";
constexpr std::string_view kPostVerifyUsage =
    "cuzk post verify --proof FILE --vk FILE.vk|FILE.params --kind window-post|winning-post --sector-size S "
    "--randomness HEX [--partition N] [--registered-proof N] --sector-proof FILE...";
constexpr std::string_view kSnapVerifyUsage =
    "cuzk snap verify --proof FILE --vk FILE.vk|FILE.params --sector-size S --comm-r-old HEX --comm-r-new HEX "
    "--comm-d-new HEX [--registered-proof N]";
constexpr std::string_view kSnapSynthUsage = "cuzk snap synth --sector-size S [--seed N] --out-dir DIR [--payload FILE]";

constexpr FlagSpec kPostSpecs[] = {{"kind", true},       {"sector-size", true},       {"randomness", true},
                                   {"partition", false}, {"registered-proof", false}, {"miner-id", false},
                                   {"sector-proof", true, true}};
constexpr FlagSpec kSnapCommitmentSpecs[] = {{"sector-size", true}, {"comm-r-old", true},        {"comm-r-new", true},
                                             {"comm-d-new", true},  {"registered-proof", false}};
constexpr FlagSpec kSnapProofSpecs[] = {{"partition-proof", true, true}};
constexpr FlagSpec kProveSpecs[] = {
    {"proof", true},         {"params", false}, {"param-dir", false}, {"backend", false}, {kInMemoryParamsFlag, false},
    {kRoundsFlag, false}};
constexpr FlagSpec kVerifySpecs[] = {{"proof", true}, {"vk", true}};

// `base`'s options followed by `extra`'s.
template <size_t N, size_t M>
std::vector<FlagSpec> specs(const FlagSpec (&base)[N], const FlagSpec (&extra)[M]) {
  std::vector<FlagSpec> out(base, base + N);
  out.insert(out.end(), extra, extra + M);
  return out;
}

// Checks --proof (one 192-byte proof per partition) against --vk (a .vk, or a .params, which
// begins with the key) with inputs[k] for partition k; prints OK or each failing partition.
int verify_proofs(std::string_view command, const Flags& flags, const std::vector<std::vector<ff::Fr>>& inputs,
                  const std::string& what, std::ostream& out, std::ostream& err) {
  Result<groth16::VerifyingKey> vk = read_vk_file(flags.get("vk"), "--vk");
  if (!vk.is_ok()) return report_failure(err, command, vk.status());
  Result<std::vector<uint8_t>> proof_bytes = read_regular_file(flags.get("proof"), "--proof", kMaxProofFileBytes);
  if (!proof_bytes.is_ok()) return report_failure(err, command, proof_bytes.status());
  const size_t expected = inputs.size() * groth16::kProofBytes;
  if (proof_bytes->size() != expected) {
    return report_failure(err, command,
                          Status::invalid_argument(flags.get("proof") + " has " + std::to_string(proof_bytes->size()) +
                                                   " bytes; " + what + " has " + std::to_string(inputs.size()) +
                                                   " x 192 = " + std::to_string(expected)));
  }
  const groth16::PreparedVerifyingKey pvk = groth16::PreparedVerifyingKey::from(*vk);
  int rc = 0;
  for (size_t k = 0; k < inputs.size(); ++k) {
    const std::span<const uint8_t> one(proof_bytes->data() + k * groth16::kProofBytes, groth16::kProofBytes);
    Result<groth16::Proof> proof = groth16::proof_from_bytes(one, "partition " + std::to_string(k) + " of " + flags.get("proof"));
    const Status verified = proof.is_ok() ? groth16::verify(pvk, *proof, inputs[k]) : proof.status();
    if (!verified.is_ok()) {
      out << "partition " << k << ": FAILED: " << verified.message() << "\n";
      rc = 1;
    }
  }
  if (rc == 0) out << "OK (" << inputs.size() << " partition proof(s), " << what << ")\n";
  return rc;
}

}  // namespace

int run_post_prove(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "post prove";
  std::string error;
  const std::vector<FlagSpec> all = specs(kPostSpecs, kProveSpecs);
  const auto flags = Flags::parse(kCommand, args, all, &error);
  if (!flags) return report_usage(err, kCommand, error, kPostProveUsage);
  const Result<InProcessChoice> choice = in_process_choice(*flags);
  if (!choice.is_ok()) return report_usage(err, kCommand, choice.status().message(), kPostProveUsage);
  Result<PostArgs> a = post_args(*flags);
  if (!a.is_ok()) return report_usage(err, kCommand, a.status().message(), kPostProveUsage);
  Result<std::vector<std::vector<uint8_t>>> proofs = read_files(flags->get_all("sector-proof"), "--sector-proof", kMaxSectorProofBytes);
  if (!proofs.is_ok()) return report_failure(err, kCommand, proofs.status());
  a->request.proofs = std::move(proofs).value();
  Result<std::shared_ptr<const engine::CircuitDef>> def =
      kinds::make_post_circuit(a->kind, a->sector_size, param_locator(*flags), multiplier(), flags->get("params"));
  if (!def.is_ok()) return report_failure(err, kCommand, def.status());
  return prove_and_write(kCommand, *def, a->request, *choice, *flags, out, err);
}

int run_post_check(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "post check";
  std::string error;
  const auto flags = Flags::parse(kCommand, args, kPostSpecs, &error);
  if (!flags) return report_usage(err, kCommand, error, kPostCheckUsage);
  Result<PostArgs> a = post_args(*flags);
  if (!a.is_ok()) return report_usage(err, kCommand, a.status().message(), kPostCheckUsage);
  Result<std::vector<std::vector<uint8_t>>> proofs = read_files(flags->get_all("sector-proof"), "--sector-proof", kMaxSectorProofBytes);
  if (!proofs.is_ok()) return report_failure(err, kCommand, proofs.status());
  const filecoin::PostConfig& config = a->config;
  const size_t partition = a->request.partition_index;
  out << kinds::post_circuit_id(a->kind, a->sector_size) << ": "
      << filecoin::registered_post_proof(a->request.registered_proof)->name
      << ", " << proofs->size() << " sector proof(s), partition " << partition << " (" << config.sector_count
      << " slot(s) x " << config.challenge_count << " challenge(s))\n";
  auto t0 = Clock::now();
  Result<filecoin::PostPartitionInput> input = filecoin::read_post_partition(config, *proofs);
  if (!input.is_ok()) {
    out << "  reading: FAILED: " << input.status().message() << "\nFAILED\n";
    return 1;
  }
  Result<filecoin::CheckedPostPartition> checked =
      filecoin::check_post_partition(config, *input, a->request.randomness, partition, ThreadPool::shared());
  if (!checked.is_ok()) {
    out << "  native checks: FAILED: " << checked.status().message() << "\nFAILED\n";
    return 1;
  }
  out << "  native checks: OK (" << ms_since(t0) << " ms)\n";
  t0 = Clock::now();
  const filecoin::FallbackPoStCircuit circuit = filecoin::post_partition_circuit(config, *input, *checked);
  Result<std::vector<ff::Fr>> expected =
      filecoin::post_verifier_public_inputs(config, a->request.randomness, partition, checked->sectors);
  if (!expected.is_ok()) {
    out << "  public inputs: FAILED: " << expected.status().message() << "\nFAILED\n";
    return 1;
  }
  r1cs::CheckingConstraintSystem cs;
  if (Status s = circuit.synthesize(cs); !s.is_ok()) {
    out << "  synthesis: FAILED: " << s.message() << "\nFAILED\n";
    return 1;
  }
  if (const auto& failing = cs.which_is_unsatisfied()) {
    out << "  circuit: FAILED: unsatisfied constraint " << *failing << " (of " << cs.num_constraints() << ")\nFAILED\n";
    return 1;
  }
  if (const std::string mismatch = inputs_mismatch(cs.inputs(), *expected); !mismatch.empty()) {
    out << "  circuit: FAILED: " << mismatch << "\nFAILED\n";
    return 1;
  }
  out << "  circuit: " << cs.num_constraints() << " constraints satisfied, " << expected->size()
      << " public inputs as the verifier computes them (" << ms_since(t0) << " ms)\nOK\n";
  return 0;
}

int run_post_synth(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "post synth";
  static constexpr FlagSpec kSpecs[] = {
      {"kind", true},    {"sector-size", true},  {"randomness", true}, {"partition", false},
      {"registered-proof", false}, {"miner-id", false}, {"sectors", false},    {"first-sector", false},
      {"seed", false},   {"out-dir", true},      {"payload", false}};
  std::string error;
  const auto flags = Flags::parse(kCommand, args, kSpecs, &error);
  if (!flags) return report_usage(err, kCommand, error, kPostSynthUsage);
  Result<PostArgs> a = post_args(*flags);
  if (!a.is_ok()) return report_usage(err, kCommand, a.status().message(), kPostSynthUsage);
  const uint64_t slots = a->kind == filecoin::PostKind::kWinning ? 1 : a->config.sector_count;
  const Result<uint64_t> count = number_option(*flags, "sectors", slots);
  const Result<uint64_t> first = number_option(*flags, "first-sector", 1);
  const Result<uint64_t> seed = number_option(*flags, "seed", 1);
  for (const Result<uint64_t>* r : {&count, &first, &seed}) {
    if (!r->is_ok()) return report_usage(err, kCommand, r->status().message(), kPostSynthUsage);
  }
  if (*count == 0 || *count > slots) {
    return report_usage(err, kCommand, "--sectors: 1 to " + std::to_string(slots) + " for this partition",
                        kPostSynthUsage);
  }
  std::vector<uint64_t> ids(*count);
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = *first + i;
  Result<std::vector<std::vector<uint8_t>>> proofs = filecoin::synthetic_post_sector_proofs(
      a->config, a->request.randomness, a->request.partition_index, ids, *seed, ThreadPool::shared());
  if (!proofs.is_ok()) return report_failure(err, kCommand, proofs.status());
  const std::string dir = flags->get("out-dir");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  for (size_t i = 0; i < ids.size(); ++i) {
    const std::string path = dir + "/sector-" + std::to_string(ids[i]) + ".vproof";
    if (Status s = write_whole_file(path, (*proofs)[i]); !s.is_ok()) return report_failure(err, kCommand, s);
  }
  out << "wrote " << ids.size() << " sector proof(s) to " << dir << " (sector-" << ids.front() << ".vproof .. sector-"
      << ids.back() << ".vproof, " << (*proofs)[0].size() << " bytes each)\n";
  a->request.proofs = std::move(proofs).value();
  if (Status s = write_payload_if_asked(*flags, a->request, out); !s.is_ok()) return report_failure(err, kCommand, s);
  return 0;
}

int run_snap_prove(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "snap prove";
  std::string error;
  std::vector<FlagSpec> all = specs(kSnapCommitmentSpecs, kSnapProofSpecs);
  all.insert(all.end(), std::begin(kProveSpecs), std::end(kProveSpecs));
  const auto flags = Flags::parse(kCommand, args, all, &error);
  if (!flags) return report_usage(err, kCommand, error, kSnapProveUsage);
  const Result<InProcessChoice> choice = in_process_choice(*flags);
  if (!choice.is_ok()) return report_usage(err, kCommand, choice.status().message(), kSnapProveUsage);
  Result<SnapArgs> a = snap_args(*flags);
  Status comms = a.is_ok() ? snap_commitment_options(*flags, a->request) : a.status();
  if (!comms.is_ok()) return report_usage(err, kCommand, comms.message(), kSnapProveUsage);
  Result<std::vector<std::vector<uint8_t>>> proofs =
      read_files(flags->get_all("partition-proof"), "--partition-proof", snap::kMaxSnapPartitionBytes);
  if (!proofs.is_ok()) return report_failure(err, kCommand, proofs.status());
  a->request.proofs = std::move(proofs).value();
  Result<std::shared_ptr<const engine::CircuitDef>> def =
      kinds::make_snap_circuit(a->sector_size, param_locator(*flags), multiplier(), flags->get("params"));
  if (!def.is_ok()) return report_failure(err, kCommand, def.status());
  return prove_and_write(kCommand, *def, a->request, *choice, *flags, out, err);
}

int run_snap_check(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "snap check";
  std::string error;
  std::vector<FlagSpec> all = specs(kSnapCommitmentSpecs, kSnapProofSpecs);
  all.push_back({"partition", false});
  const auto flags = Flags::parse(kCommand, args, all, &error);
  if (!flags) return report_usage(err, kCommand, error, kSnapCheckUsage);
  Result<SnapArgs> a = snap_args(*flags);
  Status comm_flags = a.is_ok() ? snap_commitment_options(*flags, a->request) : a.status();
  if (!comm_flags.is_ok()) return report_usage(err, kCommand, comm_flags.message(), kSnapCheckUsage);
  Result<std::vector<std::vector<uint8_t>>> proofs =
      read_files(flags->get_all("partition-proof"), "--partition-proof", snap::kMaxSnapPartitionBytes);
  if (!proofs.is_ok()) return report_failure(err, kCommand, proofs.status());
  const snap::SnapConfig& config = a->config;
  const Result<kinds::SnapCommitments> comms = kinds::snap_commitments(a->request);
  if (!comms.is_ok()) return report_failure(err, kCommand, comms.status());
  out << kinds::snap_circuit_id(a->sector_size) << ": "
      << config.registered_proof->name << ", " << config.partitions
      << " partition(s) x " << config.challenges_per_partition << " challenges, h = " << config.h_default << "\n";
  // --partition K: the one file given is partition K's (a 32 GiB partition's circuit alone is
  // 81 M constraints).
  const Result<uint64_t> only = number_option(*flags, "partition", config.partitions);
  if (!only.is_ok()) return report_usage(err, kCommand, only.status().message(), kSnapCheckUsage);
  const bool one = *only != config.partitions;
  if (one && (*only > config.partitions || proofs->size() != 1)) {
    return report_usage(err, kCommand,
                        "--partition K takes one --partition-proof, K below " + std::to_string(config.partitions),
                        kSnapCheckUsage);
  }
  int rc = 0;
  if (!one && proofs->size() != config.partitions) {
    out << "  FAILED: " << proofs->size() << " partition proofs given, the update has " << config.partitions << "\n";
    rc = 1;
  }
  for (size_t i = 0; i < proofs->size() && i < config.partitions; ++i) {
    const size_t k = one ? *only : i;
    auto t0 = Clock::now();
    Result<snap::SnapPartitionProof> proof = snap::read_snap_partition((*proofs)[i], k);
    if (!proof.is_ok()) {
      out << "  partition " << k << ": reading: FAILED: " << proof.status().message() << "\n";
      rc = 1;
      continue;
    }
    const Result<snap::CheckedSnapPartition> checked = snap::check_snap_partition(
        config, *proof, k, comms->comm_r_old, comms->comm_r_new, comms->comm_d_new, config.h_default);
    if (checked.is_ok()) {
      out << "  partition " << k << ": native checks: OK (" << ms_since(t0) << " ms)\n";
    } else {
      out << "  partition " << k << ": native checks: FAILED: " << checked.status().message() << "\n";
      rc = 1;
    }
    // The circuit, even after a failed native check: the constraint it breaks says more.
    t0 = Clock::now();
    const Result<snap::SnapPublicInputs> inputs = snap::snap_public_inputs(
        config, k, config.h_default, comms->comm_r_old, comms->comm_d_new, comms->comm_r_new);
    const Result<snap::SnapPrivateInputs> private_inputs = snap::snap_private_inputs(*proof);
    r1cs::CheckingConstraintSystem cs;
    Status s = inputs.is_ok() ? (private_inputs.is_ok() ? Status::ok() : private_inputs.status()) : inputs.status();
    if (s.is_ok()) s = snap::synthesize_snap_partition(cs, config, *inputs, *private_inputs);
    if (!s.is_ok()) {
      out << "  partition " << k << ": synthesis: FAILED: " << s.message() << "\n";
      rc = 1;
    } else if (const auto& failing = cs.which_is_unsatisfied()) {
      out << "  partition " << k << ": circuit: FAILED: unsatisfied constraint " << *failing << " (of "
          << cs.num_constraints() << ")\n";
      rc = 1;
    } else if (const std::string mismatch = inputs_mismatch(cs.inputs(), inputs->to_vector()); !mismatch.empty()) {
      out << "  partition " << k << ": circuit: FAILED: " << mismatch << "\n";
      rc = 1;
    } else {
      out << "  partition " << k << ": circuit: " << cs.num_constraints()
          << " constraints satisfied, 4 public inputs as the verifier computes them (" << ms_since(t0) << " ms)\n";
    }
  }
  out << (rc == 0 ? "OK\n" : "FAILED\n");
  return rc;
}

int run_snap_synth(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "snap synth";
  static constexpr FlagSpec kSpecs[] = {{"sector-size", true}, {"seed", false}, {"out-dir", true}, {"payload", false}};
  std::string error;
  const auto flags = Flags::parse(kCommand, args, kSpecs, &error);
  if (!flags) return report_usage(err, kCommand, error, kSnapSynthUsage);
  Result<SnapArgs> a = snap_args(*flags);
  const Result<uint64_t> seed = a.is_ok() ? number_option(*flags, "seed", 1) : a.status();
  if (!seed.is_ok()) return report_usage(err, kCommand, seed.status().message(), kSnapSynthUsage);
  const auto t0 = Clock::now();
  Result<snap::SyntheticSnapUpdate> update = snap::synthetic_snap_update(a->config, *seed, a->config.h_default);
  if (!update.is_ok()) return report_failure(err, kCommand, update.status());
  const std::string dir = flags->get("out-dir");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  kinds::VanillaPayload& request = a->request;
  request.comm_r_old = fr_bytes(update->comm_r_old);
  request.comm_r_new = fr_bytes(update->comm_r_new);
  request.comm_d_new = fr_bytes(update->comm_d_new);
  for (size_t k = 0; k < update->partitions.size(); ++k) {
    request.proofs.push_back(snap::write_snap_partition(update->partitions[k]));
    const std::string path = dir + "/partition-" + std::to_string(k) + ".vproof";
    if (Status s = write_whole_file(path, request.proofs.back()); !s.is_ok()) return report_failure(err, kCommand, s);
  }
  out << "wrote " << update->partitions.size() << " partition proof(s) to " << dir << " (partition-0.vproof .., "
      << request.proofs[0].size() << " bytes each, " << ms_since(t0) << " ms)\n"
      << "snap prove flags: --sector-size " << flags->get("sector-size") << " --comm-r-old "
      << bytes_to_hex(request.comm_r_old) << " --comm-r-new " << bytes_to_hex(request.comm_r_new) << " --comm-d-new "
      << bytes_to_hex(request.comm_d_new) << "\n";
  if (Status s = write_payload_if_asked(*flags, request, out); !s.is_ok()) return report_failure(err, kCommand, s);
  return 0;
}

int run_post_verify(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "post verify";
  std::string error;
  const auto flags = Flags::parse(kCommand, args, specs(kPostSpecs, kVerifySpecs), &error);
  if (!flags) return report_usage(err, kCommand, error, kPostVerifyUsage);
  Result<PostArgs> a = post_args(*flags);
  if (!a.is_ok()) return report_usage(err, kCommand, a.status().message(), kPostVerifyUsage);
  // The verifier knows each sector's id and comm_r: read from the vanilla files, nothing else.
  std::vector<filecoin::PublicSector> sectors;
  for (const std::string& path : flags->get_all("sector-proof")) {
    Result<std::vector<uint8_t>> bytes = read_regular_file(path, "--sector-proof", kMaxSectorProofBytes);
    Result<filecoin::FallbackPostSectorProof> sector =
        bytes.is_ok() ? filecoin::read_fallback_post_sector_proof(*bytes) : bytes.status();
    if (!sector.is_ok()) return report_failure(err, kCommand, Status::invalid_argument(path + ": " + sector.status().message()));
    sectors.push_back({sector->sector_id, sector->comm_r});
  }
  Result<std::vector<ff::Fr>> inputs = filecoin::post_verifier_public_inputs(
      a->config, a->request.randomness, a->request.partition_index, sectors);
  if (!inputs.is_ok()) return report_failure(err, kCommand, inputs.status());
  const std::string what = std::string(filecoin::registered_post_proof(a->request.registered_proof)->name) +
                           ", partition " + std::to_string(a->request.partition_index) + ", " +
                           std::to_string(sectors.size()) + " sector(s)";
  return verify_proofs(kCommand, *flags, {std::move(inputs).value()}, what, out, err);
}

int run_snap_verify(Args args, std::ostream& out, std::ostream& err) {
  constexpr std::string_view kCommand = "snap verify";
  std::string error;
  const auto flags = Flags::parse(kCommand, args, specs(kSnapCommitmentSpecs, kVerifySpecs), &error);
  if (!flags) return report_usage(err, kCommand, error, kSnapVerifyUsage);
  Result<SnapArgs> a = snap_args(*flags);
  Status comm_flags = a.is_ok() ? snap_commitment_options(*flags, a->request) : a.status();
  if (!comm_flags.is_ok()) return report_usage(err, kCommand, comm_flags.message(), kSnapVerifyUsage);
  const Result<kinds::SnapCommitments> comms = kinds::snap_commitments(a->request);
  if (!comms.is_ok()) return report_failure(err, kCommand, comms.status());
  const snap::SnapConfig& config = a->config;
  std::vector<std::vector<ff::Fr>> inputs;
  for (size_t k = 0; k < config.partitions; ++k) {
    Result<snap::SnapPublicInputs> p = snap::snap_public_inputs(config, k, config.h_default, comms->comm_r_old,
                                                                comms->comm_d_new, comms->comm_r_new);
    if (!p.is_ok()) return report_failure(err, kCommand, p.status());
    inputs.push_back(p->to_vector());
  }
  return verify_proofs(kCommand, *flags, inputs,
                       "a " + std::string(config.registered_proof->name) + " update",
                       out, err);
}

}  // namespace cuzk::cli
