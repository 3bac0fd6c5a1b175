#!/usr/bin/env bash
# Session 2026-12-06 (ninth) call 2. build-gpu-carry = main as it closes issue 15 (the staging
# plan's accounting of the MSMs' scratch landed), packed by scripts/gpu-pack.sh. The kernel
# table of cuzk (G1, G2 MSM; NTT) with sppark in the same call, cuzk before and after sppark;
# then ten 2^24 proofs in one batch on the plan the card picks. CALL_LIMIT (s) bounds it.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-gpu-carry/src ]] || tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
left() { echo $((${CALL_LIMIT:-560} - SECONDS)); }
C=build-gpu-carry/src/cli/cuzk
kernels() {
  timeout 60 $C bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 3
  timeout 60 $C bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
  timeout 30 $C bench ntt --backend cuda --log-size 20,21,22,24,26,27 --runs 5
}
{
stamp "cuzk kernels, first ($(left) s left)"; kernels
stamp "sppark ($(left) s left)"
timeout 150 .gpu-baseline/bench_sppark --runs 5 --g1 20,22,24,26 --g2 20,22,24 --cpu-g2 "" --ntt 20,21,22,24,26,27 2>&1 | grep -E "^sppark (msm_g[12]_resident|ntt_fwd_NN)|FAIL"
stamp "cuzk kernels, second ($(left) s left)"; kernels
stamp "ten 2^24 proofs ($(left) s left)"
CUZK_TIMING=1 timeout 120 $C bench prove --backend cuda --constraints 16777216 --setup random --proofs 10 --witness shared --runs 2 2>&1 | grep -vE "^CUZK_TIMING: (stage|circuit)"
stamp end
} > $OUT/bench.log 2>&1
grep -E "^--|^msm|^ntt|^sppark|FAIL|prove|staging=" $OUT/bench.log | head -80
