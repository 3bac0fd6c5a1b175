#!/usr/bin/env bash
# Session 2026-12-06 (sixth) call 4: main exactly as landed (926c48d: the staging slots, no FP64
# change), packed by scripts/gpu-pack.sh. The prover's, NTT's and MSM's GPU tests first (the
# device time left is short), then every GPU test.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name --format=csv,noheader
for t in gpu_prover ntt_gpu msm_gpu; do
  echo "-- $(date -u +%T) $t"
  timeout 60 build-gpu-carry/tests/backend/cuda/backend_cuda_${t}_test 2>&1 | grep -E "^\[  (PASSED|FAILED) |FAILED|SKIPPED \]|tests ran"
done
echo "-- $(date -u +%T) gpu-check"
GPU_CHECK_SKIP_BENCH=1 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|RESULT" $OUT/tests.log | tail -3
