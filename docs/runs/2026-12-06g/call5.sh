#!/usr/bin/env bash
# Session 2026-12-06 (seventh) call 5. build-gpu-carry = main plus the staging plans
# (gpu_prover: kSerial, kSharedAbc — one a, b, c buffer and two assignments, the H MSM first,
# circuit i + 1 staged while circuit i's A, B and L run — and kOverlapped), packed by
# scripts/gpu-pack.sh. Every GPU test (EveryStagingPlanBatchBitIdentical and the deferred
# batches under every plan among them), then a batch of ten 2^24 proofs under each plan
# (CUZK_STAGING caps it; random key: timing only, the tests check the proofs).
set -uo pipefail
cd "$(dirname "$0")/../../.."
tar -xJf build-gpu-carry.tar.xz
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
stamp "gpu-check"
GPU_CHECK_SKIP_BENCH=1 timeout 150 scripts/gpu-check.sh build-gpu-carry > $OUT/tests.log 2>&1
echo "gpu-check rc=$?"
cp $OUT/summary.txt $OUT/gpu-check-summary.txt 2>/dev/null
rm -f $OUT/summary.txt $OUT/ctest-gpu.xml
grep -E "passed|failed|FAIL|Staging|EveryStaging|SyntheticCircuitsBitIdenticalAloneAndMixed" $OUT/tests.log | tail -12
i=0
for plan in serial shared-abc overlapped shared-abc serial; do
  i=$((i + 1))
  stamp "prove 2^24 x10 $plan"
  CUZK_STAGING=$plan CUZK_TIMING=1 timeout 60 build-gpu-carry/src/cli/cuzk bench prove --backend cuda \
    --constraints 16777216 --setup random --proofs 10 --witness shared --runs 2 > $OUT/prove-$i-$plan.log 2>&1
  echo "rc=$?"
  grep -E "batch of|staging=" $OUT/prove-$i-$plan.log | sort | uniq -c
done
stamp end
