#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 5. What lands: main with StagedBases in the level-0
# accumulation and in the ones sum (build-gpu-carry, "pf2"). Every GPU test (gpu-check, no
# benchmarks), then m0 (main before) and pf2 alternating on witness-like scalars (the ones
# sum) and on random ones; sppark's MSM ran in call 4.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-d5.tar.xz -C .devrun
mkdir -p .devrun/pf2 && cp build-gpu-carry/src/cli/cuzk .devrun/pf2/cuzk
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
GPU_CHECK_SKIP_BENCH=1 timeout 240 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -20
{
for v in m0 pf2 pf2 m0; do
  stamp "MSM witness G1 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g1 --scalars witness --log-size 24,27 --runs 5
  stamp "MSM witness G2 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --scalars witness --log-size 24 --runs 3
done
for v in m0 pf2 pf2 m0; do
  stamp "MSM G1 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 5
  stamp "MSM G2 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --log-size 20,24 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
