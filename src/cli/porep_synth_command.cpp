// cuzk porep synth --sector-size S [--seed N] [--sector-number N] --out FILE: a consistent
// synthetic Commit-1 output (filecoin/porep/synthetic_commit1) in Curio's wrapper.
#include "cli/porep_synth_command.hpp"

#include <chrono>
#include <string>

#include "cli/flags.hpp"
#include "common/private_files.hpp"
#include "filecoin/porep/commit1_json.hpp"
#include "filecoin/porep/porep_config.hpp"
#include "filecoin/porep/synthetic_commit1.hpp"
#include "filecoin/sector_size.hpp"

namespace cuzk::cli {
namespace {

namespace porep = filecoin::porep;

constexpr std::string_view kUsage = "cuzk porep synth --sector-size S [--seed N] [--sector-number N] --out FILE";

Status write_synthetic(const Flags& flags, std::ostream& out) {
  CUZK_ASSIGN_OR_RETURN(const uint64_t sector_size, filecoin::parse_sector_size(flags.get("sector-size")));
  CUZK_ASSIGN_OR_RETURN(const uint64_t seed, number_option(flags, "seed", 1));
  CUZK_ASSIGN_OR_RETURN(const uint64_t sector_number, number_option(flags, "sector-number", 1));
  CUZK_ASSIGN_OR_RETURN(const filecoin::RegisteredProof proof, porep::seal_proof_for_sector_size(sector_size));
  CUZK_ASSIGN_OR_RETURN(const porep::PorepConfig config, porep::porep_config(proof));
  const auto t0 = std::chrono::steady_clock::now();
  CUZK_ASSIGN_OR_RETURN(const porep::Commit1Output output, porep::synthetic_commit1(config, seed));
  const std::string text = porep::write_commit1_wrapped(
      output, porep::Commit1Wrapper{true, sector_number, config.sector_size, /*miner=*/1000, /*has_miner=*/true});
  const std::string path = flags.get("out");
  CUZK_RETURN_IF_ERROR(write_file_atomically(path, [&](std::ostream& file) {
    file.write(text.data(), static_cast<std::streamsize>(text.size()));
    return Status::ok();
  }));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out << "wrote " << path << ": a synthetic " << proof.name << " Commit-1 output ("
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
