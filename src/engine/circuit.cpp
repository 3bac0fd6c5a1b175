// The defaults CircuitDef gives its kinds: verification against the loaded verifying key,
// recycling through the background reclaimer; KeySrs and SynthesizedCircuit sizes.
#include "engine/circuit.hpp"

#include "common/reclaimer.hpp"
#include "groth16/verifier.hpp"

namespace cuzk::engine {

KeySrs::KeySrs(groth16::ProvingKey key) : pk_(std::move(key)), pvk_(groth16::PreparedVerifyingKey::from(pk_.vk)) {}

size_t KeySrs::bytes() const {
  return (pk_.h.size() + pk_.l.size() + pk_.a.size() + pk_.b_g1.size()) * sizeof(ec::G1Affine) +
         pk_.b_g2.size() * sizeof(ec::G2Affine);
}

size_t SynthesizedCircuit::bytes() const { return witness.bytes() + public_inputs.size() * sizeof(ff::Fr); }

Result<std::shared_ptr<const LoadedSrs>> CircuitDef::make_test_srs(ThreadPool&) const {
  return Status::invalid_argument("circuit '" + id() + "' has no test setup: its parameters come from a file");
}

Status CircuitDef::verify(const LoadedSrs& srs, const groth16::Proof& proof,
                          std::span<const ff::Fr> public_inputs) const {
  return groth16::verify(srs.verifying_key(), proof, public_inputs);
}

void CircuitDef::recycle(std::unique_ptr<SynthesizedCircuit> done) const {
  Reclaimer::shared().dispose(std::move(done));
}

}  // namespace cuzk::engine
