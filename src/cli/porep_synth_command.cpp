// cuzk porep synth --sector-size S [--seed N] [--sector-number N] --out FILE: a consistent
// synthetic Commit-1 output (filecoin/porep/synthetic_commit1) in Curio's wrapper.
#include "cli/porep_synth_command.hpp"

#include <charconv>
#include <chrono>
#include <string>

#include "cli/flags.hpp"
#include "common/private_files.hpp"
#include "filecoin/porep/commit1_json.hpp"
#include "filecoin/porep/porep_config.hpp"
#include "filecoin/porep/synthetic_commit1.hpp"
#include "filecoin/post_kind.hpp"

namespace cuzk::cli {
namespace {

namespace porep = filecoin::porep;

constexpr std::string_view kUsage = "cuzk porep synth --sector-size S [--seed N] [--sector-number N] --out FILE";

Result<uint64_t> number_flag(const Flags& flags, std::string_view name, uint64_t fallback) {
  if (!flags.has(name)) return fallback;
  const std::string text = flags.get(name);
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return Status::invalid_argument("--" + std::string(name) + ": not a number: '" + text + "'");
  }
  return value;
}

Status write_synthetic(const Flags& flags, std::ostream& out) {
  CUZK_ASSIGN_OR_RETURN(const uint64_t sector_size, filecoin::parse_sector_size(flags.get("sector-size")));
  CUZK_ASSIGN_OR_RETURN(const uint64_t seed, number_flag(flags, "seed", 1));
  CUZK_ASSIGN_OR_RETURN(const uint64_t sector_number, number_flag(flags, "sector-number", 1));
  CUZK_ASSIGN_OR_RETURN(const porep::RegisteredSealProof proof, porep::seal_proof_for_sector_size(sector_size));
  CUZK_ASSIGN_OR_RETURN(const porep::PorepConfig config, porep::porep_config(proof));
  const auto t0 = std::chrono::steady_clock::now();
  CUZK_ASSIGN_OR_RETURN(const porep::Commit1Output output, porep::synthetic_commit1(config, seed));
  const std::string text = porep::write_commit1_wrapped(
      output, porep::Commit1Wrapper{true, sector_number, config.sector_size, /*miner=*/1000, /*has_miner=*/true});
  const std::string path = flags.get("out");
  CUZK_ASSIGN_OR_RETURN(auto file, AtomicFile::create(path));
  file->stream().write(text.data(), static_cast<std::streamsize>(text.size()));
  CUZK_RETURN_IF_ERROR(file->commit());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out << "wrote " << path << ": a synthetic " << porep::registered_seal_proof_name(proof) << " Commit-1 output ("
      << text.size() << " bytes, " << config.partitions << " partition(s), seed " << seed << ", " << seconds
      << " s)\n";
  return Status::ok();
}

}  // namespace

int run_porep_synth(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"sector-size", true}, {"seed", false}, {"sector-number", false}, {"out", true}};
  std::string error;
  const auto flags = Flags::parse("porep synth", args, kSpecs, &error);
  if (!flags) {
    err << error << "\nusage: " << kUsage << "\n";
    return 2;
  }
  if (Status s = write_synthetic(*flags, out); !s.is_ok()) {
    err << "cuzk porep synth: " << s.message() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace cuzk::cli
