// .r1cs reader and witness check (format in r1cs_file.hpp).
#include "circom/r1cs_file.hpp"

#include "circom/field_io.hpp"

namespace cuzk::circom {

namespace {

constexpr uint32_t kHeaderSection = 1;
constexpr uint32_t kConstraintsSection = 2;
constexpr uint32_t kWireMapSection = 3;
constexpr uint32_t kCustomGatesListSection = 4;
constexpr uint32_t kCustomGatesUsesSection = 5;

constexpr const char* kMatrixNames[3] = {"A", "B", "C"};

Status read_header(const BinFile& file, R1cs& out) {
  auto section = file.unique_section(kHeaderSection, "header");
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, "header");
  CUZK_RETURN_IF_ERROR(read_scalar_field_prime(rd, file.path() + ": section 1 (header)"));
  if (!rd.read_u32(out.n_wires)) return rd.truncated("nWires", 4);
  if (!rd.read_u32(out.n_outputs)) return rd.truncated("nOutputs", 4);
  if (!rd.read_u32(out.n_pub_inputs)) return rd.truncated("nPubInputs", 4);
  if (!rd.read_u32(out.n_prv_inputs)) return rd.truncated("nPrvInputs", 4);
  if (!rd.read_u64(out.n_labels)) return rd.truncated("nLabels", 8);
  if (!rd.read_u32(out.n_constraints)) return rd.truncated("nConstraints", 4);
  CUZK_RETURN_IF_ERROR(rd.expect_end());
  const uint64_t named = uint64_t{1} + out.n_outputs + out.n_pub_inputs + out.n_prv_inputs;
  if (named > out.n_wires) {
    return rd.error("the ONE wire, " + std::to_string(out.n_outputs) + " outputs, " + std::to_string(out.n_pub_inputs) +
                    " public and " + std::to_string(out.n_prv_inputs) + " private inputs do not fit into " +
                    std::to_string(out.n_wires) + " wires");
  }
  return Status::ok();
}

Status read_constraints(const BinFile& file, R1cs& out) {
  auto section = file.unique_section(kConstraintsSection, "constraints");
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, "constraints");
  // Each constraint holds three term counts at least: bound the table by the section size
  // before allocating it.
  if (!fits(out.n_constraints, 12, rd.remaining())) {
    return rd.error("truncated: " + std::to_string(out.n_constraints) + " constraints need at least " +
                    std::to_string(uint64_t{12} * out.n_constraints) + " bytes, the section has " +
                    std::to_string(rd.remaining()));
  }
  out.offsets.assign(size_t{3} * out.n_constraints + 1, 0);
  constexpr size_t kTermBytes = 4 + kFrBytes;
  for (uint32_t j = 0; j < out.n_constraints; ++j) {
    for (size_t m = 0; m < 3; ++m) {
      const std::string where = "constraint " + std::to_string(j) + " " + kMatrixNames[m];
      uint32_t n_terms = 0;
      if (!rd.read_u32(n_terms)) return rd.truncated(where + " term count", 4);
      if (!fits(n_terms, kTermBytes, rd.remaining())) {
        return rd.truncated(where + ": " + std::to_string(n_terms) + " terms",
                            static_cast<size_t>(uint64_t{n_terms} * kTermBytes));
      }
      for (uint32_t t = 0; t < n_terms; ++t) {
        R1csTerm term;
        std::span<const uint8_t> coeff;
        rd.read_u32(term.wire);  // cannot fail: bounded above
        rd.read_bytes(kFrBytes, coeff);
        if (term.wire >= out.n_wires) {
          return rd.error(where + " term " + std::to_string(t) + ": wire " + std::to_string(term.wire) +
                          " out of range (the circuit has " + std::to_string(out.n_wires) + " wires)");
        }
        const auto value = fr_from_le(coeff.first<kFrBytes>());
        if (!value) return rd.error(where + " term " + std::to_string(t) + ": coefficient is not below r");
        term.coeff = *value;
        out.terms.push_back(term);
      }
      out.offsets[3 * j + m + 1] = out.terms.size();
    }
  }
  return rd.expect_end();
}

Status read_wire_map(const BinFile& file, R1cs& out) {
  if (!file.has_section(kWireMapSection)) return Status::ok();
  auto section = file.unique_section(kWireMapSection, "wire map");
  if (!section.is_ok()) return section.status();
  SectionReader rd(file, *section, "wire map");
  if (rd.remaining() != uint64_t{8} * out.n_wires) {
    return rd.error("size mismatch: " + std::to_string(out.n_wires) + " wires need " +
                    std::to_string(uint64_t{8} * out.n_wires) + " bytes, the section has " +
                    std::to_string(rd.remaining()));
  }
  out.wire_to_label.resize(out.n_wires);
  for (uint64_t& label : out.wire_to_label) rd.read_u64(label);
  return rd.expect_end();
}

}  // namespace

Result<R1cs> read_r1cs(const std::string& path) {
  auto file = BinFile::open(path, "r1cs", 1);
  if (!file.is_ok()) return file.status();
  return parse_r1cs(*file);
}

Result<R1cs> parse_r1cs(const BinFile& file) {
  if (file.has_section(kCustomGatesListSection) || file.has_section(kCustomGatesUsesSection)) {
    return file.error("uses custom gates (sections 4/5, PLONK only); Groth16 needs a plain R1CS");
  }
  R1cs out;
  CUZK_RETURN_IF_ERROR(read_header(file, out));
  CUZK_RETURN_IF_ERROR(read_constraints(file, out));
  CUZK_RETURN_IF_ERROR(read_wire_map(file, out));
  return out;
}

Status check_witness(const R1cs& r1cs, std::span<const ff::Fr> witness, const std::string& witness_name,
                     const std::string& r1cs_name) {
  if (witness.size() != r1cs.n_wires) {
    return Status::invalid_argument(witness_name + ": the witness has " + std::to_string(witness.size()) +
                                    " values but " + r1cs_name + " has " + std::to_string(r1cs.n_wires) +
                                    " wires (a witness for another circuit?)");
  }
  if (witness.empty() || !witness[0].is_one()) {
    return Status::invalid_argument(witness_name + ": witness[0] (the constant ONE wire) is not 1");
  }
  auto eval = [&](std::span<const R1csTerm> row) {
    ff::Fr acc;
    for (const R1csTerm& t : row) acc += t.coeff * witness[t.wire];
    return acc;
  };
  for (size_t j = 0; j < r1cs.n_constraints; ++j) {
    const ff::Fr a = eval(r1cs.row(j, 0)), b = eval(r1cs.row(j, 1)), c = eval(r1cs.row(j, 2));
    if (a * b != c) {
      return Status(StatusCode::kUnsatisfiable,
                    witness_name + " does not satisfy " + r1cs_name + ": constraint " + std::to_string(j) +
                        " fails (A·w = " + a.to_decimal() + ", B·w = " + b.to_decimal() + ", C·w = " + c.to_decimal() +
                        ")");
    }
  }
  return Status::ok();
}

}  // namespace cuzk::circom
