#!/usr/bin/env bash
# Session 2026-12-06 (fifth) call 1b, on the machine call 1a left warm (build-gpu-carry = k1
# unpacked there). k0 = main (1e3016d, CIOS products); k1 = Karatsuba products; k2 = k1 with
# the G1 level-0 kernel bounded to 3 blocks a multiprocessor (168 registers, 72 bytes spilled);
# k3 = k1 with Fr products back on the CIOS rows. Field throughput, MSM and NTT alternating,
# sppark's MSM and NTT in the same call.
set -uo pipefail
cd "$(dirname "$0")/../../.."
test -x build-gpu-carry/src/cli/cuzk || { echo "build-gpu-carry missing (machine not warm)"; exit 3; }
tar -xJf .devrun/variants-e1.tar.xz -C .devrun
mkdir -p .devrun/k1 && cp build-gpu-carry/src/cli/cuzk .devrun/k1/cuzk && cp build-gpu-carry/bench/gpu_field_bench .devrun/k1/field-bench
export LD_LIBRARY_PATH=$PWD/build-gpu-carry/carried-libs:${LD_LIBRARY_PATH:-}
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv; } > $OUT/env.txt 2>&1
cat $OUT/env.txt
stamp() { echo "-- $(date -u +%T) $*"; }
{
cuobjdump -sass .devrun/k0/field-bench > /tmp/k0.sass 2>&1
awk '/Function : /{f=$3} /^ +\/\*[0-9a-f]+\*\//{ if (f ~ /field_throughput_kernel/) { op=$2; if (op ~ /^@/) op=$3; sub(/;$/,"",op); split(op,o,"."); base=o[1]; if (base ~ /^IMAD/) key=op; else key=base; n[f" "key]++; t[f]++ } } END { for (k in n) if (k ~ /IMAD|IADD3|LOP3/) print n[k], k; for (f in t) print t[f], f, "TOTAL" }' /tmp/k0.sass | sort -k2,2 -k1,1nr > $OUT/sass-k0.txt
for v in k0 k1 k1 k0; do
  stamp "field $v"
  timeout 60 .devrun/$v/field-bench --runs 5
done
for v in k0 k1 k2 k2 k1 k0; do
  stamp "MSM G1 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 5
  stamp "MSM G2 $v"
  timeout 100 .devrun/$v/cuzk bench msm --backend cuda --curve g2 --log-size 20,22,24 --runs 3
done
for v in k0 k1 k3 k3 k1 k0; do
  stamp "NTT $v"
  timeout 90 .devrun/$v/cuzk bench ntt --backend cuda --log-size 20,22,24,26,27 --runs 5
done
for v in k0 k1 k3; do
  stamp "H prover $v"
  timeout 60 .devrun/$v/cuzk bench ntt --backend cuda --kind h-prover --log-size 27 --runs 3
done
stamp "sppark"
timeout 200 .gpu-baseline/bench_sppark --runs 5 --g1 20,22,24,26 --g2 20,22,24 --cpu-g2 "" --ntt 20,22,24,26,27 2>&1 | grep -E "^sppark (msm_g[12]_resident|ntt_fwd_NN)|FAIL"
stamp end
} > $OUT/bench.log 2>&1
grep -vE "^\s*$" $OUT/bench.log
