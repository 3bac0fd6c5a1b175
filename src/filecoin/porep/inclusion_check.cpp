// Native inclusion-proof checks: shape, index, root, hash.
#include "filecoin/porep/inclusion_check.hpp"

#include "filecoin/por.hpp"

namespace cuzk::filecoin::porep {

using ff::Fr;

Result<TreeRules> TreeRules::of(const TreeShape& shape, uint64_t leaves) {
  TreeRules rules;
  rules.hasher = shape.hasher;
  CUZK_ASSIGN_OR_RETURN(rules.arities, shape.level_arities(leaves));
  rules.form = proof_form_of(shape);
  rules.base_levels = rules.arities.size() - upper_levels_of(shape);
  return rules;
}

const char* proof_form_name(ProofForm form) {
  return form == ProofForm::kSingle ? "Single" : form == ProofForm::kSub ? "Sub" : "Top";
}

std::string fr_hex(const Fr& value) {
  uint8_t bytes[32];
  value.to_bytes_le(bytes);
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out = "0x";
  for (size_t i = 32; i-- > 0;) {  // big-endian, as integers are written
    out.push_back(kDigits[bytes[i] >> 4]);
    out.push_back(kDigits[bytes[i] & 15]);
  }
  return out;
}

uint64_t path_leaf_index(const InclusionProof& proof, const TreeRules& rules) {
  uint64_t index = 0, weight = 1;
  for (size_t l = 0; l < rules.arities.size(); ++l) {
    index += weight * proof.path.levels[l].index;
    weight *= rules.arities[l];
  }
  return index;
}

Status check_inclusion(const InclusionProof& proof, const TreeRules& rules, uint64_t index, const Fr& root,
                       const std::string& where) {
  if (proof.form != rules.form || proof.base_levels != rules.base_levels ||
      proof.path.levels.size() != rules.arities.size()) {
    return Status::invalid_argument(where + ": a " + proof_form_name(proof.form) + " proof of " +
                                    std::to_string(proof.path.levels.size()) + " levels (" +
                                    std::to_string(proof.base_levels) + " base), the tree's are " +
                                    proof_form_name(rules.form) + " of " + std::to_string(rules.arities.size()) +
                                    " levels (" + std::to_string(rules.base_levels) + " base)");
  }
  for (size_t l = 0; l < rules.arities.size(); ++l) {
    const PathLevel& level = proof.path.levels[l];
    const size_t arity = rules.arities[l];
    if (level.siblings.size() != arity - 1 || level.index >= arity) {
      return Status::invalid_argument(where + ": path level " + std::to_string(l) + ": " +
                                      std::to_string(level.siblings.size()) + " hashes and index " +
                                      std::to_string(level.index) + " at arity " + std::to_string(arity));
    }
  }
  const uint64_t opened = path_leaf_index(proof, rules);
  if (opened != index) {
    return Status::invalid_argument(where + ": the path opens leaf " + std::to_string(opened) + ", expected " +
                                    std::to_string(index));
  }
  if (proof.root != root) {
    return Status::invalid_argument(where + ": root " + fr_hex(proof.root) + ", expected " + fr_hex(root));
  }
  const Fr computed = path_root(rules.hasher, proof.leaf, proof.path);
  if (computed != proof.root) {
    return Status::invalid_argument(where + ": the path hashes to " + fr_hex(computed) + ", not to its root " +
                                    fr_hex(proof.root));
  }
  return Status::ok();
}

}  // namespace cuzk::filecoin::porep
