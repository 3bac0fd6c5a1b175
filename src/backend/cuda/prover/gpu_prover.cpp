// GpuProver (gpu_prover.hpp): per circuit, its packed witness up and the product on the device
// → H on the device (per QAP convention) → five device MSMs → the shared assembly on the host
// (groth16::assemble_proof), so the affine proof points (and therefore the proofs) equal the CPU
// backend's.
#include "backend/cuda/prover/gpu_prover.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <future>
#include <initializer_list>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "backend/cuda/witness/recorded_matrices_gpu.hpp"
#include "backend/cuda/witness/witness_staging.hpp"
#include "backend/cuda/runtime/device_array.hpp"
#include "backend/cuda/runtime/device_stream.hpp"
#include "backend/cuda/msm/msm_gpu.hpp"
#include "backend/cuda/ntt/ntt_gpu.hpp"
#include "backend/cuda/runtime/pinned_uploader.hpp"
#include "common/stopwatch.hpp"
#include "common/thread_pool.hpp"
#include "groth16/proof_assembly.hpp"
#include "groth16/snarkjs_qap.hpp"
#include "ntt/domain.hpp"

namespace cuzk::backend::cuda {
namespace {

using ff::Fr;

// The device copy of one key's queries.
struct KeyBases {
  GpuBases<ec::G1Config> a, b_g1, l, h;
  GpuBases<ec::G2Config> b_g2;
  size_t bytes() const { return a.bytes() + b_g1.bytes() + l.bytes() + h.bytes() + b_g2.bytes(); }
  bool matches(const groth16::ProvingKey& pk) const {
    return a.size() == pk.a.size() && b_g1.size() == pk.b_g1.size() && l.size() == pk.l.size() &&
           h.size() == pk.h.size() && b_g2.size() == pk.b_g2.size();
  }
};

Result<KeyBases> upload_key(const groth16::ProvingKey& pk) {
  KeyBases k;
  for (auto [dst, src] : {std::pair{&k.a, &pk.a}, std::pair{&k.b_g1, &pk.b_g1}, std::pair{&k.l, &pk.l},
                          std::pair{&k.h, &pk.h}}) {
    auto up = GpuBases<ec::G1Config>::upload(*src);
    if (!up.is_ok()) return up.status();
    *dst = std::move(up).value();
  }
  auto b_g2 = GpuBases<ec::G2Config>::upload(pk.b_g2);
  if (!b_g2.is_ok()) return b_g2.status();
  k.b_g2 = std::move(b_g2).value();
  return k;
}

// Pinned staging per buffer of the upload ring (two of them): large enough that the DMA of
// one and the host copy into the other both run at full speed, small enough to pin cheaply.
constexpr size_t kStagingBytes = size_t{64} << 20;

// Device memory a proof needs beyond its slot and the resident bases, per constraint of its
// domain: the MSMs' sort of one window (kScratchBytesPerPair a pair) with its buckets and
// runs, rounded up. The MSMs take more where it is free (window groups); this is their floor.
constexpr size_t kWorkingBytesPerConstraint = kScratchBytesPerPair + 16;

// How many a, b, c buffers a batch on `plan` holds (every plan holds two assignments but kSerial).
size_t abc_buffers_of(StagingPlan plan) { return plan == StagingPlan::kOverlapped ? 2 : 1; }

// One circuit's inputs on the device, in two parts that a batch holds one or two of each
// (StagingPlan): its a, b, c (n each; after H they hold the H MSM's scalars), and its
// assignment, which the A, B and L MSMs read (their densities are the resident matrices').
// Grown, then reused.
struct AbcBuffer {
  DeviceArray<Fr> d_abc;

  size_t bytes() const { return d_abc.size_bytes(); }
  // what stage() allocates for a domain of n
  static size_t bytes_for(size_t n) { return 3 * n * sizeof(Fr); }
  Status reserve_for(size_t n) { return reserve(d_abc, 3 * n); }
};
struct WitnessSlot {
  DeviceArray<Fr> d_scalars;  // [inputs, aux]

  size_t bytes() const { return d_scalars.size_bytes(); }
  // what stage() allocates for a circuit of `vars` variables
  static size_t bytes_for(size_t vars) { return vars * sizeof(Fr); }
  Status reserve_for(size_t vars) { return reserve(d_scalars, vars); }
  static size_t density_words(size_t vars) { return (vars + 63) / 64; }
};

// What the staging thread measured for one circuit.
struct StageTimes {
  double alloc_ms = 0, product_ms = 0;
};

// The A and B query densities over [inputs, aux] (A: every input has a base).
struct QueryDensities {
  r1cs::DensityBitmap a, b;
};
QueryDensities query_densities(size_t inputs, const r1cs::DensityBitmap& a_aux, const r1cs::DensityBitmap& b_input,
                               const r1cs::DensityBitmap& b_aux) {
  QueryDensities d;
  d.a.reserve(inputs + a_aux.size());
  for (size_t i = 0; i < inputs; ++i) d.a.push(true);
  d.a.append(a_aux);
  d.b.reserve(b_input.size() + b_aux.size());
  d.b.append(b_input);
  d.b.append(b_aux);
  return d;
}

// A circuit's recorded matrices and its query densities on the device, with the host copy they
// were made from kept alive (so its address cannot name another shape while this one is
// resident).
struct ResidentMatrices {
  std::shared_ptr<const r1cs::RecordedMatrices> host;
  GpuRecordedMatrices device;
  DeviceArray<uint64_t> density_a, density_b;
  size_t bytes() const { return device.device_bytes() + density_a.size_bytes() + density_b.size_bytes(); }
};

Result<ResidentMatrices> upload_shape(std::shared_ptr<const r1cs::RecordedMatrices> shape) {
  ResidentMatrices out;
  CUZK_ASSIGN_OR_RETURN(out.device, GpuRecordedMatrices::upload(*shape));
  const QueryDensities d =
      query_densities(shape->num_inputs, shape->a_aux_density, shape->b_input_density, shape->b_aux_density);
  for (auto [dst, src] : {std::pair{&out.density_a, &d.a}, std::pair{&out.density_b, &d.b}}) {
    CUZK_ASSIGN_OR_RETURN(*dst, DeviceArray<uint64_t>::allocate(src->words().size()));
    CUZK_RETURN_IF_ERROR(dst->upload(src->words()));
  }
  out.host = std::move(shape);
  return out;
}

// How far the staging of one circuit got, for the compute side to start on a while b and c
// still upload: milestones kA, kB, kC (that vector on the device, zero padded) and kAll (the
// assignments and densities too). A failed staging wakes the waiters with its error.
class StageSignal {
 public:
  static constexpr size_t kA = 1, kB = 2, kC = 3, kAll = 4;
  void reach(size_t milestone) {
    {
      std::lock_guard lock(mutex_);
      reached_ = milestone;
    }
    changed_.notify_all();
  }
  void fail(Status status) {
    {
      std::lock_guard lock(mutex_);
      status_ = std::move(status);
      failed_ = true;
    }
    changed_.notify_all();
  }
  // OK once `milestone` is reached; the staging's error if it failed first.
  Status wait(size_t milestone) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return reached_ >= milestone || failed_; });
    return reached_ >= milestone ? Status::ok() : status_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  size_t reached_ = 0;
  bool failed_ = false;
  Status status_;
};

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

}  // namespace

struct GpuProver::Impl {
  int device = 0;
  ThreadPool* host_pool = nullptr;
  DeviceStream stream;
  MsmWorkspace workspace;
  std::unordered_map<const groth16::ProvingKey*, KeyBases> keys;
  std::map<std::pair<uint32_t, groth16::QapConvention>, GpuDomain> domains;  // by log size and convention
  std::unique_ptr<PinnedUploader> uploader;
  AbcBuffer abc[2];
  WitnessSlot witness[2];
  StagingPlan staging_limit = StagingPlan::kOverlapped;
  // the witnesses' recorded matrices (uploaded on first use, kept while the shape lives
  // elsewhere too), the staging of the witnesses, its kernels' stream
  std::unordered_map<const r1cs::RecordedMatrices*, ResidentMatrices> shapes;
  WitnessStaging deferred;
  DeviceStream staging_stream;

  // Frees the shapes nobody else holds any more (called at every prove()).
  void release_unheld_shapes() {
    std::erase_if(shapes, [](const auto& entry) { return entry.second.host.use_count() == 1; });
  }
  // The device copy of a witness's recorded matrices (uploaded on first use).
  Result<const ResidentMatrices*> resident_shape(const std::shared_ptr<const r1cs::RecordedMatrices>& shape) {
    auto it = shapes.find(shape.get());
    if (it == shapes.end()) {
      auto uploaded = upload_shape(shape);
      if (!uploaded.is_ok()) return uploaded.status();
      it = shapes.emplace(shape.get(), std::move(uploaded).value()).first;
    }
    return &it->second;
  }

  Result<KeyBases*> resident(const groth16::ProvingKey& pk) {
    auto it = keys.find(&pk);
    if (it != keys.end() && it->second.matches(pk)) return &it->second;
    if (it != keys.end()) keys.erase(it);  // another key now lives at this address
    auto uploaded = upload_key(pk);
    if (!uploaded.is_ok()) return uploaded.status();
    return &keys.emplace(&pk, std::move(uploaded).value()).first->second;
  }

  Result<const GpuDomain*> domain_for(size_t constraints, groth16::QapConvention convention) {
    CUZK_ASSIGN_OR_RETURN(ntt::Domain domain, ntt::Domain::create(constraints));
    const auto key = std::pair{domain.log_size(), convention};
    auto it = domains.find(key);
    if (it == domains.end()) {
      Result<GpuDomain> gpu = Status::internal("no domain");
      if (convention == groth16::QapConvention::kSnarkjs) {
        CUZK_ASSIGN_OR_RETURN(const groth16::SnarkjsDomain snarkjs, groth16::SnarkjsDomain::create(domain.size()));
        gpu = GpuDomain::create(snarkjs);
      } else {
        gpu = GpuDomain::create(domain);
      }
      if (!gpu.is_ok()) return gpu.status();
      it = domains.emplace(key, std::move(gpu).value()).first;
    }
    return &it->second;
  }

  // The staging plan of this batch (GpuProver::staging_plan, capped by staging_limit). The
  // MSMs' scratch, which grows into free memory, counts as room: a plan of two buffers of a
  // part reserves them now, before the MSMs grow it again, and gives the scratch back first
  // where they do not fit beside it. Buffers the plan does not use are given back (a single
  // circuit leaves them as they are: the next batch may use them).
  Result<StagingPlan> staging_plan_for(std::span<const witness::PartitionWitness* const> circuits,
                                       const std::vector<const GpuDomain*>& circuit_domains) {
    if (circuits.size() < 2) return StagingPlan::kSerial;
    size_t max_n = 0, max_vars = 0;
    for (size_t index = 0; index < circuits.size(); ++index) {
      max_n = std::max(max_n, circuit_domains[index]->size());
      max_vars = std::max(max_vars, circuits[index]->num_inputs() + circuits[index]->num_aux());
    }
    const size_t abc_bytes = AbcBuffer::bytes_for(max_n), witness_bytes = WitnessSlot::bytes_for(max_vars);
    size_t free_bytes = 0, total_bytes = 0;
    CUZK_RETURN_IF_ERROR(cuda::device_memory(&free_bytes, &total_bytes));
    size_t held = workspace.bytes();
    for (size_t k = 0; k < 2; ++k) held += abc[k].bytes() + witness[k].bytes();
    const StagingPlan plan =
        std::min(staging_limit, GpuProver::staging_plan(circuits.size(), abc_bytes, witness_bytes,
                                                        max_n * kWorkingBytesPerConstraint, free_bytes + held));
    if (plan != StagingPlan::kOverlapped) abc[1] = AbcBuffer{};
    if (plan == StagingPlan::kSerial) {
      witness[1] = WitnessSlot{};
      return plan;
    }
    const GpuProver::StagingReservation reservation = GpuProver::staging_reservation(
        plan, abc_bytes, witness_bytes, {abc[0].bytes(), abc[1].bytes()}, {witness[0].bytes(), witness[1].bytes()},
        free_bytes);
    if (reservation.release_scratch) workspace.release();
    for (size_t k = 0; k < abc_buffers_of(plan); ++k) CUZK_RETURN_IF_ERROR(abc[k].reserve_for(max_n));
    for (size_t k = 0; k < 2; ++k) CUZK_RETURN_IF_ERROR(witness[k].reserve_for(max_vars));
    return plan;
  }

  // Device buffers of one circuit into `abc_buffer` and `slot`, its packed witness up and a, b,
  // c from the product on its matrices (`shape`, on the device), rows checked; then the
  // milestone signalled (runs on the staging thread; uses only the uploader's stream and
  // staging_stream).
  Status stage(const witness::PartitionWitness& partition, const ResidentMatrices& shape, bool input_rows, size_t n,
               AbcBuffer& abc_buffer, WitnessSlot& slot, StageSignal& signal, StageTimes& times);

  // H, the five MSMs and the assembly of one circuit (on the compute stream) as its staging
  // progresses: a, b, c each go to the coset as soon as they are on the device; `staged`
  // waits for the rest of the staging (it may start the next circuit's) before the MSMs, of
  // which H runs first: `abc_done` is called once nothing reads `abc_buffer` any more.
  Result<groth16::Proof> prove_one(const groth16::ProvingKey& pk, const KeyBases& bases,
                                   const witness::PartitionWitness& partition, const ResidentMatrices& shape,
                                   const GpuDomain& d,
                                   groth16::QapConvention convention, size_t h_count, AbcBuffer& abc_buffer,
                                   WitnessSlot& slot, StageSignal& signal, const std::function<Status()>& staged,
                                   const std::function<void()>& abc_done, groth16::BlindingSource& blinding,
                                   GpuProveTimings& t);
};

Status GpuProver::Impl::stage(const witness::PartitionWitness& partition, const ResidentMatrices& shape, bool input_rows,
                              size_t n, AbcBuffer& abc_buffer, WitnessSlot& slot, StageSignal& signal,
                              StageTimes& times) {
  Stopwatch phase;
  const size_t vars = partition.num_inputs() + partition.num_aux();
  CUZK_RETURN_IF_ERROR(abc_buffer.reserve_for(n));
  CUZK_RETURN_IF_ERROR(reserve(slot.d_scalars, vars));
  times.alloc_ms += phase.lap_ms();
  // product: the packed witness up, w, a, b, c (padded to n) made and checked on the device
  const DeviceSpan<Fr> d_abc = abc_buffer.d_abc.span();
  CUZK_RETURN_IF_ERROR(deferred.stage(partition, shape.device, input_rows, slot.d_scalars.span().first(vars),
                                      d_abc.subspan(0, n), d_abc.subspan(n, n), d_abc.subspan(2 * n, n), *uploader,
                                      *host_pool, staging_stream));
  times.product_ms += phase.lap_ms();
  signal.reach(StageSignal::kAll);
  return Status::ok();
}

Result<groth16::Proof> GpuProver::Impl::prove_one(const groth16::ProvingKey& pk, const KeyBases& bases,
                                                  const witness::PartitionWitness& partition,
                                                  const ResidentMatrices& shape, const GpuDomain& d,
                                                  groth16::QapConvention convention, size_t h_count,
                                                  AbcBuffer& abc_buffer, WitnessSlot& slot, StageSignal& signal,
                                                  const std::function<Status()>& staged,
                                                  const std::function<void()>& abc_done,
                                                  groth16::BlindingSource& blinding, GpuProveTimings& t) {
  Stopwatch phase;
  const size_t n = d.size(), inputs = partition.num_inputs(), vars = inputs + partition.num_aux();
  const size_t density_words = WitnessSlot::density_words(vars);

  // ntt: h = a (kBellperson: the quotient's coefficients in bit-reversed order, the n − 1 =
  // h_count of the MSM and the zero top one; kSnarkjs: a's span [0, h_count), the n odd-coset
  // evaluations, d's tables being snarkjs's); the waits for a, b, c and for the
  // rest of the staging count as upload (for the first circuit they overlap its own H, later
  // circuits are staged already)
  void* st = stream.handle();
  DeviceSpan<Fr> d_abc[3];  // taken once the staging has (re)allocated the buffer: after kA
  for (size_t k = 0; k < 3; ++k) {
    CUZK_RETURN_IF_ERROR(signal.wait(StageSignal::kA + k));
    t.upload_ms += phase.lap_ms();
    d_abc[k] = abc_buffer.d_abc.span().subspan(k * n, n);
    // kBellperson's c goes to its coefficients only (ntt_gpu.hpp: H in six transforms)
    const bool c_coefficients = k == 2 && convention != groth16::QapConvention::kSnarkjs;
    CUZK_RETURN_IF_ERROR(c_coefficients ? gpu_h_c_coefficients(d, d_abc[k], st) : gpu_h_to_coset(d, d_abc[k], st));
    t.ntt_ms += phase.lap_ms();
  }
  CUZK_RETURN_IF_ERROR(convention == groth16::QapConvention::kSnarkjs
                           ? gpu_h_odd_coset(d, d_abc[0], d_abc[1], d_abc[2], st)
                           : gpu_h_quotient(d, d_abc[0], d_abc[1], d_abc[2], st));
  t.ntt_ms += phase.lap_ms();
  CUZK_RETURN_IF_ERROR(staged());
  t.upload_ms += phase.lap_ms();
  CUZK_RETURN_IF_ERROR(stream.synchronize());
  t.ntt_ms += phase.lap_ms();

  const DeviceSpan<const Fr> scalars = slot.d_scalars.span().first(vars);
  const DeviceSpan<const uint64_t> density_a = shape.density_a.span().first(density_words);
  const DeviceSpan<const uint64_t> density_b = shape.density_b.span().first(density_words);
  groth16::MsmSums sums;
  // H first, the last reader of a, b, c (gpu_msm returns once its stream is done). kBellperson:
  // a holds the n coefficients in bit-reversed order (gpu_h_quotient), the MSM reads them so
  // and leaves out the top one (h_count = n − 1 bases)
  const bool bit_reversed = convention == groth16::QapConvention::kBellperson;
  GpuMsmOptions h_options;
  h_options.scalars_bit_reversed = bit_reversed;
  CUZK_ASSIGN_OR_RETURN(sums.h, gpu_msm<ec::G1Config>(bases.h, 0, h_count,
                                                      DeviceSpan<const Fr>(d_abc[0]).first(bit_reversed ? n : h_count),
                                                      {}, workspace, st, h_options));
  t.msm_h_ms += phase.lap_ms();
  abc_done();
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
  impl->host_pool = host_pool != nullptr ? host_pool : &ThreadPool::shared();
  auto stream = DeviceStream::create();
  if (!stream.is_ok()) return stream.status();
  impl->stream = std::move(stream).value();
  auto staging_stream = DeviceStream::create();
  if (!staging_stream.is_ok()) return staging_stream.status();
  impl->staging_stream = std::move(staging_stream).value();
  if (const char* limit = std::getenv("CUZK_STAGING"); limit != nullptr) {
    const auto plan = staging_plan_named(limit);
    if (!plan) {
      return Status::invalid_argument("CUZK_STAGING must be serial, shared-abc or overlapped, got '" +
                                      std::string(limit) + "'");
    }
    impl->staging_limit = *plan;
  }
  return std::unique_ptr<GpuProver>(new GpuProver(std::move(impl)));
}

Result<std::vector<groth16::Proof>> GpuProver::prove(const groth16::ProvingKey& pk,
                                                     std::span<const witness::PartitionWitness* const> circuits,
                                                     groth16::QapConvention convention,
                                                     groth16::BlindingSource& blinding, GpuProveTimings* timings) {
  Stopwatch total, phase;
  GpuProveTimings t;
  CUZK_RETURN_IF_ERROR(set_current_device(impl_->device));
  CUZK_RETURN_IF_ERROR(groth16::check_batch(pk, circuits, convention));
  t.prep_ms += phase.lap_ms();
  auto bases = impl_->resident(pk);
  if (!bases.is_ok()) return bases.status();
  t.upload_ms += phase.lap_ms();
  using groth16::circuit_error;
  // Domains (made on this thread: their tables are built on the legacy stream) and the uploader.
  std::vector<const GpuDomain*> domains(circuits.size());
  std::vector<size_t> h_counts(circuits.size());
  impl_->release_unheld_shapes();
  std::vector<const ResidentMatrices*> shapes(circuits.size(), nullptr);
  for (size_t index = 0; index < circuits.size(); ++index) {
    auto domain = impl_->domain_for(groth16::shape_of(*circuits[index], convention).rows, convention);
    if (!domain.is_ok()) return circuit_error(index, domain.status());
    CUZK_ASSIGN_OR_RETURN(h_counts[index], groth16::h_size(pk, (*domain)->size(), convention, index));
    domains[index] = *domain;
    auto shape = impl_->resident_shape(circuits[index]->matrices);
    if (!shape.is_ok()) return circuit_error(index, shape.status());
    shapes[index] = *shape;
  }
  const bool input_rows = convention == groth16::QapConvention::kBellperson;
  if (impl_->uploader == nullptr) {
    auto uploader = PinnedUploader::create(kStagingBytes);
    if (!uploader.is_ok()) return uploader.status();
    impl_->uploader = std::move(uploader).value();
  }
  if (circuits.empty()) return std::vector<groth16::Proof>{};
  Impl& impl = *impl_;
  CUZK_ASSIGN_OR_RETURN(const StagingPlan plan, impl.staging_plan_for(circuits, domains));
  t.staging = plan;
  t.prep_ms += phase.lap_ms();
  // Circuit i + 1 is staged on another thread while circuit i computes (kOverlapped), once
  // circuit i's H MSM is done (kSharedAbc) or after circuit i's proof (kSerial); circuit i's H
  // starts as soon as its a is on the device.
  const size_t abc_buffers = plan == StagingPlan::kOverlapped ? 2 : 1;
  const size_t witness_slots = plan == StagingPlan::kSerial ? 1 : 2;
  std::vector<StageTimes> stage_times(circuits.size());
  std::vector<std::unique_ptr<StageSignal>> signals(circuits.size());
  for (auto& signal : signals) signal = std::make_unique<StageSignal>();
  auto start_stage = [&impl, &circuits, &shapes, &domains, &stage_times, &signals, abc_buffers, witness_slots,
                      input_rows](size_t index) {
    return std::async(std::launch::async, [&impl, &circuits, &shapes, &domains, &stage_times, &signals, abc_buffers,
                                           witness_slots, input_rows, index]() -> Status {
      Status s = set_current_device(impl.device);
      if (s.is_ok()) {
        s = impl.stage(*circuits[index], *shapes[index], input_rows, domains[index]->size(),
                       impl.abc[index % abc_buffers], impl.witness[index % witness_slots], *signals[index],
                       stage_times[index]);
      }
      if (!s.is_ok()) signals[index]->fail(s);
      return s;
    });
  };
  std::vector<groth16::Proof> proofs;
  proofs.reserve(circuits.size());
  std::future<Status> next = start_stage(0);  // joined by its destructor on every return path
  for (size_t index = 0; index < circuits.size(); ++index) {
    const bool more = index + 1 < circuits.size();
    // joins circuit index's staging; kOverlapped then stages circuit index + 1 into the other
    // buffers (circuit index − 1, their last user, is done)
    const std::function<Status()> staged = [&next, &start_stage, index, plan, more]() -> Status {
      Status s = next.get();
      if (s.is_ok() && plan == StagingPlan::kOverlapped && more) next = start_stage(index + 1);
      return s;
    };
    // kSharedAbc: the one a, b, c buffer is free once circuit index's H MSM is done
    const std::function<void()> abc_done = [&next, &start_stage, index, plan, more]() {
      if (plan == StagingPlan::kSharedAbc && more) next = start_stage(index + 1);
    };
    auto proof = impl.prove_one(pk, **bases, *circuits[index], *shapes[index], *domains[index], convention,
                                h_counts[index], impl.abc[index % abc_buffers], impl.witness[index % witness_slots],
                                *signals[index], staged, abc_done, blinding, t);
    if (!proof.is_ok()) return circuit_error(index, proof.status());
    proofs.push_back(*proof);
    if (plan == StagingPlan::kSerial && more) next = start_stage(index + 1);  // the buffers are free again
    phase.lap_ms();
  }
  for (const StageTimes& st : stage_times) {
    t.alloc_ms += st.alloc_ms;
    t.product_ms += st.product_ms;
  }
  t.pre_return_ms = total.lap_ms();
  if (timings != nullptr) *timings = t;
  if (timing_enabled()) print_timings(t);
  return proofs;
}

const char* staging_plan_name(StagingPlan plan) {
  switch (plan) {
    case StagingPlan::kSerial: return "serial";
    case StagingPlan::kSharedAbc: return "shared-abc";
    case StagingPlan::kOverlapped: return "overlapped";
  }
  return "unknown";
}

std::optional<StagingPlan> staging_plan_named(std::string_view name) {
  for (const StagingPlan plan : {StagingPlan::kSerial, StagingPlan::kSharedAbc, StagingPlan::kOverlapped}) {
    if (name == staging_plan_name(plan)) return plan;
  }
  return std::nullopt;
}

StagingPlan GpuProver::staging_plan(size_t circuits, size_t abc_bytes, size_t witness_bytes, size_t working_bytes,
                                    size_t available_bytes) {
  // Σ of the parts, saturating: a sum past size_t's top never reads as "fits"
  const auto fits = [available_bytes](std::initializer_list<size_t> parts) {
    size_t total = 0;
    for (const size_t part : parts) {
      if (part > available_bytes - total) return false;
      total += part;
    }
    return true;
  };
  if (circuits < 2) return StagingPlan::kSerial;
  if (fits({abc_bytes, abc_bytes, witness_bytes, witness_bytes, working_bytes})) return StagingPlan::kOverlapped;
  if (fits({abc_bytes, witness_bytes, witness_bytes, working_bytes})) return StagingPlan::kSharedAbc;
  return StagingPlan::kSerial;
}

GpuProver::StagingReservation GpuProver::staging_reservation(StagingPlan plan, size_t abc_bytes,
                                                             size_t witness_bytes, std::array<size_t, 2> held_abc,
                                                             std::array<size_t, 2> held_witness, size_t free_bytes) {
  StagingReservation out;
  if (plan == StagingPlan::kSerial) return out;
  for (size_t k = 0; k < abc_buffers_of(plan); ++k) out.missing_bytes += abc_bytes - std::min(abc_bytes, held_abc[k]);
  for (size_t k = 0; k < 2; ++k) out.missing_bytes += witness_bytes - std::min(witness_bytes, held_witness[k]);
  out.release_scratch = out.missing_bytes > free_bytes;
  return out;
}

void GpuProver::set_staging_limit(StagingPlan limit) { impl_->staging_limit = limit; }

void GpuProver::release(const groth16::ProvingKey& pk) {
  static_cast<void>(set_current_device(impl_->device));
  impl_->keys.erase(&pk);
}

size_t GpuProver::resident_bytes() const {
  size_t total = 0;
  for (const auto& [key, bases] : impl_->keys) total += bases.bytes();
  for (const auto& [key, shape] : impl_->shapes) total += shape.bytes();
  return total;
}

Status GpuProver::device_memory(size_t* free_bytes, size_t* total_bytes) const {
  CUZK_RETURN_IF_ERROR(set_current_device(impl_->device));
  return cuda::device_memory(free_bytes, total_bytes);
}

int GpuProver::device() const { return impl_->device; }

}  // namespace cuzk::backend::cuda
