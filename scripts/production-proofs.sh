#!/usr/bin/env bash
# Production-size proofs on a GPU machine, end to end through the command line, each checked
# twice (the in-process self-verification, then `verify` against the written verifying key):
#   porep        a 32 GiB PoRep C2 (10 partitions) from a synthetic Commit-1 output
#   snap         a 32 GiB SnapDeals proof (16 partitions) from synthetic partition proofs
#   window-post  one full 32 GiB WindowPoSt partition (2349 sectors) from synthetic vanilla proofs
# The inputs are in the formats Curio sends (wrapped Commit-1 JSON, bincode vanilla proofs).
# Parameters are the INSECURE test setup made on the GPU in memory and never written: a 32 GiB
# circuit's are 40-60 GB, more than a test machine's disk holds; only the vk is written.
# Each prove prints per-partition synth/gpu/verify times, the timings line and the peak host
# memory; the results go in docs/PERF.md.
#
#   scripts/production-proofs.sh CUZK WORK_DIR [porep|snap|window-post ...]   (default: all three)
#   CUZK_SECTOR_SIZE=2KiB CUZK_BACKEND=cpu scripts/production-proofs.sh …       (a quick check of the script)
#   CUZK_ROUNDS=3 scripts/production-proofs.sh …   every proof made 3 times over (steady state per round)
set -euo pipefail
CUZK=$1
WORK=$2
shift 2
KINDS=("$@")
[[ ${#KINDS[@]} -gt 0 ]] || KINDS=(porep snap window-post)
SIZE=${CUZK_SECTOR_SIZE:-32GiB}     # smaller sizes check the script itself, on the CPU too
BACKEND=${CUZK_BACKEND:-cuda}
ROUNDS=${CUZK_ROUNDS:-1}
RANDOMNESS=0101010101010101010101010101010101010101010101010101010101010101
mkdir -p "$WORK"

step() {
  echo "+ $*"
  local t0=$SECONDS
  "$@"
  echo "  ($((SECONDS - t0)) s wall)"
}

porep() {
  local c1=$WORK/c1-$SIZE.json
  step "$CUZK" porep synth --sector-size "$SIZE" --out "$c1"
  step "$CUZK" porep prove --commit1 "$c1" --proof "$WORK/porep.proof" --test-params-in-memory "$WORK/porep.vk" \
    --backend "$BACKEND" --rounds "$ROUNDS"
  step "$CUZK" porep verify --proof "$WORK/porep.proof" --vk "$WORK/porep.vk" --commit1 "$c1"
}

snap() {
  local dir=$WORK/snap
  local synth
  synth=$(step "$CUZK" snap synth --sector-size "$SIZE" --out-dir "$dir")
  echo "$synth"
  local -a comms
  read -r -a comms <<<"$(sed -n 's/^snap prove flags: //p' <<<"$synth")"
  local -a partitions=()
  while IFS= read -r f; do partitions+=(--partition-proof "$f"); done < <(ls "$dir"/partition-*.vproof | sort -V)
  step "$CUZK" snap prove "${comms[@]}" "${partitions[@]}" --proof "$WORK/snap.proof" \
    --test-params-in-memory "$WORK/snap.vk" --backend "$BACKEND" --rounds "$ROUNDS"
  step "$CUZK" snap verify "${comms[@]}" --proof "$WORK/snap.proof" --vk "$WORK/snap.vk"
}

window_post() {
  local dir=$WORK/window-post
  local -a common=(--kind window-post --sector-size "$SIZE" --randomness "$RANDOMNESS")
  step "$CUZK" post synth "${common[@]}" --out-dir "$dir"
  local -a sectors=()
  for f in "$dir"/sector-*.vproof; do sectors+=(--sector-proof "$f"); done
  step "$CUZK" post prove "${common[@]}" "${sectors[@]}" --proof "$WORK/window-post.proof" \
    --test-params-in-memory "$WORK/window-post.vk" --backend "$BACKEND" --rounds "$ROUNDS"
  step "$CUZK" post verify "${common[@]}" "${sectors[@]}" --proof "$WORK/window-post.proof" \
    --vk "$WORK/window-post.vk"
}

for kind in "${KINDS[@]}"; do
  echo "=== $kind $SIZE ($(date -u +%FT%TZ))"
  case $kind in
    porep) porep ;;
    snap) snap ;;
    window-post) window_post ;;
    *) echo "production-proofs: unknown kind '$kind' (porep, snap, window-post)" >&2; exit 2 ;;
  esac
done
