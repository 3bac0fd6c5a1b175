#!/usr/bin/env bash
# Session 2026-12-04b call 2: every GPU test (the H quotient's 1/Z now in its output table), H
# timed, the G1/G2 MSM window sweeps at 2^24-2^27 with the step profile, and the SASS opcode
# mix of the NTT pass and the G1 accumulation kernels.
set -uo pipefail
cd "$(dirname "$0")/.."
tar -xJf build-gpu-carry.tar.xz
B=build-gpu-carry
export LD_LIBRARY_PATH=$PWD/$B/carried-libs:${LD_LIBRARY_PATH:-}
GPU_CHECK_SKIP_BENCH=1 GPU_CHECK_TEST_TIMEOUT=240 timeout 240 scripts/gpu-check.sh $B > /dev/null 2>&1
tail -3 $OUT/summary.txt; grep -E "FAIL" $OUT/summary.txt
C=$B/src/cli/cuzk
{
date -u
$C bench ntt --backend cuda --log-size 24,27 --runs 5 --kind h
$C bench msm --backend cuda --curve g1 --log-size 26 --window 19,20,21,22 --runs 3
$C bench msm --backend cuda --curve g1 --log-size 27 --window 20,21,22 --runs 3
$C bench msm --backend cuda --curve g2 --log-size 24 --window 15,16,17,18 --runs 3
for w in 20 22; do CUZK_MSM_TIMING=1 $C bench msm --backend cuda --curve g1 --log-size 27 --window $w --runs 1 2>&1 | grep -E "CUZK_MSM|msm"; done
date -u
} > $OUT/bench.log 2>&1
cat $OUT/bench.log | grep -v "CUZK_MSM" ; grep CUZK_MSM $OUT/bench.log | awk '{split($2,a,"=");split($3,b,"="); s[a[2]]+=b[2]} END {for (k in s) print "  total", k, s[k]}'
{
which cuobjdump nvdisasm
cuobjdump -sass $C > /tmp/all.sass 2>&1; ls -la /tmp/all.sass
awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /pass_kernel|accumulate_points_kernelINS1_11DeviceFieldINS1_14DeviceFqParams|ones_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); n[f" "op]++ } } END { for (k in n) print n[k], k }' /tmp/all.sass | sort -k2,2 -k1,1nr > /tmp/mix.txt
awk '{print $2}' /tmp/mix.txt | sort -u
} > $OUT/sass.log 2>&1
xz -c /tmp/mix.txt > $OUT/sass-mix.txt.xz
grep -E "pass_kernel" /tmp/mix.txt | head -60
