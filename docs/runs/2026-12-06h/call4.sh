#!/usr/bin/env bash
# Session 2026-12-06 (eighth) call 4. build-gpu-carry = main (the staging plans and the G2
# paired operands) plus the plan's accounting of the MSMs' scratch (it counts as room, and a
# plan of two buffers of a part reserves them before the MSMs grow it again), packed by
# scripts/gpu-pack.sh. Every GPU test, then the 32 GiB PoRep C2 on an 80 GB card (H100), where
# call 3 found the steady batch of ten back on the serial plan (the first batch's MSM scratch
# was not counted as room).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf build-gpu-carry && tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
echo "-- $(date -u +%T) gpu-check"
GPU_CHECK_SKIP_BENCH=1 timeout 100 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
rm -f $OUT/summary.txt $OUT/ctest-gpu.xml
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -6
echo "-- $(date -u +%T) porep"
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout ${PORER_LIMIT:-260} scripts/production-proofs.sh build-gpu-carry/src/cli/cuzk /tmp/pp porep \
  > $OUT/porep.log 2>&1
echo "porep rc=$?"
grep -E "round|timings|OK|rror|prover:" $OUT/porep.log | tail -n 8
grep -E "staging=" $OUT/porep.log | sort | uniq -c
echo "-- $(date -u +%T) end"
