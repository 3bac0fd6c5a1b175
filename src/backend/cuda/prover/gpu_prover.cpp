// GpuProver (gpu_prover.hpp): a batch's orchestration. Per circuit, its staging (the staging
// ring's thread: packed witness up, product on the device) → H on the compute stream behind the
// staging's event → five device MSMs → the shared assembly on the host (groth16::assemble_proof),
// so the affine proof points (and therefore the proofs) equal the CPU backend's. When the next
// circuit stages is the schedule's (staging_schedule): data, not code paths.
#include "backend/cuda/prover/gpu_prover.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>

#include "backend/cuda/msm/msm_gpu.hpp"
#include "backend/cuda/ntt/ntt_gpu.hpp"
#include "backend/cuda/prover/resident_set.hpp"
#include "backend/cuda/prover/staging_ring.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "common/stopwatch.hpp"
#include "groth16/proof_assembly.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;

void print_timings(const GpuProveTimings& t) {
  const std::pair<const char*, double> phases[] = {
      {"prep", t.prep_ms},         {"alloc", t.alloc_ms},       {"upload", t.upload_ms},      {"product", t.product_ms},
      {"ntt", t.ntt_ms},           {"msm_a", t.msm_a_ms},       {"msm_b_g1", t.msm_b_g1_ms},
      {"msm_b_g2", t.msm_b_g2_ms}, {"msm_l", t.msm_l_ms},       {"msm_h", t.msm_h_ms},
      {"epilogue", t.epilogue_ms}, {"pre_return", t.pre_return_ms}};
  for (const auto& [name, ms] : phases) std::fprintf(stderr, "CUZK_TIMING: phase=%s ms=%.1f\n", name, ms);
  std::fprintf(stderr, "CUZK_TIMING: staging=%s\n", staging_plan_name(t.staging));
}

bool timing_enabled() {
  const char* value = std::getenv("CUZK_TIMING");
  return value != nullptr && std::string(value) == "1";
}

// One circuit of a batch, as the orchestration sees it.
struct BatchCircuit {
  const witness::PartitionWitness* witness = nullptr;
  const ResidentMatrices* matrices = nullptr;
  const GpuDomain* domain = nullptr;
  size_t h_count = 0;  // the H MSM's bases
  StagingStep step;
  StageTimes stage_times;
  StagingRing::Ticket ticket;
};

// Waits for the ring's queued staging on every way out of a batch: a staging still running reads
// the batch's witnesses and writes its times.
class DrainOnExit {
 public:
  explicit DrainOnExit(StagingRing& ring) : ring_(ring) {}
  ~DrainOnExit() { ring_.drain(); }
  DrainOnExit(const DrainOnExit&) = delete;
  DrainOnExit& operator=(const DrainOnExit&) = delete;

 private:
  StagingRing& ring_;
};

}  // namespace

struct GpuProver::Impl {
  int device = 0;
  DeviceStream stream;  // the compute stream
  MsmWorkspace workspace;
  ResidentSet resident;
  std::unique_ptr<StagingRing> ring;
  StagingPlan staging_limit = StagingPlan::kOverlapped;

  // Queues circuit `index`'s staging where its step says.
  void start_staging(std::span<BatchCircuit> batch, size_t index, bool input_rows) {
    BatchCircuit& c = batch[index];
    c.ticket = ring->stage(*c.witness, *c.matrices, input_rows, c.domain->size(), c.step, c.stage_times);
  }

  // H, the five MSMs and the assembly of circuit `index` (on the compute stream); the next
  // circuit's staging starts at the step of this one its schedule names.
  Result<groth16::Proof> prove_one(const groth16::ProvingKey& pk, const KeyBases& bases, std::span<BatchCircuit> batch,
                                   size_t index, groth16::QapConvention convention, groth16::BlindingSource& blinding,
                                   GpuProveTimings& t);
};

Result<groth16::Proof> GpuProver::Impl::prove_one(const groth16::ProvingKey& pk, const KeyBases& bases,
                                                  std::span<BatchCircuit> batch, size_t index,
                                                  groth16::QapConvention convention,
                                                  groth16::BlindingSource& blinding, GpuProveTimings& t) {
  BatchCircuit& c = batch[index];
  const bool input_rows = convention == groth16::QapConvention::kBellperson;
  const auto reached = [&](ComputeStep step) {
    if (index + 1 < batch.size() && batch[index + 1].step.after == step) start_staging(batch, index + 1, input_rows);
  };
  Stopwatch phase;
  const GpuDomain& d = *c.domain;
  const size_t n = d.size(), inputs = c.witness->num_inputs(), vars = inputs + c.witness->num_aux();
  const size_t density_words = (vars + 63) / 64;

  // ntt, behind the staging's product on the device: h = a (kBellperson: the quotient's
  // coefficients in bit-reversed order, the n − 1 = h_count of the MSM and the zero top one;
  // kSnarkjs: a's span [0, h_count), the n odd-coset evaluations, d's tables being snarkjs's).
  // The waits for the staging count as upload.
  void* st = stream.handle();
  CUZK_RETURN_IF_ERROR(c.ticket.queued.get());
  CUZK_RETURN_IF_ERROR(ring->staged(c.step.abc_slot).wait(stream));
  t.upload_ms += phase.lap_ms();
  const DeviceSpan<Fr> abc = ring->abc(c.step.abc_slot, n);
  const DeviceSpan<Fr> d_abc[3] = {abc.subspan(0, n), abc.subspan(n, n), abc.subspan(2 * n, n)};
  for (size_t k = 0; k < 3; ++k) {
    // kBellperson's c goes to its coefficients only (ntt_gpu.hpp: H in six transforms)
    const bool c_coefficients = k == 2 && convention != groth16::QapConvention::kSnarkjs;
    CUZK_RETURN_IF_ERROR(c_coefficients ? gpu_h_c_coefficients(d, d_abc[k], st) : gpu_h_to_coset(d, d_abc[k], st));
  }
  CUZK_RETURN_IF_ERROR(convention == groth16::QapConvention::kSnarkjs
                           ? gpu_h_odd_coset(d, d_abc[0], d_abc[1], d_abc[2], st)
                           : gpu_h_quotient(d, d_abc[0], d_abc[1], d_abc[2], st));
  t.ntt_ms += phase.lap_ms();
  CUZK_RETURN_IF_ERROR(c.ticket.done.get());
  t.upload_ms += phase.lap_ms();
  reached(ComputeStep::kStaged);
  CUZK_RETURN_IF_ERROR(stream.synchronize());
  t.ntt_ms += phase.lap_ms();

  const DeviceSpan<const Fr> scalars = ring->scalars(c.step.witness_slot, vars);
  const DeviceSpan<const uint64_t> density_a = c.matrices->density_a.span().first(density_words);
  const DeviceSpan<const uint64_t> density_b = c.matrices->density_b.span().first(density_words);
  groth16::MsmSums sums;
  // H first, the last reader of a, b, c (gpu_msm returns once its stream is done). kBellperson:
  // a holds the n coefficients in bit-reversed order (gpu_h_quotient), the MSM reads them so
  // and leaves out the top one (h_count = n − 1 bases)
  const bool bit_reversed = convention == groth16::QapConvention::kBellperson;
  GpuMsmOptions h_options;
  h_options.scalars_bit_reversed = bit_reversed;
  CUZK_ASSIGN_OR_RETURN(sums.h, gpu_msm<ec::G1Config>(bases.h, 0, c.h_count,
                                                      DeviceSpan<const Fr>(d_abc[0]).first(bit_reversed ? n : c.h_count),
                                                      {}, workspace, st, h_options));
  t.msm_h_ms += phase.lap_ms();
  reached(ComputeStep::kHMsm);
  CUZK_ASSIGN_OR_RETURN(sums.a, gpu_msm<ec::G1Config>(bases.a, 0, pk.a.size(), scalars, density_a, workspace, st));
  t.msm_a_ms += phase.lap_ms();
  CUZK_ASSIGN_OR_RETURN(sums.b_g1,
                        gpu_msm<ec::G1Config>(bases.b_g1, 0, pk.b_g1.size(), scalars, density_b, workspace, st));
  t.msm_b_g1_ms += phase.lap_ms();
  CUZK_ASSIGN_OR_RETURN(sums.b_g2,
                        gpu_msm<ec::G2Config>(bases.b_g2, 0, pk.b_g2.size(), scalars, density_b, workspace, st));
  t.msm_b_g2_ms += phase.lap_ms();
  CUZK_ASSIGN_OR_RETURN(sums.l, gpu_msm<ec::G1Config>(bases.l, 0, pk.l.size(), scalars.subspan(inputs, vars - inputs),
                                                      {}, workspace, st));
  t.msm_l_ms += phase.lap_ms();
  reached(ComputeStep::kProof);

  const auto [r, s] = blinding.next();
  const groth16::Proof proof = groth16::assemble_proof(pk.vk, sums, r, s);
  t.epilogue_ms += phase.lap_ms();
  return proof;
}

GpuProver::GpuProver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GpuProver::~GpuProver() = default;

Result<std::unique_ptr<GpuProver>> GpuProver::create(int device, ThreadPool* host_pool) {
  CUZK_RETURN_IF_ERROR(set_current_device(device));
  auto impl = std::make_unique<Impl>();
  impl->device = device;
  if (const char* limit = std::getenv("CUZK_STAGING"); limit != nullptr) {
    const auto plan = staging_plan_named(limit);
    if (!plan) {
      return Status::invalid_argument("CUZK_STAGING must be serial, shared-abc or overlapped, got '" +
                                      std::string(limit) + "'");
    }
    impl->staging_limit = *plan;
  }
  CUZK_ASSIGN_OR_RETURN(impl->stream, DeviceStream::create());
  CUZK_ASSIGN_OR_RETURN(impl->ring,
                        StagingRing::create(device, host_pool != nullptr ? *host_pool : ThreadPool::shared()));
  return std::unique_ptr<GpuProver>(new GpuProver(std::move(impl)));
}

Result<std::vector<groth16::Proof>> GpuProver::prove(const groth16::ProvingKey& pk,
                                                     std::span<const witness::PartitionWitness* const> circuits,
                                                     groth16::QapConvention convention,
                                                     groth16::BlindingSource& blinding, GpuProveTimings* timings) {
  Stopwatch total, phase;
  GpuProveTimings t;
  Impl& impl = *impl_;
  CUZK_RETURN_IF_ERROR(set_current_device(impl.device));
  CUZK_RETURN_IF_ERROR(groth16::check_batch(pk, circuits, convention));
  t.prep_ms += phase.lap_ms();
  CUZK_ASSIGN_OR_RETURN(const KeyBases* bases, impl.resident.key(pk));
  t.upload_ms += phase.lap_ms();
  using groth16::circuit_error;
  // domains (made on this thread: their tables are built on the legacy stream) and matrices
  impl.resident.release_unheld_matrices();
  std::vector<BatchCircuit> batch(circuits.size());
  size_t max_n = 0, max_vars = 0;
  for (size_t index = 0; index < circuits.size(); ++index) {
    BatchCircuit& c = batch[index];
    c.witness = circuits[index];
    auto domain = impl.resident.domain(groth16::shape_of(*c.witness, convention).rows, convention);
    if (!domain.is_ok()) return circuit_error(index, domain.status());
    c.domain = *domain;
    CUZK_ASSIGN_OR_RETURN(c.h_count, groth16::h_size(pk, c.domain->size(), convention, index));
    auto matrices = impl.resident.matrices(c.witness->matrices);
    if (!matrices.is_ok()) return circuit_error(index, matrices.status());
    c.matrices = *matrices;
    max_n = std::max(max_n, c.domain->size());
    max_vars = std::max(max_vars, c.witness->num_inputs() + c.witness->num_aux());
  }
  if (circuits.empty()) return std::vector<groth16::Proof>{};
  CUZK_ASSIGN_OR_RETURN(t.staging,
                        impl.ring->prepare(circuits.size(), max_n, max_vars, impl.staging_limit, impl.workspace));
  const std::vector<StagingStep> steps = staging_schedule(t.staging, circuits.size());
  for (size_t index = 0; index < batch.size(); ++index) batch[index].step = steps[index];
  t.prep_ms += phase.lap_ms();

  std::vector<groth16::Proof> proofs;
  proofs.reserve(circuits.size());
  {
    const DrainOnExit drain(*impl.ring);
    impl.start_staging(batch, 0, convention == groth16::QapConvention::kBellperson);
    for (size_t index = 0; index < batch.size(); ++index) {
      auto proof = impl.prove_one(pk, *bases, batch, index, convention, blinding, t);
      if (!proof.is_ok()) return circuit_error(index, proof.status());
      proofs.push_back(*proof);
    }
  }
  for (const BatchCircuit& c : batch) {
    t.alloc_ms += c.stage_times.alloc_ms;
    t.product_ms += c.stage_times.product_ms;
  }
  t.pre_return_ms = total.lap_ms();
  if (timings != nullptr) *timings = t;
  if (timing_enabled()) print_timings(t);
  return proofs;
}

void GpuProver::set_staging_limit(StagingPlan limit) { impl_->staging_limit = limit; }

void GpuProver::release(const groth16::ProvingKey& pk) {
  static_cast<void>(set_current_device(impl_->device));
  impl_->resident.release(pk);
  impl_->resident.release_unheld_matrices();
}

size_t GpuProver::resident_bytes() const { return impl_->resident.bytes(); }

Status GpuProver::device_memory(size_t* free_bytes, size_t* total_bytes) const {
  CUZK_RETURN_IF_ERROR(set_current_device(impl_->device));
  return cuda::device_memory(free_bytes, total_bytes);
}

int GpuProver::device() const { return impl_->device; }

}  // namespace cuzk::backend::cuda
