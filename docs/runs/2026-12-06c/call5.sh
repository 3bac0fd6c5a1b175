#!/usr/bin/env bash
# Session 2026-12-06 (third) call 5. rb10 = main (2179b73) with the row pass (the DIF's last,
# contiguous rows) in blocks of 2^10 values, one row, where a 10-stage pass took 2^11 (two
# rows): 2^19 and 2^20 change. Its NTT test, then both beside sppark's NTT, alternating.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants-c5.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
stamp "test rb10"
timeout 100 .devrun/rb10/ntt-test
echo "rc=$?"
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) " $OUT/tests.log
{
stamp "sppark ntt"
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 19,20,21 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for v in main rb10 rb10 main main rb10; do
  stamp "NTT $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --log-size 19,20,21,24 --runs 7
done
stamp "sppark ntt"
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 19,20,21 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
