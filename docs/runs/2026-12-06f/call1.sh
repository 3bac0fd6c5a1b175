#!/usr/bin/env bash
# Session 2026-12-06 (sixth) call 1. build-gpu-carry = main (97a9a65) with
# docs/runs/2026-12-06e/staging-slots.patch applied (a batch's staging slots chosen by device
# memory), the product on the FP64 pipe (3eb6edf: field_fp64_device.cuh, its GPU tests) and
# the NTT's column DFTs drawing every other butterfly's product from it (CUZK_NTT_FP64=0: all
# on the 32-bit rows, as main), packed by scripts/gpu-pack.sh; .devrun/fp64/field-bench = that build's gpu_field_bench; .devrun/variants-e2.tar.xz = k0f/field-bench (CIOS
# rows, main) and k1f/field-bench (Karatsuba products, karatsuba-k1.patch).
# .devrun/variants-f1.tar.xz: m1/cuzk, m1/msm-test = that build with the G1 additions sending
# three of their products (r, Q, ZZZ3 of madd) to the FP64 pipe (curve_device.cuh
# mul_other_pipe); m2/cuzk = m1 with the level-0 kernel bounded to 3 blocks a multiprocessor.
# Every GPU test; SASS opcode counts and rates of both field-throughput kernels; cuzk's MSM and
# NTT kernels with sppark's in the same call (cuzk, sppark, cuzk); the 2^27 PoRep-shaped proof,
# one and then ten (CUZK_TIMING=1), which on an 80 GB card runs the batch on one staging slot.
# .devrun/fp64/fp64-probe (docs/runs/2026-12-06f/fp64_probe.cu, built here for sm_90): the
# Montgomery product on the FP64 pipe, checked against a host reference, and its rate alone and
# beside the CIOS product; its SASS opcode counts.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
tar -xJf .devrun/variants-e2.tar.xz -C .devrun
tar -xJf .devrun/variants-f1.tar.xz -C .devrun
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
stamp "gpu-check"
GPU_CHECK_SKIP_BENCH=1 timeout 240 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
grep -E "passed|failed|FAIL|Staging" $OUT/tests.log | tail -12
stamp "msm-test m1"
timeout 150 .devrun/m1/msm-test > $OUT/msm-test-m1.log 2>&1
echo "msm-test m1 rc=$?"
grep -E "^\[  (PASSED|FAILED) |FAILED" $OUT/msm-test-m1.log | head
for v in k0f k1f; do
  cuobjdump -sass .devrun/$v/field-bench > /tmp/$v.sass 2>&1
  awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /field_throughput_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); split(op,o,"."); base=o[1]; if (base ~ /^IMAD/) key=op; else key=base; n[f" "key]++; t[f]++ } } END { for (k in n) print n[k], k; for (f in t) print t[f], f, "TOTAL" }' /tmp/$v.sass | sed -E 's/_ZN4cuzk.*field_throughput_kernelINS1_11DeviceFieldINS1_14Device(F[qr])ParamsEEELb([01])EEEvPT_j/\1-sq\2/' | sort -k2,2 -k1,1nr > $OUT/sass-$v.txt
done
grep -E "TOTAL|IMAD.WIDE" $OUT/sass-k0f.txt $OUT/sass-k1f.txt
stamp "fp64 probe"
timeout 120 .devrun/fp64/fp64-probe > $OUT/fp64-probe.log 2>&1
echo "fp64-probe rc=$?"
cat $OUT/fp64-probe.log
cuobjdump -sass .devrun/fp64/fp64-probe > /tmp/fp64.sass 2>&1
awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /pipes_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); n[f" "op]++; t[f]++ } } END { for (k in n) if (n[k] > 8) print n[k], k; for (f in t) print t[f], f, "TOTAL" }' /tmp/fp64.sass | sort -k2,2 -k1,1nr > $OUT/sass-fp64.txt
cuobjdump -sass .devrun/fp64/field-bench > /tmp/fb.sass 2>&1
awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /fp64_throughput_kernel|field_throughput_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); n[f" "op]++; t[f]++ } } END { for (k in n) if (n[k] > 8) print n[k], k; for (f in t) print t[f], f, "TOTAL" }' /tmp/fb.sass | sort -k2,2 -k1,1nr >> $OUT/sass-fp64.txt
grep -E "TOTAL|DFMA|DADD|IADD3|LOP3|IMAD.WIDE" $OUT/sass-fp64.txt | sed -E 's/_Z12pipes_kernel//' | head -80
C=build-gpu-carry/src/cli/cuzk
{
for v in fp64 fp64; do
  stamp "field $v"
  timeout 60 .devrun/$v/field-bench --runs 5
done
for v in m0 m1 m2 m2 m1 m0; do
  stamp "MSM G1 $v"
  B=$C; [[ $v != m0 ]] && B=.devrun/$v/cuzk
  timeout 60 $B bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 3
done
for pass in 1 2; do
  for fp64 in 0 1; do
    stamp "NTT cuzk CUZK_NTT_FP64=$fp64"
    CUZK_NTT_FP64=$fp64 timeout 90 $C bench ntt --backend cuda --log-size 20,21,22,24,26,27 --runs 5
  done
  [[ $pass == 2 ]] && break
  stamp "sppark"
  timeout 200 .gpu-baseline/bench_sppark --runs 5 --g1 20,22,24,26 --g2 20,22,24 --cpu-g2 "" --ntt 20,21,22,24,26,27 2>&1 | grep -E "^sppark (msm_g[12]_resident|ntt_fwd_NN)|FAIL"
done
for fp64 in 0 1; do
  stamp "H prover CUZK_NTT_FP64=$fp64"
  CUZK_NTT_FP64=$fp64 timeout 60 $C bench ntt --backend cuda --kind h-prover --log-size 27 --runs 3
done
stamp "MSM G2 cuzk"
timeout 100 $C bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$|imad" $OUT/bench.log
left=$((${CALL_LIMIT:-585} - SECONDS))
stamp "prove 2^27 (${left} s left)"
[[ $left -gt 30 ]] && CUZK_TIMING=1 timeout $left $C bench prove --backend cuda --constraints 134217728 --setup real \
  --proofs 1,10 --witness shared --runs 1 > $OUT/prove.log 2>&1
echo "prove rc=$?"
grep -E "staging_slots" $OUT/prove.log | sort | uniq -c | head
grep -vE "CUZK_TIMING" $OUT/prove.log | tail -n 20
grep -E "CUZK_TIMING" $OUT/prove.log | awk '{split($2,a,"=");split($3,b,"=");s[a[2]]+=b[2]} END{for(k in s) printf "%s %.1f\n",k,s[k]}' | sort
stamp end
