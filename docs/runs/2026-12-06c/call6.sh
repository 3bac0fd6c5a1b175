#!/usr/bin/env bash
# Session 2026-12-06 (third) call 6. compute-sanitizer memcheck on main's NTT GPU test (the
# 128-bit table loads, the 8×8 and 16×16 bit-reversal tiles; every kind at 19 sizes, the H
# chain).
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf .devrun/variants-c5.tar.xz -C .devrun main
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
SANITIZER=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
echo "-- $(date -u +%T) memcheck"
timeout 150 $SANITIZER --tool memcheck --leak-check no --error-exitcode 3 .devrun/main/ntt-test 2>&1 | tail -15
echo "rc=${PIPESTATUS[0]}"
echo "-- $(date -u +%T) end"
