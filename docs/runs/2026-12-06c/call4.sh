#!/usr/bin/env bash
# Session 2026-12-06 (third) call 4. What lands: main with the bit reversal in 8×8 tiles up to
# 2^21 and 16×16 above. The whole gpu-check on it, then its NTT at every size 2^20..2^27 and
# H both ways, beside sppark's NTT, same call.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
CUZK=build-gpu-carry/src/cli/cuzk
{
stamp gpu-check
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry
echo "rc=$?"
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|passed|failed" $OUT/tests.log | tail -10
{
stamp "sppark ntt"
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,21,22,23,24,25,26,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for r in 1 2; do
  stamp "NTT main $r"
  timeout 90 $CUZK bench ntt --backend cuda --log-size 20,21,22,23,24,25,26,27 --runs 5
done
stamp "H main"
timeout 60 $CUZK bench ntt --backend cuda --kind h --log-size 27 --runs 3
timeout 60 $CUZK bench ntt --backend cuda --kind h-prover --log-size 27 --runs 3
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
