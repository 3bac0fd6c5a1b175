#!/usr/bin/env bash
# Session 2026-12-04b call 3: every GPU test with the mixed addition's doubling folded into its
# steps (in-place coordinates), then the G1/G2 MSMs before (.devrun/cuzk-before) and after,
# beside sppark's, in one call.
set -uo pipefail
cd "$(dirname "$0")/.."
tar -xJf build-gpu-carry.tar.xz
B=build-gpu-carry
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=240 timeout 240 scripts/gpu-check.sh $B > /dev/null 2>&1
tail -3 $OUT/summary.txt; grep -E "FAIL" $OUT/summary.txt
$B/tests/backend/cuda/backend_cuda_msm_gpu_test --gtest_filter='*RunningSum*' 2>&1 | tail -3
{
date -u
.gpu-baseline/bench_sppark --runs 5 --g1 20,24,26 --g2 20,24 2>&1 | grep -E "^sppark|FAIL"
for bin in .devrun/cuzk-before $B/src/cli/cuzk .devrun/cuzk-before $B/src/cli/cuzk; do
  echo "== $bin"
  $bin bench msm --backend cuda --curve g1 --log-size 20,24,26 --runs 5
  $bin bench msm --backend cuda --curve g2 --log-size 20,24 --runs 3
done
date -u
} > $OUT/bench.log 2>&1
cat $OUT/bench.log
