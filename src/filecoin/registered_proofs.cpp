// The registered-proof table's consistency, checked at compile time, and sector-size names.
#include "filecoin/registered_proofs.hpp"

#include <utility>

namespace cuzk::filecoin {
namespace {

// Every proof is of one of Filecoin's sector sizes, and every (enum, number) and (enum, name)
// names one proof.
constexpr bool table_is_consistent() {
  for (const RegisteredProof& proof : kRegisteredProofs) {
    if (!is_filecoin_sector_size(proof.sector_size)) return false;
    if (find_registered_proof(enum_of(proof.kind), proof.id) != &proof) return false;
    if (find_registered_proof(enum_of(proof.kind), proof.name) != &proof) return false;
  }
  return true;
}
static_assert(table_is_consistent());

// Every kind has a proof cuzk proves for every sector size.
constexpr bool every_kind_has_every_size() {
  for (const RegisteredProofKind kind : {RegisteredProofKind::kSeal, RegisteredProofKind::kWinningPost,
                                         RegisteredProofKind::kWindowPost, RegisteredProofKind::kUpdate}) {
    for (const uint64_t size : kSectorSizes) {
      if (current_registered_proof(kind, size) == nullptr) return false;
    }
  }
  return true;
}
static_assert(every_kind_has_every_size());

}  // namespace

std::string sector_size_name(uint64_t sector_size) {
  if (is_filecoin_sector_size(sector_size)) {
    // In the largest unit that divides it: 2KiB, 8MiB, 512MiB, 32GiB, 64GiB.
    for (const auto& [unit, suffix] : {std::pair{kGiB, "GiB"}, std::pair{kMiB, "MiB"}, std::pair{kKiB, "KiB"}}) {
      if (sector_size % unit == 0) return std::to_string(sector_size / unit) + suffix;
    }
  }
  return std::to_string(sector_size) + " bytes";
}

}  // namespace cuzk::filecoin
