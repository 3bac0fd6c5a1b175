#!/usr/bin/env bash
# Session 2026-12-07 call 1 (issue 38). build-gpu-carry = this session's main (PartitionWitness,
# the one pipeline), build-base-carry = main before it (f30a9ac: cuzk and engine_bench alone),
# both packed by scripts/gpu-pack.sh. Every GPU test on the new build; the engine's overhead a
# job, before then after; then the 32 GiB PoRep C2 (two rounds) before. call2.sh runs it after.
set -uo pipefail
cd "$(dirname "$0")/../../.."
for d in build-gpu-carry build-base-carry; do [[ -d $d ]] || tar -xJf $d.tar.xz; done
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; nproc; free -g; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
stamp "gpu tests (new)"
GPU_CHECK_SKIP_BENCH=1 OUT=$OUT timeout 240 scripts/gpu-check.sh build-gpu-carry > /dev/null 2>&1
echo "gpu-check rc=$?"
cat $OUT/summary.txt 2>/dev/null | tail -15
for b in base gpu; do
  stamp "engine overhead ($b)"
  timeout 60 build-$b-carry/bench/engine_bench overhead --jobs 200 2>&1 | tail -4
done
stamp "C2 before"
CUZK_TIMING=1 CUZK_ROUNDS=2 timeout 330 scripts/production-proofs.sh build-base-carry/src/cli/cuzk /tmp/pp-base porep > $OUT/porep-base.log 2>&1
echo "rc=$?"
grep -E "round|partition [0-9]+/|OK|peak|timings|staging=|wall" $OUT/porep-base.log | tail -30
stamp end
} 2>&1 | tee $OUT/call1.log
