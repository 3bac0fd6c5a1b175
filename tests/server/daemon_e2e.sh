#!/usr/bin/env bash
# End-to-end test of the daemon (ctest label "interop"): starts the real `cuzk daemon` on a
# temporary unix socket with a parameter directory holding two circom zkeys, runs the Node.js
# client (tools/grpc-client/client.mjs: @grpc/grpc-js loading our .proto unmodified) which
# submits concurrent mixed jobs and checks every proof independently (snarkjs for circom,
# @noble/curves for native proofs) and sends malformed requests; then checks the socket's
# mode, a clean SIGTERM drain (exit 0), and that invalid configurations exit 2 naming the key;
# then TCP: refused without TLS, token or `insecure = true` (exit 2), a key file other users can
# read refused, a TLS + bearer-token listener that `cuzk bench` reaches only with the roots and
# the token, and an insecure listener that warns at start (openssl makes the test certificate).
#
# Usage: daemon_e2e.sh CUZK_BIN REPO_ROOT WORK_DIR
# npm dependencies come from tools/grpc-client and tools/circom (npm ci when node_modules is
# missing). Skips loudly, exit 0, only when node/npm are not installed.
set -uo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 CUZK_BIN REPO_ROOT WORK_DIR" >&2
  exit 2
fi
CUZK="$1"
ROOT="$2"
WORK="$3"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "######################################################################"
  echo "## SKIPPED: daemon end-to-end test: node/npm not installed."
  echo "######################################################################"
  exit 0
fi
for tool in grpc-client circom; do
  if [ ! -d "$ROOT/tools/$tool/node_modules" ]; then
    echo "e2e: npm ci --prefix tools/$tool"
    npm ci --prefix "$ROOT/tools/$tool" --no-audit --no-fund || { echo "e2e: FAILED: npm ci tools/$tool" >&2; exit 1; }
  fi
done

fail() {
  echo "e2e: FAILED: $*" >&2
  [ -f "$WORK/daemon.log" ] && tail -n 30 "$WORK/daemon.log" >&2
  exit 1
}

rm -rf "$WORK"
mkdir -p "$WORK/params"
FIXTURES="$ROOT/tests/fixtures/circom"
cp "$FIXTURES/many_public/circuit.zkey" "$WORK/params/many_public.zkey"
cp "$FIXTURES/no_public/circuit.zkey" "$WORK/params/no_public.zkey"

# Invalid configurations: exit 2, the message names the key.
printf '[scheduler]\nmax_batch_size = "many"\n' > "$WORK/bad1.toml"
printf '[daemon]\nlisten = "unix:%s/x.sock"\nbogus = 1\n' "$WORK" > "$WORK/bad2.toml"
printf '[memory]\npinned_budget = "lots"\n' > "$WORK/bad3.toml"
for n in 1 2 3; do
  "$CUZK" daemon --config "$WORK/bad$n.toml" > /dev/null 2> "$WORK/bad$n.err"
  rc=$?
  [ $rc -eq 2 ] || fail "bad$n.toml: exit $rc, expected 2"
  echo "ok: bad$n.toml → exit 2: $(cat "$WORK/bad$n.err")"
done
grep -q "scheduler.max_batch_size" "$WORK/bad1.err" || fail "bad1: key not named"
grep -q "daemon.bogus" "$WORK/bad2.err" || fail "bad2: key not named"
grep -q "memory.pinned_budget" "$WORK/bad3.err" || fail "bad3: key not named"

SOCK="$WORK/cuzk.sock"
cat > "$WORK/cuzk.toml" <<TOML
[daemon]
listen = "unix:$SOCK"
drain_timeout_s = 60
max_message_mib = 2
metrics_http = "127.0.0.1:0"

[scheduler]
max_batch_size = 4
max_batch_wait_ms = 20

[srs]
param_dirs = ["$WORK/params"]
generated_dir = "$WORK/generated"

[circuits]
synthetic_on_demand = true
TOML

"$CUZK" daemon --config "$WORK/cuzk.toml" 2> "$WORK/daemon.log" &
DAEMON=$!
trap 'kill -KILL $DAEMON 2>/dev/null' EXIT
for _ in $(seq 1 150); do
  [ -S "$SOCK" ] && break
  kill -0 $DAEMON 2>/dev/null || fail "the daemon exited at start-up"
  sleep 0.2
done
[ -S "$SOCK" ] || fail "no socket at $SOCK"
mode=$(stat -c %a "$SOCK")
[ "$mode" = "660" ] || fail "socket mode $mode, expected 660"
echo "ok: socket $SOCK mode $mode"

node "$ROOT/tools/grpc-client/client.mjs" e2e "unix:$SOCK" "$ROOT/proto/cuzk/v1/proving.proto" "$FIXTURES" \
  "$WORK/generated" "$ROOT/tools/circom/node_modules/snarkjs/build/cli.cjs" "$WORK" || fail "client checks"

# The C++ client against the same daemon.
"$CUZK" bench status --addr "unix:$SOCK" || fail "cuzk bench status"
"$CUZK" bench single --addr "unix:$SOCK" --circuit many_public --payload "$FIXTURES/many_public/witness.wtns" \
  --vk "$FIXTURES/many_public/verification_key.json" | tee "$WORK/single.txt" || fail "cuzk bench single"
grep -q "client-side verification .*: OK" "$WORK/single.txt" || fail "bench single did not verify"

# Parameters on demand: preload makes them hot, evict drops them to cold.
"$CUZK" bench preload --addr "unix:$SOCK" --circuit synthetic-512 | grep -q "synthetic-512: hot" || fail "preload"
"$CUZK" bench evict --addr "unix:$SOCK" --circuit synthetic-512 | grep -q "evicted" || fail "evict"
"$CUZK" bench status --addr "unix:$SOCK" | grep "synthetic-512.params" | grep -q "cold" || fail "evicted SRS not cold"
echo "ok: preload → hot, evict → cold"

# Prometheus text over HTTP, on the free port the daemon picked and logged.
METRICS_PORT=$(sed -n 's|.*metrics on http://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$WORK/daemon.log" | head -1)
[ -n "$METRICS_PORT" ] && [ "$METRICS_PORT" != 0 ] || fail "the daemon did not log its metrics port"
exec 3<>"/dev/tcp/127.0.0.1/$METRICS_PORT" || fail "metrics_http: no listener on port $METRICS_PORT"
printf 'GET /metrics HTTP/1.0\r\n\r\n' >&3
metrics=$(cat <&3)
exec 3<&-
# (here-strings, not `echo | head` pipes: under pipefail the writer's SIGPIPE, when the reader
# stops early on a long text, would fail a check that passed)
status_line=${metrics%%$'\n'*}
grep -q "200 OK" <<<"$status_line" || fail "metrics_http: $status_line"
grep -q "^cuzk_jobs_submitted_total [0-9]" <<<"$metrics" || fail "metrics_http: no counters"
echo "ok: http://127.0.0.1:$METRICS_PORT/metrics serves Prometheus text"

# Every finished job logged its timings line right after its job line.
jobs=$(grep -c " job [0-9]* circuit=" "$WORK/daemon.log")
timings=$(grep -cE " timings: total=[0-9]+ ms \(queue=[0-9]+ ms, srs=[0-9]+ ms, synth=[0-9]+ ms, gpu=[0-9]+ ms\)$" "$WORK/daemon.log")
[ "$jobs" -gt 0 ] && [ "$jobs" = "$timings" ] || fail "$jobs job lines but $timings timings lines"
echo "ok: $jobs jobs logged with their timings lines"

kill -TERM $DAEMON
wait $DAEMON
rc=$?
[ $rc -eq 0 ] || fail "daemon exit $rc after SIGTERM, expected 0"
[ ! -e "$SOCK" ] || fail "socket left behind"
grep -q "cuzk daemon stopped" "$WORK/daemon.log" || fail "no stop line"
echo "ok: SIGTERM drained, exit 0"
# TCP listeners.
if ! command -v openssl >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then
  echo "######################################################################"
  echo "## SKIPPED: daemon e2e TCP checks: openssl or python3 not installed."
  echo "######################################################################"
  echo "daemon e2e: all checks passed"
  exit 0
fi
TLS="$WORK/tls"
mkdir -p "$TLS"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
  -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" -keyout "$TLS/key.pem" -out "$TLS/cert.pem" 2>/dev/null ||
  fail "openssl could not make a test certificate"
chmod 600 "$TLS/key.pem"
openssl rand -hex 24 > "$TLS/token"
chmod 600 "$TLS/token"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# tcp_config FILE PORT EXTRA-LINES: a TCP daemon's configuration.
tcp_config() {
  printf '[daemon]\nlisten = "tcp:127.0.0.1:%s"\n%b\n[srs]\ngenerated_dir = "%s"\n' "$2" "$3" "$WORK/generated" > "$1"
}
# start_tcp_daemon CONFIG LOG: starts it and waits for its "listening on" line.
start_tcp_daemon() {
  "$CUZK" daemon --config "$1" 2> "$2" &
  DAEMON=$!
  for _ in $(seq 1 150); do
    grep -q "listening on" "$2" && return 0
    kill -0 $DAEMON 2>/dev/null || fail "the TCP daemon exited at start-up: $(cat "$2")"
    sleep 0.2
  done
  fail "the TCP daemon did not start"
}

PORT=$(free_port)
tcp_config "$WORK/bare.toml" "$PORT" ""
"$CUZK" daemon --config "$WORK/bare.toml" > /dev/null 2> "$WORK/bare.err"
rc=$?
[ $rc -eq 2 ] && grep -q "daemon.insecure = true" "$WORK/bare.err" || fail "bare TCP: exit $rc: $(cat "$WORK/bare.err")"
echo "ok: TCP without TLS, token or insecure → exit 2: $(cat "$WORK/bare.err")"
chmod 644 "$TLS/key.pem"
tcp_config "$WORK/open-key.toml" "$PORT" "tls_cert = \"$TLS/cert.pem\"\ntls_key = \"$TLS/key.pem\""
"$CUZK" daemon --config "$WORK/open-key.toml" > /dev/null 2> "$WORK/open-key.err"
rc=$?
[ $rc -eq 2 ] && grep -q "daemon.tls_key .*chmod 600" "$WORK/open-key.err" || fail "readable key: exit $rc: $(cat "$WORK/open-key.err")"
echo "ok: a TLS key other users can read → exit 2"
chmod 600 "$TLS/key.pem"

tcp_config "$WORK/tls.toml" "$PORT" \
  "tls_cert = \"$TLS/cert.pem\"\ntls_key = \"$TLS/key.pem\"\nauth_token_file = \"$TLS/token\""
start_tcp_daemon "$WORK/tls.toml" "$WORK/tls.log"
"$CUZK" bench status --addr "tcp:127.0.0.1:$PORT" --tls-ca "$TLS/cert.pem" --token-file "$TLS/token" \
  > "$WORK/tls-status.txt" 2>&1 || fail "bench status over TLS with the token: $(cat "$WORK/tls-status.txt")"
"$CUZK" bench status --addr "tcp:127.0.0.1:$PORT" --tls-ca "$TLS/cert.pem" > "$WORK/no-token.txt" 2>&1 &&
  fail "bench status without the token succeeded"
grep -q "UNAUTHENTICATED\|authorization: Bearer" "$WORK/no-token.txt" || fail "no-token answer: $(cat "$WORK/no-token.txt")"
"$CUZK" bench status --addr "tcp:127.0.0.1:$PORT" --token-file "$TLS/token" > /dev/null 2>&1 &&
  fail "bench status without TLS succeeded against a TLS listener"
echo "ok: TLS + bearer token: bench status needs both"
kill -TERM $DAEMON
wait $DAEMON || fail "TLS daemon exit $?"

PORT=$(free_port)
tcp_config "$WORK/insecure.toml" "$PORT" "insecure = true\nmetrics_http = \"0.0.0.0:0\""
start_tcp_daemon "$WORK/insecure.toml" "$WORK/insecure.log"
grep -q "warning: daemon.listen = 127.0.0.1:$PORT with daemon.insecure = true" "$WORK/insecure.log" ||
  fail "no insecure warning: $(cat "$WORK/insecure.log")"
grep -q "warning: daemon.metrics_http = 0.0.0.0:0" "$WORK/insecure.log" || fail "no metrics_http warning"
"$CUZK" bench status --addr "tcp:127.0.0.1:$PORT" > /dev/null || fail "bench status on the insecure listener"
echo "ok: insecure = true serves and warns (and a non-loopback metrics_http warns)"
kill -TERM $DAEMON
wait $DAEMON || fail "insecure daemon exit $?"
echo "daemon e2e: all checks passed"
