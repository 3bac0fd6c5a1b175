// Encodings of results where they leave the process (the service, the CLI, clients): a proof
// in its circuit's encoding (bellperson's 192 bytes, snarkjs's proof.json), and public inputs
// as canonical decimal strings without ONE (the form of snarkjs's public.json).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "engine/job.hpp"
#include "ff/fr.hpp"
#include "groth16/keys.hpp"

namespace cuzk::kinds {

std::vector<uint8_t> encode_proof(engine::ProofEncoding encoding, const groth16::Proof& proof);

std::vector<std::string> public_inputs_to_decimal(std::span<const ff::Fr> values);
// INVALID_ARGUMENT naming `what` and the offending text if one is not a canonical decimal below r.
Result<std::vector<ff::Fr>> public_inputs_from_decimal(std::span<const std::string> texts, std::string_view what);

}  // namespace cuzk::kinds
