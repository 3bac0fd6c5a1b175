#!/usr/bin/env bash
# Session 2026-12-04b call 1: the pipelined NTT pass (cp.async double buffer, persistent blocks)
# against the direct pass, tests under both, beside sppark's NTT.
set -uo pipefail
cd "$(dirname "$0")/.."
tar -xJf build-gpu-carry.tar.xz
B=build-gpu-carry
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
T=$B/tests/backend/cuda
{
for cfg in "1 11" "1 10" "0 11"; do
  set -- $cfg
  echo "== tests pipeline=$1 block_log=$2"
  for t in ntt_gpu_test gpu_prover_test prover_seam_test; do
    CUZK_NTT_PIPELINE=$1 CUZK_NTT_BLOCK_LOG=$2 timeout 120 $T/backend_cuda_$t 2>&1 | tail -2
  done
done
} > $OUT/tests.log 2>&1
grep -E "==|PASSED|FAILED" $OUT/tests.log
{
date -u
.gpu-baseline/bench_sppark --runs 5 --ntt 20,24,27 2>&1 | grep -E "sppark ntt|FAIL" 
for cfg in "0 11" "1 11" "1 10" "0 11" "1 11" "1 10"; do
  set -- $cfg
  echo "== bench pipeline=$1 block_log=$2"
  CUZK_NTT_PIPELINE=$1 CUZK_NTT_BLOCK_LOG=$2 $B/src/cli/cuzk bench ntt --backend cuda --log-size 20,22,24,26,27 --runs 7 --kind forward 2>&1
done
for cfg in "0 11" "1 11" "1 10"; do
  set -- $cfg
  echo "== bench h pipeline=$1 block_log=$2"
  CUZK_NTT_PIPELINE=$1 CUZK_NTT_BLOCK_LOG=$2 $B/src/cli/cuzk bench ntt --backend cuda --log-size 24,27 --runs 3 --kind h 2>&1
done
.gpu-baseline/bench_sppark --runs 5 --ntt 20,24,27 2>&1 | grep -E "sppark ntt|FAIL"
date -u
} > $OUT/bench.log 2>&1
cat $OUT/bench.log | grep -vE "^\s*$" | head -120
