// The CPU prover backend: groth16::prove on its own thread pool.
#include <memory>

#include "engine/prover_backend.hpp"
#include "groth16/prover.hpp"

namespace cuzk::engine {
namespace {

class CpuBackend final : public ProverBackend {
 public:
  explicit CpuBackend(size_t threads) : pool_(threads) {}
  const std::string& name() const override { return name_; }
  std::string describe() const override { return "CPU, " + std::to_string(pool_.size()) + " threads"; }
  Result<std::vector<groth16::Proof>> prove(const groth16::ProvingKey& pk,
                                            std::span<const r1cs::ProvingAssignment* const> circuits,
                                            groth16::BlindingSource& blinding) override {
    return groth16::prove(pk, circuits, blinding, pool_);
  }
  bool holds(const groth16::ProvingKey&) const override { return false; }
  void release(const groth16::ProvingKey&) override {}
  ThreadPool& cpu_pool() override { return pool_; }

 private:
  std::string name_ = "cpu";
  ThreadPool pool_;
};

}  // namespace

std::unique_ptr<ProverBackend> make_cpu_backend(size_t threads) { return std::make_unique<CpuBackend>(threads); }

}  // namespace cuzk::engine
