// supraseal-c2's arguments made from cuzk's assignments, on the CPU (no GPU, no supraseal):
// cuzk's field elements are blst's Montgomery limbs (so the marshalled spans are cuzk's own
// memory); the marshalled densities and popcounts of a circuit with density gaps equal the ones
// derived independently from its recorded matrices, and fit the key its test setup made; every
// case in which supraseal would assert (or prove over another domain) is refused by name;
// supraseal's proof layout reads back as the proof it encodes; a .params file's shape is read
// from its counts alone.
#include "groth16/supraseal_args.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <sstream>

#include "groth16/bellperson_format.hpp"
#include "groth16/demo_circuit.hpp"
#include "groth16/setup.hpp"
#include "r1cs/shape.hpp"

namespace cuzk::groth16 {
namespace {

using ff::Fr;
using supraseal::Assignment;
using supraseal::as_supraseal;
using supraseal::marshal;
using supraseal::proof_from_supraseal;

r1cs::ProvingAssignment synthesize(const r1cs::Circuit& circuit, bool input_rows = true) {
  r1cs::ProvingAssignment cs;
  EXPECT_TRUE(circuit.synthesize(cs).is_ok());
  if (input_rows) cs.append_input_constraints();
  return cs;
}

ProvingKey key_of(const r1cs::Circuit& circuit) {
  auto pk = insecure_circuit_setup(circuit, 17, ThreadPool::shared());
  EXPECT_TRUE(pk.is_ok()) << pk.status().to_string();
  return pk.is_ok() ? std::move(pk).value() : ProvingKey{};
}

// Bit i of a marshalled bitmap, read as supraseal reads it.
bool bit(const uint64_t* words, size_t i) { return (words[i / 64] >> (i % 64)) & 1; }

// Set bits among the first n, counted one by one.
size_t count_bits(const uint64_t* words, size_t n) {
  size_t set = 0;
  for (size_t i = 0; i < n; ++i) set += bit(words, i) ? 1 : 0;
  return set;
}

// Whether each of `variables` columns from `first` has an entry in `m` (bellperson's density:
// any coefficient counts).
std::vector<bool> columns_used(const r1cs::SparseMatrix& m, size_t first, size_t variables) {
  std::vector<bool> used(variables, false);
  for (const uint64_t column : m.columns) {
    if (column >= first && column < first + variables) used[column - first] = true;
  }
  return used;
}

// R = 2^256 mod r and R = 2^384 mod p, least significant limb first: blst's (and so sppark's)
// Montgomery one, from the moduli r = 0x73eda753…00000001 and p = 0x1a0111ea…ffffaaab.
TEST(SuprasealLayout, CuzksFieldElementsAreBlstsMontgomeryLimbs) {
  const ff::Limbs<4> r_mod_r = {0x00000001fffffffe, 0x5884b7fa00034802, 0x998c4fefecbc4ff5, 0x1824b159acc5056f};
  EXPECT_EQ(Fr::one().montgomery(), r_mod_r);
  const ff::Limbs<6> r_mod_p = {0x760900000002fffd, 0xebf4000bc40c0002, 0x5f48985753c758ba,
                                0x77ce585370525745, 0x5c071a97a256ec6d, 0x15f65ec3fa80e493};
  EXPECT_EQ(ff::Fq::one().montgomery(), r_mod_p);
  const std::vector<Fr> values = {Fr::from_u64(3), Fr::one(), -Fr::one()};
  const supraseal::Fr* viewed = as_supraseal(values);
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(std::memcmp(viewed[i].limbs, values[i].montgomery().data(), sizeof(viewed[i].limbs)), 0) << i;
  }
}

TEST(SuprasealMarshal, ViewsTheAssignmentAndItsDensitiesFitTheKey) {
  const test::DemoCircuit circuit({true, false, true, true, false}, 9, 7);
  const r1cs::ProvingAssignment cs = synthesize(circuit);
  const ProvingKey pk = key_of(circuit);
  const Result<Assignment> marshalled = marshal(cs, params_shape(pk));
  ASSERT_TRUE(marshalled.is_ok()) << marshalled.status().to_string();
  const Assignment& m = *marshalled;

  // the spans are cuzk's own vectors
  EXPECT_EQ(m.abc_size, cs.a.size());
  EXPECT_EQ(static_cast<const void*>(m.a), static_cast<const void*>(cs.a.data()));
  EXPECT_EQ(static_cast<const void*>(m.b), static_cast<const void*>(cs.b.data()));
  EXPECT_EQ(static_cast<const void*>(m.c), static_cast<const void*>(cs.c.data()));
  EXPECT_EQ(m.inp_assignment_size, cs.input_assignment.size());
  EXPECT_EQ(static_cast<const void*>(m.inp_assignment_data), static_cast<const void*>(cs.input_assignment.data()));
  EXPECT_EQ(m.aux_assignment_size, cs.aux_assignment.size());
  EXPECT_EQ(static_cast<const void*>(m.aux_assignment_data), static_cast<const void*>(cs.aux_assignment.data()));

  // densities: bit for bit the columns the circuit's matrices use (independently recorded)
  r1cs::ShapeRecorder recorder;
  ASSERT_TRUE(circuit.synthesize(recorder).is_ok());
  const r1cs::R1csShape shape = std::move(recorder).finish(/*with_input_constraints=*/true);
  ASSERT_EQ(shape.num_inputs, m.inp_assignment_size);
  ASSERT_EQ(shape.num_aux, m.aux_assignment_size);
  const std::vector<bool> a_aux = columns_used(shape.a, shape.num_inputs, shape.num_aux);
  const std::vector<bool> b_aux = columns_used(shape.b, shape.num_inputs, shape.num_aux);
  const std::vector<bool> b_inp = columns_used(shape.b, 0, shape.num_inputs);
  ASSERT_EQ(m.a_aux_bit_len, shape.num_aux);
  ASSERT_EQ(m.b_aux_bit_len, shape.num_aux);
  ASSERT_EQ(m.b_inp_bit_len, shape.num_inputs);
  size_t gaps = 0;
  for (size_t j = 0; j < shape.num_aux; ++j) {
    EXPECT_EQ(bit(m.a_aux_density, j), a_aux[j]) << "aux " << j;
    EXPECT_EQ(bit(m.b_aux_density, j), b_aux[j]) << "aux " << j;
    gaps += (a_aux[j] ? 0 : 1) + (b_aux[j] ? 0 : 1);
  }
  for (size_t i = 0; i < shape.num_inputs; ++i) EXPECT_EQ(bit(m.b_inp_density, i), b_inp[i]) << "input " << i;
  EXPECT_GT(gaps, 0u) << "the circuit must exercise density gaps";
  EXPECT_EQ(m.a_aux_popcount, count_bits(m.a_aux_density, m.a_aux_bit_len));
  EXPECT_EQ(m.b_aux_popcount, count_bits(m.b_aux_density, m.b_aux_bit_len));
  EXPECT_EQ(m.b_inp_popcount, count_bits(m.b_inp_density, m.b_inp_bit_len));

  // supraseal's own assertions on entry, against the key's queries
  EXPECT_EQ(pk.l.size(), m.aux_assignment_size);
  EXPECT_EQ(pk.a.size(), m.inp_assignment_size + m.a_aux_popcount);
  EXPECT_EQ(pk.b_g1.size(), m.b_inp_popcount + m.b_aux_popcount);
  EXPECT_EQ(pk.b_g2.size(), pk.b_g1.size());
}

TEST(SuprasealMarshal, RefusesWhatSuprasealWouldAssertOn) {
  const test::DemoCircuit circuit({true, false, true}, 4, 5);
  const ParamsShape key = params_shape(key_of(circuit));

  const Result<Assignment> no_input_rows = marshal(synthesize(circuit, /*input_rows=*/false), key);
  EXPECT_EQ(no_input_rows.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(no_input_rows.status().message().find("input rows"), std::string::npos)
      << no_input_rows.status().message();

  const r1cs::ProvingAssignment cs = synthesize(circuit);
  const test::DemoCircuit other({true, false, true}, 4, 9);
  const Result<Assignment> other_key = marshal(cs, params_shape(key_of(other)));
  EXPECT_EQ(other_key.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(other_key.status().message().find("does not fit"), std::string::npos) << other_key.status().message();

  ParamsShape wider = key;  // H points of a domain twice the circuit's
  wider.h = 2 * (key.h + 1) - 1;
  const Result<Assignment> wider_domain = marshal(cs, wider);
  EXPECT_EQ(wider_domain.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(wider_domain.status().message().find("domain"), std::string::npos) << wider_domain.status().message();

  r1cs::ProvingAssignment uneven = cs;
  uneven.c.pop_back();
  EXPECT_EQ(marshal(uneven, key).status().code(), StatusCode::kInvalidArgument);
}

supraseal::Fq limbs_of(const ff::Fq& v) {
  supraseal::Fq out;
  for (size_t i = 0; i < 6; ++i) out.limbs[i] = v.montgomery()[i];
  return out;
}

// A point as supraseal writes it: Montgomery coordinates, (0, 0) at infinity.
supraseal::G1Affine layout_of(const ec::G1Affine& p) {
  if (p.infinity) return {};
  return {limbs_of(p.x), limbs_of(p.y)};
}
supraseal::G2Affine layout_of(const ec::G2Affine& p) {
  if (p.infinity) return {};
  return {{limbs_of(p.x.c0), limbs_of(p.x.c1)}, {limbs_of(p.y.c0), limbs_of(p.y.c1)}};
}

TEST(SuprasealProof, ReadsBackTheProofItEncodesAndRefusesBadPoints) {
  const Proof proof{ec::G1Jacobian::generator().mul(ff::Limbs<1>{3}).to_affine(),
                    ec::G2Jacobian::generator().mul(ff::Limbs<1>{5}).to_affine(), ec::G1Affine::identity()};
  const supraseal::Proof written{layout_of(proof.a), layout_of(proof.b), layout_of(proof.c)};
  const Result<Proof> read = proof_from_supraseal(written);
  ASSERT_TRUE(read.is_ok()) << read.status().to_string();
  EXPECT_EQ(*read, proof);

  supraseal::Proof unreduced = written;  // x = p: not a reduced Montgomery value
  for (size_t i = 0; i < 6; ++i) unreduced.a.x.limbs[i] = ff::Fq::modulus()[i];
  const Result<Proof> bad_field = proof_from_supraseal(unreduced);
  EXPECT_EQ(bad_field.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad_field.status().message().find("a: "), std::string::npos) << bad_field.status().message();

  supraseal::Proof off_curve = written;
  off_curve.b.y[0] = limbs_of(proof.b.y.c0 + ff::Fq::one());
  const Result<Proof> bad_point = proof_from_supraseal(off_curve);
  EXPECT_EQ(bad_point.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad_point.status().message().find("b: not on the curve"), std::string::npos)
      << bad_point.status().message();
}

TEST(ParamsShapeTest, IsReadFromTheCountsAlone) {
  const test::DemoCircuit circuit({true, true, false}, 6, 4);
  const ProvingKey pk = key_of(circuit);
  std::stringstream file;
  ASSERT_TRUE(write_proving_key(pk, file).is_ok());
  const std::string bytes = file.str();

  std::istringstream whole(bytes);
  const Result<ParamsShape> shape = read_params_shape(whole, "demo.params");
  ASSERT_TRUE(shape.is_ok()) << shape.status().to_string();
  EXPECT_EQ(*shape, params_shape(pk));

  std::istringstream truncated(bytes.substr(0, bytes.size() - 1));
  const Result<ParamsShape> short_file = read_params_shape(truncated, "demo.params");
  EXPECT_EQ(short_file.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(short_file.status().message().find("demo.params: truncated in b_g2"), std::string::npos)
      << short_file.status().message();

  std::istringstream trailing(bytes + "x");
  EXPECT_EQ(read_params_shape(trailing, "demo.params").status().code(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace cuzk::groth16
