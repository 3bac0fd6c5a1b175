// G2: the order-r subgroup of the sextic M-twist E'(Fq2): y² = x³ + 4(u + 1).
#pragma once

#include "ec/curve.hpp"
#include "ff/fq2.hpp"

namespace cuzk::ec {

struct G2Config {
  using Field = ff::Fq2;
  static ff::Fq2 b() { return ff::Fq2::from_montgomery(ff::constants::kG2B); }
  static Affine<G2Config> generator() {
    return Affine<G2Config>::from_xy(ff::Fq2::from_montgomery(ff::constants::kG2GeneratorX),
                                     ff::Fq2::from_montgomery(ff::constants::kG2GeneratorY));
  }
};

using G2Affine = Affine<G2Config>;
using G2Jacobian = Jacobian<G2Config>;
using G2Xyzz = Xyzz<G2Config>;

// ψ = untwist ∘ Frobenius ∘ twist: (x, y) ↦ (conj(x)·c_x, conj(y)·c_y) with
// c_x = 1/(u+1)^((p−1)/3), c_y = 1/(u+1)^((p−1)/2); acts on G2 as [x].
G2Jacobian g2_psi(const G2Jacobian& p);

// P ∈ G2 ⇔ ψ(P) = [x]P (Scott, eprint 2021/1130 §4; proof in eprint 2022/352).
bool g2_in_subgroup(const G2Affine& p);

}  // namespace cuzk::ec
