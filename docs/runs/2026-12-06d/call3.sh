#!/usr/bin/env bash
# Session 2026-12-06 (fourth) call 3. The 2^27 PoRep-shaped proof on main (GPU code as
# ff1e22d): one proof, then a batch of 10, every proof verified (key made on the GPU, not
# counted); the per-phase times of the batch (CUZK_TIMING=1).
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-gpu-carry/src ]] || tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
echo "-- $(date -u +%T) prove"
CUZK_TIMING=1 timeout 560 build-gpu-carry/src/cli/cuzk bench prove --backend cuda --constraints 134217728 --setup real \
  --proofs 1,10 --witness shared --runs 1 > $OUT/prove.log 2>&1
echo "rc=$?"
grep -vE "CUZK_TIMING" $OUT/prove.log | tail -n 30
grep -E "CUZK_TIMING" $OUT/prove.log | awk '{split($2,a,"=");split($3,b,"=");s[a[2]]+=b[2]} END{for(k in s) printf "%s %.1f\n",k,s[k]}' | sort
echo "-- $(date -u +%T) end"
