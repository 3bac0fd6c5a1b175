#!/usr/bin/env bash
# Call 4, cut to the device time left (≈ 280 s): on an H200 holding BALLAST_GIB (62) aside so
# that it plans like an 80 GB H100 (ballast.cu), the prover's GPU tests (the staging plans,
# deferred batches, the engine) on the plan's scratch accounting — its kernels are call 2's,
# which passed every GPU test — then one round of the 32 GiB C2, whose batches of 2 and 8
# partitions call 3 ran as shared-abc and serial.
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf build-gpu-carry && tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
nvcc -O2 -o /tmp/ballast docs/runs/2026-12-06h/ballast.cu || exit 1
/tmp/ballast ${BALLAST_GIB:-62} > /tmp/ballast.log 2>&1 &
for i in $(seq 40); do grep -q holding /tmp/ballast.log && break; sleep 0.5; done
{ date -u +%FT%TZ; cat /tmp/ballast.log; nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
T=build-gpu-carry/tests/backend/cuda
for t in gpu_prover deferred_gpu engine_gpu; do
  echo "-- $(date -u +%T) $t"
  timeout 60 $T/backend_cuda_${t}_test > $OUT/test-$t.log 2>&1
  echo "$t rc=$?"
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |tests ran" $OUT/test-$t.log | head -6
done
echo "-- $(date -u +%T) porep"
CUZK_TIMING=1 CUZK_ROUNDS=1 timeout ${PORER_LIMIT:-215} scripts/production-proofs.sh build-gpu-carry/src/cli/cuzk /tmp/pp porep \
  > $OUT/porep.log 2>&1
echo "porep rc=$?"
grep -E "round|timings|OK|rror|prover:" $OUT/porep.log | tail -n 8
grep -E "staging=" $OUT/porep.log | uniq -c
echo "-- $(date -u +%T) end"
kill %1 2>/dev/null
