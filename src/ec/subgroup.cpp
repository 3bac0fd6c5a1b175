// Endomorphisms of G1 and G2 and the subgroup-membership tests built on them.
#include "ec/g1.hpp"
#include "ec/g2.hpp"

namespace cuzk::ec {

G1Jacobian g1_endomorphism(const G1Jacobian& p) {
  // x = X/Z², so βx = (βX)/Z²
  return {p.x * ff::Fq::from_montgomery(ff::constants::kG1EndoBeta), p.y, p.z};
}

bool g1_in_subgroup(const G1Affine& p) {
  if (p.infinity) return true;
  const G1Jacobian jp = p.to_jacobian();
  // x² = |x|², so [−x²]P = −[|x|]([|x|]P)
  const G1Jacobian minus_x2_p = -mul_u64(mul_u64(jp, ff::constants::kBlsXAbs), ff::constants::kBlsXAbs);
  return g1_endomorphism(jp) == minus_x2_p;
}

G2Jacobian g2_psi(const G2Jacobian& p) {
  // conj(X/Z²)·c_x = conj(X)·c_x / conj(Z)², likewise for y with Z³
  return {p.x.conjugate() * ff::Fq2::from_montgomery(ff::constants::kG2PsiX),
          p.y.conjugate() * ff::Fq2::from_montgomery(ff::constants::kG2PsiY), p.z.conjugate()};
}

bool g2_in_subgroup(const G2Affine& p) {
  if (p.infinity) return true;
  const G2Jacobian jp = p.to_jacobian();
  static_assert(ff::constants::kBlsXIsNegative);
  const G2Jacobian x_p = -mul_u64(jp, ff::constants::kBlsXAbs);  // [x]P with x < 0
  return g2_psi(jp) == x_p;
}

}  // namespace cuzk::ec
