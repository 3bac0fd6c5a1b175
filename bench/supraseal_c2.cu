// supraseal-c2 (../shared/gpu-baseline/third_party/supraseal-c2, unmodified) compiled as its Rust
// crate compiles it: groth16_cuda.cu is one translation unit (it includes the SRS reader, the H
// step and the split MSM), beside sppark's GPU enumeration (util/all_gpus.cpp, which the sppark
// crate compiles), with blst linked. Built only with -DCUZK_SUPRASEAL_REFERENCE=<gpu-baseline>.
// What supraseal's Rust side defines is defined here too: set_membw_throttle. And one helper,
// cuzk_supraseal_srs_wait, so that the benchmark can time the SRS's read apart from the first
// proof. Finally the layouts of groth16/supraseal_abi.hpp (and of supraseal_c2.hpp's SRS) are
// checked against supraseal's own types.
#include <util/all_gpus.cpp>
#include <groth16_cuda.cu>

#include <cstddef>

#include "groth16/supraseal_abi.hpp"

// The host's layouts (the C ABI is the host's; nvcc's device pass sees other field types).
#ifndef __CUDA_ARCH__
namespace abi = cuzk::groth16::supraseal;

static_assert(sizeof(fr_t) == sizeof(abi::Fr));
static_assert(sizeof(fp_t) == sizeof(abi::Fq));
static_assert(sizeof(affine_t) == sizeof(abi::G1Affine));
static_assert(sizeof(affine_fp2_t) == sizeof(abi::G2Affine));
static_assert(sizeof(groth16_proof) == sizeof(abi::Proof));
static_assert(offsetof(groth16_proof, b) == offsetof(abi::Proof, b));
static_assert(offsetof(groth16_proof, c) == offsetof(abi::Proof, c));
static_assert(sizeof(SRS) == sizeof(void*));
using SuprasealAssignment = Assignment<fr_t>;
static_assert(sizeof(SuprasealAssignment) == sizeof(abi::Assignment));
#define CUZK_SAME_MEMBER(m) static_assert(offsetof(SuprasealAssignment, m) == offsetof(abi::Assignment, m), #m)
CUZK_SAME_MEMBER(a_aux_density);
CUZK_SAME_MEMBER(a_aux_bit_len);
CUZK_SAME_MEMBER(a_aux_popcount);
CUZK_SAME_MEMBER(b_inp_density);
CUZK_SAME_MEMBER(b_inp_bit_len);
CUZK_SAME_MEMBER(b_inp_popcount);
CUZK_SAME_MEMBER(b_aux_density);
CUZK_SAME_MEMBER(b_aux_bit_len);
CUZK_SAME_MEMBER(b_aux_popcount);
CUZK_SAME_MEMBER(a);
CUZK_SAME_MEMBER(b);
CUZK_SAME_MEMBER(c);
CUZK_SAME_MEMBER(abc_size);
CUZK_SAME_MEMBER(inp_assignment_data);
CUZK_SAME_MEMBER(inp_assignment_size);
CUZK_SAME_MEMBER(aux_assignment_data);
CUZK_SAME_MEMBER(aux_assignment_size);
#undef CUZK_SAME_MEMBER
#endif

// Curio's Rust side (cuzk-pce's eval.rs) pauses its synthesis threads' sparse products while
// supraseal's B-G2 MSM runs on the CPU; nothing synthesizes beside the prover here.
extern "C" void set_membw_throttle(int) {}

// The SRS's reader thread holds its lock until every point is read; any accessor waits for it.
extern "C" void cuzk_supraseal_srs_wait(const SRS& srs) { (void)srs.get_vk(); }
