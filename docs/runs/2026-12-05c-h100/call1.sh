#!/usr/bin/env bash
# Session 2026-12-05c call 1: the first GPU run of a·b − c·d under one reduction (main,
# e470931) and of the G2 accumulation on lane pairs (wip/g2-lanes), and two-pass NTTs up to
# 2^24 (wip/ntt12): each tree's field, MSM and NTT tests, then the MSMs of 666773c (before
# mul_sub), main and lanes alternating beside sppark's, the NTTs of lanes and ntt12
# alternating beside sppark's, then every other GPU test of the lanes build.
set -uo pipefail
cd "$(dirname "$0")/.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants.tar.xz -C .devrun
B=build-gpu-carry
L=$B/src/cli/cuzk
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
run_test() {  # run_test <label> <program>
  timeout 300 "$2" > $OUT/test-$1.log 2>&1
  echo "test $1 rc=$? $(grep -E '^\[  (PASSED|FAILED) ' $OUT/test-$1.log | tr '\n' ' ')"
  grep -E '^\[  FAILED  \]' $OUT/test-$1.log | head -5
}
run_test main-field .devrun/main/backend_cuda_field_ops_test
run_test lanes-field $B/tests/backend/cuda/backend_cuda_field_ops_test
run_test main-msm .devrun/main/backend_cuda_msm_gpu_test
run_test lanes-msm $B/tests/backend/cuda/backend_cuda_msm_gpu_test
run_test ntt12-ntt .devrun/ntt12/backend_cuda_ntt_gpu_test
{
date -u
.gpu-baseline/bench_sppark --runs 5 --g1 24,26 --g2 20,24 --ntt 20,24,27 2>&1 | grep -E "^sppark|FAIL"
for bin in .devrun/main/cuzk $L .devrun/main/cuzk $L; do
  echo "== G2 $bin"
  $bin bench msm --backend cuda --curve g2 --log-size 20,24 --runs 3
done
for bin in .devrun/before/cuzk .devrun/main/cuzk $L .devrun/before/cuzk .devrun/main/cuzk $L; do
  echo "== G1 $bin"
  $bin bench msm --backend cuda --curve g1 --log-size 24,26 --runs 3
done
for bin in $L .devrun/ntt12/cuzk $L .devrun/ntt12/cuzk; do
  echo "== NTT $bin"
  $bin bench ntt --backend cuda --log-size 20,22,24,27 --runs 5
  $bin bench ntt --backend cuda --kind h --log-size 24,27 --runs 3
done
date -u
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log | head -120
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=240 timeout 300 scripts/gpu-check.sh $B > $OUT/gpu-check.log 2>&1
tail -4 $OUT/summary.txt; grep -E "FAIL" $OUT/summary.txt | head
# SASS opcode mix of the G2 points kernel, main (one thread a point) and lanes (two)
for t in main lanes; do
  cuobjdump -sass .devrun/g2-$t.cubin > /tmp/g2-$t.sass 2>&1
  awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /accumulate_points_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); sub(/\..*/,"",op); n[op]++; total++ } } END { printf "total %d\n", total; for (k in n) print n[k], k }' /tmp/g2-$t.sass | sort -k1,1nr | head -25 > $OUT/sass-g2-points-$t.txt
  echo "== sass $t: $(head -8 $OUT/sass-g2-points-$t.txt | tr '\n' ' ')"
done
