#!/usr/bin/env bash
# PoRep C2 end to end (ctest porep_cli_e2e, fixture porep_params): the real 2 KiB Commit-1
# output (lotus-bench wrapper) through the command line and through the daemon, with the test
# parameters of porep-2KiB (made once per ctest run by `cuzk setup`, or here when missing).
#   cuzk porep check   the real output passes; a tampered parent column names its native check and
#                      the circuit constraint it breaks (exit 1)
#   cuzk porep prove   on the CPU: per-partition times, the timings line, 192 bytes
#   cuzk porep verify  with --commit1 and with the explicit values (hex); a wrong seed fails
#   the daemon         `cuzk bench single --circuit porep-2KiB` (and StackedDrg2KiBV1_1) with
#                      the file as payload; the returned proof checked by `cuzk porep verify`;
#                      a tampered file refused at submission, naming the field
# usage: porep_e2e.sh <cuzk binary> <tests/fixtures/filecoin dir> <parameter dir> <scratch dir>
set -euo pipefail
cuzk=$1 fixtures=$2 params=$3 scratch=$4
c1=$fixtures/c1-2KiB.json
rm -rf "$scratch"
mkdir -p "$scratch" "$params"
fail() {
  echo "porep e2e: FAILED: $*" >&2
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

# A copy of the file with one change (python3: the Phase1Out is base64 of the bare JSON).
tamper() {  # tamper <out> <python statement on `p` (the bare output) or `w` (the wrapper)>
  python3 - "$c1" "$1" "$2" <<'PY'
import base64, json, sys
src, dst, stmt = sys.argv[1:4]
w = json.load(open(src))
p = json.loads(base64.b64decode(w["Phase1Out"]))
proofs = p["vanilla_proofs"]["StackedDrg2KiBV1"]
exec(stmt)
w["Phase1Out"] = base64.b64encode(json.dumps(p, separators=(",", ":")).encode()).decode()
json.dump(w, open(dst, "w"))
PY
}
tamper "$scratch/bad-column.json" 'proofs[0][0]["replica_column_proofs"]["drg_parents"][3]["column"]["rows"][0][3] ^= 1'
tamper "$scratch/bad-size.json" 'w["SectorSize"] = 8388608'

# check: no parameters needed.
expect_rc 0 "$cuzk" porep check --commit1 "$c1"
grep -q "native checks: OK" "$scratch/out" || fail "porep check: no native checks line"
grep -q "partition 0: .* constraints satisfied, 39 public inputs as the verifier computes them" "$scratch/out" ||
  fail "porep check: partition 0 not satisfied"
expect_rc 1 "$cuzk" porep check --commit1 "$scratch/bad-column.json"
grep -q "native checks: FAILED: partition 0 challenge 0: drg parent 3: column hash" "$scratch/out" || fail "check: native check not named"
grep -q "partition 0: FAILED: unsatisfied constraint challenge_0/" "$scratch/out" || fail "check: constraint not named"
echo "ok: porep check (the real file passes; a tampered column is named: $(grep -o 'constraint challenge_0/[^ ]*' "$scratch/out"))"
expect_rc 2 "$cuzk" porep check

# prove: a --params file that is not there is named (never generated); bad usage exits 2.
expect_rc 1 "$cuzk" porep prove --commit1 "$c1" --proof "$scratch/x.bin" --params "$scratch/missing.params" --backend cpu
grep -q "missing.params" "$scratch/err" || fail "prove: a missing --params file is not named"
expect_rc 2 "$cuzk" porep prove --commit1 "$c1" --proof "$scratch/x.bin" --params a --param-dir b
expect_rc 1 "$cuzk" porep prove --commit1 "$scratch/bad-size.json" --proof "$scratch/x.bin" --param-dir "$params" --backend cpu
grep -q "SectorSize: 8388608 bytes" "$scratch/err" || fail "prove: a wrong sector size is not named"

# prove (test parameters; generated here if the fixture did not make them) and verify.
expect_rc 0 "$cuzk" porep prove --commit1 "$c1" --proof "$scratch/proof.bin" --param-dir "$params" --backend cpu
cat "$scratch/out"
grep -qE "partition 0/1: synth [0-9]+ ms, gpu [0-9]+ ms" "$scratch/out" || fail "prove: no partition line"
grep -qE "^timings: total=[0-9]+ ms \(queue=[0-9]+ ms, srs=[0-9]+ ms, synth=[0-9]+ ms, gpu=[0-9]+ ms\)$" "$scratch/out" ||
  fail "prove: no timings line"
[ "$(stat -c %s "$scratch/proof.bin")" = 192 ] || fail "prove: the proof is not 192 bytes"
vk=$params/porep-2KiB.params
expect_rc 0 "$cuzk" porep verify --proof "$scratch/proof.bin" --vk "$vk" --commit1 "$c1"
grep -q "^OK" "$scratch/out" || fail "verify --commit1 did not print OK"
read -r comm_r comm_d replica_id seed < <(python3 - "$c1" <<'PY'
import base64, json, sys
p = json.loads(base64.b64decode(json.load(open(sys.argv[1]))["Phase1Out"]))
print(" ".join(bytes(p[k]).hex() for k in ("comm_r", "comm_d", "replica_id", "seed")))
PY
)
expect_rc 0 "$cuzk" porep verify --proof "$scratch/proof.bin" --vk "$vk" --comm-r "$comm_r" --comm-d "$comm_d" \
  --replica-id "$replica_id" --seed "$seed" --sector-size 2KiB
if [ "${seed:0:1}" = 0 ]; then wrong_seed="1${seed:1}"; else wrong_seed="0${seed:1}"; fi
expect_rc 1 "$cuzk" porep verify --proof "$scratch/proof.bin" --vk "$vk" --comm-r "$comm_r" --comm-d "$comm_d" \
  --replica-id "$replica_id" --seed "$wrong_seed" --sector-size 2KiB
grep -q "partition 0: FAILED" "$scratch/out" || fail "verify with a wrong seed did not name the partition"
expect_rc 2 "$cuzk" porep verify --proof "$scratch/proof.bin" --vk "$vk" --comm-r 12 --sector-size 2KiB
echo "ok: porep prove → 192 bytes → porep verify (--commit1 and hex values; a wrong seed fails)"

# Through the daemon.
if ! has_daemon "$cuzk"; then
  echo "porep e2e: SKIPPED the daemon part: this cuzk has no daemon (gRPC not built)"
  echo "porep e2e: all checks passed"
  exit 0
fi
start_cpu_daemon "$cuzk" "$scratch" "$params"
for circuit in porep-2KiB StackedDrg2KiBV1_1; do
  expect_rc 0 "$cuzk" bench single --addr "unix:$sock" --circuit "$circuit" --payload "$c1" \
    --proof-out "$scratch/daemon-proof.bin"
  cat "$scratch/out"
  grep -q "circuit=porep-2KiB kind=porep proofs=1" "$scratch/out" || fail "bench single $circuit: not a porep-2KiB result"
  grep -qE "^timings: total=[0-9]+ ms" "$scratch/out" || fail "bench single $circuit: no timings line"
  expect_rc 0 "$cuzk" porep verify --proof "$scratch/daemon-proof.bin" --vk "$vk" --commit1 "$c1"
done
expect_rc 1 "$cuzk" bench single --addr "unix:$sock" --circuit porep-2KiB --payload "$scratch/bad-size.json"
grep -q "SectorSize: 8388608 bytes" "$scratch/err" || fail "a wrong sector size was not named: $(cat "$scratch/err")"
expect_rc 1 "$cuzk" bench single --addr "unix:$sock" --circuit porep-8MiB --payload "$c1"
grep -q "prove it as porep-2KiB" "$scratch/err" || fail "another size's circuit: $(cat "$scratch/err")"
echo "ok: the daemon proves porep-2KiB (and StackedDrg2KiBV1_1); porep verify accepts its proof; bad files refused"
kill -TERM $daemon
wait $daemon || fail "daemon exit $? after SIGTERM"
trap - EXIT
echo "porep e2e: all checks passed"
