#!/usr/bin/env bash
# Session 2026-12-06 (third) call 2. The gpu-check of tl (what lands: table entries as 128-bit
# read-only loads), its NTT at every size 2^20..2^27 and H both ways; bit-reversal variants
# t8 (8×8 tiles, 128 threads) and t128 (16×16 tiles, 128 threads); then MSM G1 and G2 at
# every size beside sppark's, same call.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-c2.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
stamp gpu-check
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry
echo "rc=$?"
for v in t8 t128; do
  stamp "test $v"
  timeout 100 .devrun/$v/ntt-test
  echo "rc=$?"
done
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) |passed|failed" $OUT/tests.log | tail -40
{
stamp "sppark ntt"
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,21,22,23,24,25,26,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
stamp "NTT tl every size"
timeout 90 .devrun/tl/cuzk bench ntt --backend cuda --log-size 20,21,22,23,24,25,26,27 --runs 5
for v in tl t8 t128 t128 t8 tl; do
  stamp "NTT $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,21,22,24 --runs 5
done
stamp "H tl"
timeout 60 .devrun/tl/cuzk bench ntt --backend cuda --kind h --log-size 27 --runs 3
stamp "H-prover tl"
timeout 60 .devrun/tl/cuzk bench ntt --backend cuda --kind h-prover --log-size 24,27 --runs 3
stamp "sppark msm"
timeout 300 .gpu-baseline/bench_sppark --runs 5 --g1 20,21,22,23,24,25,26 --g2 20,22,24 --cpu-g2 "" --ntt "" 2>&1 | grep -E "^sppark msm_g[12]_resident|FAIL"
stamp "MSM G1 tl"
timeout 200 .devrun/tl/cuzk bench msm --backend cuda --curve g1 --log-size 20,21,22,23,24,25,26 --runs 5
stamp "MSM G2 tl"
timeout 200 .devrun/tl/cuzk bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
