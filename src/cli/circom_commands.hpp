// `cuzk prove` and `cuzk verify` for circom/snarkjs Groth16 files (BLS12-381).
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

// cuzk prove --zkey C.zkey --witness W.wtns --proof proof.json --public public.json [--r1cs C.r1cs]
//            [--backend cpu|cuda]   (default: cuda where a GPU is usable, else cpu)
int run_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
// cuzk verify --vk verification_key.json --proof proof.json --public public.json  (prints OK)
int run_verify(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
