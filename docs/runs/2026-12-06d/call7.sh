#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 7. g2b3 = main with the level-0 kernel bounded to three
# blocks a multiprocessor (__launch_bounds__(128, 3): G2 229 → 168 registers, 332 bytes of
# spill stores; G1 168 → 166, none) against pf2 (= main). Every GPU test of g2b3
# (build-gpu-carry), then G2 and G1 alternating.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-d7.tar.xz -C .devrun
mkdir -p .devrun/g2b3 && cp build-gpu-carry/src/cli/cuzk .devrun/g2b3/cuzk
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
GPU_CHECK_SKIP_BENCH=1 timeout 240 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -20
{
for v in pf2 g2b3 g2b3 pf2; do
  stamp "MSM G2 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --scalars witness --log-size 24 --runs 3
  stamp "MSM G1 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g1 --log-size 20,24 --runs 5
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
