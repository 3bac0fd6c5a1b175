#!/usr/bin/env bash
# Session 2026-12-07 call 2 (issue 38), on the machine call 1 left warm: the 32 GiB PoRep C2 (two
# rounds) on this session's main, to set beside call 1's run of main before it.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-gpu-carry ]] || tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
stamp() { echo "-- $(date -u +%T) $*"; }
{
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
stamp "C2 after"
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout 400 scripts/production-proofs.sh build-gpu-carry/src/cli/cuzk /tmp/pp-new porep > $OUT/porep-new.log 2>&1
echo "rc=$?"
grep -E "round|partition [0-9]+/|OK|peak|timings|staging=|wall" $OUT/porep-new.log | tail -30
stamp end
} 2>&1 | tee $OUT/call2.log
