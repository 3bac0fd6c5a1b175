#!/usr/bin/env bash
# Session 2026-12-06 (seventh) call 3. build-gpu-carry = main plus K2 (the lane-pair Fq2
# product and mul_sub as Karatsuba wide values, fq2_lane_device.cuh) with the G2 point kernels
# in blocks of 64 threads (kPointThreads, msm_curve.cuh), packed by scripts/gpu-pack.sh;
# .devrun/variants-g.tar.xz as in call 2 (main/cuzk = main as landed; k2/cuzk = K2 in blocks
# of 128). Every GPU test on the new build; G2 and G1 MSMs of main, K2 and K2/64 alternating;
# the G2 level-0 kernel of K2/64 under ncu. CALL_LIMIT (s) bounds it.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-g.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
left() { echo $((${CALL_LIMIT:-585} - SECONDS)); }
stamp "gpu-check K2/64"
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -8
rm -f $OUT/summary.txt $OUT/ctest-gpu.xml
{
for v in main k64 k2 k64 main k2 k64 main; do
  stamp "MSM G2 $v ($(left) s left)"
  B=build-gpu-carry/src/cli/cuzk; [[ $v != k64 ]] && B=.devrun/$v/cuzk
  timeout 60 $B bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
done
for v in main k64; do
  stamp "MSM G1 $v ($(left) s left)"
  B=build-gpu-carry/src/cli/cuzk; [[ $v != k64 ]] && B=.devrun/$v/cuzk
  timeout 40 $B bench msm --backend cuda --curve g1 --log-size 20,24 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
PIPES="sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum"
if [[ $(left) -gt 60 ]]; then
  stamp "ncu G2 level-0 k64"
  timeout 50 $NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section SchedulerStats --metrics $PIPES -k regex:accumulate_points --launch-skip 1 \
    --launch-count 1 build-gpu-carry/src/cli/cuzk bench msm --backend cuda --curve g2 --log-size 22 --runs 1 > $OUT/ncu-k64.txt 2>&1
  grep -E "Duration|Registers Per|pipe_|inst_executed.sum|Achieved Occupancy|One or More|Eligible Warps|Block Limit Reg|Threads  " $OUT/ncu-k64.txt | cut -c1-150 | head -16
fi
stamp end
