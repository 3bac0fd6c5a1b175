// The native check of one Merkle inclusion proof (InclusionProof, commit1.hpp) against a tree:
// its form (Single/Sub/Top) and level arities, the leaf index its path opens, its root, and the
// root its path hashes to. Shared by the PoRep Commit-1 checks and the SnapDeals partition
// checks; errors name the caller's `where` and the values in hex.
#pragma once

#include <string>
#include <vector>

#include "filecoin/porep/commit1.hpp"

namespace cuzk::filecoin::porep {

// The shape every inclusion proof of one tree must have.
struct TreeRules {
  TreeHasher hasher = TreeHasher::kPoseidon;
  std::vector<size_t> arities;  // per level, from the leaves up
  ProofForm form = ProofForm::kSingle;
  size_t base_levels = 0;

  // The rules of `shape` over `leaves` (an error if the shape does not fit them).
  static Result<TreeRules> of(const TreeShape& shape, uint64_t leaves);
};

// "Single", "Sub", "Top".
const char* proof_form_name(ProofForm form);

// The path index a proof's levels encode (Σ index_l · Π arity below l); the levels must fit
// `rules` (check_inclusion checks that first).
uint64_t path_leaf_index(const InclusionProof& proof, const TreeRules& rules);

// kInvalidArgument, prefixed with `where`, unless the proof has the rules' form and arities,
// opens leaf `index`, has root `root`, and its path hashes from its leaf to that root.
Status check_inclusion(const InclusionProof& proof, const TreeRules& rules, uint64_t index, const ff::Fr& root,
                       const std::string& where);

// A field element as a 0x-prefixed big-endian hex integer (for error messages).
std::string fr_hex(const ff::Fr& value);

}  // namespace cuzk::filecoin::porep
