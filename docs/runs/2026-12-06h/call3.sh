#!/usr/bin/env bash
# Session 2026-12-06 (eighth) call 3: the 32 GiB PoRep C2 on an 80 GB card (H100) on the build
# of call 2 (.devrun/paired-carry.tar.xz: the staging plans and the G2 paired operands, as
# landed), where the prover picks the shared-abc plan itself; as call4.sh of 2026-12-06g ran
# it on main (12.84 s steady, 1.275 s of GPU a partition).
set -uo pipefail
cd "$(dirname "$0")/../../.."
rm -rf build-gpu-carry && tar -xJf .devrun/paired-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout ${CALL_LIMIT:-480} scripts/production-proofs.sh build-gpu-carry/src/cli/cuzk /tmp/pp porep \
  > $OUT/porep.log 2>&1
echo "porep rc=$?"
grep -E "round|timings|OK|rror|prover:" $OUT/porep.log | tail -n 8
grep -E "staging=" $OUT/porep.log | sort | uniq -c
