// What a SubmitProofRequest (proto/cuzk/v1/proving.proto) asks the engine for: Curio's proof
// kinds — proof_kind + registered_proof (Filecoin's numbering) + sector_size — become cuzk
// circuit ids (porep-<size>, window-post-<size>, winning-post-<size>, snap-deals-<size>) with
// the kind's payload — the Commit-1 output for PoRep; for PoSt and SnapDeals the vanilla
// proofs and the request's values in one kinds::VanillaPayload; proof_kind CIRCUIT names a
// circuit directly. Also the request's digest, which tells a retry
// (the same request again) from a different request under the same request id.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "cuzk/v1/proving.pb.h"
#include "engine/job.hpp"
#include "gadgets/sha256_native.hpp"

namespace cuzk::server {

// The longest request_id (Curio's are "porep-<miner>-<sector>" and the like, cuzk's own UUIDs
// 36 bytes): the registry keeps every id for the result's retention.
inline constexpr size_t kMaxRequestIdBytes = 256;

// A protocol-level check, before any job exists: proof_kind is one of the enum's values
// (INVALID_ARGUMENT "invalid proof_kind: <n> …" otherwise, as Curio's Rust daemon answers)
// and request_id is at most kMaxRequestIdBytes (INVALID_ARGUMENT, the id not echoed).
Status check_request(const v1::SubmitProofRequest& req);

// The engine job a checked request asks for. `has_circuit` says whether the daemon has a
// circuit id. Errors (INVALID_ARGUMENT, answered in-band as FAILED) name the field and what
// is wrong: an unknown or mismatching registered_proof / sector_size, an empty payload,
// randomness or a commitment that is not 32 bytes, a proof kind whose circuit this daemon does
// not have (the message names the circuit). The vanilla proofs themselves are checked by the
// kind, at submission.
Result<engine::JobRequest> job_request(const v1::SubmitProofRequest& req,
                                       const std::function<bool(const std::string&)>& has_circuit);

// SHA-256 over every field of the request that changes what is proved (all but request_id
// and priority), each tagged with its field number and length.
gadgets::Sha256Digest request_digest(const v1::SubmitProofRequest& req);

// Curio's parameter names ("porep-32g", "wpost-32g", "winning-32g", "snap-32g") → cuzk's
// circuit ids ("porep-32GiB", "window-post-32GiB", "winning-post-32GiB", "snap-deals-32GiB");
// anything else is returned unchanged.
std::string circuit_id_from_curio_name(const std::string& name);

}  // namespace cuzk::server
