#!/usr/bin/env bash
# Session 2026-12-06 (seventh) call 1. build-gpu-carry = main as landed (44c2ae4), packed by
# scripts/gpu-pack.sh. Every GPU test on that exact build (the staging slots' test included),
# then the 2^27 PoRep-shaped proof, one and then ten in a batch (CUZK_TIMING=1; an 80 GB card
# runs the batch on one staging slot), then sppark and cuzk's MSM and NTT kernels in the same
# call while time is left. CALL_LIMIT (s) bounds the whole call.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
left() { echo $((${CALL_LIMIT:-585} - SECONDS)); }
stamp "gpu-check"
GPU_CHECK_SKIP_BENCH=1 timeout 200 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
grep -E "passed|failed|FAIL|Staging" $OUT/tests.log | tail -12
C=build-gpu-carry/src/cli/cuzk
stamp "prove 2^27 ($(left) s left)"
CUZK_TIMING=1 timeout $(( $(left) - 150 )) $C bench prove --backend cuda --constraints 134217728 --setup real \
  --proofs 1,10 --witness shared --runs 1 > $OUT/prove.log 2>&1
echo "prove rc=$?"
grep -E "staging_slots" $OUT/prove.log | sort | uniq -c | head
grep -vE "CUZK_TIMING" $OUT/prove.log | tail -n 20
grep -E "CUZK_TIMING" $OUT/prove.log | awk '{split($2,a,"=");split($3,b,"=");s[a[2]]+=b[2]} END{for(k in s) printf "%s %.1f\n",k,s[k]}' | sort
{
stamp "MSM G1 cuzk ($(left) s left)"
timeout 60 $C bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 3
stamp "sppark ($(left) s left)"
[[ $(left) -gt 60 ]] && timeout $(( $(left) - 10 )) .gpu-baseline/bench_sppark --runs 5 --g1 20,22,24,26 --g2 20,22,24 --cpu-g2 "" --ntt 20,21,22,24,26,27 2>&1 | grep -E "^sppark (msm_g[12]_resident|ntt_fwd_NN)|FAIL"
stamp "NTT cuzk ($(left) s left)"
[[ $(left) -gt 30 ]] && timeout 25 $C bench ntt --backend cuda --log-size 20,21,22,24,26,27 --runs 5
stamp "MSM G2 cuzk ($(left) s left)"
[[ $(left) -gt 40 ]] && timeout $(( $(left) - 5 )) $C bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$|imad" $OUT/bench.log
