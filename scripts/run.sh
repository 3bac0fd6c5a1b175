#!/usr/bin/env bash
# The main job: installs the dependencies, builds cuzk (Release) in ./build, checks the
# arithmetic (`cuzk selftest`), then starts the proving daemon on its embedded defaults (a unix
# socket in a temporary folder; every GPU where the CUDA backend is built and a GPU is present,
# else the CPU), drives a short mixed workload through `cuzk bench` — single proofs of a
# synthetic Filecoin-shaped circuit, a WindowPoSt partition (2 KiB sectors) and PoRep C2 of the
# real 2 KiB Commit-1 output (tests/fixtures/filecoin/c1-2KiB.json), a batch, a
# stress run mixing circuits and priorities — prints each job's timings line and the throughput,
# shows the daemon's status, and stops it with SIGTERM (it drains and exits 0).
#
# Where gRPC is not installed (a machine that only proves) the daemon is not built: the job
# then proves in-process with `cuzk bench prove` on the best backend present.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
cli=build/src/cli/cuzk
if [[ ! -x $cli ]]; then
  echo "run.sh: $cli was not built" >&2
  exit 1
fi
"$cli" selftest

daemon_usage=$("$cli" daemon --help 2>&1 || true)
if [[ $daemon_usage != *"usage: cuzk daemon"* ]]; then
  echo "run.sh: this build has no daemon (gRPC missing); proving in-process instead"
  backend=cpu
  if "$cli" bench prove --backend cuda --constraints 1024 >/dev/null 2>&1; then backend=cuda; fi
  echo "== PoRep C2 in-process: the real 2 KiB Commit-1 output (INSECURE test parameters made on first use)"
  "$cli" porep prove --backend "$backend" --commit1 tests/fixtures/filecoin/c1-2KiB.json --proof "${TMPDIR:-/tmp}/cuzk-porep-2KiB.proof"
  exec "$cli" bench prove --backend "$backend" --constraints 65536 --proofs 2
fi

work=$(mktemp -d)
sock=$work/cuzk.sock
addr=unix:$sock
"$cli" daemon --listen "$addr" 2>"$work/daemon.log" &
daemon=$!
cleanup() {
  if kill -0 "$daemon" 2>/dev/null; then kill -TERM "$daemon"; wait "$daemon" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
  [[ -S $sock ]] && break
  if ! kill -0 "$daemon" 2>/dev/null; then
    cat "$work/daemon.log" >&2
    echo "run.sh: the daemon did not start" >&2
    exit 1
  fi
  sleep 0.2
done
head -1 "$work/daemon.log"

echo "== one proof, synthetic circuit of 2^14 constraints (parameters made on first use)"
"$cli" bench single --addr "$addr" --circuit synthetic-16384
echo "== one WindowPoSt partition, 2 KiB sectors (2 sectors x 10 challenges)"
"$cli" bench single --addr "$addr" --circuit window-post-2KiB
echo "== PoRep C2: the real 2 KiB Commit-1 output (lotus-bench), INSECURE test parameters made on first use"
"$cli" bench single --addr "$addr" --circuit porep-2KiB --payload tests/fixtures/filecoin/c1-2KiB.json
echo "== a batch of 8 proofs of one circuit, submitted at once"
"$cli" bench batch --addr "$addr" --circuit synthetic-16384 --count 8
echo "== 15 s of mixed circuits and priorities"
"$cli" bench stress --addr "$addr" --duration 15 \
  --mix synthetic-4096:low,synthetic-16384:normal,window-post-2KiB:high,synthetic-1024:critical
echo "== daemon status"
"$cli" bench status --addr "$addr"

kill -TERM "$daemon"
wait "$daemon"
echo "== daemon log (last lines)"
tail -n 6 "$work/daemon.log"
