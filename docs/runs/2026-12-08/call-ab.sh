#!/usr/bin/env bash
# Session 2026-12-08, issue 38's closing call: the GPU tests that failed in call A (fixed since),
# then before and after on one card in one call. build-all-carry holds base/ (main at f30a9ac,
# before the PartitionWitness redesign) and new/ (main after it: the staging ring, the folders),
# each `cuzk` and engine_bench, the libraries they need, and the four GPU test programs.
# To make it (≈ 44.5 MB, beside the ≈ 19 MiB tree within the 64 MiB carry):
#   scripts/gpu-pack.sh build build-gpu-carry            (main, configured for CUDA)
#   git worktree add ../wt-base f30a9ac; build its targets cuzk and engine_bench
#   mkdir -p build-all-carry/{new,base}/ build-all-carry/tests/backend/cuda
#   copy new/ ← build-gpu-carry/{src/cli/cuzk,bench/engine_bench}; base/ ← ../wt-base/build's, stripped;
#   build-all-carry/carried-libs ← build-gpu-carry/carried-libs; CMakeCache.txt ← build-gpu-carry's;
#   tests/backend/cuda ← build-gpu-carry's backend_cuda_{gpu_prover,prover_seam,engine_gpu,witness_staging_gpu}_test
#   tar -cJf build-all-carry.tar.xz build-all-carry
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-all-carry ]] || tar -xJf build-all-carry.tar.xz
A=build-all-carry
export LD_LIBRARY_PATH=$PWD/$A/carried-libs:${LD_LIBRARY_PATH:-}
stamp() { echo "-- $(date -u +%T) $*"; }
{
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
# the circom fixtures where the tests were configured: the small ones in the source tree, the
# large one's bulk files extracted in the build tree
BUILT=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' $A/CMakeCache.txt)
SRC=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' $A/CMakeCache.txt)
[[ $SRC == "$PWD" ]] || { mkdir -p $SRC/tests && ln -sfn $PWD/tests/fixtures $SRC/tests/fixtures; }
mkdir -p $BUILT/tests/circom/fixtures/sha256 && tar -xJf tests/fixtures/circom/sha256/bulk.tar.xz -C $BUILT/tests/circom/fixtures/sha256
for t in gpu_prover_test prover_seam_test engine_gpu_test witness_staging_gpu_test; do
  stamp "$t"
  timeout 60 $A/tests/backend/cuda/backend_cuda_$t > $OUT/$t.log 2>&1
  echo "rc=$?"
  grep -E "^\[  (PASSED|FAILED|SKIPPED) |\[  FAILED  \]" $OUT/$t.log | tail -6
done
for v in new base; do
  stamp "engine overhead $v"
  timeout 40 $A/$v/engine_bench overhead --jobs 200 2>&1 | tail -3
done
for v in new base; do
  stamp "C2 $v"
  CUZK_TIMING=1 CUZK_ROUNDS=2 timeout 265 scripts/production-proofs.sh $A/$v/cuzk /tmp/pp-$v porep > $OUT/porep-$v.log 2>&1
  echo "rc=$?"
  grep -E "round|OK|peak|wall|staging=" $OUT/porep-$v.log | tail -16
  rm -rf /tmp/pp-$v
done
stamp end
} 2>&1 | tee $OUT/call-ab.log
