// G1: the order-r subgroup of E(Fq): y² = x³ + 4.
#pragma once

#include "ec/curve.hpp"
#include "ff/fq.hpp"

namespace cuzk::ec {

struct G1Config {
  using Field = ff::Fq;
  static ff::Fq b() { return ff::Fq::from_montgomery(ff::constants::kG1B); }
  static Affine<G1Config> generator() {
    return Affine<G1Config>::from_xy(ff::Fq::from_montgomery(ff::constants::kG1GeneratorX),
                                     ff::Fq::from_montgomery(ff::constants::kG1GeneratorY));
  }
};

using G1Affine = Affine<G1Config>;
using G1Jacobian = Jacobian<G1Config>;
using G1Xyzz = Xyzz<G1Config>;

// φ(x, y) = (βx, y), β a cube root of unity chosen so that φ acts on G1 as [−x²].
G1Jacobian g1_endomorphism(const G1Jacobian& p);

// P ∈ G1 ⇔ φ(P) = [−x²]P (Scott, eprint 2021/1130 §6; proof in eprint 2022/352).
// Cost: two 64-bit double-and-add chains, not a multiplication by r.
bool g1_in_subgroup(const G1Affine& p);

}  // namespace cuzk::ec
