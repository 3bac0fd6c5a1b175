#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 1. NTT pass variants of main (ff1e22d): m0 = main (radix-8
# rounds, 128 registers), r1 = kRoundLog 1 at 64 registers, r2 = kRoundLog 2 at 80, r2b =
# kRoundLog 2 at 64. Each variant's NTT test, then the forward NTT 2^20..2^27 and the prover's H
# at 2^27, alternating, beside sppark's NTT before and after.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants-d1.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
for v in m0 r1 r2 r2b; do
  stamp "test $v"
  timeout 100 .devrun/$v/ntt-test
  echo "rc=$?"
done
} > $OUT/tests.log 2>&1
grep -E "^-- |^rc=|^\[  (PASSED|FAILED) " $OUT/tests.log
{
stamp "sppark ntt"
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,21,22,23,24,25,26,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
for v in m0 r1 r2 r2b r2b r2 r1 m0; do
  stamp "NTT $v"
  timeout 90 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,21,22,23,24,25,26,27 --runs 5
done
for v in m0 r1 r2 r2b; do
  stamp "H prover $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --kind h-prover --log-size 27 --runs 3
done
stamp "sppark ntt"
.gpu-baseline/bench_sppark --runs 5 --g1 "" --g2 "" --cpu-g2 "" --ntt 20,21,22,23,24,25,26,27 2>&1 | grep -E "^sppark ntt_fwd_NN|FAIL"
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
