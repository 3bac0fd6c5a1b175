#!/usr/bin/env bash
# Session 2026-12-06 call 1. "new" is this session's build: the repaired G2 fixed-base kernel,
# the NTT with unreduced butterfly sums/differences and the bit reversal's loads in flight,
# and the G2 points kernel's common step on the whole warp. "base" is the same tree with the
# NTT kernels and G2 points kernel of main before this session (f260561), "nodit" the new NTT
# without its DIT part. Benchmarks alternate beside sppark's; then every GPU test of "new".
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants.tar.xz -C .devrun
B=build-gpu-carry
NEW=$B/src/cli/cuzk
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
run_test() {  # run_test <label> <program> [gtest args]
  local label=$1 prog=$2; shift 2
  timeout 200 "$prog" "$@" > $OUT/test-$label.log 2>&1
  echo "test $label rc=$? $(grep -E '^\[  (PASSED|FAILED) ' $OUT/test-$label.log | tr '\n' ' ')"
  grep -E '^\[  FAILED  \]' $OUT/test-$label.log | head -5
}
run_test msm $B/tests/backend/cuda/backend_cuda_msm_gpu_test
run_test generator $B/tests/backend/cuda/backend_cuda_generator_multiplier_gpu_test
{
date -u
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 20,24 --ntt 20,24,27 2>&1 | grep -E "^sppark (ntt_fwd_NN|msm)|FAIL"
for round in 1 2; do
  variants="base new nodit"; [[ $round == 2 ]] && variants="new base"
  for v in $variants; do
    bin=$NEW; [[ $v != new ]] && bin=.devrun/$v/cuzk
    echo "== NTT $v"
    timeout 120 $bin bench ntt --backend cuda --log-size 20,22,24,27 --runs 5
    timeout 120 $bin bench ntt --backend cuda --kind h --log-size 24,27 --runs 3
  done
done
for v in base new base new; do
  bin=$NEW; [[ $v != new ]] && bin=.devrun/$v/cuzk
  echo "== G2 $v"
  timeout 90 $bin bench msm --backend cuda --curve g2 --log-size 20,24 --runs 3
done
date -u
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log | head -100
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=200 timeout 280 scripts/gpu-check.sh $B > $OUT/gpu-check.log 2>&1
tail -4 $OUT/summary.txt 2>/dev/null; grep -E "FAIL" $OUT/summary.txt 2>/dev/null | head
