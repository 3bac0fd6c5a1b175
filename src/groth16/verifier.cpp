// Groth16 verifier with a prepared verifying key.
#include "groth16/verifier.hpp"

#include <array>
#include <string>

namespace cuzk::groth16 {

PreparedVerifyingKey PreparedVerifyingKey::from(const VerifyingKey& vk) {
  PreparedVerifyingKey out;
  out.alpha_beta = ec::pairing(vk.alpha_g1, vk.beta_g2);
  out.neg_gamma = ec::G2Prepared::from(-vk.gamma_g2);
  out.neg_delta = ec::G2Prepared::from(-vk.delta_g2);
  out.ic = vk.ic;
  return out;
}

Status verify(const PreparedVerifyingKey& pvk, const Proof& proof, std::span<const ff::Fr> public_inputs) {
  if (public_inputs.size() + 1 != pvk.ic.size()) {
    return Status::invalid_argument("verifying key expects " + std::to_string(pvk.ic.size() - 1) +
                                    " public inputs, got " + std::to_string(public_inputs.size()));
  }
  ec::G1Jacobian acc = pvk.ic[0].to_jacobian();
  for (size_t i = 0; i < public_inputs.size(); ++i) {
    acc += pvk.ic[i + 1].to_jacobian().mul(public_inputs[i].to_canonical());
  }
  const ec::G2Prepared b = ec::G2Prepared::from(proof.b);
  const std::array<ec::G1Affine, 3> ps = {proof.a, acc.to_affine(), proof.c};
  const std::array<const ec::G2Prepared*, 3> qs = {&b, &pvk.neg_gamma, &pvk.neg_delta};
  if (ec::final_exponentiation(ec::miller_loop(ps, qs)) != pvk.alpha_beta) {
    return Status::invalid_argument("proof does not verify");
  }
  return Status::ok();
}

}  // namespace cuzk::groth16
