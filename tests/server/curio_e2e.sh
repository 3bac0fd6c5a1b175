#!/usr/bin/env bash
# Curio against the real daemon (ctest label "interop"): starts `cuzk --config FILE` (no
# subcommand, as Curio's systemd unit runs it) on a configuration written the way Curio's
# operators write cuzk.toml (Curio's keys: listen as unix:///…, status_listen, memory.total_budget,
# gpus.gpu_threads, pipeline.*, srs.param_cache, logging.level "debug"), checks the warnings
# naming the keys cuzk ignores and the socket's configured group and mode, then runs
# tools/grpc-client/curio.mjs: a client built at run time from Curio's own proving.proto
# (tests/server/curio/proving.proto, unmodified) that calls Prove as Curio does (see its header).
# The PoRep proof Curio's client got is also checked by `cuzk porep verify` against the
# Commit-1 output. Finally checks a clean SIGTERM drain.
#
# WindowPoSt, WinningPoSt and SnapDeals go through Curio's contract too, on synthetic 2 KiB
# vanilla proofs in Curio's bincode written by `cuzk post synth` / `cuzk snap synth`.
#
# Usage: curio_e2e.sh CUZK_BIN REPO_ROOT WORK_DIR PARAMS_DIR VANILLA_PARAMS_DIR
# PARAMS_DIR holds porep-2KiB.params (the porep_params ctest fixture), VANILLA_PARAMS_DIR the
# 2 KiB PoSt and SnapDeals test parameters (vanilla_params); missing ones are made on first use.
# Skips loudly, exit 0, only when node/npm are not installed.
set -uo pipefail
if [ $# -ne 5 ]; then
  echo "usage: $0 CUZK_BIN REPO_ROOT WORK_DIR PARAMS_DIR VANILLA_PARAMS_DIR" >&2
  exit 2
fi
CUZK="$1"
ROOT="$2"
WORK="$3"
PARAMS="$4"
VANILLA_PARAMS="$5"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "######################################################################"
  echo "## SKIPPED: Curio end-to-end test: node/npm not installed."
  echo "######################################################################"
  exit 0
fi
if [ ! -d "$ROOT/tools/grpc-client/node_modules" ]; then
  echo "curio e2e: npm ci --prefix tools/grpc-client"
  npm ci --prefix "$ROOT/tools/grpc-client" --no-audit --no-fund || { echo "curio e2e: FAILED: npm ci" >&2; exit 1; }
fi

fail() {
  echo "curio e2e: FAILED: $*" >&2
  [ -f "$WORK/daemon.log" ] && tail -n 30 "$WORK/daemon.log" >&2
  exit 1
}

rm -rf "$WORK"
mkdir -p "$WORK/param_cache" "$PARAMS" "$VANILLA_PARAMS"
export FIL_PROOFS_PARAMETER_CACHE="$WORK/param_cache"  # no operator's parameters: the test ones
SOCK="$WORK/run/cuzk.sock"
GROUP=$(id -gn)
cat > "$WORK/cuzk.toml" <<TOML
# A Curio operator's cuzk.toml (extern/cuzk/cuzk.example.toml's keys), plus cuzk's socket keys.
[daemon]
listen = "unix://$SOCK"
status_listen = "127.0.0.1:0"
socket_group = "$GROUP"
socket_mode = "0640"

[srs]
param_dirs = ["$VANILLA_PARAMS"]
param_cache = "$WORK/param_cache"
generated_dir = "$PARAMS"

[memory]
total_budget = "auto"
safety_margin = "5GiB"
eviction_min_idle = "5m"

[gpus]
devices = []
gpu_threads = 2
gpu_workers_per_device = 2

[scheduler]
max_batch_size = 1
max_batch_wait_ms = 0
sort_by_type = true

[synthesis]
threads = 0

[pipeline]
enabled = true
synthesis_lookahead = 1
synthesis_concurrency = 1

[logging]
level = "debug"

[circuits]
synthetic_on_demand = true
TOML

"$CUZK" --config "$WORK/cuzk.toml" 2> "$WORK/daemon.log" &
DAEMON=$!
trap 'kill -KILL $DAEMON 2>/dev/null' EXIT
for _ in $(seq 1 300); do
  grep -q "listening on" "$WORK/daemon.log" 2>/dev/null && break
  kill -0 $DAEMON 2>/dev/null || fail "the daemon exited at start-up"
  sleep 0.2
done
[ -S "$SOCK" ] || fail "no socket at $SOCK"
access=$(stat -c '%a %G' "$SOCK")
[ "$access" = "640 $GROUP" ] || fail "socket mode/group '$access', expected '640 $GROUP'"
echo "ok: cuzk --config FILE started the daemon; socket $SOCK mode 640 group $GROUP"
for key in daemon.status_listen memory.total_budget memory.safety_margin memory.eviction_min_idle \
           gpus.gpu_workers_per_device pipeline.enabled pipeline.synthesis_lookahead; do
  grep -q "warning: .*$key: ignored" "$WORK/daemon.log" || fail "no warning naming $key"
done
echo "ok: a warning names each of Curio's keys cuzk ignores"
if grep -q "warning: .*\(gpus.gpu_threads\|pipeline.synthesis_concurrency\|srs.param_cache\|logging.level\)" "$WORK/daemon.log"; then
  fail "a mapped key was reported as ignored"
fi

# Synthetic 2 KiB vanilla proofs as Curio's bincode: a WindowPoSt partition of two sectors, a
# WinningPoSt sector, a SnapDeals update (its commitments printed as `snap prove` flags).
RAND=0101010101010101010101010101010101010101010101010101010101010101
"$CUZK" post synth --kind window-post --sector-size 2KiB --randomness $RAND --sectors 2 --first-sector 7 \
  --out-dir "$WORK/window" > /dev/null || fail "post synth window-post"
"$CUZK" post synth --kind winning-post --sector-size 2KiB --randomness $RAND --first-sector 3 \
  --out-dir "$WORK/winning" > /dev/null || fail "post synth winning-post"
"$CUZK" snap synth --sector-size 2KiB --seed 4 --out-dir "$WORK/snap" > "$WORK/snap.out" || fail "snap synth"
sed -n 's/^snap prove flags: //p' "$WORK/snap.out" > "$WORK/snap.flags"
[ -s "$WORK/snap.flags" ] || fail "snap synth printed no flags"
export CURIO_E2E_RANDOMNESS=$RAND CURIO_E2E_WINDOW="$WORK/window" CURIO_E2E_WINNING="$WORK/winning" \
  CURIO_E2E_SNAP="$WORK/snap" CURIO_E2E_SNAP_FLAGS="$(cat "$WORK/snap.flags")" CURIO_E2E_VANILLA_PARAMS="$VANILLA_PARAMS"

node "$ROOT/tools/grpc-client/curio.mjs" "unix://$SOCK" "$ROOT/tests/server/curio/proving.proto" \
  "$ROOT/proto/cuzk/v1/proving.proto" "$ROOT/tests/fixtures/filecoin/c1-2KiB.json" "$PARAMS" "$WORK/porep.proof" ||
  fail "Curio client checks"
if [ -f "$WORK/porep.proof" ]; then
  "$CUZK" porep verify --proof "$WORK/porep.proof" --vk "$PARAMS/porep-2KiB.params" \
    --commit1 "$ROOT/tests/fixtures/filecoin/c1-2KiB.json" || fail "cuzk porep verify of the proof Curio got"
  echo "ok: cuzk porep verify accepts the proof Curio got (public inputs from the Commit-1 output)"
fi

kill -TERM $DAEMON
wait $DAEMON
rc=$?
[ $rc -eq 0 ] || fail "daemon exit $rc after SIGTERM, expected 0"
[ ! -e "$SOCK" ] || fail "socket left behind"
echo "ok: SIGTERM drained, exit 0"
echo "curio e2e: all checks passed"
