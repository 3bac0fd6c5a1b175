#!/usr/bin/env bash
# The next session's first device call (written 2026-12-06, seventh session). build-gpu-carry =
# main with docs/runs/2026-12-06g/staging-plans.patch applied (branch staging-plans), packed by
# scripts/gpu-pack.sh. In one call, most important first: call5.sh (every GPU test on it, then
# ten 2^24 proofs under each staging plan), then the 32 GiB PoRep C2 on it (as call4.sh ran it
# on main: 12.84 s steady on an H100, 1.275 s a partition), which on an 80 GB card now picks
# the shared-abc plan. CALL_LIMIT (s) bounds the whole call; PORER_STAGING, where set, caps the
# C2's plan (CUZK_STAGING), e.g. shared-abc on a card where two full slots would fit.
set -uo pipefail
cd "$(dirname "$0")/../../.."
bash docs/runs/2026-12-06g/call5.sh
left=$((${CALL_LIMIT:-585} - SECONDS))
echo "-- $(date -u +%T) porep (${left} s left)"
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
if [[ -n ${PORER_STAGING:-} ]]; then export CUZK_STAGING=$PORER_STAGING; fi
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout $left scripts/production-proofs.sh build-gpu-carry/src/cli/cuzk /tmp/pp porep \
  > $OUT/porep.log 2>&1
echo "porep rc=$?"
grep -E "round|timings|OK|rror" $OUT/porep.log | tail -n 8
grep -E "staging=" $OUT/porep.log | sort | uniq -c
