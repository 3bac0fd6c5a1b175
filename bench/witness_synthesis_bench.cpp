// Witness-only synthesis (r1cs::WitnessConstraintSystem: the assignment alone, aux bit-packed)
// against classic synthesis (r1cs::ProvingAssignment: assignment, a/b/c evaluations and
// densities), one thread, rates per CPU second (the dev VM is shared: CPU time measures the
// code, wall time the load); the witness's packed and unpacked aux sizes. Circuits:
//   PoRep: a whole 2 KiB partition, a 32 GiB slice (the header and one of its 18 challenges, as
//   porep_synthesis_bench; blank challenge proofs: the gadgets' work does not depend on the
//   values) and, witness-only, the whole 32 GiB partition;
//   WindowPoSt 32 GiB: 64 of the partition's 2349 sector slots (all of one shape);
//   WinningPoSt 32 GiB: the whole partition (66 challenges of one sector);
//   SnapDeals 32 GiB: the header and one of the partition's 86 challenges;
// (synthetic witnesses for PoSt and SnapDeals), and the expansion of the PoRep slice's packed
// aux to field elements. Results: docs/PERF.md.
#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <string>
#include <utility>

#include "filecoin/porep/stacked_circuit.hpp"
#include "filecoin/post_config.hpp"
#include "filecoin/snapdeals/partition_check.hpp"
#include "filecoin/snapdeals/synthetic_partition.hpp"
#include "filecoin/snapdeals/update_circuit.hpp"
#include "r1cs/counting_constraint_system.hpp"
#include "r1cs/proving_assignment.hpp"
#include "r1cs/witness_constraint_system.hpp"
#include "r1cs/witness_expansion.hpp"

namespace {

using namespace cuzk;

constexpr uint64_t k32GiB = uint64_t{32} << 30;

using Synthesis = std::function<Status(r1cs::ConstraintSystem&)>;

// The PoRep partition of `sector_size` narrowed to `challenges` (0 = all), blank proofs.
Synthesis porep(uint64_t sector_size, size_t challenges) {
  filecoin::porep::PorepConfig config =
      *filecoin::porep::porep_config(*filecoin::porep::seal_proof_for_sector_size(sector_size));
  if (challenges != 0) config.challenges_per_partition = challenges;
  auto proofs = std::make_shared<std::vector<filecoin::porep::ChallengeProof>>(
      config.challenges_per_partition, *filecoin::porep::blank_challenge_proof(config));
  return [config, proofs](r1cs::ConstraintSystem& cs) {
    return filecoin::porep::synthesize_porep_partition(cs, config, {}, {}, *proofs);
  };
}

// A 32 GiB PoSt partition of `sectors` slots (0 = all), synthetic sectors.
Synthesis post(filecoin::PostKind kind, size_t sectors) {
  filecoin::PostConfig config = *filecoin::post_config(kind, k32GiB);
  if (sectors != 0) config.sector_count = sectors;
  auto instance = std::make_shared<filecoin::PostInstance>(
      *filecoin::synthetic_post_instance(config, 1, ThreadPool::shared()));
  return [instance](r1cs::ConstraintSystem& cs) { return instance->circuit.synthesize(cs); };
}

// The 32 GiB SnapDeals partition's header and its first challenge, a synthetic update.
Synthesis snap_slice() {
  using namespace filecoin::snapdeals;
  const SnapConfig config = *snap_config(k32GiB);
  auto update = std::make_shared<SyntheticSnapUpdate>(*synthetic_snap_update(config, 1, config.h_default));
  const CheckedSnapPartition checked = *check_snap_partition(config, update->partitions[0], 0, update->comm_r_old,
                                                             update->comm_r_new, update->comm_d_new, update->h);
  const SnapPublicInputs inputs = checked.public_inputs;
  const SnapPrivateInputs priv = *snap_private_inputs(update->partitions[0]);
  return [config, update, inputs, priv](r1cs::ConstraintSystem& cs) {
    const SnapPartitionVariables vars = synthesize_snap_header(cs, config, inputs, priv);
    synthesize_snap_challenge(cs, config, vars, 0, update->partitions[0].challenge_proofs[0]);
    return Status::ok();
  };
}

// A circuit built on first use (building PoSt and SnapDeals witnesses takes seconds) and its
// constraint count (counted once, classic gadgets into a CountingConstraintSystem).
struct Case {
  explicit Case(std::function<Synthesis()> builder) : build(std::move(builder)) {}
  std::function<Synthesis()> build;
  Synthesis synthesize;
  size_t constraints = 0;

  void prepare() {
    if (synthesize) return;
    synthesize = build();
    r1cs::CountingConstraintSystem counting;
    (void)synthesize(counting);
    constraints = counting.num_constraints();
  }
};

void report(benchmark::State& state, const Case& c) {
  state.counters["constraints"] = static_cast<double>(c.constraints);
  state.counters["constraints/s"] =
      benchmark::Counter(static_cast<double>(c.constraints), benchmark::Counter::kIsIterationInvariantRate);
}

void witness_only(benchmark::State& state, Case* c) {
  c->prepare();
  size_t packed = 0, unpacked = 0;
  for (auto _ : state) {
    r1cs::WitnessConstraintSystem cs;
    const Status status = c->synthesize(cs);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    packed = cs.witness().aux.packed_bytes();
    unpacked = cs.witness().aux.unpacked_bytes();
    benchmark::DoNotOptimize(cs.witness().aux.bit_values().data());
  }
  report(state, *c);
  state.counters["aux_packed_MB"] = static_cast<double>(packed) / 1e6;
  state.counters["aux_unpacked_MB"] = static_cast<double>(unpacked) / 1e6;
}

void classic(benchmark::State& state, Case* c) {
  c->prepare();
  for (auto _ : state) {
    r1cs::ProvingAssignment cs;
    const Status status = c->synthesize(cs);
    if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
    benchmark::DoNotOptimize(cs.a.data());
  }
  report(state, *c);
}

// The packed aux expanded to field elements on one thread (expand_witness: what a prover
// without a device-side expansion does before the recorded matrices' product).
void expansion(benchmark::State& state, Case* c) {
  c->prepare();
  r1cs::WitnessConstraintSystem cs;
  const Status status = c->synthesize(cs);
  if (!status.is_ok()) state.SkipWithError(status.to_string().c_str());
  r1cs::ProvingAssignment out;
  for (auto _ : state) {
    r1cs::expand_witness(cs.witness(), out);
    benchmark::DoNotOptimize(out.aux_assignment.data());
  }
  state.counters["aux"] = static_cast<double>(cs.witness().aux.size());
  state.counters["bytes/s"] = benchmark::Counter(static_cast<double>(cs.witness().aux.unpacked_bytes()),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  struct Named {
    std::string name;
    Case c;
    bool classic_too;  // false where the classic assignment would not fit this VM
  };
  static Named cases[] = {
      {"Porep2KiB", Case([] { return porep(2048, 0); }), true},
      {"Porep32GiBSlice", Case([] { return porep(k32GiB, 1); }), true},
      {"Porep32GiBPartition", Case([] { return porep(k32GiB, 0); }), false},
      {"WindowPost32GiB64Sectors", Case([] { return post(filecoin::PostKind::kWindow, 64); }), true},
      {"WinningPost32GiB", Case([] { return post(filecoin::PostKind::kWinning, 0); }), true},
      {"SnapDeals32GiBSlice", Case([] { return snap_slice(); }), true},
  };
  for (Named& n : cases) {
    benchmark::RegisterBenchmark(("BM_WitnessOnly/" + n.name).c_str(), witness_only, &n.c)
        ->Unit(benchmark::kMillisecond);
    if (n.classic_too) {
      benchmark::RegisterBenchmark(("BM_Classic/" + n.name).c_str(), classic, &n.c)->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RegisterBenchmark("BM_WitnessExpansion/Porep32GiBSlice", expansion, &cases[1].c)
      ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
