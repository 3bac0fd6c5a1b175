#!/usr/bin/env bash
# Session 2026-12-04b call 4: every GPU test on the final code (the madd as before, the new
# running-sum MSM test, H's 1/Z in its output table); the MSM suite again with the G1 points
# kernel bounded to 4 blocks per SM (CUZK_MSM_POINTS_BOUND=1), and that bound timed against
# the unbounded kernel, alternating, at 2^24, 2^26 and 2^27.
set -uo pipefail
cd "$(dirname "$0")/.."
tar -xJf build-gpu-carry.tar.xz
B=build-gpu-carry
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=240 timeout 240 scripts/gpu-check.sh $B > /dev/null 2>&1
tail -3 $OUT/summary.txt; grep -E "FAIL" $OUT/summary.txt
CUZK_MSM_POINTS_BOUND=1 $B/tests/backend/cuda/backend_cuda_msm_gpu_test 2>&1 | tail -3
{
date -u
for round in 1 2; do
  for bound in 0 1; do
    echo "== bound=$bound"
    CUZK_MSM_POINTS_BOUND=$bound $B/src/cli/cuzk bench msm --backend cuda --curve g1 --log-size 24,26 --runs 5
    CUZK_MSM_POINTS_BOUND=$bound $B/src/cli/cuzk bench msm --backend cuda --curve g1 --log-size 27 --runs 3
  done
done
date -u
} > $OUT/bench.log 2>&1
cat $OUT/bench.log
