#!/usr/bin/env bash
# Session 2026-12-05c call 2: which change broke the G2 fixed-base kernel (the generator
# multiplier's G2 results differ from the host's): 666773c, 666773c + main's field headers
# (mul_sub defined, unused by the curves), main, lanes; each run twice.
set -uo pipefail
cd "$(dirname "$0")/.."
for v in before fieldonly main lanes before fieldonly main lanes; do
  timeout 120 .devrun/gen/gen-$v --gtest_filter='*EqualsTheHostMultiplier' > $OUT/gen-$v.log 2>&1
  echo "$v rc=$? $(grep -E '^\[  (PASSED|FAILED) |, n = ' $OUT/gen-$v.log | head -4 | tr '\n' ' ')"
done
