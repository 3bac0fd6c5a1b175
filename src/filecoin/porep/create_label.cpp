// create_label: the label preimage's bit layout and its Fr32-packed SHA-256.
#include "filecoin/porep/create_label.hpp"

#include <cassert>

#include "filecoin/porep/porep_config.hpp"
#include "gadgets/sha256.hpp"

namespace cuzk::filecoin::porep {

using gadgets::Boolean;

gadgets::AllocatedNum create_label(r1cs::ConstraintSystem& cs, std::span<const Boolean> replica_id,
                                   std::span<const std::vector<Boolean>> parents, const gadgets::UInt32& layer,
                                   const gadgets::UInt64& node) {
  assert(replica_id.size() >= 32 && replica_id.size() <= 256);
  assert(parents.size() == kLabelParents);
  std::vector<Boolean> preimage(replica_id.begin(), replica_id.end());
  preimage.reserve((2 + kLabelParents) * 256);
  preimage.resize(256);  // pads with constant zeros
  for (const Boolean& bit : layer.to_bits_be()) preimage.push_back(bit);
  for (const Boolean& bit : node.to_bits_be()) preimage.push_back(bit);
  preimage.resize(512);
  for (const std::vector<Boolean>& parent : parents) {
    preimage.insert(preimage.end(), parent.begin(), parent.end());
    preimage.resize((preimage.size() + 255) / 256 * 256);
  }
  assert(preimage.size() == (2 + kLabelParents) * 256);
  r1cs::Namespace ns(cs, "create_label");
  return gadgets::sha256_fr32(cs, preimage);
}

}  // namespace cuzk::filecoin::porep
