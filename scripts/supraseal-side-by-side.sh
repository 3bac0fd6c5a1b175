#!/usr/bin/env bash
# cuzk beside supraseal-c2 on one GPU machine, from a real-format parameter file on disk (issue 40;
# docs/SUPRASEAL.md): the 32 GiB PoRep INSECURE test parameters written by `cuzk setup` under
# Filecoin's v28 name into a parameter cache, the daemon proving from that cache as an operator's
# would, and bench/supraseal_side_by_side proving the same C2 with cuzk and with supraseal-c2 from
# that file. Every step logs to $WORK/logs/<step>.log, copied to $OUT (what comes back).
#
#   scripts/supraseal-side-by-side.sh STEP...
#     check      the machine: GPU, cores, memory, the disk under $WORK (the 32 GiB parameters are
#                ≈ 44 GiB, their recorded matrices ≈ 2 GiB: ≥ 48 GiB free, not tmpfs)
#     setup      `cuzk setup --circuit porep-32GiB` (≈ 3-5 min), the file renamed to its v28 name in
#                $WORK/cache, and `cuzk porep synth --sector-size 32GiB` (a synthetic Commit-1)
#     daemon     `cuzk daemon` with srs.param_cache = $WORK/cache: the key preloaded from a cold
#                page cache, the first proof (it records the matrices beside the file), a steady
#                one, the key evicted and preloaded again from a warm page cache, a proof; the
#                daemon's memory sampled every second; the first proof checked by `cuzk porep
#                verify` against the file's vk (≈ 4-5 min)
#     cuzk       supraseal_side_by_side --prover cuzk (≈ 3 min)
#     supraseal  supraseal_side_by_side --prover supraseal, its proofs compared with the cuzk
#                step's (≈ 3-4 min)
#     both       the two provers in one process (≈ 6-7 min)
#     start      setup, daemon, cuzk and supraseal in order, detached (setsid), into
#                $WORK/logs/run.log; returns at once
#     wait [S]   waits up to S seconds (540) for a started run; exit 0 once it ended (its status
#                in run.log), 3 while it still runs
#   Each step is bounded by `timeout` (under 10 minutes). The machine must stay the same between
#   steps (the parameters live on its disk): run them in back-to-back device calls, e.g.
#     call 1: scripts/supraseal-side-by-side.sh check start wait 560
#     call 2: scripts/supraseal-side-by-side.sh wait 560     (again until it exits 0)
#
# Environment: CARRY (build-ss-carry: `CUZK_PACK_TESTS=0 scripts/gpu-pack.sh build-ss
# build-ss-carry` of a build with -DCUZK_SUPRASEAL_REFERENCE; its .tar.xz is unpacked when the
# folder is missing), WORK (/var/tmp/cuzk-sbs), OUT (where logs go back; $WORK/out), SIZE (32GiB;
# 2KiB runs every step on any machine, the provers on the CPU where there is no GPU, except
# supraseal, which needs one), SEED (1: r and s of both provers).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
SELF=$ROOT/scripts/$(basename "${BASH_SOURCE[0]}")
cd "$ROOT" || exit 1
CARRY=${CARRY:-build-ss-carry}
WORK=${WORK:-/var/tmp/cuzk-sbs}
OUT=${OUT:-$WORK/out}
SIZE=${SIZE:-32GiB}
SEED=${SEED:-1}
LOGS=$WORK/logs
CACHE=$WORK/cache
C1=$WORK/c1-$SIZE.json
# Filecoin's names of the PoRep parameters (rust-fil-proofs parameters.json; cuzk reproduces them
# in kinds/filecoin_param_names, tests/kinds/filecoin_param_names_test.cpp lists them).
case $SIZE in
  32GiB) STEM=v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-8-0-sha256_hasher-82a357d2f2ca81dc61bb45f4a762807aedee1b0a53fd6c4e77b46a01bfef7820
         NEED_GIB=48 ;;
  2KiB) STEM=v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b3793b06832f
        NEED_GIB=2 ;;
  *) echo "supraseal-side-by-side: SIZE must be 32GiB or 2KiB" >&2; exit 2 ;;
esac
PARAMS=$CACHE/$STEM.params
CIRCUIT=porep-$SIZE
mkdir -p "$LOGS" "$CACHE" "$OUT" "$WORK/proofs"

if [[ ! -d $CARRY && -f $CARRY.tar.xz ]]; then tar -xJf "$CARRY.tar.xz"; fi
CUZK=$ROOT/$CARRY/src/cli/cuzk
BENCH=$ROOT/$CARRY/bench/supraseal_side_by_side
export LD_LIBRARY_PATH=$ROOT/$CARRY/carried-libs:${LD_LIBRARY_PATH:-}
export CUZK_TIMING=1

stamp() { echo "-- $(date -u +%FT%TZ) $*"; }
timed() {  # timed <label> <command…>: runs it, prints its wall time and exit status
  local label=$1 t0=$EPOCHREALTIME rc
  shift
  stamp "$label: $*"
  "$@"
  rc=$?
  echo "-- $label: $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.1f", b - a}') s wall, exit $rc"
  return $rc
}
# How much of a file the page cache holds (util-linux fincore, where present).
cached() { if command -v fincore >/dev/null; then fincore --bytes "$@" 2>/dev/null; fi; }
# Drops a file's pages from the page cache (posix_fadvise DONTNEED through dd), after a sync.
uncache() { sync; for f in "$@"; do [[ -f $f ]] && dd if="$f" iflag=nocache count=0 status=none; done; }
need() { [[ -e $1 ]] || { echo "supraseal-side-by-side: $1 is missing ($2)"; return 1; }; }
back() { cp -f "$LOGS"/*.log "$OUT"/ 2>/dev/null || true; }

step_check() {
  date -u +%FT%TZ
  nvidia-smi --query-gpu=name,driver_version,memory.total,memory.used --format=csv,noheader 2>&1 || true
  echo "cores $(nproc); $(free -g | awk '/^Mem:/ {print "memory " $2 " GiB, available " $7 " GiB"}')"
  df -h "$WORK" | tail -1
  need "$CUZK" "carry $CARRY(.tar.xz)" && need "$BENCH" "a build with -DCUZK_SUPRASEAL_REFERENCE" || return 1
  local fs free_gib
  fs=$(stat -f -c %T "$WORK")
  free_gib=$(( $(df --output=avail -B1G "$WORK" | tail -1) ))
  [[ $fs != tmpfs ]] || { echo "check: $WORK is tmpfs (the parameters would take host memory): set WORK"; return 1; }
  if [[ -f $PARAMS ]]; then echo "check: $PARAMS already there ($(du -h "$PARAMS" | cut -f1))"; return 0; fi
  (( free_gib >= NEED_GIB )) || { echo "check: $free_gib GiB free under $WORK, $NEED_GIB GiB needed"; return 1; }
  echo "check: OK ($free_gib GiB free on $fs)"
}

step_setup() {
  local gen=$WORK/gen
  if [[ ! -f $PARAMS ]]; then
    timed "cuzk setup (INSECURE test parameters, $CIRCUIT)" "$CUZK" setup --circuit "$CIRCUIT" --param-dir "$gen" || return 1
    # An operator's cache holds the file under Filecoin's name, without cuzk's sidecar; the
    # matrices recorded beside the generated name are keyed to it: the daemon records its own.
    mv "$gen/$CIRCUIT.params" "$PARAMS" || return 1
    rm -f "$gen/$CIRCUIT.params.matrices" "$gen/$CIRCUIT.params.cuzk-sum"
  fi
  ls -l "$PARAMS"
  [[ -f $C1 ]] || timed "cuzk porep synth" "$CUZK" porep synth --sector-size "$SIZE" --out "$C1" || return 1
  df -h "$WORK" | tail -1
}

step_daemon() {
  need "$PARAMS" "run setup" && need "$C1" "run setup" || return 1
  local sock=$WORK/cuzk.sock config=$WORK/cuzk.toml
  cat >"$config" <<TOML
[daemon]
listen = "unix:$sock"
drain_timeout_s = 30

[memory]
pinned_budget = "110GiB"          # the 32 GiB PoRep key parsed is ≈ 51 GiB: hot, never demoted here
working_memory_budget = "24GiB"   # one whole partition's bound before the first is synthesized

[srs]
param_cache = "$CACHE"

[circuits]
synthetic = []
TOML
  cat "$config"
  uncache "$PARAMS" "$PARAMS.matrices"
  cached "$PARAMS"
  rm -f "$sock"
  "$CUZK" daemon --config "$config" 2>"$LOGS/daemon-stderr.log" &
  local daemon=$!
  # host memory of the daemon every second: VmRSS (anonymous, file-backed), its peak; the GPU's
  (while kill -0 $daemon 2>/dev/null; do
     printf '%s %s | gpu %s\n' "$(date -u +%T)" \
       "$(grep -E '^(VmRSS|RssAnon|RssFile|VmHWM)' /proc/$daemon/status 2>/dev/null | tr -s ' \t\n' ' ')" \
       "$(nvidia-smi --query-gpu=memory.used --format=csv,noheader 2>/dev/null)"
     sleep 1
   done) >"$LOGS/daemon-mem.log" &
  local sampler=$!
  for _ in $(seq 1 150); do [[ -S $sock ]] && break; sleep 0.2; done
  local addr=(--addr "unix:$sock") rc=0
  timed "preload, cold page cache" "$CUZK" bench preload "${addr[@]}" --circuit "$CIRCUIT" || rc=1
  cached "$PARAMS"
  "$CUZK" bench status "${addr[@]}"
  timed "first proof (records the matrices, uploads the key)" "$CUZK" bench single "${addr[@]}" --circuit "$CIRCUIT" \
    --payload "$C1" --proof-out "$WORK/proofs/daemon-first.proof" || rc=1
  timed "second proof (steady)" "$CUZK" bench single "${addr[@]}" --circuit "$CIRCUIT" --payload "$C1" || rc=1
  "$CUZK" bench status "${addr[@]}"
  timed "evict" "$CUZK" bench evict "${addr[@]}" --circuit "$CIRCUIT" || rc=1
  cached "$PARAMS"
  timed "preload, warm page cache" "$CUZK" bench preload "${addr[@]}" --circuit "$CIRCUIT" || rc=1
  timed "proof after the warm reload" "$CUZK" bench single "${addr[@]}" --circuit "$CIRCUIT" --payload "$C1" || rc=1
  "$CUZK" bench status "${addr[@]}"
  kill -TERM $daemon
  wait $daemon || rc=1
  wait $sampler
  echo "daemon peak host memory: $(grep -o 'VmHWM: *[0-9]* kB' "$LOGS/daemon-mem.log" | tail -1)"
  grep -E "job [^ ]+ circuit=|timings: total=|recorded '|rror" "$LOGS/daemon-stderr.log" | tail -20
  timed "porep verify of the first proof against the file's vk" "$CUZK" porep verify \
    --proof "$WORK/proofs/daemon-first.proof" --vk "$PARAMS" --commit1 "$C1" || rc=1
  return $rc
}

side_by_side() {  # side_by_side cuzk|supraseal|both
  need "$PARAMS" "run setup" && need "$C1" "run setup" || return 1
  timed "supraseal_side_by_side --prover $1" "$BENCH" --commit1 "$C1" --params "$PARAMS" --prover "$1" \
    --seed "$SEED" --proofs-dir "$WORK/proofs"
}

run_step() {
  local step=$1 limit rc
  case $step in
    check) limit=60 ;; setup|daemon) limit=560 ;; cuzk|supraseal) limit=540 ;; both) limit=580 ;;
    *) echo "supraseal-side-by-side: unknown step '$step'" >&2; return 2 ;;
  esac
  stamp "step $step (at most $limit s)" >>"$LOGS/$step.log"
  # the step in a child shell under `timeout`, so that a step that overruns ends inside its call
  timeout --kill-after=10 "$limit" bash -c "source '$SELF' --functions; step_$step" >>"$LOGS/$step.log" 2>&1
  rc=$?
  stamp "step $step: exit $rc" >>"$LOGS/$step.log"
  tail -40 "$LOGS/$step.log" | grep -vE "^CUZK_(TIMING|NTT_H)" | tail -25
  back
  return $rc
}

step_cuzk() { side_by_side cuzk; }
step_supraseal() { side_by_side supraseal; }
step_both() { side_by_side both; }

# Sourced by run_step's child shell for the functions alone.
[[ ${1:-} == --functions ]] && return 0

status=0
while [[ $# -gt 0 ]]; do
  case $1 in
    start)
      rm -f "$WORK/run.done"
      setsid nohup bash -c "'$SELF' setup daemon cuzk supraseal; echo \$? > '$WORK/run.done'" \
        >"$LOGS/run.log" 2>&1 </dev/null &
      echo "started (pid $!): $LOGS/run.log"
      ;;
    wait)
      limit=540
      if [[ ${2:-} =~ ^[0-9]+$ ]]; then limit=$2; shift; fi
      end=$((SECONDS + limit))
      while [[ ! -f $WORK/run.done ]] && ((SECONDS < end)); do sleep 5; done
      back
      grep -E "^-- .*(step|wall)" "$LOGS/run.log" | tail -20
      if [[ -f $WORK/run.done ]]; then echo "run ended: exit $(cat "$WORK/run.done")"; else echo "still running"; status=3; fi
      ;;
    *) run_step "$1" || status=$? ;;
  esac
  shift
done
exit $status
