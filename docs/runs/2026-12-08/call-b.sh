#!/usr/bin/env bash
# Session 2026-12-08 call B (issue 38): before and after on one card, in one call. build-cmp-carry
# holds base/ (main at f30a9ac, before the PartitionWitness redesign) and new/ (after: the redesign with the staging ring), each the
# `cuzk` program and engine_bench, with the libraries they need. Order: engine overhead of both
# (200 jobs), then the 32 GiB PoRep C2, two rounds each (the test parameters made in memory per
# process), new first, base second.
set -uo pipefail
cd "$(dirname "$0")/../../.."
[[ -d build-cmp-carry ]] || tar -xJf build-cmp-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-cmp-carry/carried-libs:${LD_LIBRARY_PATH:-}
stamp() { echo "-- $(date -u +%T) $*"; }
{
date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
for v in new base; do
  stamp "engine overhead $v"
  timeout 60 build-cmp-carry/$v/engine_bench overhead --jobs 200 2>&1 | tail -4
done
for v in new base; do
  stamp "C2 $v"
  CUZK_TIMING=1 CUZK_ROUNDS=2 timeout 285 scripts/production-proofs.sh build-cmp-carry/$v/cuzk /tmp/pp-$v porep > $OUT/porep-$v.log 2>&1
  echo "rc=$?"
  grep -E "round|OK|peak|wall|staging=|phase=(product|ntt|msm_h|msm_a|upload)" $OUT/porep-$v.log | tail -30
  rm -rf /tmp/pp-$v
done
stamp end
} 2>&1 | tee $OUT/call-b.log
