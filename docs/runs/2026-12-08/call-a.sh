#!/usr/bin/env bash
# Session 2026-12-08 call A (issue 38): the GPU tests of the PartitionWitness redesign with the
# staging ring and the src/backend/cuda folders, each with its full log; then the engine's
# overhead a job.
# build-gpu-carry = scripts/gpu-pack.sh build build-gpu-carry, trimmed to the tests below.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-gpu-carry ]] || tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
stamp() { echo "-- $(date -u +%T) $*"; }
{
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
T=build-gpu-carry/tests/backend/cuda
# the circom fixtures the seam test reads live in the build tree it was configured in
BUILT=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' build-gpu-carry/CMakeCache.txt)
mkdir -p $BUILT/tests && ln -sfn $PWD/build-gpu-carry/tests/circom $BUILT/tests/circom
# and the small ones in the source tree it was configured from
SRC=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' build-gpu-carry/CMakeCache.txt)
[[ $SRC == "$PWD" ]] || { mkdir -p $SRC/tests && ln -sfn $PWD/tests/fixtures $SRC/tests/fixtures; }
for t in $(ls $T | grep -E '^backend_cuda_.*_test$'); do
  stamp "$t"
  timeout 200 $T/$t > $OUT/$t.log 2>&1
  echo "rc=$?"
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |\[  FAILED  \]" $OUT/$t.log | tail -12
done
stamp "engine overhead"
timeout 90 build-gpu-carry/bench/engine_bench overhead --jobs 200 2>&1 | tail -6
stamp end
} 2>&1 | tee $OUT/call-a.log
