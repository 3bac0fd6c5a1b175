// SnapDeals configurations per sector size and the registered update proofs.
#include "filecoin/snapdeals/snap_config.hpp"

#include <bit>
#include <string>

namespace cuzk::filecoin::snapdeals {

namespace {

struct SizeRow {
  uint64_t sector_size;
  size_t sub_arity, top_arity;  // TreeR: base arity 8 always
};

// validate_tree_r_shape's table (note 1 KiB and 8 KiB are 8-4-0 here).
constexpr SizeRow kSizes[] = {
    {1 * kKiB, 4, 0},  {2 * kKiB, 0, 0},  {4 * kKiB, 2, 0},   {8 * kKiB, 4, 0},
    {16 * kKiB, 8, 0}, {32 * kKiB, 8, 2}, {8 * kMiB, 0, 0},   {16 * kMiB, 2, 0},
    {512 * kMiB, 0, 0}, {32 * kGiB, 8, 0}, {64 * kGiB, 8, 2},
};

}  // namespace

Result<SnapConfig> snap_config(uint64_t sector_size) {
  const SizeRow* row = nullptr;
  for (const SizeRow& r : kSizes) {
    if (r.sector_size == sector_size) row = &r;
  }
  if (row == nullptr) {
    return Status::invalid_argument("snap-deals: unsupported sector size " + std::to_string(sector_size) +
                                    " (1KiB, 2KiB, 4KiB, 8KiB, 16KiB, 32KiB, 8MiB, 16MiB, 512MiB, 32GiB, 64GiB)");
  }
  SnapConfig c;
  c.sector_size = sector_size;
  c.nodes = sector_size / kNodeSize;
  c.challenge_bits = static_cast<size_t>(std::countr_zero(c.nodes));
  c.partitions = c.nodes <= 8 * kKiB / kNodeSize ? 1 : c.nodes <= 32 * kKiB / kNodeSize ? 2
                 : c.nodes <= 16 * kMiB / kNodeSize ? 4 : 16;
  c.partition_bits = static_cast<size_t>(std::countr_zero(c.partitions));
  c.challenges_per_partition = c.nodes <= 16 * kMiB / kNodeSize ? 10 : 86;
  c.apex_leaves = c.nodes <= 8 * kKiB / kNodeSize ? 8 : 128;
  c.apex_bits = static_cast<size_t>(std::countr_zero(c.apex_leaves));
  if (c.nodes <= 32 * kKiB / kNodeSize) {
    c.hs.fill(1);
  } else {
    for (size_t i = 0; i < kHCount; ++i) c.hs[i] = 7 + i;
  }
  c.h_default = c.hs[3];
  c.tree_r_shape = TreeShape{TreeHasher::kPoseidon, 8, row->sub_arity, row->top_arity};
  if (const RegisteredProof* proof = current_registered_proof(RegisteredProofKind::kUpdate, sector_size)) {
    c.registered_proof = *proof;
  }
  return c;
}

Result<SnapConfig> snap_config(const RegisteredProof& proof) {
  if (proof.kind != RegisteredProofKind::kUpdate) {
    return Status::invalid_argument("snap-deals: " + std::string(proof.name) + " is not a registered update proof");
  }
  return snap_config(proof.sector_size);
}

Result<RegisteredProof> registered_update_proof(uint64_t number) {
  if (const RegisteredProof* proof = find_registered_proof(RegisteredProofEnum::kUpdate, number)) return *proof;
  return Status::invalid_argument("snap-deals: registered update proof " + std::to_string(number) +
                                  " is not one of 0..4 (StackedDrg2KiBV1 … StackedDrg64GiBV1)");
}

Result<uint64_t> h_select(const SnapConfig& config, size_t h) {
  for (size_t i = 0; i < kHCount; ++i) {
    if (config.hs[i] == h) return uint64_t{1} << i;
  }
  return Status::invalid_argument("snap-deals: h = " + std::to_string(h) + " is not one of the sector size's hs (" +
                                  std::to_string(config.hs[0]) + ".." + std::to_string(config.hs[kHCount - 1]) + ")");
}

}  // namespace cuzk::filecoin::snapdeals
