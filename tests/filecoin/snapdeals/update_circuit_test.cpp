// The SnapDeals partition circuit's size: rust-fil-proofs' asserted constraint counts per
// partition (storage-proofs-update tests/circuit.rs, 1 KiB … 32 KiB, and the 32 GiB blank
// circuit's 81,049,499), counted whole and by scaling one challenge; the custom-tag Poseidon.
#include <gtest/gtest.h>

#include <array>

#include "filecoin/snapdeals/randomness.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "gadgets/poseidon.hpp"
#include "poseidon/optimized.hpp"
#include "r1cs/counting_constraint_system.hpp"
#include "support/r1cs/test_constraint_system.hpp"

namespace cuzk::filecoin::snapdeals {
namespace {

using ff::Fr;
constexpr uint64_t kKiB = 1024, kGiB = 1024 * 1024 * kKiB;

// A whole blank partition counted constraint by constraint.
uint64_t full_count(const SnapConfig& config) {
  const SnapPartitionProof blank = *blank_snap_partition(config);
  r1cs::CountingConstraintSystem cs;
  EXPECT_TRUE(synthesize_snap_partition(cs, config, blank_snap_public_inputs(config), *snap_private_inputs(blank)).is_ok());
  EXPECT_EQ(cs.num_inputs(), 5u);  // ONE + 4
  return cs.num_constraints();
}

TEST(SnapCircuit, RustFilProofsCountsPerPartition) {
  const std::pair<uint64_t, uint64_t> cases[] = {{1 * kKiB, 1248389},  {2 * kKiB, 1705039},  {4 * kKiB, 2165109},
                                                 {8 * kKiB, 2620359},  {16 * kKiB, 6300021}, {32 * kKiB, 6760091}};
  for (const auto& [size, expected] : cases) {
    const SnapConfig config = *snap_config(size);
    EXPECT_EQ(full_count(config), expected) << size;
    const CircuitSize scaled = *snap_circuit_size(config);
    EXPECT_EQ(scaled.constraints, expected) << size;
    EXPECT_EQ(scaled.inputs, 5u);
  }
}

TEST(SnapCircuit, ThirtyTwoGiBBlankCircuit) {
  // tests/circuit.rs test_empty_sector_update_constraints_32gib (BenchCS).
  const CircuitSize size = *snap_circuit_size(*snap_config(32 * kGiB));
  EXPECT_EQ(size.constraints, 81049499u);
  EXPECT_EQ(size.inputs, 5u);
  EXPECT_EQ(size.domain_log2(), 27u);
}

TEST(SnapCircuit, CustomTagPoseidonGadgetMatchesNative) {
  const poseidon::OptimizedConstants& c = gen_randomness_constants();
  EXPECT_EQ(c.domain_tag, Fr::from_u64(uint64_t{1} << 40));
  r1cs::TestConstraintSystem cs;
  const gadgets::AllocatedNum a = gadgets::AllocatedNum::alloc(cs, Fr::from_u64(12345));
  const gadgets::AllocatedNum b = gadgets::AllocatedNum::alloc(cs, Fr::from_u64(678));
  const gadgets::AllocatedNum preimage[2] = {a, b};
  const gadgets::AllocatedNum h = gadgets::poseidon_hash(cs, preimage, c);
  EXPECT_EQ(cs.num_constraints(), 311u);
  EXPECT_TRUE(cs.is_satisfied());
  EXPECT_EQ(h.value, snap_phi(a.value, b.value));
  const std::array<Fr, 2> values = {a.value, b.value};
  EXPECT_NE(h.value, poseidon::poseidon_hash_optimized(values));  // the Merkle-tree tag differs
}

TEST(SnapCircuit, RefusesBadSelectorsAndShapes) {
  const SnapConfig config = *snap_config(16 * kKiB);
  SnapPartitionProof blank = *blank_snap_partition(config);
  r1cs::CountingConstraintSystem cs;
  SnapPublicInputs inputs = blank_snap_public_inputs(config);
  inputs.k_and_h_select = Fr::from_u64(2);  // one partition bit: k = 0, h_select = 1
  EXPECT_TRUE(check_snap_circuit_inputs(config, inputs, *snap_private_inputs(blank)).is_ok());
  inputs.k_and_h_select = Fr::from_u64(1);  // k = 1, no h_select bit
  EXPECT_FALSE(check_snap_circuit_inputs(config, inputs, *snap_private_inputs(blank)).is_ok());
  inputs.k_and_h_select = Fr::from_u64(2 + 64 + 128);  // a bit above h_select
  EXPECT_FALSE(check_snap_circuit_inputs(config, inputs, *snap_private_inputs(blank)).is_ok());
  inputs = blank_snap_public_inputs(config);
  blank.challenge_proofs[3].proof_r_new.path.levels.pop_back();
  const Status s = synthesize_snap_partition(cs, config, inputs, *snap_private_inputs(blank));
  EXPECT_NE(s.message().find("challenge 3: proof_r_new"), std::string::npos) << s.message();
  EXPECT_EQ(cs.num_constraints(), 0u);
}

}  // namespace
}  // namespace cuzk::filecoin::snapdeals
