// Elementwise Fr and Fq arithmetic on the GPU, from host arrays: each entry point uploads its
// inputs, runs one kernel, and downloads the result. The first CUDA code path and the
// differential-test harness for the device field arithmetic (field_device.cuh); the prover
// keeps its data resident instead. C++ only: no CUDA types.
//
// Contract shared by every function here:
// - Elements are in Montgomery form, exactly as ff::Fr / ff::Fq hold them; the results equal
//   the CPU operators (a + b, a − b, a·b, a.square()) element by element.
// - All spans have the same length (kInvalidArgument otherwise, checked before any CUDA call);
//   `out` may alias an input. Length 0 succeeds without touching the device.
// - Runs synchronously on the calling thread's current CUDA device; the caller keeps
//   ownership of every span. Thread-safe (no shared state); concurrent calls serialise on
//   the legacy default stream.
// - Errors: kInvalidArgument (lengths), kOutOfMemory (device allocation), kDeviceError
//   (no GPU or driver, launch or copy failure), each naming the failing call.
#pragma once

#include <span>

#include "common/status.hpp"
#include "ff/fq.hpp"
#include "ff/fr.hpp"

namespace cuzk::backend::cuda {

// out[i] = a[i] + b[i] mod r
Status gpu_fr_add(std::span<const ff::Fr> a, std::span<const ff::Fr> b, std::span<ff::Fr> out);
// out[i] = a[i] − b[i] mod r
Status gpu_fr_sub(std::span<const ff::Fr> a, std::span<const ff::Fr> b, std::span<ff::Fr> out);
// out[i] = a[i]·b[i] mod r
Status gpu_fr_mul(std::span<const ff::Fr> a, std::span<const ff::Fr> b, std::span<ff::Fr> out);
// out[i] = a[i]² mod r
Status gpu_fr_square(std::span<const ff::Fr> a, std::span<ff::Fr> out);

// out[i] = a[i] + b[i] mod p
Status gpu_fq_add(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out);
// out[i] = a[i] − b[i] mod p
Status gpu_fq_sub(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out);
// out[i] = a[i]·b[i] mod p
Status gpu_fq_mul(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out);
// out[i] = a[i]² mod p
Status gpu_fq_square(std::span<const ff::Fq> a, std::span<ff::Fq> out);
// out[i] = a[i]·b[i] − a[j]·b[j] mod p with j = n − 1 − i: the device's a·b − c·d under one
// reduction (the curve formulas' Y3)
Status gpu_fq_mul_sub(std::span<const ff::Fq> a, std::span<const ff::Fq> b, std::span<ff::Fq> out);

// Fq's redundant form, in which the G1 MSM accumulates (field_device.cuh, DeviceRedundant):
// Montgomery words < 2p that stand for their value mod p; exposed for tests. out[i] ≡
// a[i] op b[i] (mod p) and out[i] < 2p for a[i], b[i] < 2p (b unused by kSquare); inputs ≥ 2p
// give unspecified words (never a fault). Same contract as above otherwise.
// kMulSub pairs element i with element j = n − 1 − i: out[i] ≡ a[i]·b[i] − a[j]·b[j].
enum class RedundantOp { kAdd, kSub, kMul, kSquare, kMulSub };
Status gpu_fq_redundant(RedundantOp op, std::span<const ff::Fq::Repr> a, std::span<const ff::Fq::Repr> b,
                        std::span<ff::Fq::Repr> out);
// The same on Fq2 = Fq[u]/(u² + 1) in the G2 MSM's form (fq2_lane_device.cuh, DeviceFq2Lane:
// an element on a pair of lanes, each coefficient in Fq's redundant form): element i is
// c0 = a[2i], c1 = a[2i + 1], each coefficient < 2p in and out; the spans' length must be even
// (kInvalidArgument otherwise).
Status gpu_fq2_redundant(RedundantOp op, std::span<const ff::Fq::Repr> a, std::span<const ff::Fq::Repr> b,
                         std::span<ff::Fq::Repr> out);

// The device arithmetic's throughput micro-benchmark (bench/gpu_field_bench.cpp):
// kFrMul/kFqMul time x ← x·y, kFrSquare/kFqSquare x ← x², each thread one dependent chain;
// kImad times 32-bit multiply-adds (IMAD), kImadWide 32×32 → 64-bit multiply-adds written as
// the products' low/high pairs are (IMAD.WIDE.U32), 8 independent chains a thread.
enum class FieldThroughputOp { kFrMul, kFrSquare, kFqMul, kFqSquare, kImad, kImadWide };

// "fr-mul", "fr-square", "fq-mul", "fq-square", "imad", "imad-wide"
const char* field_throughput_op_name(FieldThroughputOp op);

// One timed launch over 8 × (SM count) × 256 threads, `iterations` operations each (a positive
// multiple of 8), after an untimed one: operations per second. Errors: kInvalidArgument,
// kDeviceError, kOutOfMemory.
Result<double> gpu_field_throughput(FieldThroughputOp op, unsigned iterations);

}  // namespace cuzk::backend::cuda
