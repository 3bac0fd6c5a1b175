// Tree shapes and the sector sizes that use them.
#include "filecoin/tree_shape.hpp"

#include <bit>

#include "filecoin/sector_size.hpp"

namespace cuzk::filecoin {

size_t TreeShape::base_tree_count() const {
  if (top_arity != 0) return sub_arity * top_arity;
  return sub_arity != 0 ? sub_arity : 1;
}

std::string TreeShape::to_string() const {
  return std::string(hasher == TreeHasher::kPoseidon ? "poseidon " : "sha256 ") + std::to_string(base_arity) + "-" +
         std::to_string(sub_arity) + "-" + std::to_string(top_arity);
}

Result<std::vector<size_t>> TreeShape::level_arities(uint64_t leaves) const {
  auto pow2_arity = [](size_t a) { return a == 2 || a == 4 || a == 8; };
  if (!pow2_arity(base_arity) || (sub_arity != 0 && !pow2_arity(sub_arity)) ||
      (top_arity != 0 && (!pow2_arity(top_arity) || sub_arity == 0))) {
    return Status::invalid_argument("unsupported tree shape " + to_string());
  }
  const uint64_t count = base_tree_count();
  if (leaves == 0 || leaves % count != 0) {
    return Status::invalid_argument(std::to_string(leaves) + " leaves do not split into " + std::to_string(count) +
                                    " base trees");
  }
  const uint64_t base_leaves = leaves / count;
  const size_t level_bits = static_cast<size_t>(std::countr_zero(base_arity));
  const size_t leaf_bits = static_cast<size_t>(std::countr_zero(base_leaves));
  if (!std::has_single_bit(base_leaves) || leaf_bits % level_bits != 0 || leaf_bits == 0) {
    return Status::invalid_argument("a base tree of " + std::to_string(base_leaves) + " leaves is not a power of " +
                                    std::to_string(base_arity));
  }
  std::vector<size_t> arities(leaf_bits / level_bits, base_arity);
  if (sub_arity != 0) arities.push_back(sub_arity);
  if (top_arity != 0) arities.push_back(top_arity);
  return arities;
}

Result<TreeShape> tree_shape_for_sector(uint64_t sector_size) {
  TreeShape shape;
  switch (sector_size) {
    case 2 * kKiB: case 8 * kMiB: case 512 * kMiB: break;
    case 4 * kKiB: case 16 * kMiB: case 1 * kGiB: shape.sub_arity = 2; break;
    case 16 * kKiB: case 32 * kGiB: shape.sub_arity = 8; break;
    case 32 * kKiB: case 64 * kGiB: shape.sub_arity = 8; shape.top_arity = 2; break;
    default:
      return Status::invalid_argument("unsupported sector size " + std::to_string(sector_size) +
                                      " (2KiB, 4KiB, 16KiB, 32KiB, 8MiB, 16MiB, 512MiB, 1GiB, 32GiB, 64GiB)");
  }
  return shape;
}

}  // namespace cuzk::filecoin
