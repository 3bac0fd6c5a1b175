#!/usr/bin/env bash
# Session 2026-12-06 (seventh) call 2. build-gpu-carry = main plus the Fq2 product as
# Karatsuba over the lane pair (K1: DeviceFq2Lane::mul), packed by scripts/gpu-pack.sh;
# .devrun/variants-g.tar.xz: main/cuzk (main as landed, 44c2ae4) and k2/{cuzk,
# backend_cuda_field_ops_test, backend_cuda_msm_gpu_test} (K1 plus mul_sub as two wide
# Karatsuba products under one reduction). Every GPU test on K1; K2's field and MSM tests;
# the G2 MSM of main, K1 and K2 alternating, with sppark's G2 in the same call; then the G2
# level-0 kernel's pipes (ncu) for main and K1 while time is left. CALL_LIMIT (s) bounds it.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-g.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
left() { echo $((${CALL_LIMIT:-585} - SECONDS)); }
stamp "gpu-check K1"
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -8
for t in field_ops msm_gpu; do
  stamp "K2 $t"
  timeout 120 .devrun/k2/backend_cuda_${t}_test > $OUT/k2-$t.log 2>&1
  echo "K2 $t rc=$?"
  grep -E "^\[  (PASSED|FAILED) |FAILED" $OUT/k2-$t.log | head
done
{
for v in main k1 k2 k2 k1 main; do
  stamp "MSM G2 $v ($(left) s left)"
  B=build-gpu-carry/src/cli/cuzk; [[ $v != k1 ]] && B=.devrun/$v/cuzk
  timeout 60 $B bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
done
stamp "sppark G2 ($(left) s left)"
timeout 100 .gpu-baseline/bench_sppark --runs 5 --g2 20,22,24 --cpu-g2 "" 2>&1 | grep -E "^sppark msm_g2_resident|FAIL"
stamp "MSM G1 k1 ($(left) s left)"
timeout 40 build-gpu-carry/src/cli/cuzk bench msm --backend cuda --curve g1 --log-size 20,24 --runs 3
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
PIPES="sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum"
for v in main k1; do
  [[ $(left) -lt 60 ]] && break
  B=build-gpu-carry/src/cli/cuzk; [[ $v != k1 ]] && B=.devrun/$v/cuzk
  stamp "ncu G2 level-0 $v"
  timeout 50 $NCU --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats \
    --section WarpStateStats --section SchedulerStats --metrics $PIPES -k regex:accumulate_points --launch-skip 1 \
    --launch-count 1 $B bench msm --backend cuda --curve g2 --log-size 22 --runs 1 > $OUT/ncu-$v.txt 2>&1
  grep -E "Duration|Registers Per|pipe_|inst_executed.sum|Achieved Occupancy|Issue Slots Busy|Executed Ipc A|Eligible Warps" $OUT/ncu-$v.txt | cut -c1-150 | head -14
done
stamp end
