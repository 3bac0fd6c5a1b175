#!/usr/bin/env bash
# Session 2026-12-06 (eighth) call 2. .devrun/paired-carry.tar.xz (it unpacks to
# build-gpu-carry) = the staging plans plus the G2 paired operands (branch g2-partner-reuse on
# top: DeviceFq2Lane::Paired, an operand's partner coefficient fetched once), packed by
# scripts/gpu-pack.sh; .devrun/base-cuzk.xz: the cuzk
# program of the staging-plans build (main's MSM kernels). Every GPU test on the paired build;
# the G2 MSM of base and paired alternating, sppark in the same call; the whole kernel table
# (G1, NTT) of base beside sppark; then the G2 level-0 kernel's profile (ncu) for both while
# time is left. CALL_LIMIT (s) bounds it.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf build-gpu-carry && tar -xJf .devrun/paired-carry.tar.xz
xz -dkf .devrun/base-cuzk.xz && chmod +x .devrun/base-cuzk
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
left() { echo $((${CALL_LIMIT:-585} - SECONDS)); }
stamp "gpu-check paired"
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
rm -f $OUT/summary.txt $OUT/ctest-gpu.xml
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -8
P=build-gpu-carry/src/cli/cuzk
B=.devrun/base-cuzk
{
for v in base paired paired base base paired; do
  stamp "MSM G2 $v ($(left) s left)"
  C=$P; [[ $v == base ]] && C=$B
  timeout 60 $C bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
done
stamp "sppark ($(left) s left)"
timeout 150 .gpu-baseline/bench_sppark --runs 5 --g1 20,22,24,26 --g2 20,22,24 --cpu-g2 "" --ntt 20,21,22,24,26,27 2>&1 | grep -E "^sppark (msm_g[12]_resident|ntt_fwd_NN)|FAIL"
stamp "MSM G1 base ($(left) s left)"
timeout 60 $B bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 3
stamp "NTT base ($(left) s left)"
timeout 30 $B bench ntt --backend cuda --log-size 20,21,22,24,26,27 --runs 5
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$|imad" $OUT/bench.log
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
PIPES="sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum"
for v in base paired; do
  [[ $(left) -lt 60 ]] && break
  C=$P; [[ $v == base ]] && C=$B
  stamp "ncu G2 level-0 $v"
  timeout 50 $NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section SchedulerStats --metrics $PIPES -k regex:accumulate_points --launch-skip 1 \
    --launch-count 1 $C bench msm --backend cuda --curve g2 --log-size 22 --runs 1 > $OUT/ncu-$v.txt 2>&1
  grep -E "Duration|Registers Per|pipe_|inst_executed.sum|Achieved Occupancy|Issue Slots Busy|Executed Ipc A|Eligible Warps" $OUT/ncu-$v.txt | cut -c1-150 | head -14
done
stamp end
