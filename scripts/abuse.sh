#!/usr/bin/env bash
# The daemon under load, abuse and faults: starts real `cuzk daemon`s on loopback TCP and on a
# unix socket (synthetic circuits, CPU prover), drives them with the Node clients of
# tools/grpc-client/abuse.mjs (@grpc/grpc-js; every proof verified with @noble/curves, not by
# cuzk) and with signals, and prints one table row per scenario — PASS, FAIL, or SKIP with the
# reason (a feature not built yet) — then the totals: load held, faults survived, bad inputs
# tried, results lost, files overwritten, starved calls. docs/RELIABILITY.md records a run.
#
#   scripts/abuse.sh [--quick] [--cuzk PATH] [--work DIR] [--keep]
#     --quick     fewer clients and jobs, and over TCP only load and bad inputs (the ctest
#                 entry server_abuse_quick: 2–3 minutes on 2 cores)
#     --cuzk      the cuzk binary (default: build-post/src/cli/cuzk, else build/src/cli/cuzk)
#     --work      scratch folder (default: a fresh mktemp -d, removed at the end unless --keep;
#                 a folder given here is kept)
#
# Every scenario is bounded: each client run has a time limit (timeout), each daemon is killed
# at the end. npm dependencies come from tools/grpc-client (npm ci when node_modules is missing).
# Exit status: 0 if no scenario failed (SKIPs allowed), 1 otherwise, 2 for a usage error;
# 0 with every row SKIP when node/npm or the gRPC daemon are missing.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
QUICK=0
KEEP=0
CUZK=""
WORK=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) QUICK=1; shift ;;
    --keep) KEEP=1; shift ;;
    --cuzk) CUZK="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "abuse.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
if [[ -z "$CUZK" ]]; then
  for candidate in "$ROOT/build-post/src/cli/cuzk" "$ROOT/build/src/cli/cuzk"; do
    [[ -x "$candidate" ]] && { CUZK="$candidate"; break; }
  done
fi
PROTO="$ROOT/proto/cuzk/v1/proving.proto"
CLIENT="$ROOT/tools/grpc-client/abuse.mjs"

# Sizes: (quick, full).
# GEN_CIRCUIT's parameters take GEN_KILL_S or more to generate on 2 busy cores (synthetic-32768:
# about 3 s, synthetic-131072: about 12 s, 2026-12-01): the SIGKILL comes while they are made.
if [[ $QUICK -eq 1 ]]; then
  LOAD_CLIENTS=4; LOAD_JOBS=2; DISCONNECT_CALLS=4; AWAITS=1000; GEN_CIRCUIT=synthetic-32768; GEN_KILL_S=1.2
  CANCEL_RACES=4
else
  LOAD_CLIENTS=32; LOAD_JOBS=4; DISCONNECT_CALLS=32; AWAITS=1000; GEN_CIRCUIT=synthetic-131072; GEN_KILL_S=4
  CANCEL_RACES=16
fi
# Results kept per client on the restarted daemon below (daemon.max_retained_results), and the
# jobs another client finishes there before the first awaits its own.
KEPT_RESULTS=8
FLOOD_JOBS=20
CIRCUIT=synthetic-1024
LONG_CIRCUIT=synthetic-4096x64
MAX_MESSAGE_MIB=2

started_at=$(date +%s)
ROWS=()
row() { ROWS+=("$1|$2|$3|$4"); printf '[%4ss] %-4s %-30s %-5s %s\n' "$(( $(date +%s) - started_at ))" "$3" "$1" "$2" "$4"; }
LOAD_JOBS_DONE=0; LOAD_JOBS_TRIED=0; FAULTS=0; FAULTS_TRIED=0; BAD_TRIED=0; BAD_CLEAN=0; LOST=0; OVERWRITTEN=0; STARVED=0

print_table() {
  echo
  printf '%-30s %-5s %-6s %s\n' scenario via result detail
  printf '%-30s %-5s %-6s %s\n' ------------------------------ ----- ------ ------
  local r name via result detail
  for r in "${ROWS[@]}"; do
    IFS='|' read -r name via result detail <<< "$r"
    printf '%-30s %-5s %-6s %s\n' "$name" "$via" "$result" "$detail"
  done
  echo
  echo "load held:         $LOAD_JOBS_DONE/$LOAD_JOBS_TRIED jobs completed and verified (@noble/curves)"
  echo "faults survived:   $FAULTS/$FAULTS_TRIED"
  echo "bad inputs tried:  $BAD_TRIED ($BAD_CLEAN answered cleanly, daemon healthy after each set)"
  echo "results lost:      $LOST"
  echo "files overwritten: $OVERWRITTEN"
  echo "starved calls:     $STARVED (GetStatus/SubmitProof/CancelProof during $AWAITS concurrent awaits)"
  echo "time:              $(( $(date +%s) - started_at )) s ($( [[ $QUICK -eq 1 ]] && echo quick || echo full ) mode)"
}

skip_all() {
  for s in "load" "bad inputs" "clients disconnecting" "client SIGKILLed mid-call" "retry with another payload" \
           "cancel racing a job's end" "starved calls" "SIGTERM drain" "Commit-1 amplification" \
           "slow work blocks no client" "huge client values" "protobuf garbage" "damaged key, self_verify off" \
           "SIGKILL mid-generation" "damaged parameters" "queue bound" "another uid on the socket" \
           "another uid's kept results" "second signal while draining" "files overwritten" "hijacked folders" \
           "parameters changed in place" "bad configuration values" "200 concurrent scrapes" "another daemon's socket" \
           "caches beside parameters" "installed as an operator"; do
    row "$s" "-" SKIP "$1"
  done
  print_table
  exit 0
}
if [[ -z "$CUZK" || ! -x "$CUZK" ]]; then skip_all "no cuzk binary (build it, or pass --cuzk)"; fi
if ! { "$CUZK" daemon --help 2>&1 || true; } | grep -q "usage: cuzk daemon"; then skip_all "$CUZK has no gRPC daemon"; fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then skip_all "node/npm not installed"; fi
if [[ ! -d "$ROOT/tools/grpc-client/node_modules" ]]; then
  npm ci --prefix "$ROOT/tools/grpc-client" --no-audit --no-fund > /dev/null 2>&1 || skip_all "npm ci tools/grpc-client failed"
fi

if [[ -z "$WORK" ]]; then
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/cuzk-abuse.XXXXXX")"
else
  KEEP=1
fi
mkdir -p "$WORK"
chmod 700 "$WORK"
DAEMONS=()
cleanup() {
  local pid
  for pid in "${DAEMONS[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  [[ $KEEP -eq 1 ]] || rm -rf "$WORK"
}
trap cleanup EXIT

# A free loopback TCP port.
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close();});'; }

# write_config FILE LISTEN GENERATED_DIR [more [daemon] keys, one "key = value" each...]
write_config() {
  local file=$1 listen=$2 generated=$3
  shift 3
  {
    printf '[daemon]\nlisten = "%s"\nmax_message_mib = %s\ndrain_timeout_s = 60\n' "$listen" "$MAX_MESSAGE_MIB"
    local line
    for line in "$@"; do printf '%s\n' "$line"; done
    printf '[srs]\ngenerated_dir = "%s"\ncache_dir = "%s"\n' "$generated" "$WORK/cache"
    printf '[circuits]\nsynthetic = ["%s", "%s", "synthetic-1024x8", "%s", "%s"]\n' "$CIRCUIT" "$LONG_CIRCUIT" "$GEN_CIRCUIT" "synthetic-2048"
    printf '[scheduler]\nmax_batch_size = 8\nmax_batch_wait_ms = 5\n'
  } > "$file"
}

# start_daemon CONFIG LOG → $DAEMON (its pid) once it logs "listening on"; 1 if it exits or
# takes over 60 s.
start_daemon() {
  local config=$1 log=$2
  "$CUZK" daemon --config "$config" 2> "$log" &
  DAEMON=$!
  DAEMONS+=("$DAEMON")
  local i
  for i in $(seq 1 300); do
    grep -q "listening on" "$log" 2>/dev/null && return 0
    kill -0 "$DAEMON" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}

# client MODE ARGS… → runs abuse.mjs (bounded), its output in $WORK/<label>.out; sets $RESULT
# to its RESULT json; returns its exit status.
client() {
  local label=$1 limit=$2 mode=$3
  shift 3
  timeout "$limit" node "$CLIENT" "$mode" "$@" > "$WORK/$label.out" 2>&1
  local rc=$?
  RESULT=$(sed -n 's/^RESULT //p' "$WORK/$label.out" | tail -1)
  [[ -n "$RESULT" ]] || RESULT='{}'
  return $rc
}
json() { jq -r "$1 // 0" <<< "$RESULT"; }
first_failure() { grep -m1 '^FAIL:' "$WORK/$1.out" | cut -c1-110 || tail -1 "$WORK/$1.out" | cut -c1-110; }

# SIGTERM drain: 4 jobs in flight on the daemon $DAEMON at ADDRESS finish, it exits 0 and
# removes its socket SOCKET.
drain_scenario() {
  local address=$1 socket=$2
  FAULTS_TRIED=$(( FAULTS_TRIED + 1 ))
  timeout 120 node "$CLIENT" load "$address" "$PROTO" "$PARAMS" synthetic-1024x8 2 2 drain > "$WORK/drain.out" 2>&1 &
  local drain_client=$!
  sleep 1.5  # the client connects and its jobs start
  kill -TERM "$DAEMON"
  wait "$DAEMON"
  local daemon_rc=$?
  wait "$drain_client"
  local client_rc=$?
  RESULT=$(sed -n 's/^RESULT //p' "$WORK/drain.out" | tail -1); [[ -n "$RESULT" ]] || RESULT='{}'
  local drained
  drained=$(json .verified)
  LOST=$(( LOST + 4 - drained ))
  if [[ $daemon_rc -eq 0 && $client_rc -eq 0 && ! -e "$socket" ]]; then
    FAULTS=$(( FAULTS + 1 ))
    row "SIGTERM drain" unix PASS "exit 0; the $drained/4 jobs in flight completed and verified; socket removed"
  else
    row "SIGTERM drain" unix FAIL "daemon exit $daemon_rc, client exit $client_rc, $drained/4 verified"
  fi
}

# ---- the two transports: load, bad inputs, disconnecting clients (the unix one ends with the SIGTERM drain) ----
run_transport() {
  local via=$1 address=$2 dir=$WORK/$1
  mkdir -p "$dir"
  if [[ $via == tcp ]]; then
    # TCP carries a bearer token (daemon.auth_token_file; every call sends it).
    head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$dir/token"
    chmod 600 "$dir/token"
    export CUZK_AUTH_TOKEN; CUZK_AUTH_TOKEN=$(cat "$dir/token")
    write_config "$dir/cuzk.toml" "$address" "$PARAMS" "auth_token_file = \"$dir/token\""
  else
    unset CUZK_AUTH_TOKEN
    write_config "$dir/cuzk.toml" "$address" "$PARAMS"
  fi
  if ! start_daemon "$dir/cuzk.toml" "$dir/daemon.log"; then
    row "daemon start" "$via" FAIL "$(tail -1 "$dir/daemon.log")"
    return
  fi
  local grpc_address=$address
  [[ $via == tcp ]] && grpc_address=${address#tcp:}

  local jobs=$(( LOAD_CLIENTS * LOAD_JOBS ))
  client "load-$via" 300 load "$grpc_address" "$PROTO" "$PARAMS" "$CIRCUIT" "$LOAD_CLIENTS" "$LOAD_JOBS" "load-$via"
  local rc=$? verified lost seconds
  verified=$(json .verified); lost=$(json .lost); seconds=$(json .seconds)
  LOAD_JOBS_TRIED=$(( LOAD_JOBS_TRIED + jobs )); LOAD_JOBS_DONE=$(( LOAD_JOBS_DONE + verified ))
  LOST=$(( LOST + jobs - verified ))
  if [[ $rc -eq 0 ]]; then
    row "load" "$via" PASS "$verified/$jobs jobs ($LOAD_CLIENTS clients x $LOAD_JOBS, $CIRCUIT) verified in ${seconds} s"
  else
    row "load" "$via" FAIL "$verified/$jobs verified, $lost lost: $(first_failure "load-$via")"
  fi

  client "bad-$via" 180 bad "$grpc_address" "$PROTO" $(( MAX_MESSAGE_MIB << 20 ))
  rc=$?
  local tried clean
  tried=$(json .tried); clean=$(json .clean)
  BAD_TRIED=$(( BAD_TRIED + tried )); BAD_CLEAN=$(( BAD_CLEAN + clean ))
  if [[ $rc -eq 0 ]] && kill -0 "$DAEMON" 2>/dev/null; then
    row "bad inputs" "$via" PASS "$clean/$tried answered cleanly (garbage, oversized, huge ids, timeouts, unknown circuits, raw bytes); daemon healthy"
  else
    row "bad inputs" "$via" FAIL "$clean/$tried clean: $(first_failure "bad-$via")"
  fi

  if [[ $QUICK -eq 1 && $via == tcp ]]; then  # the full run repeats the faults below over TCP
    kill -TERM "$DAEMON"
    wait "$DAEMON"
    return
  fi

  client "disconnect-$via" 300 disconnect "$grpc_address" "$PROTO" "$PARAMS" "$CIRCUIT" "$DISCONNECT_CALLS" "drop-$via"
  rc=$?
  local completed
  completed=$(json .completed)
  LOST=$(( LOST + DISCONNECT_CALLS - completed ))
  FAULTS_TRIED=$(( FAULTS_TRIED + 1 ))
  if [[ $rc -eq 0 ]]; then
    FAULTS=$(( FAULTS + 1 ))
    row "clients disconnecting" "$via" PASS "$DISCONNECT_CALLS Prove calls dropped mid-flight (half with their connection), retried: $completed/$DISCONNECT_CALLS completed + verified"
  else
    row "clients disconnecting" "$via" FAIL "$completed/$DISCONNECT_CALLS: $(first_failure "disconnect-$via")"
  fi

  # A client process killed mid-call, then its retry under the same id.
  timeout 60 node "$CLIENT" prove "$grpc_address" "$PROTO" "$PARAMS" synthetic-1024x8 "killed-$via" 0 > /dev/null 2>&1 &
  local victim=$!
  sleep 0.5
  kill -KILL "$victim" 2>/dev/null
  wait "$victim" 2>/dev/null
  client "killed-$via" 120 prove "$grpc_address" "$PROTO" "$PARAMS" synthetic-1024x8 "killed-$via" 0
  rc=$?
  FAULTS_TRIED=$(( FAULTS_TRIED + 1 ))
  if [[ $rc -eq 0 ]]; then
    FAULTS=$(( FAULTS + 1 ))
    row "client SIGKILLed mid-call" "$via" PASS "its retry under the same id: COMPLETED, verified"
  else
    LOST=$(( LOST + 1 ))
    row "client SIGKILLed mid-call" "$via" FAIL "$(first_failure "killed-$via")"
  fi

  # Curio's retry whose payload changed (a WindowPoSt without an unreadable sector): proved.
  if client "retry-$via" 180 retry "$grpc_address" "$PROTO" "$PARAMS" synthetic-1024x8 "retry-$via"; then
    row "retry with another payload" "$via" PASS "the same id with another payload, while the first attempt ran and after it completed: proved (the new payload's inputs), verified"
  else
    LOST=$(( LOST + 2 - $(json .proved) ))
    row "retry with another payload" "$via" FAIL "$(first_failure "retry-$via")"
  fi

  # CancelProof racing the end of the job it cancels: never NOT_FOUND for a live id.
  if client "cancelrace-$via" 180 cancelrace "$grpc_address" "$PROTO" synthetic-1024x8 "$CANCEL_RACES"; then
    row "cancel racing a job's end" "$via" PASS "$CANCEL_RACES jobs cancelled by 4 callers until they ended ($(json .answers) answers): OK or FAILED_PRECONDITION naming the id, 0 NOT_FOUND"
  else
    row "cancel racing a job's end" "$via" FAIL "$(json .not_found) NOT_FOUND: $(first_failure "cancelrace-$via")"
  fi

  if [[ $via == unix ]]; then
    client "starve" 180 starve "$grpc_address" "$PROTO" "$LONG_CIRCUIT" "$AWAITS"
    rc=$?
    local starved slowest
    starved=$(json .starved); slowest=$(json .slowest_ms)
    STARVED=$(( STARVED + starved ))
    if [[ $rc -eq 0 ]]; then
      row "starved calls" "$via" PASS "0 of $(json .probes) GetStatus/SubmitProof/CancelProof starved during $AWAITS awaits (slowest $slowest ms); all awaits ended on cancel"
    else
      row "starved calls" "$via" FAIL "$starved starved: $(first_failure starve)"
    fi
    drain_scenario "$grpc_address" "${address#unix:}"
    return
  fi

  kill -TERM "$DAEMON"
  wait "$DAEMON"
}

PARAMS=$WORK/params  # generated parameters, shared by the daemons below
run_transport unix "unix:$WORK/unix/cuzk.sock"
run_transport tcp "tcp:127.0.0.1:$(free_port)"

# ---- hostile clients, on one daemon: 64 MiB messages, a 100 MiB working-memory budget,
# self_verify off, and an operator's WindowPoSt key damaged in place (two of its L points
# swapped: it loads, its verifying key is intact, its proofs do not verify) ----
# The peak resident memory of process $1 in MiB.
peak_mib() { awk '/^VmHWM/ { print int($2 / 1024) }' "/proc/$1/status" 2>/dev/null || echo 0; }
hostile_rows() {
  local dir=$WORK/hostile
  mkdir -p "$dir/params"
  local keyed=0
  if timeout 300 "$CUZK" setup --circuit window-post-2KiB --param-dir "$dir/params" > "$dir/setup.log" 2>&1; then
    rm -f "$dir/params/window-post-2KiB.params.cuzk-sum"
    # bellperson layout: the verifying key (864 bytes, then IC with its count), H, then L.
    node -e '
      const fs = require("fs"); const f = process.argv[1]; const b = fs.readFileSync(f);
      let at = 864; at += 4 + 96 * b.readUInt32BE(at); at += 4 + 96 * b.readUInt32BE(at); at += 4;
      const first = Buffer.from(b.subarray(at, at + 96));
      b.copy(b, at, at + 96, at + 192); first.copy(b, at + 96); fs.writeFileSync(f, b);' \
      "$dir/params/window-post-2KiB.params" && keyed=1
  fi
  {
    printf '[daemon]\nlisten = "unix:%s/cuzk.sock"\nmax_message_mib = 64\nself_verify = false\ndrain_timeout_s = 10\n' "$dir"
    printf '[memory]\nworking_memory_budget = "100MiB"\n'
    printf '[srs]\ngenerated_dir = "%s/generated"\nparam_dirs = ["%s/params"]\n' "$dir" "$dir"
    printf '[circuits]\nsynthetic = ["%s", "%s"]\n' "$CIRCUIT" "$GEN_CIRCUIT"
  } > "$dir/cuzk.toml"
  if ! start_daemon "$dir/cuzk.toml" "$dir/daemon.log"; then
    for s in "Commit-1 amplification" "slow work blocks no client" "huge client values" "protobuf garbage" \
             "damaged key, self_verify off"; do
      row "$s" unix FAIL "daemon did not start: $(tail -1 "$dir/daemon.log")"
    done
    return
  fi
  local address="unix:$dir/cuzk.sock" before after rc
  BAD_TRIED=$(( BAD_TRIED + 1 ))
  before=$(peak_mib "$DAEMON")
  client amplify 180 amplify "$address" "$PROTO" $(( 40 << 20 )) $(( 60 << 20 ))
  rc=$?
  after=$(peak_mib "$DAEMON")
  # Three 40 MiB requests took a DOM parser from 0.7 to 6.6 GB; what is left is gRPC's copies.
  if [[ $rc -eq 0 && $(( after - before )) -lt 1024 ]] && kill -0 "$DAEMON" 2>/dev/null; then
    BAD_CLEAN=$(( BAD_CLEAN + 1 ))
    row "Commit-1 amplification" unix PASS "3 gzip'd 40 MiB nestings FAILED in $(json .seconds) s, peak RSS ${before} → ${after} MiB; 60 MiB RESOURCE_EXHAUSTED (over the budget); GetStatus slowest $(json .slowest_ms) ms"
  else
    row "Commit-1 amplification" unix FAIL "peak RSS ${before} → ${after} MiB: $(first_failure amplify)"
  fi
  if client preload 300 preload "$address" "$PROTO" "$GEN_CIRCUIT"; then
    row "slow work blocks no client" unix PASS "4 PreloadSRS($GEN_CIRCUIT) while it was generated: one load, $(json .seconds) s; $(json .probes) GetStatus meanwhile, slowest $(json .slowest_ms) ms"
  else
    row "slow work blocks no client" unix FAIL "$(first_failure preload)"
  fi
  BAD_TRIED=$(( BAD_TRIED + 4 ))
  client echo 120 echo "$address" "$PROTO"
  rc=$?
  BAD_CLEAN=$(( BAD_CLEAN + $(json .bounded) ))
  if [[ $rc -eq 0 ]]; then
    row "huge client values" unix PASS "8 MB registered_proof, Miner, JSON garbage, circuit_id: every answer (in-band and status) under 1 KiB, naming the field"
  else
    row "huge client values" unix FAIL "$(first_failure echo)"
  fi
  BAD_TRIED=$(( BAD_TRIED + 5 ))
  client garbage 60 garbage "$address" "$PROTO"
  rc=$?
  BAD_CLEAN=$(( BAD_CLEAN + $(json .named) ))
  if [[ $rc -eq 0 ]]; then
    row "protobuf garbage" unix PASS "4 methods: INVALID_ARGUMENT naming the message that did not parse; an unknown method: UNIMPLEMENTED naming it"
  else
    row "protobuf garbage" unix FAIL "$(first_failure garbage)"
  fi
  FAULTS_TRIED=$(( FAULTS_TRIED + 1 ))
  if [[ $keyed -eq 0 ]]; then
    row "damaged key, self_verify off" unix FAIL "no WindowPoSt key to damage: $(tail -1 "$dir/setup.log")"
  elif client damaged-key 300 damaged "$address" "$PROTO" "$dir/params" window-post-2KiB; then
    FAULTS=$(( FAULTS + 1 ))
    row "damaged key, self_verify off" unix PASS "window-post-2KiB on a key with two L points swapped: FAILED by self-verification, no invalid proof returned"
  else
    row "damaged key, self_verify off" unix FAIL "$(first_failure damaged-key)"
  fi
  kill -TERM "$DAEMON"
  wait "$DAEMON"
}
hostile_rows

# ---- SIGKILL while parameters are generated, then a restart on a damaged parameter file; the
# restarted daemon then takes the queue bound, another uid on the socket and its kept results,
# a second SIGTERM ----
# Its socket is open to every user (mode 0666 in a folder others may enter); the bound is
# daemon.max_queued_jobs_per_client = 4 (root's jobs here); each client keeps
# daemon.max_retained_results = $KEPT_RESULTS results.
peer=$(mktemp -d "${TMPDIR:-/tmp}/cuzk-abuse-peer.XXXXXX")
chmod 755 "$peer"
address="unix:$peer/cuzk.sock"
dir=$WORK/kill
mkdir -p "$dir"
write_config "$dir/cuzk.toml" "$address" "$PARAMS" 'socket_mode = "0666"' "max_queued_jobs_per_client = 4" \
  "max_retained_results = $KEPT_RESULTS"
FAULTS_TRIED=$(( FAULTS_TRIED + 2 ))
restarted=0
if start_daemon "$dir/cuzk.toml" "$dir/daemon.log"; then
  timeout 300 node "$CLIENT" prove "$address" "$PROTO" "$PARAMS" "$GEN_CIRCUIT" "kill-gen" 240 \
    > "$WORK/kill.out" 2>&1 &
  gen_client=$!
  sleep "$GEN_KILL_S"
  kill -KILL "$DAEMON"
  wait "$DAEMON" 2>/dev/null
  # Killed before the parameters were complete: no file under their name, whole or partial.
  caught=$( [[ -e "$PARAMS/$GEN_CIRCUIT.params" ]] && echo 0 || echo 1 )
  # And the parameters of $CIRCUIT damaged while the daemon is down: cut to half their size.
  damaged_file=$PARAMS/$CIRCUIT.params
  damaged=0
  if [[ -f "$damaged_file" ]]; then
    truncate -s $(( $(stat -c %s "$damaged_file") / 2 )) "$damaged_file"
    damaged=1
  fi
  if start_daemon "$dir/cuzk.toml" "$dir/daemon.log.2"; then
    restarted=1
    wait "$gen_client"
    client_rc=$?
    RESULT=$(sed -n 's/^RESULT //p' "$WORK/kill.out" | tail -1); [[ -n "$RESULT" ]] || RESULT='{}'
    attempts=$(json .attempts)
    leftovers=$(compgen -G "$PARAMS/*.tmp.*" | wc -l)
    if [[ $client_rc -eq 0 && $caught -eq 1 && $leftovers -eq 0 ]]; then
      FAULTS=$(( FAULTS + 1 ))
      row "SIGKILL mid-generation" unix PASS "killed ${GEN_KILL_S} s into making $GEN_CIRCUIT.params (none left, no temporary); restarted; the retry (attempt $attempts) COMPLETED + verified"
    else
      LOST=$(( LOST + 1 - $(json .completed) ))
      row "SIGKILL mid-generation" unix FAIL "killed before the file was complete: $caught, client exit $client_rc, $leftovers temporaries left"
    fi
    if [[ $damaged -eq 1 ]] && client damaged 120 prove "$address" "$PROTO" "$PARAMS" "$CIRCUIT" damaged 0; then
      FAULTS=$(( FAULTS + 1 ))
      row "damaged parameters" unix PASS "$CIRCUIT.params cut to half while the daemon was down: made again, the job COMPLETED + verified"
    else
      row "damaged parameters" unix FAIL "$( [[ $damaged -eq 1 ]] && first_failure damaged || echo "no $CIRCUIT.params to damage")"
    fi
  else
    kill "$gen_client" 2>/dev/null
    row "SIGKILL mid-generation" unix FAIL "no restart: $(tail -1 "$dir/daemon.log.2")"
  fi
else
  row "SIGKILL mid-generation" unix FAIL "daemon did not start: $(tail -1 "$dir/daemon.log")"
fi

if [[ $restarted -eq 1 ]]; then
  if client bound 120 bound "$address" "$PROTO" "$LONG_CIRCUIT" 50; then
    row "queue bound" unix PASS "job $(( $(json .accepted) + 1 )) refused RESOURCE_EXHAUSTED naming daemon.$(json .key), counted in cuzk_requests_refused_total; accepted again once cancelled"
  else
    row "queue bound" unix FAIL "$(first_failure bound)"
  fi

  if [[ $(id -u) -ne 0 ]] || ! command -v setpriv > /dev/null; then
    row "another uid on the socket" unix SKIP "needs root and setpriv to run a client as another user"
  elif client peer-submit 60 submit "$address" "$PROTO" "$LONG_CIRCUIT" peer-job; then
    setpriv --reuid 65534 --regid 65534 --clear-groups \
      timeout 60 node "$CLIENT" intruder "$address" "$PROTO" peer-job > "$WORK/peer-intruder.out" 2>&1
    intruder_rc=$?
    client peer-cancel 60 cancel "$address" "$PROTO" peer-job
    cancel_rc=$?
    if [[ $intruder_rc -eq 0 && $cancel_rc -eq 0 ]]; then
      row "another uid on the socket" unix PASS "uid 65534: await/cancel of root's job NOT_FOUND, GetStatus answered; root (admin) cancelled it"
    else
      row "another uid on the socket" unix FAIL "$(grep -m1 '^FAIL' "$WORK/peer-intruder.out" || first_failure peer-cancel)"
    fi
  else
    row "another uid on the socket" unix FAIL "submit failed: $(first_failure peer-submit)"
  fi

  # One client's results never push out another's: uid 65534 proves one job, root then
  # finishes more than the per-client bound of its own, and uid 65534 awaits its result.
  if [[ $(id -u) -ne 0 ]] || ! command -v setpriv > /dev/null; then
    row "another uid's kept results" unix SKIP "needs root and setpriv to run a client as another user"
  else
    as_nobody() { setpriv --reuid 65534 --regid 65534 --clear-groups timeout 120 node "$CLIENT" "$@"; }
    kept_id="kept-$(date +%s)"
    if as_nobody keep "$address" "$PROTO" - "$CIRCUIT" "$kept_id" prove > "$WORK/kept-prove.out" 2>&1 &&
       client flood 180 flood "$address" "$PROTO" "$CIRCUIT" "$FLOOD_JOBS" "flood" &&
       as_nobody keep "$address" "$PROTO" - "$CIRCUIT" "$kept_id" await > "$WORK/kept-await.out" 2>&1; then
      row "another uid's kept results" unix PASS "uid 65534's result still kept (COMPLETED) after root finished $FLOOD_JOBS jobs (max_retained_results = $KEPT_RESULTS)"
    else
      LOST=$(( LOST + 1 ))
      row "another uid's kept results" unix FAIL "$(grep -h -m1 '^FAIL' "$WORK/kept-prove.out" "$WORK/flood.out" "$WORK/kept-await.out" 2>/dev/null | head -1 | cut -c1-110)"
    fi
  fi

  FAULTS_TRIED=$(( FAULTS_TRIED + 1 ))
  if client second 60 submit "$address" "$PROTO" "$LONG_CIRCUIT" second; then
    sleep 0.5
    kill -TERM "$DAEMON"
    sleep 1
    still_draining=$(kill -0 "$DAEMON" 2>/dev/null && echo 1 || echo 0)
    kill -TERM "$DAEMON" 2>/dev/null
    t0=$(date +%s%N)
    for _ in $(seq 1 100); do kill -0 "$DAEMON" 2>/dev/null || break; sleep 0.1; done
    wait "$DAEMON" 2>/dev/null
    second_rc=$?
    ms=$(( ($(date +%s%N) - t0) / 1000000 ))
    if [[ $still_draining -eq 1 && $second_rc -eq 143 && $ms -lt 5000 ]]; then
      FAULTS=$(( FAULTS + 1 ))
      row "second signal while draining" unix PASS "the first SIGTERM drained a $LONG_CIRCUIT job, the second exited in $ms ms with 143"
    else
      row "second signal while draining" unix FAIL "draining $still_draining, exit $second_rc after $ms ms (expected 143 at once)"
    fi
  else
    row "second signal while draining" unix FAIL "submit failed: $(first_failure second)"
  fi
elif grep -q "unknown key" "$dir/daemon.log"; then
  for s in "queue bound" "another uid on the socket" "another uid's kept results" "second signal while draining"; do
    row "$s" unix SKIP "not in this build: $(grep -m1 'unknown key' "$dir/daemon.log" | cut -c1-100)"
  done
else
  for s in "queue bound" "another uid on the socket" "another uid's kept results" "second signal while draining"; do
    row "$s" unix FAIL "no daemon to run it on (above)"
  done
fi
rm -rf "$peer"

# ---- planted symlinks in pre-created folders are never followed for writing ----
dir=$WORK/plant
mkdir -p "$dir/victims"
victim_state() { find "$dir/victims" -printf '%p %s %T@\n' | sort | sha256sum; }
printf 'precious\n' > "$dir/victims/file"
before=$(victim_state)
# (1) a generated-parameter folder others may write, holding a link where the parameters go;
# (2) a private folder whose parameter name is a link; (3) the socket's name is a link.
mkdir -p "$dir/shared" "$dir/private" "$dir/sock"
chmod 777 "$dir/shared"
chmod 700 "$dir/private"
ln -s "$dir/victims/file" "$dir/shared/synthetic-2048.params"
ln -s "$dir/victims/file" "$dir/private/synthetic-2048.params"
ln -s "$dir/victims/file" "$dir/sock/cuzk.sock"
planted_ok=1
for variant in shared private; do
  write_config "$dir/$variant.toml" "unix:$dir/sock/cuzk.sock" "$dir/$variant"
  if start_daemon "$dir/$variant.toml" "$dir/$variant.log"; then
    client "plant-$variant" 120 prove "unix:$dir/sock/cuzk.sock" "$PROTO" "$dir/$variant" synthetic-2048 "plant-$variant" 0
    kill -TERM "$DAEMON"
    wait "$DAEMON"
    ln -sfn "$dir/victims/file" "$dir/sock/cuzk.sock"
  elif ! grep -q "$dir/$variant" "$dir/$variant.log"; then
    planted_ok=0  # a refusal to start must name the folder
  fi
done
after=$(victim_state)
if [[ "$before" == "$after" && "$(cat "$dir/victims/file")" == precious && $planted_ok -eq 1 ]]; then
  row "files overwritten" unix PASS "0: links planted as the parameter file (world-writable and private folders) and as the socket were not followed"
else
  OVERWRITTEN=$(( OVERWRITTEN + 1 ))
  row "files overwritten" unix FAIL "victim changed or daemon failed to start ($planted_ok)"
fi

# ---- folders another user pre-created: refused at start, naming the folder, owner and mode ----
if [[ $(id -u) -ne 0 ]]; then
  row "hijacked folders" unix SKIP "needs root to give folders to another uid (65534)"
else
  dir=$WORK/hijack
  mkdir -p "$dir"
  mkdir -m 1777 "$dir/cuzk-0"          # as another user could pre-create /tmp/cuzk-<uid>
  mkdir -m 755 "$dir/their-params"
  chown 65534:65534 "$dir/cuzk-0" "$dir/their-params"
  write_config "$dir/socket.toml" "unix:$dir/cuzk-0/cuzk.sock" "$PARAMS"
  write_config "$dir/params.toml" "unix:$dir/cuzk.sock" "$PARAMS"
  sed -i "s|^\[srs\]|[srs]\nparam_dirs = [\"$dir/their-params\"]|" "$dir/params.toml"
  refused=0
  for variant in socket params; do
    timeout 60 "$CUZK" daemon --config "$dir/$variant.toml" > /dev/null 2> "$dir/$variant.log"
    rc=$?
    if [[ $rc -ne 0 && $rc -lt 128 ]] && grep -q "uid 65534" "$dir/$variant.log" && grep -q "mode " "$dir/$variant.log"; then
      refused=$(( refused + 1 ))
    fi
  done
  if [[ $refused -eq 2 && ! -e "$dir/cuzk-0/cuzk.sock" ]]; then
    row "hijacked folders" unix PASS "a sticky socket folder and a parameter folder of uid 65534 refused at start, naming folder, owner and mode"
  else
    row "hijacked folders" unix FAIL "$refused/2 refused: $(tail -1 "$dir/socket.log" | cut -c1-100)"
  fi
fi

# ---- an operator's parameter file truncated and rewritten in place while the daemon runs; the
# same daemon serves /metrics to 200 scrapes at once; another daemon then takes its socket ----
dir=$WORK/mapped
operator=$dir/operator-params
mkdir -p "$operator"
mapped_socket=$dir/cuzk.sock
FAULTS_TRIED=$(( FAULTS_TRIED + 1 ))
if [[ ! -f "$PARAMS/$CIRCUIT.params" ]]; then
  row "parameters changed in place" unix FAIL "no $CIRCUIT.params made by the rows above"
else
  cp "$PARAMS/$CIRCUIT.params" "$operator/"
  write_config "$dir/cuzk.toml" "unix:$mapped_socket" "$PARAMS" 'metrics_http = "127.0.0.1:0"'
  sed -i "s|^\[srs\]|[srs]\nparam_dirs = [\"$operator\"]|" "$dir/cuzk.toml"
  printf '[memory]\npinned_budget = "1"\n' >> "$dir/cuzk.toml"  # nothing stays hot: the mapping is reused
  if start_daemon "$dir/cuzk.toml" "$dir/daemon.log"; then
    mapped_daemon=$DAEMON
    client mapped-1 120 prove "unix:$mapped_socket" "$PROTO" "$operator" "$CIRCUIT" mapped-1 0
    first=$?
    truncate -s $(( $(stat -c %s "$operator/$CIRCUIT.params") / 2 )) "$operator/$CIRCUIT.params"
    timeout 120 "$CUZK" bench single --addr "unix:$mapped_socket" --circuit "$CIRCUIT" > "$dir/truncated.out" 2>&1
    truncated_rc=$?
    cp "$PARAMS/$CIRCUIT.params" "$operator/$CIRCUIT.params"  # rewritten in place, whole again
    client mapped-3 120 prove "unix:$mapped_socket" "$PROTO" "$operator" "$CIRCUIT" mapped-3 0
    third=$?
    if [[ $first -eq 0 && $truncated_rc -ne 0 && $third -eq 0 ]] && kill -0 "$mapped_daemon" 2>/dev/null &&
       grep -q "$operator/$CIRCUIT.params" "$dir/truncated.out"; then
      FAULTS=$(( FAULTS + 1 ))
      row "parameters changed in place" unix PASS "cut to half in place: that job FAILED naming the file, the daemon lived; rewritten: COMPLETED + verified"
    else
      row "parameters changed in place" unix FAIL "jobs $first/$truncated_rc/$third, daemon alive: $(kill -0 "$mapped_daemon" 2>/dev/null && echo yes || echo no); $(tail -1 "$dir/truncated.out" | cut -c1-80)"
    fi

    metrics_port=$(sed -n 's|.*metrics on http://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$dir/daemon.log" | head -1)
    if client scrapes 120 scrapes "127.0.0.1:$metrics_port" "$PROTO" 200; then
      row "200 concurrent scrapes" http PASS "$(json .answered)/200 answered (past the open connections they wait their turn)"
    else
      row "200 concurrent scrapes" http FAIL "$(json .answered)/200 answered"
    fi

    rm -f "$mapped_socket"  # an operator's cleanup; a second daemon then takes the path
    if start_daemon "$dir/cuzk.toml" "$dir/daemon-2.log"; then
      second_daemon=$DAEMON
      kill -TERM "$mapped_daemon"
      wait "$mapped_daemon"
      if [[ -S "$mapped_socket" ]] && "$CUZK" bench status --addr "unix:$mapped_socket" > /dev/null 2>&1; then
        row "another daemon's socket" unix PASS "stopping the first daemon left the second's live socket at the same path"
      else
        row "another daemon's socket" unix FAIL "the second daemon's socket is gone after the first stopped"
      fi
      kill -TERM "$second_daemon"
      wait "$second_daemon"
    else
      row "another daemon's socket" unix FAIL "the second daemon did not start: $(tail -1 "$dir/daemon-2.log")"
      kill -TERM "$mapped_daemon"
      wait "$mapped_daemon"
    fi
  else
    row "parameters changed in place" unix FAIL "daemon did not start: $(tail -1 "$dir/daemon.log")"
  fi
fi

# ---- values the configuration must refuse before anything is bound, eight starts each ----
dir=$WORK/config
mkdir -p "$dir"
config_ok=0 config_tried=0 crashes=0
for value in 'metrics_http = "127.0.0.1:70000"' 'metrics_http = "127.0.0.1:abc"' 'max_queued_bytes = "0x10GiB"'; do
  key=daemon.${value%% *}
  write_config "$dir/bad.toml" "unix:$dir/cuzk.sock" "$PARAMS" "$value"
  for _ in 1 2 3 4 5 6 7 8; do
    config_tried=$(( config_tried + 1 ))
    timeout 60 "$CUZK" daemon --config "$dir/bad.toml" > /dev/null 2> "$dir/bad.log"
    rc=$?
    [[ $rc -ge 128 ]] && crashes=$(( crashes + 1 ))
    [[ $rc -eq 2 ]] && grep -q "$key" "$dir/bad.log" && [[ ! -e "$dir/cuzk.sock" ]] && config_ok=$(( config_ok + 1 ))
  done
done
write_config "$dir/bad.toml" "tcp:127.0.0.1:abc" "$PARAMS"
config_tried=$(( config_tried + 1 ))
timeout 60 "$CUZK" daemon --config "$dir/bad.toml" > /dev/null 2> "$dir/bad.log"
[[ $? -eq 2 ]] && grep -q "daemon.listen" "$dir/bad.log" && config_ok=$(( config_ok + 1 ))
if [[ $config_ok -eq $config_tried ]]; then
  row "bad configuration values" - PASS "$config_ok/$config_tried starts refused naming the key (metrics_http port 70000 and abc, 0x10GiB, listen port abc), no crash"
else
  row "bad configuration values" - FAIL "$config_ok/$config_tried refused cleanly, $crashes crashed"
fi

# ---- nothing cached beside the parameters (recorded matrices go to cuzk's cache folder) ----
beside=$(find "$PARAMS" "$operator" -name '*.matrices*' 2> /dev/null | wc -l)
cached=$(find "$WORK/cache" -name '*.matrices' 2> /dev/null | wc -l)
if [[ $beside -eq 0 && $cached -gt 0 ]]; then
  row "caches beside parameters" - PASS "0 files written beside the parameters; $cached recorded-matrices caches in cuzk's cache folder"
else
  row "caches beside parameters" - FAIL "$beside cache files beside the parameters, $cached in cuzk's cache folder"
fi

# ---- cmake --install into a temporary DESTDIR (tests/install/install_e2e.sh) ----
build_dir=$(cd "$(dirname "$CUZK")/../.." 2> /dev/null && pwd)
if [[ -z "$build_dir" || ! -f "$build_dir/CMakeCache.txt" ]] || ! command -v cmake > /dev/null; then
  row "installed as an operator" - SKIP "no CMake build folder above $CUZK"
elif bash "$ROOT/tests/install/install_e2e.sh" "$build_dir" "$WORK/install" > "$WORK/install.out" 2>&1; then
  row "installed as an operator" - PASS "cmake --install: /usr/bin/cuzk runs the example configuration; cuzk.service $(grep -q 'SKIPPED systemd' "$WORK/install.out" && echo 'checked (no systemd-analyze)' || echo 'passes systemd-analyze verify')"
else
  row "installed as an operator" - FAIL "$(grep -m1 FAILED "$WORK/install.out" | cut -c1-100)"
fi

print_table
for r in "${ROWS[@]}"; do [[ "$r" == *"|FAIL|"* ]] && exit 1; done
exit 0
