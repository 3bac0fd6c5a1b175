#!/usr/bin/env bash
# Session 2026-12-06 (third) call 1. Variants of the NTT kernels (ntt_kernels.cu only), each a
# stripped cuzk and NTT test: base = main (3f12ec2); tl = table entries (roots, twiddles,
# powers, multiplier, subtrahend) as two 128-bit read-only loads; ul1, ul2, ul8 = tl with the
# pass's load phase unrolled (a thread's 8 global loads in flight at once) and its store phase
# unrolled 1, 2 or 8 times, and the bit reversal's two loads in flight. First the whole
# gpu-check on the ul2 build (what would land), the variants' NTT tests, then the benchmarks
# alternating beside sppark's.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-c1.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
stamp gpu-check
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry
echo "rc=$?"
for v in tl ul1 ul2 ul8; do
  stamp "test $v"
  timeout 100 .devrun/$v/ntt-test
  echo "rc=$?"
done
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) |passed|failed" $OUT/tests.log | tail -40
{
stamp sppark
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,21,22,23,24,25,26,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for v in base tl ul1 ul2 ul8 ul8 ul2 ul1 tl base; do
  stamp "NTT $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,21,22,24,27 --runs 5
done
stamp "H base"
timeout 60 .devrun/base/cuzk bench ntt --backend cuda --kind h --log-size 27 --runs 3
for v in base tl ul2 ul8 ul1; do
  stamp "H-prover $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --kind h-prover --log-size 27 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
