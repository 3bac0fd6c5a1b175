#!/usr/bin/env bash
# Session 2026-12-06 (ninth) call 1. build-gpu-carry = main (991fda9) with the staging plan's
# accounting of the MSMs' scratch (branch staging-scratch-accounting), packed by
# scripts/gpu-pack.sh. The eighth session's next-call.sh (every GPU test, then two rounds of the
# 32 GiB C2 on an 80 GB card, or on a larger card behind 61 GiB held aside), then
# compute-sanitizer memcheck on every staging plan's batch and on the G2 MSM (paired operands).
set -uo pipefail
cd "$(dirname "$0")/../../.."
bash docs/runs/2026-12-06h/next-call.sh
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
T=build-gpu-carry/tests/backend/cuda
{
for c in "backend_cuda_gpu_prover_test:GpuProverTest.EveryStagingPlanBatchBitIdentical" \
         "backend_cuda_msm_gpu_test:GpuMsmTest/1.SpecialScalarsAndBases:GpuMsmTest/1.Densities"; do
  p=${c%%:*}; f=${c#*:}
  echo "===== $(date -u +%T) memcheck $p ($f)"
  limit=$(( ${CALL_LIMIT:-585} - SECONDS < 90 ? ${CALL_LIMIT:-585} - SECONDS : 90 ))
  ((limit > 10)) || { echo "no time left"; break; }
  GTEST_FILTER=$f timeout $limit "$SAN" --tool memcheck --error-exitcode 1 $T/$p 2>&1 | tail -n 8
  echo "rc=${PIPESTATUS[0]}"
done
echo "===== $(date -u +%T) end"
} > $OUT/sanitize.log 2>&1
grep -E "^=====|^rc=|ERROR SUMMARY|PASSED|FAILED" $OUT/sanitize.log
