// cuzk setup: the kind catalog names the circuit and its parameter file; the circuit writes
// its own parameters (with the GPU's fixed-base multiplier where there is one).
#include "cli/setup_command.hpp"

#include <chrono>
#include <iomanip>

#include "backend/prover_factory.hpp"
#include "cli/flags.hpp"
#include "kinds/catalog.hpp"

namespace cuzk::cli {

int run_setup(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  static constexpr FlagSpec kSpecs[] = {{"circuit", true}, {"param-dir", false}};
  std::string error;
  const auto flags = Flags::parse("setup", args, kSpecs, &error);
  if (!flags) {
    err << error << "\nusage: cuzk setup --circuit synthetic-<N>|winning-post-<size>|window-post-<size>|porep-<size>|"
                    "snap-deals-<size> "
                    "[--param-dir DIR]\n";
    return 2;
  }
  kinds::KindsConfig config;
  config.params.generated_dir = flags->get("param-dir", kinds::default_generated_param_dir());
  // Never Filecoin's cache: test parameters must not replace a real file found there.
  config.params.filecoin_cache_dirs.clear();
  config.synthetic_on_demand = true;  // any size the operator names
  config.multiplier = [] { return backend::make_gpu_generator_multiplier(); };
  auto catalog = kinds::make_catalog(config);
  if (!catalog.is_ok()) {
    err << "cuzk setup: " << catalog.status().message() << "\n";
    return 1;
  }
  const std::string id = flags->get("circuit");
  auto circuit = (*catalog)->find(id);
  if (!circuit) {
    err << "cuzk setup: unknown circuit '" << id
        << "' (synthetic-<constraints>, winning-post-<size>, window-post-<size>, porep-<size>, snap-deals-<size>; "
           "sizes 2KiB, 8MiB, "
           "512MiB, 32GiB, "
           "64GiB)\n";
    return 2;
  }
  out << "cuzk setup: INSECURE test parameters for " << id << " → " << circuit->srs_path() << "\n";
  const auto start = std::chrono::steady_clock::now();
  ThreadPool pool;
  if (Status s = circuit->generate_srs(pool); !s.is_ok()) {
    err << "cuzk setup: " << s.message() << "\n";
    return 1;
  }
  out << std::fixed << std::setprecision(1) << "  done in "
      << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() << " s\n";
  return 0;
}

}  // namespace cuzk::cli
