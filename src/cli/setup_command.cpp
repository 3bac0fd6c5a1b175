// cuzk setup: the engine's circuit registry names the circuit and its parameter file; the
// circuit writes its own parameters.
#include "cli/setup_command.hpp"

#include <chrono>
#include <iomanip>

#include "cli/flags.hpp"
#include "engine/filecoin_circuits.hpp"
#include "engine/registry.hpp"

namespace cuzk::cli {

int run_setup(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"circuit", true}, {"param-dir", false}};
  std::string error;
  const auto flags = Flags::parse("setup", args, kSpecs, &error);
  if (!flags) {
    err << error << "\nusage: cuzk setup --circuit synthetic-<N>|winning-post-<size>|window-post-<size> "
                    "[--param-dir DIR]\n";
    return 2;
  }
  const std::string dir = flags->get("param-dir", engine::default_generated_param_dir());
  engine::CircuitRegistry registry(dir);
  if (Status s = engine::register_filecoin_circuits(registry); !s.is_ok()) {
    err << "cuzk setup: " << s.message() << "\n";
    return 1;
  }
  const std::string id = flags->get("circuit");
  auto circuit = registry.find(id);
  if (!circuit) {
    err << "cuzk setup: unknown circuit '" << id
        << "' (synthetic-<constraints>, winning-post-<size>, window-post-<size>; sizes 2KiB, 8MiB, 512MiB, 32GiB, "
           "64GiB)\n";
    return 2;
  }
  out << "cuzk setup: INSECURE test parameters for " << id << " → " << circuit->srs_path() << "\n";
  const auto start = std::chrono::steady_clock::now();
  if (Status s = circuit->generate_srs(ThreadPool::shared()); !s.is_ok()) {
    err << "cuzk setup: " << s.message() << "\n";
    return 1;
  }
  out << std::fixed << std::setprecision(1) << "  done in "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s\n";
  return 0;
}

}  // namespace cuzk::cli
