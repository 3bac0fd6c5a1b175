#!/usr/bin/env bash
# Installing as an operator: `cmake --install BUILD --prefix /usr` into a temporary DESTDIR puts
# the cuzk binary (it runs), the example configuration (the daemon reads it), Curio's guide and a
# systemd unit that starts `cuzk --config /data/zk/cuzk.toml` as Curio's documentation does,
# restarts on failure, drains on SIGTERM and gives the socket folder to Curio's group; the unit
# passes `systemd-analyze verify` where systemd-analyze exists (skipped, saying so, otherwise).
#
# Usage: install_e2e.sh BUILD_DIR WORK_DIR
set -uo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR WORK_DIR" >&2
  exit 2
fi
build=$1
work=$2
fail() {
  echo "install e2e: FAILED: $*" >&2
  exit 1
}
rm -rf "$work"
mkdir -p "$work"
dest=$work/root
DESTDIR=$dest cmake --install "$build" --prefix /usr > "$work/install.log" 2>&1 ||
  fail "cmake --install: $(tail -n 5 "$work/install.log")"

cuzk=$dest/usr/bin/cuzk
example=$dest/usr/share/doc/cuzk/examples/cuzk.example.toml
unit=$dest/usr/lib/systemd/system/cuzk.service
for f in "$cuzk" "$example" "$unit" "$dest/usr/share/doc/cuzk/CURIO.md"; do
  [ -f "$f" ] || fail "not installed: ${f#"$dest"}"
done
[ -x "$cuzk" ] || fail "/usr/bin/cuzk is not executable"
"$cuzk" version > "$work/version.out" 2>&1 || fail "the installed cuzk does not run: $(cat "$work/version.out")"
echo "ok: /usr/bin/cuzk ($(cat "$work/version.out")), the example configuration and CURIO.md installed"

# The example configuration is one the daemon accepts: a daemon started on it (GPUs off, its
# folders under $work) gets as far as listening, then drains on SIGTERM.
if { "$cuzk" daemon --help 2>&1 || true; } | grep -q "usage: cuzk daemon"; then
  sock=$work/run/cuzk.sock
  mkdir -m 700 "$work/run"
  sed -e 's|^enabled = true|enabled = false|' "$example" > "$work/cuzk.toml"
  printf '\n# the test'"'"'s own folders\n' >> "$work/cuzk.toml"
  sed -i "s|^\[daemon\]|[daemon]\nlisten = \"unix:$sock\"|" "$work/cuzk.toml"
  sed -i "s|^\[srs\]|[srs]\ngenerated_dir = \"$work/generated\"\ncache_dir = \"$work/cache\"|" "$work/cuzk.toml"
  "$cuzk" --config "$work/cuzk.toml" 2> "$work/daemon.log" &
  daemon=$!
  trap 'kill -KILL $daemon 2>/dev/null || true' EXIT
  for _ in $(seq 1 150); do
    [ -S "$sock" ] && break
    kill -0 "$daemon" 2>/dev/null || fail "the daemon on the example configuration exited: $(tail -n 3 "$work/daemon.log")"
    sleep 0.2
  done
  [ -S "$sock" ] || fail "the daemon on the example configuration did not listen"
  kill -TERM "$daemon"
  wait "$daemon"
  rc=$?
  [ "$rc" = 0 ] || fail "SIGTERM: exit $rc"
  echo "ok: the installed cuzk runs the example configuration (cuzk --config FILE) and drains on SIGTERM"
else
  echo "install e2e: SKIPPED the daemon run: this cuzk has no gRPC daemon"
fi

# The unit, as Curio's documentation starts the daemon.
expect_line() { grep -qx -- "$1" "$unit" || fail "cuzk.service lacks '$1'"; }
expect_line "ExecStart=/usr/bin/cuzk --config /data/zk/cuzk.toml"
expect_line "Restart=on-failure"
expect_line "KillSignal=SIGTERM"
expect_line "Group=curio"
expect_line "RuntimeDirectory=cuzk"
expect_line "RuntimeDirectoryMode=0750"
expect_line "CacheDirectory=cuzk"
expect_line "WantedBy=multi-user.target"
echo "ok: cuzk.service starts /usr/bin/cuzk --config /data/zk/cuzk.toml, restarts on failure, drains on SIGTERM, /run/cuzk for group curio"

if ! command -v systemd-analyze > /dev/null 2>&1; then
  echo "install e2e: SKIPPED systemd-analyze verify: systemd-analyze is not installed"
  exit 0
fi
# Verified with ExecStart pointing into DESTDIR (verify checks that the command exists); any
# message (an unknown key, a bad value) is a failure, since verify itself only warns.
sed "s|/usr/bin/cuzk|$cuzk|" "$unit" > "$work/cuzk.service"
systemd-analyze verify --man=no "$work/cuzk.service" > "$work/verify.out" 2>&1
rc=$?
if [ "$rc" != 0 ] || [ -s "$work/verify.out" ]; then
  fail "systemd-analyze verify (exit $rc): $(cat "$work/verify.out")"
fi
echo "ok: systemd-analyze verify passes cuzk.service"
echo "install e2e: all checks passed"
