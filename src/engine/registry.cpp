// CircuitRegistry: explicit registrations, zkey directories, synthetic ids on demand.
#include "engine/registry.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "engine/circom_circuit.hpp"
#include "engine/native_circuit.hpp"

namespace cuzk::engine {

std::string default_generated_param_dir() { return "/tmp/cuzk-" + std::to_string(::getuid()) + "/params"; }

Status CircuitRegistry::add(std::shared_ptr<const CircuitDef> circuit) {
  std::lock_guard<std::mutex> lock(mutex_);
  const std::string id = circuit->id();
  if (!circuits_.emplace(id, std::move(circuit)).second) {
    return Status::invalid_argument("circuit id '" + id + "' is registered twice");
  }
  return Status::ok();
}

Status CircuitRegistry::add_param_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return {StatusCode::kNotFound, "parameter directory " + dir + " does not exist"};
  std::vector<fs::path> zkeys;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".zkey") zkeys.push_back(entry.path());
  }
  if (ec) return Status::internal("cannot list " + dir + ": " + ec.message());
  std::sort(zkeys.begin(), zkeys.end());
  {
    std::lock_guard<std::mutex> lock(mutex_);
    param_dirs_.push_back(dir);
  }
  for (const fs::path& path : zkeys) {
    auto circuit = make_circom_circuit(path.stem().string(), path.string());
    if (!circuit.is_ok()) return circuit.status();
    if (Status s = add(std::move(circuit).value()); !s.is_ok()) return s;
  }
  return Status::ok();
}

std::shared_ptr<const CircuitDef> CircuitRegistry::find(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (auto it = circuits_.find(id); it != circuits_.end()) return it->second;
  auto synthetic = make_synthetic_circuit(id, [this](const std::string& stem) { return params_path_locked(stem); });
  if (synthetic) circuits_.emplace(id, synthetic);
  return synthetic;
}

std::string CircuitRegistry::params_path(const std::string& file_stem) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return params_path_locked(file_stem);
}

std::string CircuitRegistry::params_path_locked(const std::string& file_stem) const {
  std::error_code ec;
  for (const std::string& dir : param_dirs_) {
    const std::string path = dir + "/" + file_stem + ".params";
    if (std::filesystem::exists(path, ec)) return path;
  }
  return generated_param_dir_ + "/" + file_stem + ".params";
}

std::vector<std::string> CircuitRegistry::ids() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [id, circuit] : circuits_) out.push_back(id);
  return out;
}

}  // namespace cuzk::engine
