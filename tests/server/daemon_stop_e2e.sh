#!/usr/bin/env bash
# The daemon's long work and its files under faults, end to end on the real `cuzk daemon`:
#   - at start, the temporaries a killed writer left in srs.generated_dir are removed, and an
#     unreadable zkey in a parameter directory is skipped with a warning naming it (the good
#     one next to it is served);
#   - a generated .params damaged since the daemon wrote it is generated again (the same file);
#   - SIGTERM during a long parameter generation (synthetic-1048576, about a minute of CPU)
#     stops it once the drain ends: exit 0 within seconds, no parameter file, no temporary;
#   - a second SIGTERM while draining exits at once (143), leaving no temporary; so does a
#     second SIGINT during start-up (130).
#
# Usage: daemon_stop_e2e.sh CUZK_BIN CIRCOM_FIXTURES WORK_DIR
set -uo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 CUZK_BIN CIRCOM_FIXTURES WORK_DIR" >&2
  exit 2
fi
cuzk=$1
fixtures=$2
work=$3
# shellcheck source=../support/daemon.sh
. "$(dirname "$0")/../support/daemon.sh"

fail() {
  echo "daemon stop e2e: FAILED: $*" >&2
  [ -f "$work/daemon.log" ] && tail -n 20 "$work/daemon.log" >&2
  exit 1
}
if ! has_daemon "$cuzk"; then
  echo "daemon stop e2e: SKIPPED: this cuzk has no daemon (gRPC not built)"
  exit 0
fi

rm -rf "$work"
mkdir -p "$work/params"
gen=$work/generated
mkdir -m 700 "$gen"
sock=$work/cuzk.sock
cp "$fixtures/no_public/circuit.zkey" "$work/params/good.zkey"
echo "not a zkey" > "$work/params/broken.zkey"
head -c 65536 /dev/zero > "$gen/synthetic-1024.params.tmp.999999999"  # a killed writer's

# start DRAIN_S: the daemon on $sock with on-demand synthetic circuits, CPU only.
start() {
  cat > "$work/cuzk.toml" <<TOML
[daemon]
listen = "unix:$sock"
drain_timeout_s = $1
[gpus]
enabled = false
[srs]
param_dirs = ["$work/params"]
generated_dir = "$gen"
[circuits]
synthetic_on_demand = true
TOML
  start_daemon "$cuzk" "$work/cuzk.toml" "$work/daemon.log" "$sock"
}
# stop_within SECONDS: waits for the daemon to exit, at most SECONDS; sets $rc.
stop_within() {
  for _ in $(seq 1 $(($1 * 10))); do
    kill -0 "$daemon" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$daemon" 2>/dev/null && fail "the daemon still runs $1 s after the signal"
  wait "$daemon"
  rc=$?
}
# generating: starts a job whose parameters take a minute to make, and waits until it is running.
generating() {
  "$cuzk" bench single --addr "unix:$sock" --circuit synthetic-1048576 > "$work/client.out" 2>&1 &
  client=$!
  sleep 2
  kill -0 "$daemon" 2>/dev/null || fail "the daemon died while generating"
}
no_temporaries() {
  ls "$gen" | grep -q '\.tmp\.' && fail "$1: temporaries left: $(ls "$gen")"
  [ -e "$gen/synthetic-1048576.params" ] && fail "$1: a parameter file of a stopped generation"
  return 0
}

start 1
grep -q "removed 1 temporary" "$work/daemon.log" || fail "the stale temporary was not reported"
[ -e "$gen/synthetic-1024.params.tmp.999999999" ] && fail "the stale temporary is still there"
grep -q "skipping circuit 'broken'.*broken.zkey" "$work/daemon.log" || fail "the bad zkey is not named"
"$cuzk" bench single --addr "unix:$sock" --circuit good --payload "$fixtures/no_public/witness.wtns" \
  > "$work/out" 2>&1 || fail "the good zkey is not served: $(cat "$work/out")"
echo "ok: stale temporary removed at start, bad zkey skipped and named"

"$cuzk" bench single --addr "unix:$sock" --circuit synthetic-1024 > "$work/out" 2>&1 ||
  fail "synthetic-1024: $(cat "$work/out")"
[ -e "$gen/synthetic-1024.params.cuzk-sum" ] || fail "no sidecar next to the generated file"
cp "$gen/synthetic-1024.params" "$work/original.params"
kill -TERM "$daemon"
stop_within 10
[ "$rc" = 0 ] || fail "SIGTERM of an idle daemon: exit $rc"
printf 'damaged' | dd of="$gen/synthetic-1024.params" bs=1 seek=4000 conv=notrunc status=none
start 1
"$cuzk" bench single --addr "unix:$sock" --circuit synthetic-1024 > "$work/out" 2>&1 ||
  fail "synthetic-1024 after the damage: $(cat "$work/out")"
cmp -s "$gen/synthetic-1024.params" "$work/original.params" || fail "the damaged file was not generated again"
echo "ok: a damaged generated parameter file is generated again"

generating
begin=$(date +%s)
kill -TERM "$daemon"
stop_within 15
[ "$rc" = 0 ] || fail "SIGTERM during generation: exit $rc"
echo "ok: SIGTERM during a parameter generation: exit 0 after $(($(date +%s) - begin)) s (drain 1 s)"
no_temporaries "SIGTERM"
wait "$client" 2>/dev/null

start 60
generating
kill -TERM "$daemon"
sleep 0.5
kill -TERM "$daemon"
stop_within 3
[ "$rc" = 143 ] || fail "a second SIGTERM: exit $rc, expected 143"
grep -q "received a second SIGTERM: stopping at once" "$work/daemon.log" || fail "the second SIGTERM is not logged"
no_temporaries "a second SIGTERM"
wait "$client" 2>/dev/null
echo "ok: a second SIGTERM exits at once (143)"

# Two signals while it starts (the catalog takes seconds): the second stops it at once.
"$cuzk" daemon --config "$work/cuzk.toml" 2> "$work/daemon.log" &
daemon=$!
sleep 0.3
kill -INT "$daemon"
sleep 0.2
kill -INT "$daemon"
stop_within 3
[ "$rc" = 130 ] || fail "two SIGINTs at start-up: exit $rc, expected 130"
echo "ok: a second SIGINT during start-up exits at once (130)"
echo "daemon stop e2e: all checks passed"
