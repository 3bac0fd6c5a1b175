#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 6. ncu profile of the MSM's level-0 accumulation on main
# (pf2, as landed): the G1 and G2 points kernels at 2^24 (the measured run, after the
# warm-up), with their pipe utilisation, to say what bounds them.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
CUZK=build-gpu-carry/src/cli/cuzk
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
SECTIONS="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --section InstructionStats --section MemoryWorkloadAnalysis"
PIPES="sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,sm__cycles_elapsed.avg"
{
for curve in g1 g2; do
  stamp "ncu $curve points 2^24"
  timeout 200 $NCU --clock-control none $SECTIONS -k regex:"accumulate_points" --launch-skip 1 --launch-count 1 \
    $CUZK bench msm --backend cuda --curve $curve --log-size 24 --runs 1 > $OUT/ncu-$curve.txt 2>&1
  echo "rc=$?"
  grep -E "^  [a-zA-Z_].*\(|Duration|Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|L2 Hit Rate|Achieved Occupancy|Executed Ipc A|Issue Slots Busy|Eligible Warps|Active Warps Per|No Eligible|Executed Instructions  |Registers Per|highest-utilized|Stall|stalled" $OUT/ncu-$curve.txt | cut -c1-160 | head -40
  stamp "ncu $curve pipes"
  timeout 120 $NCU --clock-control none --metrics $PIPES -k regex:"accumulate_points" --launch-skip 1 --launch-count 1 \
    $CUZK bench msm --backend cuda --curve $curve --log-size 24 --runs 1 2>&1 | grep -E "sm__|smsp__|ERR|rror" | head -20
  xz -9 $OUT/ncu-$curve.txt
done
stamp end
} > $OUT/bench.log 2>&1
cat $OUT/bench.log
