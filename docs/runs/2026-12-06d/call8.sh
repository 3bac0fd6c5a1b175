#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 8. What lands: window groups sized by free device memory
# (group_pairs_limit) and GpuMsmOptions::max_group_pairs, with the new MSM test of groups of
# 1, 2, 3 and 7 windows. Every GPU test (build-gpu-carry), then the MSM beside pf2 (main
# before) at the sizes with more than one group (G1 2^26: groups of 4 windows).
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-d7.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
GPU_CHECK_SKIP_BENCH=1 timeout 240 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|FAIL|WindowsInGroups" $OUT/tests.log | tail -20
{
for v in pf2 new; do
  bin=.devrun/pf2/cuzk; [[ $v == new ]] && bin=build-gpu-carry/src/cli/cuzk
  stamp "MSM $v"
  timeout 60 $bin bench msm --backend cuda --curve g1 --log-size 24,26 --runs 3
  timeout 60 $bin bench msm --backend cuda --curve g2 --log-size 24 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
cat $OUT/bench.log
