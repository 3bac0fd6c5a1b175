#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 4. pf = main with the MSM's level-0 bases fetched into
# shared memory by cp.async one addition ahead (StagedBases, msm_curve.cuh); m0 = main.
# pf's MSM test, then G1 2^20..2^26 and G2 2^20/22/24 alternating, the G1 2^24 steps
# (CUZK_MSM_TIMING=1), and sppark's MSM in the same call.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants-d4.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
stamp "test pf"
timeout 200 .devrun/pf/msm-test
echo "rc=$?"
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) |FAILED" $OUT/tests.log
{
for v in m0 pf pf m0; do
  stamp "MSM G1 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g1 --log-size 20,21,22,23,24,25,26 --runs 5
  stamp "MSM G2 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
done
for v in m0 pf; do
  stamp "steps G1 2^24 $v"
  CUZK_MSM_TIMING=1 timeout 60 .devrun/$v/cuzk bench msm --backend cuda --curve g1 --log-size 24 --runs 1 2>&1 | grep -iE "accum|points|step|msm g1" | head -20
done
stamp "sppark msm"
timeout 200 .gpu-baseline/bench_sppark --runs 5 --g1 20,21,22,23,24,25,26 --g2 20,22,24 --cpu-g2 "" --ntt "" 2>&1 | grep -E "^sppark msm_g[12]_resident|FAIL"
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
