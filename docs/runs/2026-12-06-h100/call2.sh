#!/usr/bin/env bash
# Session 2026-12-06 call 2 (short: the last of the device time). "final": the G2 points
# kernel's whole-warp step with its zero tests no longer short-circuited (call 1's build hung
# in the G2 MSM), the NTT with only the DIT's unreduced outputs and the new bit reversal.
# GPU tests of NTT, MSM and proofs, then final beside base (call 1's).
set -uo pipefail
cd "$(dirname "$0")/../../.."
mkdir -p .devrun && tar -xJf .devrun/call2.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/.devrun/final/libs:${LD_LIBRARY_PATH:-}
F=.devrun/final
nvidia-smi --query-gpu=name --format=csv,noheader
for t in ntt msm prover; do
  timeout 50 $F/$t-test > $OUT/test-$t.log 2>&1
  echo "test $t rc=$? $(grep -E '^\[  (PASSED|FAILED) ' $OUT/test-$t.log | tr '\n' ' ')"
  grep -E '^\[  FAILED  \]' $OUT/test-$t.log | head -5
done
{
for v in base final; do
  echo "== $v"
  timeout 25 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --log-size 24 --runs 3
  timeout 25 .devrun/$v/cuzk bench ntt --backend cuda --log-size 24,27 --runs 5
  timeout 25 .devrun/$v/cuzk bench ntt --backend cuda --kind h --log-size 27 --runs 3
done
} 2>&1 | tee $OUT/bench.log
