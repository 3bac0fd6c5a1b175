// Marshalling into supraseal-c2's arguments and reading its proofs (supraseal_args.hpp).
#include "groth16/supraseal_args.hpp"

#include <bit>
#include <optional>
#include <string>

#include "ec/g1.hpp"
#include "ec/g2.hpp"
#include "ff/fq2.hpp"

namespace cuzk::groth16::supraseal {
namespace {

Status mismatch(const std::string& what) { return Status::invalid_argument("supraseal-c2 arguments: " + what); }

std::string count(const char* name, size_t value) { return std::string(name) + " " + std::to_string(value); }

// A reduced Montgomery-form coordinate, or nullopt.
std::optional<ff::Fq> coordinate(const Fq& value) {
  ff::Limbs<6> limbs;
  for (size_t i = 0; i < limbs.size(); ++i) limbs[i] = value.limbs[i];
  if (!ff::less_than(limbs, ff::Fq::modulus())) return std::nullopt;
  return ff::Fq::from_montgomery(limbs);
}

Status bad_point(const std::string& name, const char* problem) {
  return Status::invalid_argument("supraseal-c2 proof: " + name + ": " + problem);
}

Result<ec::G1Affine> g1(const G1Affine& p, const std::string& name) {
  const std::optional<ff::Fq> x = coordinate(p.x), y = coordinate(p.y);
  if (!x || !y) return bad_point(name, "a coordinate is not a reduced field element");
  if (x->is_zero() && y->is_zero()) return ec::G1Affine::identity();
  const ec::G1Affine out = ec::G1Affine::from_xy(*x, *y);
  if (!out.is_on_curve()) return bad_point(name, "not on the curve");
  return out;
}

Result<ec::G2Affine> g2(const G2Affine& p, const std::string& name) {
  const std::optional<ff::Fq> x0 = coordinate(p.x[0]), x1 = coordinate(p.x[1]);
  const std::optional<ff::Fq> y0 = coordinate(p.y[0]), y1 = coordinate(p.y[1]);
  if (!x0 || !x1 || !y0 || !y1) return bad_point(name, "a coordinate is not a reduced field element");
  const ff::Fq2 x{*x0, *x1}, y{*y0, *y1};
  if (x.is_zero() && y.is_zero()) return ec::G2Affine::identity();
  const ec::G2Affine out = ec::G2Affine::from_xy(x, y);
  if (!out.is_on_curve()) return bad_point(name, "not on the curve");
  return out;
}

}  // namespace

Result<Assignment> marshal(const r1cs::ProvingAssignment& cs, const ParamsShape& key) {
  if (!cs.input_constraints_appended()) {
    return mismatch("bellperson's input rows are not appended (ProvingAssignment::append_input_constraints)");
  }
  const size_t rows = cs.a.size(), inputs = cs.input_assignment.size(), aux = cs.aux_assignment.size();
  if (cs.b.size() != rows || cs.c.size() != rows) {
    return mismatch("a, b, c differ in length: " + count("a", rows) + ", " + count("b", cs.b.size()) + ", " +
                    count("c", cs.c.size()));
  }
  if (cs.a_aux_density.size() != aux || cs.b_aux_density.size() != aux || cs.b_input_density.size() != inputs) {
    return mismatch("density bitmaps do not cover the variables: " + count("aux", aux) + ", " +
                    count("inputs", inputs) + "; " + count("a_aux bits", cs.a_aux_density.size()) + ", " +
                    count("b_aux bits", cs.b_aux_density.size()) + ", " +
                    count("b_inp bits", cs.b_input_density.size()));
  }
  Assignment out{};
  out.a_aux_density = cs.a_aux_density.words().data();
  out.a_aux_bit_len = aux;
  out.a_aux_popcount = cs.a_aux_density.popcount();
  out.b_inp_density = cs.b_input_density.words().data();
  out.b_inp_bit_len = inputs;
  out.b_inp_popcount = cs.b_input_density.popcount();
  out.b_aux_density = cs.b_aux_density.words().data();
  out.b_aux_bit_len = aux;
  out.b_aux_popcount = cs.b_aux_density.popcount();
  out.a = as_supraseal(cs.a);
  out.b = as_supraseal(cs.b);
  out.c = as_supraseal(cs.c);
  out.abc_size = rows;
  out.inp_assignment_data = as_supraseal(cs.input_assignment);
  out.inp_assignment_size = inputs;
  out.aux_assignment_data = as_supraseal(cs.aux_assignment);
  out.aux_assignment_size = aux;

  const size_t b_dense = out.b_inp_popcount + out.b_aux_popcount;
  if (key.ic != inputs || key.l != aux || key.a != inputs + out.a_aux_popcount || key.b_g1 != b_dense ||
      key.b_g2 != b_dense) {
    return mismatch("the key does not fit the circuit: key " + count("ic", key.ic) + ", " + count("l", key.l) + ", " +
                    count("a", key.a) + ", " + count("b_g1", key.b_g1) + ", " + count("b_g2", key.b_g2) +
                    "; circuit " + count("inputs", inputs) + ", " + count("aux", aux) + ", " +
                    count("A-dense aux", out.a_aux_popcount) + ", " + count("B-dense variables", b_dense));
  }
  // supraseal: lg2(h − 1) + 1 with lg2 the floor of log2 (0 for 0); bellperson: the rows'.
  const size_t domain = std::bit_ceil(rows);
  const size_t supraseal_domain =
      key.h == 0 ? 0 : size_t{2} << (key.h == 1 ? 0 : std::bit_width(key.h - 1) - 1);
  if (supraseal_domain != domain) {
    return mismatch("supraseal would prove over a domain of " + std::to_string(supraseal_domain) +
                    " points (from the key's " + count("H points", key.h) + "), the circuit's " +
                    std::to_string(rows) + " rows make it " + std::to_string(domain));
  }
  return out;
}

Result<groth16::Proof> proof_from_supraseal(const Proof& proof) {
  groth16::Proof out;
  CUZK_ASSIGN_OR_RETURN(out.a, g1(proof.a, "a"));
  CUZK_ASSIGN_OR_RETURN(out.b, g2(proof.b, "b"));
  CUZK_ASSIGN_OR_RETURN(out.c, g1(proof.c, "c"));
  return out;
}

}  // namespace cuzk::groth16::supraseal
