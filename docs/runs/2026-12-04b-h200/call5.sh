#!/usr/bin/env bash
# Session 2026-12-04b call 5: every GPU test with H in six transforms; H timed before
# (.devrun/cuzk-before: seven) and after, alternating; then a 2^27 PoRep-shaped partition
# proved alone and in a batch of 10, every proof verified.
set -uo pipefail
cd "$(dirname "$0")/.."
tar -xJf build-gpu-carry.tar.xz
B=build-gpu-carry
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=240 timeout 240 scripts/gpu-check.sh $B > /dev/null 2>&1
tail -3 $OUT/summary.txt; grep -E "FAIL" $OUT/summary.txt
{
date -u
for bin in .devrun/cuzk-before $B/src/cli/cuzk .devrun/cuzk-before $B/src/cli/cuzk; do
  echo "== $bin"
  $bin bench ntt --backend cuda --kind h --log-size 20,24,27 --runs 5
done
date -u
} > $OUT/bench-h.log 2>&1
cat $OUT/bench-h.log
( date -u; timeout 330 $B/src/cli/cuzk bench prove --backend cuda --constraints 134217728 --setup real --proofs 1,10 --witness shared --runs 1; date -u ) > $OUT/prove-porep.log 2>&1
tail -40 $OUT/prove-porep.log
