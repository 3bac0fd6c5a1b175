#!/usr/bin/env bash
# PoSt and SnapDeals from vanilla-proof files end to end (ctest vanilla_cli_e2e, fixture
# vanilla_params): synthetic inputs in Curio's bincode written by `cuzk post synth` /
# `cuzk snap synth`, then through the command line and through the daemon, with the 2 KiB test
# parameters (made once per ctest run by `cuzk setup`, or here when missing).
#   post check / snap check   the synthetic files pass (native checks, every constraint);
#                             a tampered file names the sector / partition and field (exit 1)
#   post prove / snap prove   on the CPU: WindowPoSt with fewer sectors than slots, WinningPoSt,
#                             a 2 KiB update; the timings line, 192 bytes each, verified in-process;
#                             WindowPoSt again with in-memory test parameters over two rounds (a
#                             line per round's partition and per round; the written vk verifies)
#   post verify / snap verify the proofs against the verifier's inputs; other inputs fail
#   the daemon                `cuzk bench single --payload FILE` (a VanillaPayload from synth
#                             --payload) for each, its proof checked by post/snap verify; a
#                             tampered payload refused at submission, named
# usage: vanilla_e2e.sh <cuzk binary> <parameter dir> <scratch dir>
set -euo pipefail
cuzk=$1 params=$2 scratch=$3
rm -rf "$scratch"
mkdir -p "$scratch" "$params"
fail() {
  echo "vanilla e2e: FAILED: $*" >&2
  [ -f "$scratch/daemon.log" ] && tail -n 20 "$scratch/daemon.log" >&2
  exit 1
}
# shellcheck source=../support/daemon.sh
source "$(dirname "${BASH_SOURCE[0]}")/../support/daemon.sh"
expect_rc() {  # expect_rc <code> <command…>; output in $scratch/out, $scratch/err
  local want=$1; shift
  set +e; "$@" >"$scratch/out" 2>"$scratch/err"; local got=$?; set -e
  [ "$got" = "$want" ] || { cat "$scratch/out" "$scratch/err" >&2; fail "$* exited $got, expected $want"; }
}
flip_byte() {  # flip_byte <in> <out> <offset from the end>: one byte of a hash near the end changed
  python3 - "$1" "$2" "$3" <<'PY'
import sys
src, dst, back = sys.argv[1], sys.argv[2], int(sys.argv[3])
b = bytearray(open(src, "rb").read())
b[len(b) - back] ^= 1
open(dst, "wb").write(b)
PY
}
rand=0101010101010101010101010101010101010101010101010101010101010101

# WindowPoSt: one sector in a partition of two slots (padding), partition 1.
expect_rc 0 "$cuzk" post synth --kind window-post --sector-size 2KiB --randomness $rand --partition 1 --sectors 1 \
  --first-sector 7 --out-dir "$scratch/window" --payload "$scratch/window.payload"
window=(--kind window-post --sector-size 2KiB --randomness $rand --partition 1 --sector-proof "$scratch/window/sector-7.vproof")
expect_rc 0 "$cuzk" post check "${window[@]}"
grep -q "native checks: OK" "$scratch/out" || fail "post check: no native checks line"
grep -q "constraints satisfied, .* public inputs as the verifier computes them" "$scratch/out" || fail "post check: circuit"
# A sibling hash of the last challenge's path (in front of comm_c, comm_r_last at the end).
flip_byte "$scratch/window/sector-7.vproof" "$scratch/bad-sector.vproof" 100
expect_rc 1 "$cuzk" post check --kind window-post --sector-size 2KiB --randomness $rand --partition 1 \
  --sector-proof "$scratch/bad-sector.vproof"
grep -q "native checks: FAILED: sector 0 (id 7): challenge 9: " "$scratch/out" || fail "post check: tampering not named"
expect_rc 1 "$cuzk" post check --kind window-post --sector-size 2KiB --randomness ${rand/01/02} --partition 1 \
  --sector-proof "$scratch/window/sector-7.vproof"
grep -q "the challenge is leaf" "$scratch/out" || fail "post check: another randomness not named"
expect_rc 2 "$cuzk" post check --kind window-post --sector-size 2KiB --randomness 12 --sector-proof x
expect_rc 2 "$cuzk" post check --kind window-post --sector-size 2KiB --randomness $rand --registered-proof 13 \
  --sector-proof x
grep -q "prove it as window-post-32GiB" "$scratch/err" || fail "post check: another size's proof not named"
echo "ok: post synth / post check (a tampered path and another randomness named)"
expect_rc 0 "$cuzk" post prove "${window[@]}" --proof "$scratch/window.proof" --param-dir "$params" --backend cpu
cat "$scratch/out"
grep -qE "^timings: total=[0-9]+ ms \(queue=[0-9]+ ms, srs=[0-9]+ ms, synth=[0-9]+ ms, gpu=[0-9]+ ms\)$" "$scratch/out" ||
  fail "post prove: no timings line"
[ "$(stat -c %s "$scratch/window.proof")" = 192 ] || fail "post prove: the proof is not 192 bytes"
expect_rc 0 "$cuzk" post verify "${window[@]}" --proof "$scratch/window.proof" --vk "$params/window-post-2KiB.params"
grep -q "^OK" "$scratch/out" || fail "post verify did not print OK"
expect_rc 1 "$cuzk" post verify --kind window-post --sector-size 2KiB --randomness ${rand/01/02} --partition 1 \
  --sector-proof "$scratch/window/sector-7.vproof" --proof "$scratch/window.proof" --vk "$params/window-post-2KiB.params"
grep -q "partition 0: FAILED" "$scratch/out" || fail "post verify with another randomness did not fail"
# In-memory test parameters, two rounds (two engine jobs): only the verifying key is written.
expect_rc 0 "$cuzk" post prove "${window[@]}" --proof "$scratch/window-mem.proof" \
  --test-params-in-memory "$scratch/window-mem.vk" --rounds 2 --backend cpu
cat "$scratch/out"
grep -q "parameters: INSECURE test setup in memory, verifying key in $scratch/window-mem.vk" "$scratch/out" ||
  fail "post prove --test-params-in-memory: no parameters line"
[ "$(grep -cE "^  partition 0/1: synth [0-9]+ ms, gpu [0-9]+ ms, verify [0-9]+ ms \([0-9]+ rows\)$" "$scratch/out")" = 2 ] ||
  fail "post prove --rounds 2: not one partition line per round"
grep -qE "^  round 1/2: [0-9]+ ms for 1 partition\(s\), prover busy [0-9.]+%$" "$scratch/out" || fail "post prove: no round line"
grep -qE "^  peak host memory: [0-9.]+ GiB$" "$scratch/out" || fail "post prove: no peak host memory line"
expect_rc 0 "$cuzk" post verify "${window[@]}" --proof "$scratch/window-mem.proof" --vk "$scratch/window-mem.vk"
grep -q "^OK" "$scratch/out" || fail "post verify with the in-memory parameters' vk did not print OK"
expect_rc 2 "$cuzk" post prove "${window[@]}" --proof "$scratch/x.proof" --test-params-in-memory "$scratch/x.vk" \
  --param-dir "$params"
expect_rc 2 "$cuzk" post prove "${window[@]}" --proof "$scratch/x.proof" --param-dir "$params" --backend gpu
expect_rc 1 "$cuzk" post prove --kind window-post --sector-size 2KiB --randomness $rand --partition 1 \
  --sector-proof "$scratch/bad-sector.vproof" --proof "$scratch/bad.proof" --param-dir "$params" --backend cpu
grep -q "circuit 'window-post-2KiB': sector 0 (id 7): challenge 9: " "$scratch/err" || fail "post prove: tampering"
[ ! -e "$scratch/bad.proof" ] || fail "post prove wrote a proof for a tampered sector"

# WinningPoSt: one sector, 66 challenges.
expect_rc 0 "$cuzk" post synth --kind winning-post --sector-size 2KiB --randomness $rand --first-sector 3 \
  --out-dir "$scratch/winning" --payload "$scratch/winning.payload"
winning=(--kind winning-post --sector-size 2KiB --randomness $rand --sector-proof "$scratch/winning/sector-3.vproof")
expect_rc 0 "$cuzk" post check "${winning[@]}"
expect_rc 0 "$cuzk" post prove "${winning[@]}" --proof "$scratch/winning.proof" --param-dir "$params" --backend cpu
[ "$(stat -c %s "$scratch/winning.proof")" = 192 ] || fail "post prove (winning): the proof is not 192 bytes"
expect_rc 0 "$cuzk" post verify "${winning[@]}" --proof "$scratch/winning.proof" --vk "$params/winning-post-2KiB.params"
echo "ok: post prove (WindowPoSt padded, WinningPoSt) → 192 bytes each → post verify (another randomness fails)"

# SnapDeals 2 KiB: one partition.
expect_rc 0 "$cuzk" snap synth --sector-size 2KiB --seed 4 --out-dir "$scratch/snap" --payload "$scratch/snap.payload"
read -r -a snap_flags < <(sed -n 's/^snap prove flags: //p' "$scratch/out")
[ "${#snap_flags[@]}" = 8 ] || fail "snap synth: no flags line"
snap=("${snap_flags[@]}" --partition-proof "$scratch/snap/partition-0.vproof")
expect_rc 0 "$cuzk" snap check "${snap[@]}"
grep -q "partition 0: native checks: OK" "$scratch/out" || fail "snap check: native checks"
grep -q "partition 0: circuit: .* constraints satisfied" "$scratch/out" || fail "snap check: circuit"
bad_comm=("${snap_flags[@]}")
bad_comm[5]=${bad_comm[5]/0/1}  # --comm-r-new's first zero digit
[ "${bad_comm[5]}" != "${snap_flags[5]}" ] || bad_comm[5]=${bad_comm[5]/1/0}
expect_rc 1 "$cuzk" snap check "${bad_comm[@]}" --partition-proof "$scratch/snap/partition-0.vproof"
grep -qE "partition 0: native checks: FAILED: (partition 0: comm_r_new|comm_r_new: not a canonical)" "$scratch/out" ||
  fail "snap check: a wrong comm_r_new not named"
flip_byte "$scratch/snap/partition-0.vproof" "$scratch/bad-partition.vproof" 40
expect_rc 1 "$cuzk" snap check "${snap_flags[@]}" --partition-proof "$scratch/bad-partition.vproof"
grep -q "partition 0: native checks: FAILED: partition 0: challenge 9 " "$scratch/out" || fail "snap check: tampering"
grep -q "partition 0: circuit: FAILED: unsatisfied constraint" "$scratch/out" || fail "snap check: constraint not named"
echo "ok: snap synth / snap check (a wrong comm_r_new and a tampered path named: $(grep -o 'constraint [^ ]*' "$scratch/out" | head -1))"
expect_rc 0 "$cuzk" snap prove "${snap[@]}" --proof "$scratch/snap.proof" --param-dir "$params" --backend cpu
cat "$scratch/out"
[ "$(stat -c %s "$scratch/snap.proof")" = 192 ] || fail "snap prove: the proof is not 192 bytes"
expect_rc 0 "$cuzk" snap verify "${snap_flags[@]}" --proof "$scratch/snap.proof" --vk "$params/snap-deals-2KiB.params"
grep -q "^OK" "$scratch/out" || fail "snap verify did not print OK"
expect_rc 1 "$cuzk" snap verify "${bad_comm[@]}" --proof "$scratch/snap.proof" --vk "$params/snap-deals-2KiB.params"
echo "ok: snap prove → 192 bytes → snap verify (another comm_r_new fails)"

# Through the daemon.
if ! has_daemon "$cuzk"; then
  echo "vanilla e2e: SKIPPED the daemon part: this cuzk has no daemon (gRPC not built)"
  echo "vanilla e2e: all checks passed"
  exit 0
fi
start_cpu_daemon "$cuzk" "$scratch" "$params"
for run in window-post-2KiB:window winning-post-2KiB:winning update-proof-0:snap; do
  circuit=${run%%:*} name=${run#*:}
  expect_rc 0 "$cuzk" bench single --addr "unix:$sock" --circuit "$circuit" --payload "$scratch/$name.payload" \
    --proof-out "$scratch/daemon.proof"
  grep -qE "proofs=1" "$scratch/out" || fail "bench single $circuit: not one proof: $(cat "$scratch/out")"
  [ "$(stat -c %s "$scratch/daemon.proof")" = 192 ] || fail "bench single $circuit: the proof is not 192 bytes"
  case $name in
    window) expect_rc 0 "$cuzk" post verify "${window[@]}" --proof "$scratch/daemon.proof" \
              --vk "$params/window-post-2KiB.params" ;;
    winning) expect_rc 0 "$cuzk" post verify "${winning[@]}" --proof "$scratch/daemon.proof" \
               --vk "$params/winning-post-2KiB.params" ;;
    snap) expect_rc 0 "$cuzk" snap verify "${snap_flags[@]}" --proof "$scratch/daemon.proof" \
            --vk "$params/snap-deals-2KiB.params" ;;
  esac
done
flip_byte "$scratch/window.payload" "$scratch/bad.payload" 100
expect_rc 1 "$cuzk" bench single --addr "unix:$sock" --circuit window-post-2KiB --payload "$scratch/bad.payload"
grep -q "sector 0 (id 7): challenge 9: " "$scratch/err" || fail "the daemon: tampering not named: $(cat "$scratch/err")"
expect_rc 1 "$cuzk" bench single --addr "unix:$sock" --circuit winning-post-2KiB --payload "$scratch/window.payload"
grep -q "prove it as window-post-2KiB" "$scratch/err" || fail "the daemon: another kind's proof: $(cat "$scratch/err")"
echo "ok: the daemon proves window-post-2KiB, winning-post-2KiB and snap-deals-2KiB (as update-proof-0) from VanillaPayload files; bad ones refused"
kill -TERM $daemon
wait $daemon || fail "daemon exit $? after SIGTERM"
trap - EXIT
echo "vanilla e2e: all checks passed"
