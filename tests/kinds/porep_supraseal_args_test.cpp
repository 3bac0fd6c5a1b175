// supraseal-c2's arguments for a real PoRep partition, on the CPU: the real 2 KiB Commit-1
// output's partition as the benchmark beside supraseal makes it (the kind's witness, made whole
// by witness::materialize, bellperson's input rows appended) marshals against the shape of the
// porep-2KiB parameter file cuzk wrote (the porep_params fixture's), and its marshalled
// densities, popcounts, a, b, c and assignments are word for word those of classic synthesis of
// the same partition (cuzk's own reference).
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>

#include "groth16/bellperson_format.hpp"
#include "groth16/supraseal_args.hpp"
#include "kinds/catalog.hpp"
#include "kinds/native_circuit.hpp"
#include "support/kind_recorded_check.hpp"

namespace cuzk::kinds {
namespace {

std::vector<uint8_t> fixture_bytes() {
  std::ifstream in(std::string(CUZK_FILECOIN_FIXTURES_DIR) + "/c1-2KiB.json", std::ios::binary);
  EXPECT_TRUE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The n values at `data` are `want`, byte for byte.
void expect_same_memory(const void* data, size_t n, const std::vector<ff::Fr>& want, const char* what) {
  ASSERT_EQ(n, want.size()) << what;
  EXPECT_EQ(std::memcmp(data, want.data(), n * sizeof(ff::Fr)), 0) << what;
}

// The first `bits` bits of a marshalled bitmap are `want`'s, and so is its popcount.
void expect_same_bits(const uint64_t* words, size_t bits, size_t popcount, const r1cs::DensityBitmap& want,
                      const char* what) {
  ASSERT_EQ(bits, want.size()) << what;
  EXPECT_EQ(popcount, want.popcount()) << what;
  const size_t full = bits / 64;
  for (size_t w = 0; w < full; ++w) ASSERT_EQ(words[w], want.words()[w]) << what << " word " << w;
  if (bits % 64 != 0) {
    const uint64_t mask = (uint64_t{1} << (bits % 64)) - 1;
    EXPECT_EQ(words[full] & mask, want.words()[full] & mask) << what << " last word";
  }
}

TEST(PorepSuprasealArgs, TheReal2KiBPartitionMarshalsAgainstItsParameterFile) {
  ThreadPool pool(2);
  KindsConfig config;
  config.params.generated_dir = CUZK_POREP_PARAMS_DIR;  // the porep_params fixture's (or made here)
  config.params.filecoin_cache_dirs.clear();
  auto catalog = make_catalog(config);
  ASSERT_TRUE(catalog.is_ok()) << catalog.status().to_string();
  const std::shared_ptr<const engine::CircuitDef> def = (*catalog)->find("porep-2KiB");
  ASSERT_TRUE(def);
  ASSERT_TRUE(def->ensure_srs_file(pool).is_ok());
  std::ifstream params(def->srs_path(), std::ios::binary);
  const Result<groth16::ParamsShape> key = groth16::read_params_shape(params, def->srs_path());
  ASSERT_TRUE(key.is_ok()) << key.status().to_string();

  const std::vector<uint8_t> payload = fixture_bytes();
  const Result<engine::ValidatedPayload> validated = def->validate(payload, pool);
  ASSERT_TRUE(validated.is_ok()) << validated.status().to_string();
  const test::NoSrs srs;
  auto synthesized = def->synthesize(srs, {}, validated->prepared, 0, pool);
  ASSERT_TRUE(synthesized.is_ok()) << synthesized.status().to_string();
  r1cs::ProvingAssignment whole;
  ASSERT_TRUE(witness::materialize((*synthesized)->witness, whole, pool).is_ok());
  whole.append_input_constraints();
  const Result<groth16::supraseal::Assignment> marshalled = groth16::supraseal::marshal(whole, *key);
  ASSERT_TRUE(marshalled.is_ok()) << marshalled.status().to_string();
  const groth16::supraseal::Assignment& m = *marshalled;

  const NativeCircuitSpec* spec = native_circuit_spec(*def);
  ASSERT_NE(spec, nullptr);
  auto circuit = spec->circuit(validated->prepared.get(), 0);
  ASSERT_TRUE(circuit.is_ok()) << circuit.status().to_string();
  r1cs::ProvingAssignment classic;
  ASSERT_TRUE((*circuit)->synthesize(classic).is_ok());
  classic.append_input_constraints();
  expect_same_bits(m.a_aux_density, m.a_aux_bit_len, m.a_aux_popcount, classic.a_aux_density, "a_aux density");
  expect_same_bits(m.b_inp_density, m.b_inp_bit_len, m.b_inp_popcount, classic.b_input_density, "b_inp density");
  expect_same_bits(m.b_aux_density, m.b_aux_bit_len, m.b_aux_popcount, classic.b_aux_density, "b_aux density");
  expect_same_memory(m.a, m.abc_size, classic.a, "a");
  expect_same_memory(m.b, m.abc_size, classic.b, "b");
  expect_same_memory(m.c, m.abc_size, classic.c, "c");
  expect_same_memory(m.inp_assignment_data, m.inp_assignment_size, classic.input_assignment, "inputs");
  expect_same_memory(m.aux_assignment_data, m.aux_assignment_size, classic.aux_assignment, "aux");
  std::printf("porep-2KiB partition 0: %zu rows, %zu inputs, %zu aux (%zu in A, %zu in B), key h %zu\n", m.abc_size,
              m.inp_assignment_size, m.aux_assignment_size, m.a_aux_popcount, m.b_aux_popcount, key->h);
}

}  // namespace
}  // namespace cuzk::kinds
