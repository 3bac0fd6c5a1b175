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

}  // namespace cuzk::backend::cuda
