#!/usr/bin/env bash
# Session 2026-12-06 (third) call 3. t8 (bit reversal in 8×8 tiles, 128 threads) against tl
# (main, af72635: 16×16 tiles, 256 threads) at every size 2^20..2^27, alternating; then an ncu
# profile of main's 2^27 forward transform (the three passes and the bit reversal).
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants-c2.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
for v in tl t8 t8 tl; do
  stamp "NTT $v"
  timeout 90 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,21,22,23,24,25,26,27 --runs 5
done
stamp "H t8"
timeout 60 .devrun/t8/cuzk bench ntt --backend cuda --kind h --log-size 27 --runs 3
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
SECTIONS="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --section InstructionStats --section MemoryWorkloadAnalysis"
stamp ncu
timeout 240 $NCU --clock-control none $SECTIONS -k regex:"pass_kernel|bit_reverse" --launch-skip 4 --launch-count 4 \
  .devrun/tl/cuzk bench ntt --backend cuda --log-size 27 --runs 1 > $OUT/ncu-tl-ntt27.txt 2>&1
echo "ncu tl rc=$?"
grep -E "^  [a-zA-Z_].*\(|Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|Achieved Occupancy|Executed Ipc A|Issue Slots Busy|Eligible Warps|Active Warps Per|Executed Instructions  " $OUT/ncu-tl-ntt27.txt | sed 's/(DeviceField.*)//' | cut -c1-140
xz -9 $OUT/ncu-tl-ntt27.txt
stamp done
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
