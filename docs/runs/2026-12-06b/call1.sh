#!/usr/bin/env bash
# Session 2026-12-06 (second) call 1. build-gpu-carry: main with full twiddle tables up to
# 2^22 (GpuDomain::kFullTwiddleMaxLog), "ft22". Variants: .devrun/base = main, ft/cuzk24 =
# full tables up to 2^24, b10 = ft22 with blocks of 2^10 values (kBlockLog 10: four blocks
# of 128 threads a multiprocessor), p8 = ft22 with passes of ≤ 8 stages (kMaxPassLog 8:
# 2^20 in three passes), ww = the G2 points kernel on the whole warp
# (docs/runs/2026-12-06-h100/g2-whole-warp.patch). Tests of the variants first, then the
# benchmarks alternating beside sppark's, every GPU test of the carry, an ncu profile of the
# 2^20 forward NTT (ours and sppark's).
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants.tar.xz -C .devrun
B=build-gpu-carry
FT22=$B/src/cli/cuzk
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:$PWD/.devrun/libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
run_test() {  # run_test <label> <seconds> <program> [gtest args]
  local label=$1 limit=$2 prog=$3; shift 3
  timeout $limit "$prog" "$@" > $OUT/test-$label.log 2>&1
  echo "test $label rc=$? $(grep -E '^\[  (PASSED|FAILED) ' $OUT/test-$label.log | tr '\n' ' ')"
  grep -E '^\[  FAILED  \]' $OUT/test-$label.log | head -5
}
stamp tests
run_test ww-msm 90 .devrun/ww/msm-test
run_test ww-generator 60 .devrun/ww/generator-test
run_test ft22-ntt 150 $B/tests/backend/cuda/backend_cuda_ntt_gpu_test
{
stamp sppark
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 20,24 --cpu-g2 "" --ntt 20,22,24,27 2>&1 | grep -E "^sppark (ntt_fwd_NN|msm_g2_resident)|FAIL"
ntt_bin() { case $1 in base) echo .devrun/base/cuzk ;; ft22) echo $FT22 ;; ft24) echo .devrun/ft/cuzk24 ;; *) echo .devrun/$1/cuzk ;; esac; }
for v in base ft22 ft24 b10 p8; do
  stamp "NTT $v"
  timeout 100 $(ntt_bin $v) bench ntt --backend cuda --log-size 20,22,24,27 --runs 5
done
for v in p8 b10 ft24 ft22 base; do
  stamp "NTT $v"
  timeout 100 $(ntt_bin $v) bench ntt --backend cuda --log-size 20,22,24 --runs 5
done
for v in base ft24; do
  stamp "H $v"
  timeout 60 $(ntt_bin $v) bench ntt --backend cuda --kind h --log-size 22,24 --runs 3
done
for v in base ww base ww; do
  bin=.devrun/base/cuzk; [[ $v == ww ]] && bin=.devrun/ww/cuzk
  stamp "G2 $v"
  timeout 90 $bin bench msm --backend cuda --curve g2 --log-size 20,24 --runs 3
done
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log | head -120
stamp gpu-check
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=150 timeout 200 scripts/gpu-check.sh $B > $OUT/gpu-check.log 2>&1
tail -4 $OUT/summary.txt 2>/dev/null; grep -E "FAIL|Timeout" $OUT/summary.txt 2>/dev/null | head
stamp ncu
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
SECTIONS="--section SpeedOfLight --section ComputeWorkloadAnalysis --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --section InstructionStats"
timeout 45 $NCU --clock-control none $SECTIONS -k regex:"pass_kernel|bit_reverse" --launch-skip 3 --launch-count 3 \
  .devrun/base/cuzk bench ntt --backend cuda --log-size 20 --runs 1 > $OUT/ncu-cuzk-ntt20.txt 2>&1
echo "ncu cuzk rc=$?"
timeout 45 $NCU --clock-control none $SECTIONS --launch-count 12 \
  .gpu-baseline/bench_sppark --runs 1 --g1 "" --g2 "" --cpu-g2 "" --ntt 20 > $OUT/ncu-sppark-ntt20.txt 2>&1
echo "ncu sppark rc=$?"
grep -E "^\s+[a-z_].*\(|Duration|Compute \(SM\) Throughput|Registers Per|Achieved Occupancy" $OUT/ncu-*.txt | head -60
stamp done
