#!/usr/bin/env bash
# Session 2026-12-06 (second) call 2. Variants: .devrun/base = main; nb = full twiddle tables
# up to 2^24 and pass blocks of 2^10 values (2^11 for a pass of 10 stages); nbt4 = nb with
# the bit reversal in 16×16 tiles (kTileLog 4) instead of 32×32. Their NTT tests first, then
# the benchmarks alternating beside sppark's, then ncu on both 2^20 forward NTTs.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants2.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/.devrun/final/libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
for v in nb nbt4; do
  stamp "test $v"
  timeout 200 .devrun/$v/ntt-test
  echo "rc=$?"
done
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) " $OUT/tests.log
{
stamp sppark
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,22,24,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for v in base nb nbt4 nbt4 nb base; do
  stamp "NTT $v"
  timeout 100 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,22,24,27 --runs 5
done
for v in base nb base nb; do
  stamp "H $v"
  timeout 100 .devrun/$v/cuzk bench ntt --backend cuda --kind h --log-size 24,27 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
SECTIONS="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis"
stamp ncu
timeout 60 $NCU --clock-control none $SECTIONS -k regex:"CT_NTT|bit_rev" --launch-count 12 \
  .gpu-baseline/bench_sppark --runs 1 --g1 "" --g2 "" --cpu-g2 "" --ntt 20 > $OUT/ncu-sppark-ntt20.txt 2>&1
echo "ncu sppark rc=$?"
timeout 60 $NCU --clock-control none $SECTIONS -k regex:"pass_kernel|bit_reverse" --launch-skip 3 --launch-count 3 \
  .devrun/nbt4/cuzk bench ntt --backend cuda --log-size 20 --runs 1 > $OUT/ncu-nbt4-ntt20.txt 2>&1
echo "ncu nbt4 rc=$?"
grep -E "^  [a-zA-Z_].*\(|Duration|Compute \(SM\) Throughput|Achieved Occupancy" $OUT/ncu-*.txt | sed 's/(DeviceField.*)//; s/(T2 \*.*)//' | cut -c1-140 | tail -60
stamp done
