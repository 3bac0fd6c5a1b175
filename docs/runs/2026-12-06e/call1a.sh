#!/usr/bin/env bash
# Session 2026-12-06 (fifth) call 1a. k1 = every Montgomery product and two-product sum through
# one level of Karatsuba and one wide reduction (build-gpu-carry). Every GPU test on k1 and the
# SASS opcode counts of its field throughput kernels. Leaves build-gpu-carry unpacked on the
# (warm) machine for call 1b.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
cuobjdump -sass build-gpu-carry/bench/gpu_field_bench > /tmp/k1.sass 2>&1
awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /field_throughput_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); split(op,o,"."); base=o[1]; if (base ~ /^IMAD/) key=op; else key=base; n[f" "key]++; t[f]++ } } END { for (k in n) if (k ~ /IMAD|IADD3|LOP3/) print n[k], k; for (f in t) print t[f], f, "TOTAL" }' /tmp/k1.sass | sort -k2,2 -k1,1nr > $OUT/sass-k1.txt
cat $OUT/sass-k1.txt | cut -c1-150
GPU_CHECK_SKIP_BENCH=1 timeout 300 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|FAIL" $OUT/tests.log | tail -20
