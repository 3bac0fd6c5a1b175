#!/usr/bin/env bash
# Session 2026-12-06 (second) call 3. build-gpu-carry: the NTT as it lands (full twiddle
# tables up to 2^24 expanded on the device, pass blocks of 2^10 values or 2^11 for a pass of
# 10 stages, the bit reversal in 16×16 tiles). Variants: .devrun/base = main before it; p9 =
# passes of ≤ 9 stages (2^20 in three); r96 = blocks of 2^10 at 96 registers (five a
# multiprocessor). Every GPU test of the carry first, then the benchmarks alternating beside
# sppark's, then the SASS of both NTT pass kernels for an instruction count.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants3.tar.xz -C .devrun
B=build-gpu-carry
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
stamp gpu-check
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=150 timeout 240 scripts/gpu-check.sh $B > $OUT/gpu-check.log 2>&1
tail -4 $OUT/summary.txt 2>/dev/null; grep -E "FAIL|Timeout" $OUT/summary.txt 2>/dev/null | head
ntt_bin() { case $1 in final) echo $B/src/cli/cuzk ;; *) echo .devrun/$1/cuzk ;; esac; }
{
stamp sppark
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,22,24,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for v in base final p9 r96 r96 p9 final base; do
  stamp "NTT $v"
  timeout 100 $(ntt_bin $v) bench ntt --backend cuda --log-size 20,22,24,27 --runs 5
done
stamp "H final"
timeout 100 $(ntt_bin final) bench ntt --backend cuda --kind h --log-size 24,27 --runs 3
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
stamp sass
pass_sass() { cuobjdump -sass "$1" 2>&1 | awk -v pat="$2" '/Function : /{p = ($0 ~ pat)} p'; }
pass_sass $B/src/cli/cuzk pass_kernel > $OUT/sass-cuzk-pass.txt
pass_sass .gpu-baseline/bench_sppark _CT_NTT > $OUT/sass-sppark-ct.txt
xz -9 $OUT/sass-cuzk-pass.txt $OUT/sass-sppark-ct.txt
ls -la $OUT
stamp done
