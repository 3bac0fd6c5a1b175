// Curio's proof kinds → cuzk circuit ids and payloads, the registered proofs looked up in
// filecoin/registered_proofs.hpp.
#include "server/proof_request.hpp"

#include <algorithm>
#include <array>
#include <span>

#include "common/client_text.hpp"
#include "filecoin/registered_proofs.hpp"
#include "kinds/sized_circuit_id.hpp"
#include "kinds/vanilla_payload.hpp"

namespace cuzk::server {
namespace {

namespace fc = filecoin;

// The registered proof of `kind` the request names, its sector_size checked against it
// (`what` names the enum, "RegisteredSealProof", `label` the proof kind).
Result<fc::RegisteredProof> registered(fc::RegisteredProofKind kind, std::string_view what,
                                       const v1::SubmitProofRequest& req, std::string_view label) {
  const fc::RegisteredProof* proof = fc::find_registered_proof(fc::enum_of(kind), req.registered_proof());
  if (proof == nullptr || proof->kind != kind) {
    std::string msg = "registered_proof " + std::to_string(req.registered_proof()) + " is not a ";
    msg += what;
    msg += " cuzk knows for ";
    msg += label;
    return Status::invalid_argument(msg);
  }
  if (req.sector_size() != 0 && req.sector_size() != proof->sector_size) {
    std::string msg = "sector_size " + std::to_string(req.sector_size()) + " does not match registered_proof ";
    msg += std::to_string(req.registered_proof()) + " (" + std::string(proof->name) + ", " +
           std::to_string(proof->sector_size) + " bytes)";
    return Status::invalid_argument(msg);
  }
  return *proof;
}

std::string kind_name(v1::ProofKind kind) { return v1::ProofKind_Name(kind); }

Result<std::string> porep_circuit(const v1::SubmitProofRequest& req) {
  CUZK_ASSIGN_OR_RETURN(const fc::RegisteredProof proof,
                        registered(fc::RegisteredProofKind::kSeal, "RegisteredSealProof", req, "POREP_SEAL_COMMIT"));
  if (proof.feature != fc::ApiFeature::kNone) {
    return Status::invalid_argument("registered_proof " + std::to_string(req.registered_proof()) + " (" +
                                    std::string(proof.name) +
                                    ") is not supported: cuzk proves the StackedDrg…V1 and V1_1 PoRep (registered_proof 0-9)");
  }
  if (req.vanilla_proof().empty()) {
    return Status::invalid_argument("vanilla_proof is empty: PoRep C2 takes the Commit-1 output there");
  }
  return kinds::sized_circuit_id("porep-", proof.sector_size);
}

// A circuit this daemon must have for `what`.
Status need_circuit(const std::string& id, const std::string& what,
                    const std::function<bool(const std::string&)>& has_circuit) {
  if (has_circuit(id)) return Status::ok();
  return Status::invalid_argument(what + " needs circuit " + id + ", which this daemon does not have");
}

// A raw 32-byte value of the request (`field` names it).
Result<std::array<uint8_t, 32>> bytes32(const std::string& value, const char* field, const char* what) {
  if (value.size() != 32) {
    return Status::invalid_argument(std::string(field) + ": " + std::to_string(value.size()) + " bytes, expected " + what);
  }
  std::array<uint8_t, 32> out{};
  std::copy(value.begin(), value.end(), out.begin());
  return out;
}

// The request's vanilla proofs and values in the kinds' one-payload form.
kinds::VanillaPayload vanilla_payload(const v1::SubmitProofRequest& req) {
  kinds::VanillaPayload p;
  p.registered_proof = req.registered_proof();
  p.miner_id = req.miner_id();
  p.partition_index = req.partition_index();
  for (const std::string& proof : req.vanilla_proofs()) p.proofs.emplace_back(proof.begin(), proof.end());
  return p;
}

// WindowPoSt / WinningPoSt: window-post-<size> / winning-post-<size> over Curio's vanilla proofs.
Result<engine::JobRequest> post_request(const v1::SubmitProofRequest& req, fc::RegisteredProofKind kind,
                                        std::string_view circuit_prefix, const std::string& label,
                                        const std::function<bool(const std::string&)>& has_circuit) {
  CUZK_ASSIGN_OR_RETURN(const fc::RegisteredProof proof,
                        registered(kind, "RegisteredPoStProof", req, kind_name(req.proof_kind())));
  if (req.vanilla_proofs_size() == 0) {
    return Status::invalid_argument("vanilla_proofs is empty: " + label + " takes one vanilla proof per sector");
  }
  kinds::VanillaPayload payload = vanilla_payload(req);
  CUZK_ASSIGN_OR_RETURN(payload.randomness, bytes32(req.randomness(), "randomness", "the 32-byte PoSt challenge seed"));
  engine::JobRequest out;
  out.circuit_id = kinds::sized_circuit_id(circuit_prefix, proof.sector_size);
  CUZK_RETURN_IF_ERROR(need_circuit(out.circuit_id, label + " (" + std::string(proof.name) + ")", has_circuit));
  out.payload = kinds::encode_vanilla_payload(payload);
  return out;
}

// SnapDeals: snap-deals-<size> over Curio's partition proofs and the three commitments.
Result<engine::JobRequest> snap_request(const v1::SubmitProofRequest& req,
                                        const std::function<bool(const std::string&)>& has_circuit) {
  CUZK_ASSIGN_OR_RETURN(const fc::RegisteredProof proof,
                        registered(fc::RegisteredProofKind::kUpdate, "RegisteredUpdateProof", req, "SNAP_DEALS_UPDATE"));
  if (req.vanilla_proofs_size() == 0) {
    return Status::invalid_argument("vanilla_proofs is empty: SnapDeals takes one vanilla proof per partition");
  }
  kinds::VanillaPayload payload = vanilla_payload(req);
  CUZK_ASSIGN_OR_RETURN(payload.comm_r_old, bytes32(req.comm_r_old(), "comm_r_old", "a raw 32-byte commitment"));
  CUZK_ASSIGN_OR_RETURN(payload.comm_r_new, bytes32(req.comm_r_new(), "comm_r_new", "a raw 32-byte commitment"));
  CUZK_ASSIGN_OR_RETURN(payload.comm_d_new, bytes32(req.comm_d_new(), "comm_d_new", "a raw 32-byte commitment"));
  engine::JobRequest out;
  out.circuit_id = kinds::sized_circuit_id("snap-deals-", proof.sector_size);
  CUZK_RETURN_IF_ERROR(
      need_circuit(out.circuit_id, "SnapDeals (SNAP_DEALS_UPDATE, " + std::string(proof.name) + ")", has_circuit));
  out.payload = kinds::encode_vanilla_payload(payload);
  return out;
}

std::optional<engine::Priority> priority_of(v1::Priority p) {
  switch (p) {
    case v1::CRITICAL: return engine::Priority::kCritical;
    case v1::HIGH: return engine::Priority::kHigh;
    case v1::NORMAL: return engine::Priority::kNormal;
    case v1::LOW: return engine::Priority::kLow;
    default: return std::nullopt;
  }
}

void digest_bytes(gadgets::Sha256& h, uint32_t field, std::string_view bytes) {
  std::array<uint8_t, 12> head{};
  for (int i = 0; i < 4; ++i) head[i] = static_cast<uint8_t>(field >> (8 * i));
  const uint64_t n = bytes.size();
  for (int i = 0; i < 8; ++i) head[4 + i] = static_cast<uint8_t>(n >> (8 * i));
  h.update(head);
  h.update(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
}

void digest_u64(gadgets::Sha256& h, uint32_t field, uint64_t v) {
  std::array<char, 8> le{};
  for (int i = 0; i < 8; ++i) le[i] = static_cast<char>(v >> (8 * i));
  digest_bytes(h, field, std::string_view(le.data(), le.size()));
}

}  // namespace

Status check_request(const v1::SubmitProofRequest& req) {
  if (!v1::ProofKind_IsValid(req.proof_kind()) || req.proof_kind() == v1::PROOF_KIND_UNSPECIFIED) {
    return Status::invalid_argument("invalid proof_kind: " + std::to_string(static_cast<int>(req.proof_kind())) +
                                    " (POREP_SEAL_COMMIT=1, SNAP_DEALS_UPDATE=2, WINDOW_POST_PARTITION=3, "
                                    "WINNING_POST=4, CIRCUIT=40)");
  }
  if (req.request_id().size() > kMaxRequestIdBytes) {
    std::string msg = "request_id of ";
    msg += std::to_string(req.request_id().size());
    msg += " bytes (at most ";
    msg += std::to_string(kMaxRequestIdBytes);
    msg += ")";
    return Status::invalid_argument(msg);
  }
  return Status::ok();
}

Result<engine::JobRequest> job_request(const v1::SubmitProofRequest& req,
                                       const std::function<bool(const std::string&)>& has_circuit) {
  engine::JobRequest out;
  if (req.priority() != v1::PRIORITY_UNSPECIFIED) {
    out.priority = priority_of(req.priority());
    if (!out.priority) {
      return Status::invalid_argument("priority " + std::to_string(static_cast<int>(req.priority())) +
                                      " is not a Priority (LOW=1 … CRITICAL=4)");
    }
  }
  if (req.proof_kind() != v1::CIRCUIT && !req.circuit_id().empty()) {
    std::string msg = "circuit_id ";
    msg += quote_client_text(req.circuit_id());
    msg += " is only for proof_kind CIRCUIT, not ";
    msg += kind_name(req.proof_kind());
    return Status::invalid_argument(msg);
  }
  switch (req.proof_kind()) {
    case v1::CIRCUIT:
      if (req.circuit_id().empty()) return Status::invalid_argument("circuit_id is empty (proof_kind CIRCUIT)");
      out.circuit_id = req.circuit_id();
      out.payload.assign(req.payload().begin(), req.payload().end());
      return out;
    case v1::POREP_SEAL_COMMIT: {
      CUZK_ASSIGN_OR_RETURN(out.circuit_id, porep_circuit(req));
      CUZK_RETURN_IF_ERROR(need_circuit(out.circuit_id, "PoRep C2 (POREP_SEAL_COMMIT)", has_circuit));
      out.payload.assign(req.vanilla_proof().begin(), req.vanilla_proof().end());
      return out;
    }
    case v1::SNAP_DEALS_UPDATE: {
      CUZK_ASSIGN_OR_RETURN(engine::JobRequest snap, snap_request(req, has_circuit));
      snap.priority = out.priority;
      return snap;
    }
    case v1::WINDOW_POST_PARTITION:
    case v1::WINNING_POST: {
      const bool window = req.proof_kind() == v1::WINDOW_POST_PARTITION;
      CUZK_ASSIGN_OR_RETURN(
          engine::JobRequest post,
          window ? post_request(req, fc::RegisteredProofKind::kWindowPost, "window-post-",
                                "WindowPoSt (WINDOW_POST_PARTITION)", has_circuit)
                 : post_request(req, fc::RegisteredProofKind::kWinningPost, "winning-post-", "WinningPoSt (WINNING_POST)",
                                has_circuit));
      post.priority = out.priority;
      return post;
    }
    default:
      return check_request(req);  // not reached after check_request
  }
}

gadgets::Sha256Digest request_digest(const v1::SubmitProofRequest& req) {
  gadgets::Sha256 h;
  digest_u64(h, 2, static_cast<uint64_t>(req.proof_kind()));
  digest_u64(h, 3, req.sector_size());
  digest_u64(h, 4, req.registered_proof());
  digest_bytes(h, 10, req.vanilla_proof());
  digest_u64(h, 11, static_cast<uint64_t>(req.vanilla_proofs_size()));
  for (const std::string& p : req.vanilla_proofs()) digest_bytes(h, 11, p);
  digest_u64(h, 20, req.sector_number());
  digest_u64(h, 21, req.miner_id());
  digest_bytes(h, 22, req.randomness());
  digest_u64(h, 23, req.partition_index());
  digest_bytes(h, 30, req.comm_r_old());
  digest_bytes(h, 31, req.comm_r_new());
  digest_bytes(h, 32, req.comm_d_new());
  digest_bytes(h, 40, req.circuit_id());
  digest_bytes(h, 41, req.payload());
  return std::move(h).finish();
}

std::string circuit_id_from_curio_name(const std::string& name) {
  static constexpr std::pair<std::string_view, std::string_view> kPrefixes[] = {
      {"porep-", "porep-"}, {"wpost-", "window-post-"}, {"winning-", "winning-post-"}, {"snap-", "snap-deals-"}};
  if (name.size() < 3 || name.back() != 'g') return name;
  for (const auto& [curio, ours] : kPrefixes) {
    if (!name.starts_with(curio)) continue;
    const std::string_view gib = std::string_view(name).substr(curio.size(), name.size() - curio.size() - 1);
    if (gib.empty() || gib.find_first_not_of("0123456789") != std::string_view::npos) return name;
    std::string id(ours);
    id += gib;
    id += "GiB";
    return id;
  }
  return name;
}

}  // namespace cuzk::server
