#!/usr/bin/env bash
# Prepared in the session of 2026-12-06 (fifth) as its call 2; it never ran (no machine could be
# started from 12:24 to 13:48 UTC, and the failed starts used the session's device time).
# build-gpu-carry = main with docs/runs/2026-12-06e/staging-slots.patch applied (a batch's
# staging slots chosen by device memory, GpuProver::staging_slots) and packed by
# scripts/gpu-pack.sh; .devrun/variants-e2.tar.xz = k0f/field-bench (main's CIOS rows) and
# k1f/field-bench (the Karatsuba products of call 1b: karatsuba-k1.patch). Every GPU
# test; SASS opcode counts of both throughput kernels and their rates alternating (why the
# Karatsuba build was slower in call 1b); the 2^27 PoRep-shaped proof (one, then ten),
# CUZK_TIMING=1, which on an 80 GB card runs the batch on one staging slot.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-e2.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
GPU_CHECK_SKIP_BENCH=1 timeout 240 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
grep -E "passed|failed|FAIL|Staging" $OUT/tests.log | tail -12
for v in k0f k1f; do
  cuobjdump -sass .devrun/$v/field-bench > /tmp/$v.sass 2>&1
  awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /field_throughput_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); split(op,o,"."); base=o[1]; if (base ~ /^IMAD/) key=op; else key=base; n[f" "key]++; t[f]++ } } END { for (k in n) print n[k], k; for (f in t) print t[f], f, "TOTAL" }' /tmp/$v.sass | sed -E 's/_ZN4cuzk.*field_throughput_kernelINS1_11DeviceFieldINS1_14Device(F[qr])ParamsEEELb([01])EEEvPT_j/\1-sq\2/' | sort -k2,2 -k1,1nr > $OUT/sass-$v.txt
done
grep -E "TOTAL|IMAD.WIDE" $OUT/sass-k0f.txt $OUT/sass-k1f.txt
{
for v in k0f k1f k1f k0f; do
  stamp "field $v"
  timeout 60 .devrun/$v/field-bench --runs 5
done
} > $OUT/bench.log 2>&1
grep -vE "^\s*$|imad" $OUT/bench.log
stamp "prove 2^27"
CUZK_TIMING=1 timeout 330 build-gpu-carry/src/cli/cuzk bench prove --backend cuda --constraints 134217728 --setup real --proofs 1,10 > $OUT/prove.log 2>&1
echo "prove rc=$?"
grep -E "staging_slots|phase=(ntt|msm_h|msm_a|msm_l|upload)" $OUT/prove.log | sort | uniq -c | head -20
grep -vE "CUZK_TIMING" $OUT/prove.log | tail -20
stamp end
