#!/usr/bin/env bash
# Session 2026-12-06 (seventh) call 4. The 32 GiB PoRep C2 on main as landed (44c2ae4:
# .devrun/variants-g.tar.xz main/cuzk; the shared libraries from build-gpu-carry.tar.xz's
# carried-libs) on an 80 GB card: a synthetic Commit-1 output in Curio's format, the INSECURE
# test setup made on the GPU in memory, two rounds of ten partitions (the second is the steady
# state), every proof verified in process and again by `cuzk porep verify`.
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz build-gpu-carry/carried-libs
tar -xJf .devrun/variants-g.tar.xz -C .devrun main/cuzk
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
echo "-- $(date -u +%T) porep"
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout ${CALL_LIMIT:-560} scripts/production-proofs.sh .devrun/main/cuzk /tmp/pp porep > $OUT/porep.log 2>&1
echo "porep rc=$?"
grep -vE "CUZK_TIMING" $OUT/porep.log | tail -n 25
grep -E "staging_slots" $OUT/porep.log | sort | uniq -c
echo "-- $(date -u +%T) end"
