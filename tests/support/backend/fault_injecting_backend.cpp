// FaultInjectingBackend: counts calls, applies the faults that match.
#include "support/backend/fault_injecting_backend.hpp"

#include <thread>

namespace cuzk::backend {

FaultInjectingBackend::FaultInjectingBackend(std::unique_ptr<groth16::ProverBackend> inner, std::vector<Fault> faults,
                                             std::string name)
    : inner_(std::move(inner)), faults_(std::move(faults)), name_(std::move(name)) {}

const Fault* FaultInjectingBackend::fault_at(size_t n, Fault::Phase phase) const {
  for (const Fault& f : faults_) {
    if (f.phase == phase && n >= f.first_call && n - f.first_call < f.calls) return &f;
  }
  return nullptr;
}

Status FaultInjectingBackend::apply(const Fault& fault, size_t n) {
  ++faulted_;
  const std::string where = name_ + ": injected fault at prove call " + std::to_string(n);
  switch (fault.action) {
    case Fault::Action::kFail:
      return Status::internal(where);
    case Fault::Action::kDeviceError:
      return {StatusCode::kDeviceError, where + " (device error)"};
    case Fault::Action::kStall:
      std::this_thread::sleep_for(fault.stall);
      return Status::ok();
  }
  return Status::ok();
}

Result<std::vector<groth16::Proof>> FaultInjectingBackend::prove(
    const groth16::ProvingKey& pk, std::span<const witness::PartitionWitness* const> circuits,
    groth16::QapConvention convention, groth16::BlindingSource& blinding) {
  const size_t n = calls_++;
  if (const Fault* f = fault_at(n, Fault::Phase::kBeforeProve)) CUZK_RETURN_IF_ERROR(apply(*f, n));
  auto proofs = inner_->prove(pk, circuits, convention, blinding);
  if (const Fault* f = fault_at(n, Fault::Phase::kAfterProve)) CUZK_RETURN_IF_ERROR(apply(*f, n));
  return proofs;
}

}  // namespace cuzk::backend
