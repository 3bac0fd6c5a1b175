#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 2. main (6df2ac8; GPU code as ff1e22d): every GPU test
# (scripts/gpu-check.sh, no benchmarks), then compute-sanitizer memcheck and racecheck on the
# NTT passes and bit reversals (the H quotient on constant vectors, 2^3/2^12/2^20) and on the
# MSM of both curves (gpu-check's sanitize cases), each bounded.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
GPU_CHECK_SKIP_BENCH=1 timeout 240 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -20
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
T=build-gpu-carry/tests/backend/cuda
{
for tool in memcheck racecheck; do
  for c in "backend_cuda_ntt_gpu_test:GpuNttTest.QuotientHOnConstantVectors" \
           "backend_cuda_msm_gpu_test:GpuMsmTest/0.Densities:GpuMsmTest/1.SpecialScalarsAndBases:GpuMsmTest/0.BitReversedScalars"; do
    p=${c%%:*}; f=${c#*:}
    echo "===== $(date -u +%T) $tool $p ($f)"
    GTEST_FILTER=$f timeout 150 "$SAN" --tool $tool --error-exitcode 1 $T/$p 2>&1 | tail -n 8
    echo "rc=${PIPESTATUS[0]}"
  done
done
echo "===== $(date -u +%T) end"
} > $OUT/sanitize.log 2>&1
grep -E "^=====|^rc=|ERROR SUMMARY|RACECHECK SUMMARY|PASSED|FAILED" $OUT/sanitize.log
