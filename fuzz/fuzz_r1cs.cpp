// libFuzzer target: circom .r1cs reader (BinFile::parse + parse_r1cs, the in-memory path behind
// read_r1cs), then check_witness over whatever was accepted.
//
// Invariants checked on every accepted file:
//   * the CSR layout is consistent: 3·nConstraints + 1 offsets, starting at 0, non-decreasing,
//     ending at terms.size(); every row() span is in range;
//   * every wire index is < nWires, the wire map is empty or has nWires entries;
//   * check_witness on a witness of the wrong size is INVALID_ARGUMENT, and on a witness of the
//     right size (w_0 = 1, w_i = i) is OK or UNSATISFIABLE — never anything else.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "circom/binfile.hpp"
#include "circom/r1cs_file.hpp"
#include "fuzz_util.hpp"

using namespace cuzk;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.r1cs";
  auto file = circom::BinFile::parse(fuzz::bytes_of(data, size), path, "r1cs", 1);
  if (!file.is_ok()) {
    FUZZ_CHECK(file.status().code() == StatusCode::kInvalidArgument);
    return 0;
  }
  auto parsed = circom::parse_r1cs(*file);
  if (!parsed.is_ok()) {
    FUZZ_CHECK(parsed.status().code() == StatusCode::kInvalidArgument);
    FUZZ_CHECK(parsed.status().message().find(path) != std::string::npos);  // errors name the file
    return 0;
  }
  const circom::R1cs& r = *parsed;
  FUZZ_CHECK(r.offsets.size() == 3 * size_t{r.n_constraints} + 1);
  FUZZ_CHECK(r.offsets.front() == 0);
  FUZZ_CHECK(r.offsets.back() == r.terms.size());
  for (size_t k = 1; k < r.offsets.size(); ++k) FUZZ_CHECK(r.offsets[k - 1] <= r.offsets[k]);
  for (const circom::R1csTerm& t : r.terms) FUZZ_CHECK(t.wire < r.n_wires);
  FUZZ_CHECK(r.wire_to_label.empty() || r.wire_to_label.size() == r.n_wires);
  FUZZ_CHECK(uint64_t{1} + r.n_outputs + r.n_pub_inputs + r.n_prv_inputs <= r.n_wires);  // ONE + named wires
  size_t total = 0;
  for (size_t j = 0; j < r.n_constraints; ++j) {
    for (size_t m = 0; m < 3; ++m) total += r.row(j, m).size();
  }
  FUZZ_CHECK(total == r.terms.size());

  // The witness checker over the parsed system (bounded: nWires comes from the file).
  if (r.n_wires <= (1u << 16)) {
    std::vector<ff::Fr> witness(r.n_wires);
    for (size_t i = 0; i < witness.size(); ++i) witness[i] = ff::Fr::from_u64(i == 0 ? 1 : i);
    const Status s = circom::check_witness(r, witness, "w", "r");
    FUZZ_CHECK(s.is_ok() || s.code() == StatusCode::kUnsatisfiable);
    witness.push_back(ff::Fr::one());
    FUZZ_CHECK(circom::check_witness(r, witness, "w", "r").code() == StatusCode::kInvalidArgument);
  }
  return 0;
}
