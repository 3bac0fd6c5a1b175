// The GPU product of recorded constraint matrices (backend/cuda/recorded_matrices_gpu) for the
// PoRep partition circuit: plain program, CUDA builds only.
//
//   recorded_spmv_gpu_bench [--challenges N] [--runs R]   (defaults: 1 challenge of a 32 GiB
//                                                          partition, 5 runs)
//
// Records the 32 GiB header and N challenges (blank challenge proofs), synthesizes the classic
// witness, uploads the matrices and w once, then times R products into domain-sized a, b, c on
// one stream (after one warm-up) and checks them against classic synthesis (a, b, c with the
// input rows). Prints constraints, terms, device bytes, min / median / max milliseconds and the
// rate. Exit status 1 on an error or a mismatch, 2 on bad arguments.
#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <string_view>
#include <vector>

#include "backend/cuda/witness/recorded_matrices_gpu.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "filecoin/porep/stacked_circuit.hpp"
#include "r1cs/recorded_matrices.hpp"
#include "r1cs/proving_assignment.hpp"

namespace {

using namespace cuzk;
using backend::cuda::DeviceArray;
using backend::cuda::DeviceSpan;
using ff::Fr;

bool parse_flag(std::string_view text, size_t& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && ptr == text.data() + text.size();
}

int fail(const Status& status) {
  std::fprintf(stderr, "recorded_spmv_gpu_bench: %s\n", status.to_string().c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  size_t challenges = 1, runs = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view flag = argv[i];
    size_t* target = flag == "--challenges" ? &challenges : flag == "--runs" ? &runs : nullptr;
    if (target == nullptr || !parse_flag(argv[i + 1], *target) || *target == 0) {
      std::fprintf(stderr, "usage: recorded_spmv_gpu_bench [--challenges N] [--runs R]\n");
      return 2;
    }
  }
  filecoin::porep::PorepConfig config =
      *filecoin::porep::porep_config(*filecoin::porep::seal_proof_for_sector_size(uint64_t{32} << 30));
  config.challenges_per_partition = challenges;
  const std::vector<filecoin::porep::ChallengeProof> proofs(challenges, *filecoin::porep::blank_challenge_proof(config));
  r1cs::MatricesRecorder recorder;
  if (Status s = filecoin::porep::synthesize_porep_partition(recorder, config, {}, {}, proofs); !s.is_ok()) return fail(s);
  const r1cs::RecordedMatrices shape = std::move(recorder).finish();
  r1cs::ProvingAssignment classic;
  if (Status s = filecoin::porep::synthesize_porep_partition(classic, config, {}, {}, proofs); !s.is_ok()) return fail(s);
  classic.append_input_constraints();

  auto resident = backend::cuda::GpuRecordedMatrices::upload(shape);
  if (!resident.is_ok()) return fail(resident.status());
  std::vector<Fr> w = classic.input_assignment;
  w.insert(w.end(), classic.aux_assignment.begin(), classic.aux_assignment.end());
  const size_t n = std::bit_ceil(classic.a.size());
  auto d_w = DeviceArray<Fr>::allocate(w.size());
  auto d_abc = DeviceArray<Fr>::allocate(3 * n);
  auto stream = backend::cuda::DeviceStream::create();
  if (!d_w.is_ok() || !d_abc.is_ok() || !stream.is_ok()) return fail(Status::internal("device buffers"));
  if (Status s = d_w->upload(w); !s.is_ok()) return fail(s);
  const DeviceSpan<Fr> abc = d_abc->span();
  auto product = [&]() -> Status {
    CUZK_RETURN_IF_ERROR(resident->evaluate(DeviceSpan<const Fr>(d_w->span()), abc.subspan(0, n), abc.subspan(n, n),
                                            abc.subspan(2 * n, n), true, stream->handle()));
    return stream->synchronize();
  };
  if (Status s = product(); !s.is_ok()) return fail(s);  // warm-up
  std::vector<double> ms;
  for (size_t r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    if (Status s = product(); !s.is_ok()) return fail(s);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::vector<Fr> got(3 * n);
  if (Status s = d_abc->download(got); !s.is_ok()) return fail(s);
  for (size_t k = 0; k < 3; ++k) {
    const std::vector<Fr>& want = k == 0 ? classic.a : k == 1 ? classic.b : classic.c;
    for (size_t i = 0; i < want.size(); ++i) {
      if (got[k * n + i] != want[i]) {
        std::fprintf(stderr, "recorded_spmv_gpu_bench: matrix %zu row %zu differs from classic synthesis\n", k, i);
        return 1;
      }
    }
  }
  std::sort(ms.begin(), ms.end());
  const double median = ms[ms.size() / 2];
  std::printf("porep-32GiB header + %zu challenge(s): %zu constraints, %zu terms, %zu device bytes (%.2f B/constraint)\n",
              challenges, static_cast<size_t>(shape.num_constraints), static_cast<size_t>(shape.terms()),
              resident->device_bytes(), static_cast<double>(resident->device_bytes()) / double(shape.num_constraints));
  std::printf("GPU product a, b, c (domain 2^%d): min %.3f / median %.3f / max %.3f ms, %.1f M constraints/s, "
              "%.2f G terms/s; equal to classic synthesis\n",
              std::countr_zero(n), ms.front(), median, ms.back(), double(shape.num_constraints) / median / 1e3,
              double(shape.terms()) / median / 1e6);
  return 0;
}
