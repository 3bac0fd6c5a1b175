// `cuzk post …` and `cuzk snap …`: WindowPoSt / WinningPoSt and SnapDeals from vanilla-proof
// files, without a daemon, through the same circuits the daemon serves (kinds/post_kind.hpp,
// kinds/snap_kind.hpp).
//   post prove --kind window-post|winning-post --sector-size S --randomness HEX [--partition N]
//              [--registered-proof N] --sector-proof FILE... --proof OUT
//              [--params FILE|--param-dir DIR] [--backend cpu|cuda]
//              the request built as the daemon receives it (a VanillaPayload; the registered proof
//              defaults to today's: WinningPoSt V1, WindowPoSt V1_1), its native checks, the
//              partition proved in-process and verified, its 192-byte proof written.
//   post check (the same inputs, no --proof): no parameters — the native checks, the padded
//              circuit synthesized into a checking constraint system, its public inputs compared
//              to the verifier's; names the first failing check or constraint.
//   post verify --proof FILE --vk FILE.vk|FILE.params and the inputs of post check: the proof
//              against the public inputs as the verifier computes them from the randomness and
//              each sector's id and comm_r (the only fields read from the files).
//   post synth --kind K --sector-size S --randomness HEX [--partition N] [--registered-proof N]
//              [--sectors N] [--first-sector ID] [--seed N] --out-dir DIR [--payload FILE]
//              synthetic sectors' vanilla proofs (DIR/sector-<id>.vproof, Curio's bincode), and
//              with --payload the VanillaPayload a daemon takes (`cuzk bench single --payload`).
//   snap prove --sector-size S --comm-r-old HEX --comm-r-new HEX --comm-d-new HEX
//              [--registered-proof N] --partition-proof FILE... --proof OUT
//              [--params FILE|--param-dir DIR] [--backend cpu|cuda]
//              one proof per partition, in order (16 × 192 bytes at 32 GiB).
//   snap check (the same inputs, no --proof; or --partition K with partition K's file alone): per
//              partition the native checks, then the circuit with the verifier's public inputs in
//              a checking constraint system.
//   snap verify --proof FILE --vk FILE.vk|FILE.params --sector-size S --comm-r-old HEX
//              --comm-r-new HEX --comm-d-new HEX [--registered-proof N]: each partition's proof
//              against the verifier's inputs from the commitments alone.
//   snap synth --sector-size S [--seed N] --out-dir DIR [--payload FILE]
//              a synthetic update's partition proofs (DIR/partition-<k>.vproof) and its
//              commitments, printed as the flags `snap prove` takes.
// Commitments and randomness are hex of the 32 bytes as the request carries them (a field
// element's little-endian encoding). Exit codes: 0 success, 1 a failure (named), 2 bad usage.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace cuzk::cli {

int run_post_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_post_check(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_post_synth(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_post_verify(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_snap_prove(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_snap_check(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_snap_verify(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);
int run_snap_synth(std::span<const std::string_view> args, std::ostream& out, std::ostream& err);

}  // namespace cuzk::cli
