# Shared by the end-to-end scripts that drive a real daemon (tests/cli/*_e2e.sh): source it,
# define fail(), then
#   has_daemon CUZK                     true if this cuzk was built with the gRPC daemon
#   start_daemon CUZK CONFIG LOG SOCK   starts `cuzk daemon --config CONFIG` (stderr to LOG),
#                                       sets $daemon to its pid, kills it when the script exits,
#                                       and waits up to 30 s for its unix socket SOCK
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
