// Filecoin's registered proofs, in one table: per proof its number in Filecoin's enum
// (go-state-types abi.RegisteredSealProof, RegisteredPoStProof and RegisteredUpdateProof, which
// filecoin-ffi and Curio's registered_proof use), its name, what it proves, its sector size and
// rust-fil-proofs' API version and feature (rust-filecoin-proofs-api registry.rs); Filecoin's
// sector sizes; lookups by number, by name, and by kind and sector size. Every configuration,
// kind and the daemon's request mapping ask this table.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "filecoin/sector_size.hpp"

namespace cuzk::filecoin {

// Filecoin's three registered-proof enums; each numbers its proofs from 0 and only appends.
enum class RegisteredProofEnum : uint8_t { kSeal, kPost, kUpdate };

// What a registered proof proves.
enum class RegisteredProofKind : uint8_t { kSeal, kWinningPost, kWindowPost, kUpdate };

// The enum a kind's proofs are numbered in: WinningPoSt and WindowPoSt share RegisteredPoStProof.
constexpr RegisteredProofEnum enum_of(RegisteredProofKind kind) {
  switch (kind) {
    case RegisteredProofKind::kSeal: return RegisteredProofEnum::kSeal;
    case RegisteredProofKind::kWinningPost:
    case RegisteredProofKind::kWindowPost: return RegisteredProofEnum::kPost;
    case RegisteredProofKind::kUpdate: return RegisteredProofEnum::kUpdate;
  }
  return RegisteredProofEnum::kSeal;
}

// rust-fil-proofs' ApiVersion (V1_0_0, V1_1_0, V1_2_0), ordered. What depends on it: the PoRep
// graph (V1_0 against later, porep/graph.hpp) and PoSt's challenge numbering (V1_2 against
// earlier, post_challenges.hpp).
enum class ApiVersion : uint8_t { kV1_0, kV1_1, kV1_2 };

// rust-filecoin-proofs-api's ApiFeature of a seal proof. cuzk proves the proofs without one.
enum class ApiFeature : uint8_t { kNone, kSyntheticPoRep, kNonInteractivePoRep };

struct RegisteredProof {
  RegisteredProofKind kind = RegisteredProofKind::kSeal;
  uint64_t id = 0;           // its number in enum_of(kind)
  std::string_view name;     // go-state-types' and filecoin-ffi's name, "StackedDrg32GiBV1_1"
  uint64_t sector_size = 0;  // bytes
  ApiVersion api_version = ApiVersion::kV1_0;
  ApiFeature feature = ApiFeature::kNone;

  friend constexpr bool operator==(const RegisteredProof&, const RegisteredProof&) = default;
};

// Filecoin's sector sizes, smallest first: every kind has its proofs for these and no other.
inline constexpr uint64_t kSectorSizes[] = {2 * kKiB, 8 * kMiB, 512 * kMiB, 32 * kGiB, 64 * kGiB};

namespace registered_proofs_table {
using enum RegisteredProofKind;
using enum ApiVersion;
using enum ApiFeature;
// The table. Seal: V1 is API V1_0_0, V1_1 and its SyntheticPoRep variant V1_1_0, NiPoRep V1_2_0.
// PoSt: the V1 proofs are V1_0_0; WindowPoSt V1_1 (filecoin-ffi's name; rust-filecoin-proofs-api
// calls it StackedDrgWindow<size>V1_2) is V1_2_0, the challenge numbering today's network runs.
// Update: registry.rs's version() says V1_2_0 (its enum's comment V1_1); the circuit depends on
// neither.
inline constexpr RegisteredProof kRows[] = {
    {kSeal, 0, "StackedDrg2KiBV1", 2 * kKiB, kV1_0},
    {kSeal, 1, "StackedDrg8MiBV1", 8 * kMiB, kV1_0},
    {kSeal, 2, "StackedDrg512MiBV1", 512 * kMiB, kV1_0},
    {kSeal, 3, "StackedDrg32GiBV1", 32 * kGiB, kV1_0},
    {kSeal, 4, "StackedDrg64GiBV1", 64 * kGiB, kV1_0},
    {kSeal, 5, "StackedDrg2KiBV1_1", 2 * kKiB, kV1_1},
    {kSeal, 6, "StackedDrg8MiBV1_1", 8 * kMiB, kV1_1},
    {kSeal, 7, "StackedDrg512MiBV1_1", 512 * kMiB, kV1_1},
    {kSeal, 8, "StackedDrg32GiBV1_1", 32 * kGiB, kV1_1},
    {kSeal, 9, "StackedDrg64GiBV1_1", 64 * kGiB, kV1_1},
    {kSeal, 10, "StackedDrg2KiBV1_1_Feat_SyntheticPoRep", 2 * kKiB, kV1_1, kSyntheticPoRep},
    {kSeal, 11, "StackedDrg8MiBV1_1_Feat_SyntheticPoRep", 8 * kMiB, kV1_1, kSyntheticPoRep},
    {kSeal, 12, "StackedDrg512MiBV1_1_Feat_SyntheticPoRep", 512 * kMiB, kV1_1, kSyntheticPoRep},
    {kSeal, 13, "StackedDrg32GiBV1_1_Feat_SyntheticPoRep", 32 * kGiB, kV1_1, kSyntheticPoRep},
    {kSeal, 14, "StackedDrg64GiBV1_1_Feat_SyntheticPoRep", 64 * kGiB, kV1_1, kSyntheticPoRep},
    {kSeal, 15, "StackedDrg2KiBV1_2_Feat_NiPoRep", 2 * kKiB, kV1_2, kNonInteractivePoRep},
    {kSeal, 16, "StackedDrg8MiBV1_2_Feat_NiPoRep", 8 * kMiB, kV1_2, kNonInteractivePoRep},
    {kSeal, 17, "StackedDrg512MiBV1_2_Feat_NiPoRep", 512 * kMiB, kV1_2, kNonInteractivePoRep},
    {kSeal, 18, "StackedDrg32GiBV1_2_Feat_NiPoRep", 32 * kGiB, kV1_2, kNonInteractivePoRep},
    {kSeal, 19, "StackedDrg64GiBV1_2_Feat_NiPoRep", 64 * kGiB, kV1_2, kNonInteractivePoRep},

    {kWinningPost, 0, "StackedDrgWinning2KiBV1", 2 * kKiB, kV1_0},
    {kWinningPost, 1, "StackedDrgWinning8MiBV1", 8 * kMiB, kV1_0},
    {kWinningPost, 2, "StackedDrgWinning512MiBV1", 512 * kMiB, kV1_0},
    {kWinningPost, 3, "StackedDrgWinning32GiBV1", 32 * kGiB, kV1_0},
    {kWinningPost, 4, "StackedDrgWinning64GiBV1", 64 * kGiB, kV1_0},
    {kWindowPost, 5, "StackedDrgWindow2KiBV1", 2 * kKiB, kV1_0},
    {kWindowPost, 6, "StackedDrgWindow8MiBV1", 8 * kMiB, kV1_0},
    {kWindowPost, 7, "StackedDrgWindow512MiBV1", 512 * kMiB, kV1_0},
    {kWindowPost, 8, "StackedDrgWindow32GiBV1", 32 * kGiB, kV1_0},
    {kWindowPost, 9, "StackedDrgWindow64GiBV1", 64 * kGiB, kV1_0},
    {kWindowPost, 10, "StackedDrgWindow2KiBV1_1", 2 * kKiB, kV1_2},
    {kWindowPost, 11, "StackedDrgWindow8MiBV1_1", 8 * kMiB, kV1_2},
    {kWindowPost, 12, "StackedDrgWindow512MiBV1_1", 512 * kMiB, kV1_2},
    {kWindowPost, 13, "StackedDrgWindow32GiBV1_1", 32 * kGiB, kV1_2},
    {kWindowPost, 14, "StackedDrgWindow64GiBV1_1", 64 * kGiB, kV1_2},

    {kUpdate, 0, "StackedDrg2KiBV1", 2 * kKiB, kV1_2},
    {kUpdate, 1, "StackedDrg8MiBV1", 8 * kMiB, kV1_2},
    {kUpdate, 2, "StackedDrg512MiBV1", 512 * kMiB, kV1_2},
    {kUpdate, 3, "StackedDrg32GiBV1", 32 * kGiB, kV1_2},
    {kUpdate, 4, "StackedDrg64GiBV1", 64 * kGiB, kV1_2},
};
}  // namespace registered_proofs_table

inline constexpr const auto& kRegisteredProofs = registered_proofs_table::kRows;

// The proof numbered `id` in `numbering`; nullptr if there is none.
constexpr const RegisteredProof* find_registered_proof(RegisteredProofEnum numbering, uint64_t id) {
  for (const RegisteredProof& proof : kRegisteredProofs) {
    if (enum_of(proof.kind) == numbering && proof.id == id) return &proof;
  }
  return nullptr;
}

// The proof called `name` in `numbering` (a name is unique within an enum, not across:
// "StackedDrg32GiBV1" is a seal and an update proof); nullptr if there is none.
constexpr const RegisteredProof* find_registered_proof(RegisteredProofEnum numbering, std::string_view name) {
  for (const RegisteredProof& proof : kRegisteredProofs) {
    if (enum_of(proof.kind) == numbering && proof.name == name) return &proof;
  }
  return nullptr;
}

// The proof of `kind` and `sector_size` that cuzk proves with the newest API version: seal
// V1_1, WindowPoSt V1_1, WinningPoSt V1, update V1 (what a circuit of that kind and size
// proves when a request names no proof); nullptr for a size with none.
constexpr const RegisteredProof* current_registered_proof(RegisteredProofKind kind, uint64_t sector_size) {
  const RegisteredProof* current = nullptr;
  for (const RegisteredProof& proof : kRegisteredProofs) {
    if (proof.kind != kind || proof.sector_size != sector_size || proof.feature != ApiFeature::kNone) continue;
    if (current == nullptr || proof.api_version > current->api_version) current = &proof;
  }
  return current;
}

// Whether `sector_size` is one of kSectorSizes.
constexpr bool is_filecoin_sector_size(uint64_t sector_size) {
  for (const uint64_t size : kSectorSizes) {
    if (size == sector_size) return true;
  }
  return false;
}

// A proof by name, for constant expressions (defaults, tests): a name not in the table does not
// compile (the lookup's nullptr is dereferenced).
consteval RegisteredProof seal_proof(std::string_view name) {
  return *find_registered_proof(RegisteredProofEnum::kSeal, name);
}
consteval RegisteredProof post_proof(std::string_view name) {
  return *find_registered_proof(RegisteredProofEnum::kPost, name);
}
consteval RegisteredProof update_proof(std::string_view name) {
  return *find_registered_proof(RegisteredProofEnum::kUpdate, name);
}

// The name circuit ids and messages give a sector size: "32GiB" for one of kSectorSizes,
// "<n> bytes" for any other.
std::string sector_size_name(uint64_t sector_size);

}  // namespace cuzk::filecoin
