# Shared by the end-to-end scripts that drive a real daemon (tests/cli/*_e2e.sh): source it,
# define fail(), then
#   has_daemon CUZK                     true if this cuzk was built with the gRPC daemon
#   start_daemon CUZK CONFIG LOG SOCK   starts `cuzk daemon --config CONFIG` (stderr to LOG),
#                                       sets $daemon to its pid, kills it when the script exits,
#                                       and waits up to 30 s for its unix socket SOCK
#   start_cpu_daemon CUZK DIR PARAMS    writes DIR/cuzk.toml (GPUs off, generated parameters in
#                                       PARAMS, socket DIR/cuzk.sock) and starts it as above,
#                                       logging to DIR/daemon.log; sets $sock
has_daemon() {
  { "$1" daemon --help 2>&1 || true; } | grep -q "usage: cuzk daemon"
}

start_daemon() {
  local cuzk=$1 config=$2 log=$3 sock=$4
  "$cuzk" daemon --config "$config" 2> "$log" &
  daemon=$!
  trap 'kill -KILL $daemon 2>/dev/null || true' EXIT
  for _ in $(seq 1 150); do
    [ -S "$sock" ] && return 0
    kill -0 "$daemon" 2>/dev/null || fail "the daemon exited at start-up"
    sleep 0.2
  done
  fail "no socket at $sock"
}

start_cpu_daemon() {
  local cuzk=$1 dir=$2 params=$3
  sock=$dir/cuzk.sock
  cat > "$dir/cuzk.toml" <<TOML
[daemon]
listen = "unix:$sock"
drain_timeout_s = 30

[gpus]
enabled = false

[srs]
generated_dir = "$params"
TOML
  start_daemon "$cuzk" "$dir/cuzk.toml" "$dir/daemon.log" "$sock"
}
