#!/usr/bin/env bash
# Session 2026-12-06 (second) call 4. Variants: .devrun/final = main (dd792b3); p9 = passes of
# ≤ 9 stages; srA, srB = main with the column roots stage-major (ω_(2^(c+1))^m at 2^c + m,
# a stage's roots contiguous), two spellings of the index (different spills). Their NTT tests,
# then the benchmarks alternating beside sppark's.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants4.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/.devrun/final/libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
for v in srA srB; do
  stamp "test $v"
  timeout 100 .devrun/$v/ntt-test
  echo "rc=$?"
done
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) " $OUT/tests.log
{
stamp sppark
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for v in final p9 srA srB srB srA p9 final; do
  stamp "NTT $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,22,24,27 --runs 5
done
for v in srA srB; do
  stamp "H $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --kind h --log-size 27 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
