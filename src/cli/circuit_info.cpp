// circuit-info: option parsing and the report for filecoin::post_circuit_size (winning-post,
// window-post), filecoin::porep::porep_circuit_size (porep, one partition) and
// filecoin::snapdeals::snap_circuit_size (snap-deals, one partition).
#include "cli/circuit_info.hpp"

#include <string>

#include "cli/flags.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/post_config.hpp"
#include "filecoin/sector_size.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"

namespace cuzk::cli {

namespace {

void print_size(const filecoin::CircuitSize& size, std::ostream& out) {
  out << "constraints:   " << size.constraints << " (+ " << size.inputs << " input constraints)\n"
      << "public inputs: " << size.inputs << " (counting ONE)\n"
      << "aux variables: " << size.aux << "\n"
      << "fft domain:    2^" << size.domain_log2() << "\n";
}

int run_porep_info(uint64_t sector_size, std::ostream& out, std::ostream& err) {
  namespace porep = filecoin::porep;
  const Result<filecoin::RegisteredProof> proof = porep::seal_proof_for_sector_size(sector_size);
  Result<porep::PorepConfig> config = Status::invalid_argument("");
  if (proof.is_ok()) config = porep::porep_config(*proof);
  const Status& bad = !proof.is_ok() ? proof.status() : config.status();
  if (!bad.is_ok()) {
    err << "cuzk circuit-info: " << bad.to_string() << "\n";
    return 2;
  }
  const Result<filecoin::CircuitSize> size = porep::porep_circuit_size(*config);
  if (!size.is_ok()) {
    err << "cuzk circuit-info: " << size.status().to_string() << "\n";
    return 1;
  }
  out << "kind:          porep (" << config->registered_proof.name << ")\n"
      << "sector size:   " << config->sector_size << " bytes (" << config->nodes << " nodes, " << config->layers
      << " layers, tree " << config->tree_r_shape.to_string() << ")\n"
      << "partitions:    " << config->partitions << " x " << config->challenges_per_partition
      << " challenges (sizes below are per partition)\n";
  print_size(*size, out);
  return 0;
}

int run_snap_info(uint64_t sector_size, std::ostream& out, std::ostream& err) {
  namespace snap = filecoin::snapdeals;
  const Result<snap::SnapConfig> config = snap::snap_config(sector_size);
  if (!config.is_ok()) {
    err << "cuzk circuit-info: " << config.status().to_string() << "\n";
    return 2;
  }
  const Result<filecoin::CircuitSize> size = snap::snap_circuit_size(*config);
  if (!size.is_ok()) {
    err << "cuzk circuit-info: " << size.status().to_string() << "\n";
    return 1;
  }
  out << "kind:          snap-deals ("
      << (config->registered_proof ? config->registered_proof->name
                                   : std::string_view("test size, no registered update proof"))
      << ")\n"
      << "sector size:   " << config->sector_size << " bytes (" << config->nodes << " nodes, tree "
      << config->tree_r_shape.to_string() << ", h " << config->h_default << ")\n"
      << "partitions:    " << config->partitions << " x " << config->challenges_per_partition
      << " challenges (sizes below are per partition)\n";
  print_size(*size, out);
  return 0;
}

}  // namespace

int run_circuit_info(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"kind", true}, {"sector-size", true}};
  std::string error;
  const auto flags = Flags::parse("circuit-info", args, kSpecs, &error);
  if (!flags) {
    err << error << "\n";
    return 2;
  }
  const Result<uint64_t> sector_size = filecoin::parse_sector_size(flags->get("sector-size"));
  if (flags->get("kind") == "porep" && sector_size.is_ok()) return run_porep_info(*sector_size, out, err);
  if (flags->get("kind") == "snap-deals" && sector_size.is_ok()) return run_snap_info(*sector_size, out, err);
  const Result<filecoin::PostKind> kind = filecoin::parse_post_kind(flags->get("kind"));
  Result<filecoin::PostConfig> config = Status::invalid_argument("");
  if (kind.is_ok() && sector_size.is_ok()) config = filecoin::post_config(*kind, *sector_size);
  if (sector_size.is_ok() && !kind.is_ok()) {
    err << "cuzk circuit-info: unknown --kind '" << flags->get("kind") << "' (porep, snap-deals, winning-post, window-post)\n";
    return 2;
  }
  const Status& bad = !sector_size.is_ok() ? sector_size.status() : config.status();
  if (!bad.is_ok()) {
    err << "cuzk circuit-info: " << bad.to_string() << "\n";
    return 2;
  }
  const Result<filecoin::CircuitSize> size = filecoin::post_circuit_size(*config);
  if (!size.is_ok()) {
    err << "cuzk circuit-info: " << size.status().to_string() << "\n";
    return 1;
  }
  out << "kind:          " << filecoin::post_kind_name(config->kind) << "\n"
      << "sector size:   " << config->sector_size << " bytes (" << config->leaves << " leaves, tree "
      << config->shape.to_string() << ")\n"
      << "sectors:       " << config->sector_count << " x " << config->challenge_count << " challenges\n";
  print_size(*size, out);
  return 0;
}

}  // namespace cuzk::cli
