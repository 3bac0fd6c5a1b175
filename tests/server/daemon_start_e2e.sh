#!/usr/bin/env bash
# The daemon's start-up checks and its socket, end to end on the real `cuzk daemon`:
#   - bad values (metrics_http "127.0.0.1:70000", "127.0.0.1:abc", "nohost:1"; a size
#     "0x10GiB"; a listen port "abc") are refused naming the key, exit 2, eight starts each:
#     never a crash, no socket left behind;
#   - a metrics port another process holds: exit 2 before the gRPC socket exists;
#   - stopping a daemon whose socket path another daemon has since taken leaves the other's
#     socket, which still answers;
#   - a parameter file others may write: the job that needs it fails naming the file, its owner
#     and mode, and the daemon goes on;
#   - as root, with a real second uid (65534): a socket folder another user pre-created (sticky,
#     as /tmp/cuzk-<uid> could be), a parameter folder and a generated-parameter folder of
#     another user are refused at start, naming the folder, its owner and mode (skipped, loudly,
#     when not root).
#
# Usage: daemon_start_e2e.sh CUZK_BIN WORK_DIR
set -uo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 CUZK_BIN WORK_DIR" >&2
  exit 2
fi
cuzk=$1
work=$2
# shellcheck source=../support/daemon.sh
. "$(dirname "$0")/../support/daemon.sh"

fail() {
  echo "daemon start e2e: FAILED: $*" >&2
  for log in "$work"/*.log; do [ -f "$log" ] && { echo "--- $log" >&2; tail -n 8 "$log" >&2; }; done
  exit 1
}
if ! has_daemon "$cuzk"; then
  echo "daemon start e2e: SKIPPED: this cuzk has no daemon (gRPC not built)"
  exit 0
fi

rm -rf "$work"
mkdir -p "$work/params" "$work/sock"
chmod 700 "$work/sock"
gen=$work/generated
cache=$work/cache

# config FILE SOCKET [lines…]: GPUs off, the generated and cache folders under $work.
config() {
  local file=$1 socket=$2
  shift 2
  {
    printf '[daemon]\nlisten = "unix:%s"\ndrain_timeout_s = 5\n' "$socket"
    local line
    for line in "$@"; do printf '%s\n' "$line"; done
    printf '[gpus]\nenabled = false\n[srs]\nparam_dirs = ["%s"]\ngenerated_dir = "%s"\ncache_dir = "%s"\n' \
      "$work/params" "$gen" "$cache"
  } > "$file"
}

# refused_at_start NAME EXPECTED_RC PATTERN… : `cuzk daemon` on $work/NAME.toml exits EXPECTED_RC
# (no signal), logs every PATTERN, and leaves no socket.
refused_at_start() {
  local name=$1 expected=$2
  shift 2
  timeout 60 "$cuzk" daemon --config "$work/$name.toml" > /dev/null 2> "$work/$name.log"
  local rc=$?
  [ "$rc" = "$expected" ] || fail "$name: exit $rc, expected $expected"
  local pattern
  for pattern in "$@"; do
    grep -q -- "$pattern" "$work/$name.log" || fail "$name: the refusal does not say '$pattern'"
  done
  [ -e "$work/sock/$name.sock" ] && fail "$name: a socket was left behind"
  return 0
}

# ---- bad values: refused before anything is bound, eight starts each ----
bad=("metrics_http = \"127.0.0.1:70000\"|daemon.metrics_http"
     "metrics_http = \"127.0.0.1:abc\"|daemon.metrics_http"
     "metrics_http = \"nohost:1\"|daemon.metrics_http"
     "max_queued_bytes = \"0x10GiB\"|daemon.max_queued_bytes")
for entry in "${bad[@]}"; do
  line=${entry%%|*} key=${entry##*|}
  config "$work/bad.toml" "$work/sock/bad.sock" "$line"
  for _ in 1 2 3 4 5 6 7 8; do refused_at_start bad 2 "$key"; done
done
config "$work/bad.toml" "$work/sock/bad.sock"
sed -i "s|^listen = .*|listen = \"tcp:127.0.0.1:abc\"|" "$work/bad.toml"
refused_at_start bad 2 "daemon.listen" "the port must be a number"
echo "ok: bad metrics_http, sizes and ports refused naming the key (exit 2, eight starts each, no crash)"

# ---- a daemon with metrics on a free port; a second one on the same metrics port ----
sock_a=$work/sock/a.sock
config "$work/a.toml" "$sock_a" 'metrics_http = "127.0.0.1:0"'
start_daemon "$cuzk" "$work/a.toml" "$work/a.log" "$sock_a"
daemon_a=$daemon
metrics_port=$(sed -n 's|.*metrics on http://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$work/a.log" | head -1)
[ -n "$metrics_port" ] || fail "daemon a did not log its metrics port"
config "$work/busy.toml" "$work/sock/busy.sock" "metrics_http = \"127.0.0.1:$metrics_port\""
refused_at_start busy 2 "daemon.metrics_http" "Address already in use"
echo "ok: a metrics port in use: exit 2 before the socket exists"

# ---- a parameter file others may write: its job fails naming it, the daemon goes on ----
printf 'not parameters' > "$work/params/synthetic-1024.params"
chmod 666 "$work/params/synthetic-1024.params"
kill -TERM "$daemon_a"
wait "$daemon_a"
start_daemon "$cuzk" "$work/a.toml" "$work/a.log" "$sock_a"
daemon_a=$daemon
"$cuzk" bench single --addr "unix:$sock_a" --circuit synthetic-1024 > "$work/job.out" 2>&1 &&
  fail "a job on parameters others may write succeeded"
grep -q "parameter file $work/params/synthetic-1024.params.*mode 0666.*writable by group or others" "$work/job.out" ||
  fail "the failed job does not name the file and its mode: $(tail -n 3 "$work/job.out")"
"$cuzk" bench status --addr "unix:$sock_a" > "$work/status.out" 2>&1 || fail "the daemon does not answer after it"
rm -f "$work/params/synthetic-1024.params"
echo "ok: a parameter file others may write: the job fails naming it, the daemon answers"

# ---- another daemon takes the socket path; stopping the first leaves the second's socket ----
rm -f "$sock_a"  # (an operator's cleanup, or a second deployment on the same path)
start_daemon "$cuzk" "$work/a.toml" "$work/b.log" "$sock_a"
daemon_b=$daemon
kill -TERM "$daemon_a"
wait "$daemon_a"
[ -S "$sock_a" ] || fail "stopping daemon a removed daemon b's socket"
"$cuzk" bench status --addr "unix:$sock_a" > "$work/status.out" 2>&1 || fail "daemon b no longer answers on its socket"
kill -TERM "$daemon_b"
wait "$daemon_b"
[ -e "$sock_a" ] && fail "daemon b did not remove its own socket"
echo "ok: a daemon stopping removes only the socket it made"

# ---- folders another user owns (a real second uid) ----
if [ "$(id -u)" -ne 0 ]; then
  echo "daemon start e2e: SKIPPED LOUDLY: the other-user folder checks need root to chown to uid 65534"
  echo "daemon start e2e: the other checks passed"
  exit 0
fi
other=65534
hijacked=$work/cuzk-hijacked  # pre-created by another user, sticky and open to all
mkdir -m 1777 "$hijacked"
chown "$other:$other" "$hijacked"
config "$work/hijack.toml" "$hijacked/cuzk.sock"
refused_at_start hijack 1 "socket folder (daemon.listen) $hijacked" "uid $other" "mode 1777"
config "$work/hijack-gen.toml" "$work/sock/gen.sock"
sed -i "s|^generated_dir = .*|generated_dir = \"$hijacked/params\"|" "$work/hijack-gen.toml"
refused_at_start hijack-gen 1 "srs.generated_dir" "$hijacked" "uid $other" "mode 1777"
[ -e "$hijacked/params" ] && fail "a folder was made inside the other user's folder"
foreign=$work/foreign-params
mkdir -m 755 "$foreign"
chown "$other:$other" "$foreign"
config "$work/foreign.toml" "$work/sock/foreign.sock"
sed -i "s|^param_dirs = .*|param_dirs = [\"$foreign\"]|" "$work/foreign.toml"
refused_at_start foreign 1 "parameter folder (srs.param_dirs, srs.param_cache) $foreign" "uid $other" "mode 0755"
echo "ok: a socket folder, a generated-parameter folder and a parameter folder of uid $other refused at start"
echo "daemon start e2e: all checks passed"
