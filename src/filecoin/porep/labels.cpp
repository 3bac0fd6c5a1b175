// Labels and column hashes.
#include "filecoin/porep/labels.hpp"

#include <cassert>

#include "gadgets/sha256_native.hpp"
#include "poseidon/optimized.hpp"

namespace cuzk::filecoin::porep {

ff::Fr compute_label(const Bytes32& replica_id, uint32_t layer, uint64_t node, std::span<const ff::Fr> parents) {
  uint8_t header[64] = {};
  std::copy(replica_id.begin(), replica_id.end(), header);
  for (size_t b = 0; b < 4; ++b) header[32 + b] = static_cast<uint8_t>(layer >> (24 - 8 * b));
  for (size_t b = 0; b < 8; ++b) header[36 + b] = static_cast<uint8_t>(node >> (56 - 8 * b));
  gadgets::Sha256 h;
  h.update(header);
  for (const ff::Fr& parent : parents) {
    uint8_t bytes[32];
    parent.to_bytes_le(bytes);
    h.update(bytes);
  }
  return *ff::Fr::from_bytes_le(gadgets::trim_to_fr32(std::move(h).finish()));  // < 2^254 < r
}

std::vector<ff::Fr> label_parents(size_t layer, const ParentColumns& columns) {
  assert(layer >= 1);
  const size_t used = layer == 1 ? kDrgDegree : kParentCount;
  std::vector<ff::Fr> out;
  out.reserve(kLabelParents);
  for (size_t j = 0; j < kLabelParents; ++j) {
    const size_t k = j % used;
    const std::vector<ff::Fr>& rows = *columns[k];
    const size_t row = k < kDrgDegree ? layer - 1 : layer - 2;
    assert(row < rows.size());
    out.push_back(rows[row]);
  }
  return out;
}

ff::Fr column_hash(std::span<const ff::Fr> rows) {
  assert(rows.size() == 2 || rows.size() == 11);
  return poseidon::poseidon_hash_optimized(rows);
}

}  // namespace cuzk::filecoin::porep
