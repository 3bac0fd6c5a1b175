// Public inputs as the engine's API carries them: canonical decimal strings, without ONE (the
// form of snarkjs's public.json).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "ff/fr.hpp"

namespace cuzk::engine {

std::vector<std::string> public_inputs_to_decimal(std::span<const ff::Fr> values);
// INVALID_ARGUMENT naming `what` and the offending text if one is not a canonical decimal below r.
Result<std::vector<ff::Fr>> public_inputs_from_decimal(std::span<const std::string> texts, std::string_view what);

}  // namespace cuzk::engine
