// supraseal_side_by_side: cuzk and supraseal-c2 — the CUDA Groth16 prover Filecoin's provers run
// (Curio's fork; ../shared/gpu-baseline/third_party/supraseal-c2, unmodified) — proving the same
// PoRep Commit-1 output's partitions on the same card, from the same bellperson `.params` file,
// with the same r and s, in one process: every proof of both verified with cuzk's verifier and
// both provers' proofs compared (they compute the same function: equal r, s give equal proofs).
// Per partition and per C2: time, peak device memory, host memory. Built only with
// -DCUZK_SUPRASEAL_REFERENCE=<path to gpu-baseline> (docs/SUPRASEAL.md; the GPU run:
// scripts/supraseal-side-by-side.sh).
//
//   supraseal_side_by_side --commit1 C1.json --params FILE.params [--prover both|cuzk|supraseal]
//                          [--partitions N] [--seed S] [--proofs-dir DIR]
//
// The steps, each timed (wall ms), with the device's memory in use (cudaMemGetInfo, sampled
// every millisecond: the whole card as the driver sees it) and the process's peak resident
// memory (VmHWM, reset before each step):
//   1. the Commit-1 output read and checked; partition k's witness synthesized by cuzk (the PoRep
//      kind's, its recorded matrices attached: read from <params>.matrices or recorded there);
//   2. cuzk (--prover cuzk|both): the key read from the file (mapped, parsed: the daemon's load),
//      the prover the backend factory makes (one GPU, else the CPU); one call of all partitions
//      (the first: bases and matrices go up), the same call again (steady: the C2 time), then
//      each partition alone; the key and device memory released;
//   3. supraseal (--prover supraseal|both): create_SRS on the same path and its background read;
//      per partition, the witness made whole on the host (witness::materialize: what bellperson's
//      synthesis hands supraseal), marshalled (groth16/supraseal_args) and proved by
//      generate_groth16_proofs_c, one circuit a call, as Curio proves partitions; partition 0
//      once first as a warm-up (supraseal allocates its device buffers on its first call).
// With --proofs-dir, each prover's proofs are written as <prover>-seed<S>-<N>.proofs (192 bytes a
// partition) and compared with the other's file when it is there, so that the two provers can
// run in two processes (one device call each) and still be checked equal.
//
// What the harness supplies that supraseal's Rust side (bellperson's supraseal prover and the
// supraseal-c2 crate) normally does — docs/SUPRASEAL.md says more:
//   - synthesis: bellperson's ProvingAssignment (a, b, c per row with one row input_i·0 = 0 per
//     input appended, the input and aux assignments, the A/B density bitmaps and popcounts) is
//     cuzk's witness made whole, marshalled without a copy (cuzk's Fr is supraseal's fr_t);
//   - r and s: bellperson draws them from the OS's random generator per proof; here they come
//     from --seed (a 64-bit Mersenne twister per partition, uniform below r) and are the same
//     for both provers;
//   - the SRS handle (Rust: `SRS { ptr: null }`, then create_SRS(path, cache = false)), a null
//     GPU mutex (supraseal's own process-wide lock) and gpu_index 0 (Curio's per-partition call);
//   - set_membw_throttle(int), which supraseal calls and Curio's Rust defines: a no-op here
//     (bench/supraseal_c2.cu); sppark's util/all_gpus.cpp and blst (built into the build folder).
// The work is not the same: cuzk's prove call starts from the packed witness (a, b, c computed on
// the card), supraseal's from a, b, c on the host; the materialization is timed apart.
#include <cuda_runtime_api.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "backend/prover_factory.hpp"
#include "supraseal_c2.hpp"
#include "cli/flags.hpp"
#include "common/mapped_file.hpp"
#include "common/thread_pool.hpp"
#include "engine/circuit.hpp"
#include "groth16/bellperson_format.hpp"
#include "groth16/supraseal_args.hpp"
#include "groth16/verifier.hpp"
#include "kinds/porep_kind.hpp"

using namespace cuzk;

namespace {

using Clock = std::chrono::steady_clock;
constexpr double kGiB = double(size_t{1} << 30);

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// The process's resident memory now and at its peak since the last reset, from /proc/self/status.
struct HostMemory {
  double rss_gib = 0, peak_gib = 0;
};
HostMemory host_memory() {
  HostMemory out;
  std::ifstream status("/proc/self/status");
  std::string key;
  double kib = 0;
  while (status >> key) {
    if (key == "VmRSS:" && status >> kib) out.rss_gib = kib * 1024 / kGiB;
    if (key == "VmHWM:" && status >> kib) out.peak_gib = kib * 1024 / kGiB;
  }
  return out;
}
// Resets VmHWM to the current resident memory (Linux ≥ 4.0; left as it was elsewhere).
void reset_host_peak() { std::ofstream("/proc/self/clear_refs") << "5"; }

// The device's memory in use (total − free, all processes), sampled every millisecond on a
// thread of its own; a span's peak is the largest sample since start(). Without a CUDA device
// every figure is 0.
class DeviceMemoryWatch {
 public:
  DeviceMemoryWatch() {
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) return;
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) return;
    name_ = prop.name;
    total_ = prop.totalGlobalMem;
    thread_ = std::thread([this] {
      cudaSetDevice(0);
      while (!stop_.load()) {
        const size_t used = in_use();
        size_t peak = peak_.load();
        while (used > peak && !peak_.compare_exchange_weak(peak, used)) {
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
  }
  ~DeviceMemoryWatch() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
  }
  DeviceMemoryWatch(const DeviceMemoryWatch&) = delete;
  DeviceMemoryWatch& operator=(const DeviceMemoryWatch&) = delete;

  bool present() const { return total_ != 0; }
  const std::string& name() const { return name_; }
  double total_gib() const { return double(total_) / kGiB; }
  // In use now, and the peak from now on.
  double start() {
    const size_t now = in_use();
    peak_.store(now);
    return double(now) / kGiB;
  }
  double peak_gib() const { return double(std::max(peak_.load(), in_use())) / kGiB; }

 private:
  size_t in_use() const {
    size_t free = 0, total = 0;
    if (total_ == 0 || cudaMemGetInfo(&free, &total) != cudaSuccess) return 0;
    return total - free;
  }

  std::string name_;
  size_t total_ = 0;
  std::atomic<size_t> peak_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// One timed step: wall time, the device's memory in use before it and at its peak, the
// process's resident memory at its end and at its peak.
struct Measured {
  double ms = 0, device_before_gib = 0, device_peak_gib = 0;
  HostMemory host;
};
std::string describe(const Measured& m) {
  char line[200];
  std::snprintf(line, sizeof(line), "%10.1f ms  device %6.2f GiB peak (%6.2f before)  host %6.2f GiB peak, %6.2f now",
                m.ms, m.device_peak_gib, m.device_before_gib, m.host.peak_gib, m.host.rss_gib);
  return line;
}

class Meter {
 public:
  explicit Meter(DeviceMemoryWatch& device) : device_(device) {}
  template <class F>
  Measured run(F&& step) {
    Measured m;
    reset_host_peak();
    m.device_before_gib = device_.start();
    const Clock::time_point t0 = Clock::now();
    step();
    m.ms = ms_since(t0);
    m.device_peak_gib = device_.peak_gib();
    m.host = host_memory();
    return m;
  }

 private:
  DeviceMemoryWatch& device_;
};

int fail(const Status& status) {
  std::fprintf(stderr, "supraseal_side_by_side: %s\n", status.to_string().c_str());
  return 1;
}

// (r, s) of partition k: the same for both provers.
std::pair<ff::Fr, ff::Fr> blinding_of(uint64_t seed, size_t partition) {
  std::mt19937_64 rng(seed * 0x9e3779b97f4a7c15ull + partition);
  const ff::Fr r = ff::Fr::random(rng);
  return {r, ff::Fr::random(rng)};
}

// Hands out the given (r, s) pairs in order: a prove call's circuits draw theirs in order.
class ListedBlinding final : public groth16::BlindingSource {
 public:
  explicit ListedBlinding(std::vector<std::pair<ff::Fr, ff::Fr>> pairs) : pairs_(std::move(pairs)) {}
  std::pair<ff::Fr, ff::Fr> next() override { return pairs_.at(next_++); }

 private:
  std::vector<std::pair<ff::Fr, ff::Fr>> pairs_;
  size_t next_ = 0;
};

struct Inputs {
  std::shared_ptr<const engine::CircuitDef> def;
  std::shared_ptr<const kinds::PreparedCommit1> prepared;
  std::string params;
  groth16::ParamsShape shape;
  std::unique_ptr<engine::KeySrs> vk_only;  // the file's verifying key alone: synthesis's and the verifier's
  std::vector<std::unique_ptr<engine::SynthesizedCircuit>> circuits;
  uint64_t seed = 1;
};

// Per partition, what one prover made of it.
struct ProverRun {
  std::vector<groth16::Proof> proofs;
  std::vector<Measured> alone;  // one call per partition
  std::optional<Measured> c2;   // one call of all partitions (cuzk), steady
  double materialize_ms = 0;    // supraseal: the host's a, b, c and assignments, all partitions
};

// Verifies `proof` of partition k; prints and returns whether it did.
bool verified(const Inputs& in, const groth16::Proof& proof, size_t k, const char* who) {
  const Status status = groth16::verify(in.vk_only->verifying_key(), proof, in.circuits[k]->public_inputs);
  if (!status.is_ok()) std::printf("  %s partition %zu: NOT VERIFIED: %s\n", who, k, status.message().c_str());
  return status.is_ok();
}

Result<ProverRun> run_cuzk(Inputs& in, Meter& meter, ThreadPool& pool, bool& all_ok) {
  ProverRun run;
  const size_t n = in.circuits.size();
  std::shared_ptr<const engine::LoadedSrs> key;
  Status load = Status::ok();
  const Measured loaded = meter.run([&] {
    Result<MappedFile> file = MappedFile::open(in.params);
    if (!file.is_ok()) {
      load = file.status();
      return;
    }
    Result<std::shared_ptr<const engine::LoadedSrs>> made = in.def->load_srs(file->bytes(), pool);
    if (made.is_ok()) {
      key = std::move(made).value();
    } else {
      load = made.status();
    }
  });
  CUZK_RETURN_IF_ERROR(load);
  const groth16::ProvingKey& pk = key->proving_key();
  if (groth16::params_shape(pk) != in.shape) return Status::internal("the key read differs from the file's counts");
  std::printf("[cuzk] key read from %s (mapped, parsed)  %s\n", in.params.c_str(), describe(loaded).c_str());

  std::string note;
  std::vector<std::unique_ptr<groth16::ProverBackend>> provers = backend::make_provers(true, {}, pool, &note);
  if (provers.empty()) return Status::internal("no prover: " + note);
  groth16::ProverBackend& prover = *provers.front();
  std::printf("[cuzk] prover %s: %s%s\n", prover.name().c_str(), prover.describe().c_str(),
              note.empty() ? "" : (" (" + note + ")").c_str());

  auto prove = [&](size_t first, size_t count, const char* what) -> Result<std::pair<std::vector<groth16::Proof>, Measured>> {
    std::vector<const witness::PartitionWitness*> batch;
    std::vector<std::pair<ff::Fr, ff::Fr>> pairs;
    for (size_t k = first; k < first + count; ++k) {
      batch.push_back(&in.circuits[k]->witness);
      pairs.push_back(blinding_of(in.seed, k));
    }
    ListedBlinding blinding(std::move(pairs));
    Result<std::vector<groth16::Proof>> proofs = Status::internal("not run");
    const Measured m =
        meter.run([&] { proofs = prover.prove(pk, batch, groth16::QapConvention::kBellperson, blinding); });
    CUZK_RETURN_IF_ERROR(proofs.status());
    bool ok = true;
    for (size_t i = 0; i < count; ++i) ok = verified(in, (*proofs)[i], first + i, "cuzk") && ok;
    all_ok = all_ok && ok;
    std::printf("[cuzk] %-44s %s  %s\n", what, describe(m).c_str(), ok ? "verified" : "NOT VERIFIED");
    return std::make_pair(std::move(proofs).value(), m);
  };

  CUZK_ASSIGN_OR_RETURN(auto first, prove(0, n, ("C2, one call of " + std::to_string(n) + " (first)").c_str()));
  CUZK_ASSIGN_OR_RETURN(auto steady, prove(0, n, ("C2, one call of " + std::to_string(n) + " (steady)").c_str()));
  run.proofs = steady.first;
  run.c2 = steady.second;
  for (size_t k = 0; k < n; ++k) {
    CUZK_ASSIGN_OR_RETURN(auto alone, prove(k, 1, ("partition " + std::to_string(k) + " alone").c_str()));
    run.alone.push_back(alone.second);
    if (!(alone.first[0] == run.proofs[k]) || !(first.first[k] == run.proofs[k])) {
      std::printf("[cuzk] partition %zu: the three calls gave different proofs for the same r, s\n", k);
      all_ok = false;
    }
  }
  prover.release(pk);
  provers.clear();
  key.reset();
  std::printf("[cuzk] key and device memory released: host %.2f GiB now\n", host_memory().rss_gib);
  return run;
}

Result<ProverRun> run_supraseal(Inputs& in, Meter& meter, ThreadPool& pool, bool& all_ok) {
  ProverRun run;
  const size_t n = in.circuits.size();
  Result<bench::SuprasealParams> params = Status::internal("not run");
  const Measured opened = meter.run([&] { params = bench::SuprasealParams::open(in.params); });
  CUZK_RETURN_IF_ERROR(params.status());
  const Measured read = meter.run([&] { params->wait(); });
  std::printf("[supraseal] create_SRS(%s)  %s\n[supraseal] its points read (pinned host memory) %s\n",
              in.params.c_str(), describe(opened).c_str(), describe(read).c_str());

  r1cs::ProvingAssignment whole;  // reused: its 17 GB (a 32 GiB partition) are faulted in once
  auto prove = [&](size_t k, const char* what) -> Result<std::pair<groth16::Proof, Measured>> {
    Status status = Status::ok();
    const Measured made = meter.run([&] {
      status = witness::materialize(in.circuits[k]->witness, whole, pool);
      whole.append_input_constraints();
    });
    CUZK_RETURN_IF_ERROR(status);
    run.materialize_ms += made.ms;
    CUZK_ASSIGN_OR_RETURN(const groth16::supraseal::Assignment args, groth16::supraseal::marshal(whole, in.shape));
    const std::pair<ff::Fr, ff::Fr> rs = blinding_of(in.seed, k);
    groth16::supraseal::Proof out{};
    const Measured m = meter.run([&] {
      status = bench::supraseal_status(
          generate_groth16_proofs_c(&args, 1, groth16::supraseal::as_supraseal(std::span(&rs.first, 1)),
                                    groth16::supraseal::as_supraseal(std::span(&rs.second, 1)), &out, params->get(),
                                    /*gpu_mtx=*/nullptr, /*gpu_index=*/0),
          "generate_groth16_proofs_c, partition " + std::to_string(k));
    });
    CUZK_RETURN_IF_ERROR(status);
    CUZK_ASSIGN_OR_RETURN(const groth16::Proof proof, groth16::supraseal::proof_from_supraseal(out));
    const bool ok = verified(in, proof, k, "supraseal");
    all_ok = all_ok && ok;
    std::printf("[supraseal] %-38s %s  %s (materialized in %.1f ms)\n", what, describe(m).c_str(),
                ok ? "verified" : "NOT VERIFIED", made.ms);
    return std::make_pair(proof, m);
  };

  CUZK_RETURN_IF_ERROR(prove(0, "partition 0 (warm-up)").status());
  run.materialize_ms = 0;
  for (size_t k = 0; k < n; ++k) {
    CUZK_ASSIGN_OR_RETURN(auto done, prove(k, ("partition " + std::to_string(k)).c_str()));
    run.proofs.push_back(done.first);
    run.alone.push_back(done.second);
  }
  return run;
}

std::string proofs_file(const std::string& dir, const std::string& prover, uint64_t seed, size_t n) {
  return dir + "/" + prover + "-seed" + std::to_string(seed) + "-" + std::to_string(n) + ".proofs";
}

Status write_proofs(const std::string& path, const std::vector<groth16::Proof>& proofs) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  for (const groth16::Proof& p : proofs) {
    const auto bytes = groth16::proof_to_bytes(p);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  return out.flush() ? Status::ok() : Status::internal("cannot write " + path);
}

Result<std::vector<groth16::Proof>> read_proofs(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (bytes.size() != n * groth16::kProofBytes) {
    return Status::invalid_argument(path + ": " + std::to_string(bytes.size()) + " bytes, expected " +
                                    std::to_string(n) + " proofs");
  }
  std::vector<groth16::Proof> out;
  for (size_t k = 0; k < n; ++k) {
    CUZK_ASSIGN_OR_RETURN(groth16::Proof p, groth16::proof_from_bytes(std::span(bytes).subspan(k * groth16::kProofBytes,
                                                                                                 groth16::kProofBytes),
                                                                        path));
    out.push_back(p);
  }
  return out;
}

// Compares cuzk's proofs with supraseal's, partition by partition; prints the verdict.
bool same_proofs(const std::vector<groth16::Proof>& cuzk, const std::vector<groth16::Proof>& supraseal,
                 const std::string& where) {
  size_t equal = 0;
  for (size_t k = 0; k < cuzk.size(); ++k) {
    if (cuzk[k] == supraseal[k]) {
      ++equal;
    } else {
      std::printf("  partition %zu: cuzk's and supraseal's proofs DIFFER (same r, s)\n", k);
    }
  }
  std::printf("proofs: %zu of %zu partitions equal, cuzk and supraseal (%s)\n", equal, cuzk.size(), where.c_str());
  return equal == cuzk.size();
}

double sum_ms(const std::vector<Measured>& ms) {
  double total = 0;
  for (const Measured& m : ms) total += m.ms;
  return total;
}
double peak_device(const std::vector<Measured>& ms) {
  double peak = 0;
  for (const Measured& m : ms) peak = std::max(peak, m.device_peak_gib);
  return peak;
}
double peak_host(const std::vector<Measured>& ms) {
  double peak = 0;
  for (const Measured& m : ms) peak = std::max(peak, m.host.peak_gib);
  return peak;
}

void print_summary(const std::optional<ProverRun>& cuzk, const std::optional<ProverRun>& supraseal, size_t n) {
  std::printf("\nper partition (prove call, ms)       cuzk alone   supraseal   cuzk/supraseal\n");
  for (size_t k = 0; k < n; ++k) {
    const double c = cuzk ? cuzk->alone[k].ms : 0, s = supraseal ? supraseal->alone[k].ms : 0;
    std::printf("  partition %-24zu %10.1f  %10.1f   %s\n", k, c, s,
                c > 0 && s > 0 ? std::to_string(c / s).substr(0, 5).c_str() : "-");
  }
  std::printf("per C2 (%zu partitions)\n", n);
  if (cuzk) {
    std::printf("  cuzk, one call (steady)              %10.1f ms  device peak %6.2f GiB  host peak %6.2f GiB\n",
                cuzk->c2->ms, cuzk->c2->device_peak_gib, cuzk->c2->host.peak_gib);
    std::printf("  cuzk, partitions alone, summed       %10.1f ms  device peak %6.2f GiB  host peak %6.2f GiB\n",
                sum_ms(cuzk->alone), peak_device(cuzk->alone), peak_host(cuzk->alone));
  }
  if (supraseal) {
    std::printf("  supraseal, one partition a call      %10.1f ms  device peak %6.2f GiB  host peak %6.2f GiB"
                "  (+ %.1f ms of host a, b, c)\n",
                sum_ms(supraseal->alone), peak_device(supraseal->alone), peak_host(supraseal->alone),
                supraseal->materialize_ms);
  }
  if (cuzk && supraseal) {
    const double s = sum_ms(supraseal->alone);
    std::printf("  cuzk / supraseal: %.3f (one call), %.3f (partitions alone)\n", cuzk->c2->ms / s,
                sum_ms(cuzk->alone) / s);
  }
}

}  // namespace

int main(int argc, char** argv) {
  static constexpr cli::FlagSpec kSpecs[] = {{"commit1", true}, {"params", true},     {"prover", false},
                                             {"partitions", false}, {"seed", false}, {"proofs-dir", false}};
  const std::vector<std::string_view> args(argv + 1, argv + argc);
  std::string error;
  const auto flags = cli::Flags::parse("supraseal_side_by_side", args, kSpecs, &error);
  const std::string which = flags ? flags->get("prover", "both") : std::string();
  if (!flags || (which != "both" && which != "cuzk" && which != "supraseal")) {
    std::fprintf(stderr,
                 "%s\nusage: supraseal_side_by_side --commit1 C1.json --params FILE.params [--prover both|cuzk|supraseal]"
                 " [--partitions N] [--seed S] [--proofs-dir DIR]\n",
                 error.c_str());
    return 2;
  }
  Result<uint64_t> seed = cli::number_option(*flags, "seed", 1);
  Result<uint64_t> partitions = cli::number_option(*flags, "partitions", 0);
  if (!seed.is_ok()) return fail(seed.status());
  if (!partitions.is_ok()) return fail(partitions.status());

  ThreadPool pool;
  DeviceMemoryWatch device;
  Meter meter(device);
  std::printf("supraseal_side_by_side: %s (%.1f GiB), host %ld cores, %.1f GiB\n",
              device.present() ? device.name().c_str() : "no CUDA device", device.total_gib(),
              sysconf(_SC_NPROCESSORS_ONLN), double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE)) / kGiB);

  Inputs in;
  in.params = flags->get("params");
  in.seed = *seed;
  {
    const std::string path = flags->get("commit1");
    std::ifstream file(path, std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    Result<std::shared_ptr<kinds::PreparedCommit1>> prepared = Status::internal("not run");
    const Measured checked = meter.run([&] { prepared = kinds::prepare_commit1(bytes, 0, path, pool); });
    if (!prepared.is_ok()) return fail(prepared.status());
    in.prepared = std::move(prepared).value();
    std::printf("Commit-1 output %s: %s, %zu partitions, read and checked  %s\n", path.c_str(),
                std::string(in.prepared->input.output.registered_proof.name).c_str(), in.prepared->config.partitions,
                describe(checked).c_str());
  }
  kinds::ParamLocator locator;
  locator.filecoin_cache_dirs.clear();
  auto def = kinds::make_porep_circuit(kinds::porep_circuit_id(in.prepared->config.sector_size), locator, {}, in.params);
  if (!def.is_ok()) return fail(def.status());
  in.def = std::move(def).value();
  {
    std::ifstream file(in.params, std::ios::binary);
    Result<groth16::VerifyingKey> vk = groth16::read_params_verifying_key(file, in.params);
    if (!vk.is_ok()) return fail(vk.status());
    file.clear();
    file.seekg(0);
    Result<groth16::ParamsShape> shape = groth16::read_params_shape(file, in.params);
    if (!shape.is_ok()) return fail(shape.status());
    in.shape = *shape;
    groth16::ProvingKey vk_only;
    vk_only.vk = std::move(vk).value();
    in.vk_only = std::make_unique<engine::KeySrs>(std::move(vk_only));
    std::printf("parameters %s (%.1f GiB): ic %zu, h %zu, l %zu, a %zu, b_g1 %zu, b_g2 %zu\n", in.params.c_str(),
                double(std::filesystem::file_size(in.params)) / kGiB, in.shape.ic, in.shape.h, in.shape.l, in.shape.a,
                in.shape.b_g1, in.shape.b_g2);
  }

  const size_t n = *partitions == 0 ? in.prepared->config.partitions
                                    : std::min<size_t>(*partitions, in.prepared->config.partitions);
  for (size_t k = 0; k < n; ++k) {
    Result<std::unique_ptr<engine::SynthesizedCircuit>> made = Status::internal("not run");
    const Measured m = meter.run([&] { made = in.def->synthesize(*in.vk_only, {}, in.prepared, k, pool); });
    if (!made.is_ok()) return fail(made.status());
    std::printf("cuzk synthesis, partition %-18zu %s  (witness %.1f MiB)\n", k, describe(m).c_str(),
                double((*made)->bytes()) / double(1 << 20));
    in.circuits.push_back(std::move(made).value());
  }

  bool all_ok = true;
  std::optional<ProverRun> cuzk_run, supraseal_run;
  if (which != "supraseal") {
    Result<ProverRun> run = run_cuzk(in, meter, pool, all_ok);
    if (!run.is_ok()) return fail(run.status());
    cuzk_run = std::move(run).value();
  }
  if (which != "cuzk") {
    Result<ProverRun> run = run_supraseal(in, meter, pool, all_ok);
    if (!run.is_ok()) return fail(run.status());
    supraseal_run = std::move(run).value();
  }
  print_summary(cuzk_run, supraseal_run, n);

  if (cuzk_run && supraseal_run) all_ok = same_proofs(cuzk_run->proofs, supraseal_run->proofs, "this process") && all_ok;
  if (flags->has("proofs-dir")) {
    const std::string dir = flags->get("proofs-dir");
    for (const auto& [name, run] : {std::pair{"cuzk", &cuzk_run}, std::pair{"supraseal", &supraseal_run}}) {
      if (!*run) continue;
      const std::string path = proofs_file(dir, name, in.seed, n);
      if (Status s = write_proofs(path, (*run)->proofs); !s.is_ok()) return fail(s);
      std::printf("wrote %s\n", path.c_str());
    }
    if (cuzk_run.has_value() != supraseal_run.has_value()) {
      const std::string other = proofs_file(dir, cuzk_run ? "supraseal" : "cuzk", in.seed, n);
      if (std::filesystem::exists(other)) {
        Result<std::vector<groth16::Proof>> theirs = read_proofs(other, n);
        if (!theirs.is_ok()) return fail(theirs.status());
        all_ok = (cuzk_run ? same_proofs(cuzk_run->proofs, *theirs, other)
                           : same_proofs(*theirs, supraseal_run->proofs, other)) &&
                 all_ok;
      }
    }
  }
  std::printf("%s\n", all_ok ? "OK: every proof verified, every comparison equal" : "FAILED (above)");
  return all_ok ? 0 : 1;
}
