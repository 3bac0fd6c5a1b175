// circuit-info: option parsing and the report for filecoin::post_circuit_size.
#include "cli/circuit_info.hpp"

#include <string>

#include "cli/flags.hpp"
#include "filecoin/post_kind.hpp"

namespace cuzk::cli {

int run_circuit_info(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"kind", true}, {"sector-size", true}};
  std::string error;
  const auto flags = Flags::parse("circuit-info", args, kSpecs, &error);
  if (!flags) {
    err << error << "\n";
    return 2;
  }
  const Result<filecoin::PostKind> kind = filecoin::parse_post_kind(flags->get("kind"));
  const Result<uint64_t> sector_size = filecoin::parse_sector_size(flags->get("sector-size"));
  Result<filecoin::PostConfig> config = Status::invalid_argument("");
  if (kind.is_ok() && sector_size.is_ok()) config = filecoin::post_config(*kind, *sector_size);
  const Status& bad = !kind.is_ok() ? kind.status() : !sector_size.is_ok() ? sector_size.status() : config.status();
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
      << "sectors:       " << config->sector_count << " x " << config->challenge_count << " challenges\n"
      << "constraints:   " << size->constraints << " (+ " << size->inputs << " input constraints)\n"
      << "public inputs: " << size->inputs << " (counting ONE)\n"
      << "aux variables: " << size->aux << "\n"
      << "fft domain:    2^" << size->domain_log2() << "\n";
  return 0;
}

}  // namespace cuzk::cli
