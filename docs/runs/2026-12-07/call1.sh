#!/usr/bin/env bash
# Session 2026-12-07 call 1 (issue 38). build-gpu-carry = this session's PartitionWitness redesign
# (scripts/gpu-pack.sh, trimmed to the GPU tests the redesign touches: the tree's 64 MiB limit).
# The GPU tests of the prover's input path, the engine's overhead a job, then the 32 GiB PoRep C2
# (two rounds) through the CLI, which now runs the engine.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-gpu-carry ]] || tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
stamp() { echo "-- $(date -u +%T) $*"; }
{
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
T=build-gpu-carry/tests/backend/cuda
# the circom fixtures the seam test reads live in the build tree it was configured in
mkdir -p /work/main/build/tests && ln -sfn $PWD/build-gpu-carry/tests/circom /work/main/build/tests/circom 2>/dev/null
for t in deferred_gpu_test gpu_prover_test prover_seam_test poseidon_fill_gpu_test compact_spmv_gpu_test engine_gpu_test; do
  stamp "$t"
  timeout 150 $T/backend_cuda_$t 2>&1 | grep -E "^\[  (PASSED|FAILED|  OK|SKIPPED) |Failure|error|rc=" | tail -20
  echo "rc=${PIPESTATUS[0]}"
done
stamp "engine overhead"
timeout 60 build-gpu-carry/bench/engine_bench overhead --jobs 200 2>&1 | tail -4
stamp "C2"
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout 330 scripts/production-proofs.sh build-gpu-carry/src/cli/cuzk /tmp/pp porep > $OUT/porep.log 2>&1
echo "rc=$?"
grep -E "round|partition [0-9]+/|OK|peak|timings|staging=|wall|parameters|native" $OUT/porep.log | tail -40
stamp end
} 2>&1 | tee $OUT/call1.log
