#!/usr/bin/env bash
# End-to-end checks of the `cuzk` command line: selftest, prove → verify on a circom fixture,
# snarkjs's proof accepted, bench prove on the synthetic circuit and a WindowPoSt partition,
# and exit codes for bad usage (2) and bad input (1).
# usage: cli_smoke.sh <cuzk binary> <tests/fixtures/circom dir> <scratch dir>
set -euo pipefail
cuzk=$1 fixtures=$2 scratch=$3
mkdir -p "$scratch"
f=$fixtures/many_public
fail() { echo "FAIL: $*"; exit 1; }
expect_rc() {  # expect_rc <code> <command…>
  local want=$1; shift
  set +e; "$@" >"$scratch/out" 2>"$scratch/err"; local got=$?; set -e
  [ "$got" = "$want" ] || { cat "$scratch/out" "$scratch/err"; fail "$* exited $got, expected $want"; }
}

expect_rc 0 "$cuzk" selftest
expect_rc 0 "$cuzk" prove --zkey "$f/circuit.zkey" --witness "$f/witness.wtns" --proof "$scratch/proof.json" \
  --public "$scratch/public.json" --r1cs "$f/circuit.r1cs"
expect_rc 0 "$cuzk" verify --vk "$f/verification_key.json" --proof "$scratch/proof.json" --public "$scratch/public.json"
grep -qx OK "$scratch/out" || fail "verify did not print OK"
expect_rc 0 "$cuzk" verify --vk "$f/verification_key.json" --proof "$f/snarkjs_proof.json" --public "$f/snarkjs_public.json"
# a proof checked against other public inputs fails with exit 1 and a message
sed 's/"1"/"2"/' "$f/snarkjs_public.json" >"$scratch/wrong_public.json"
if ! cmp -s "$f/snarkjs_public.json" "$scratch/wrong_public.json"; then
  expect_rc 1 "$cuzk" verify --vk "$f/verification_key.json" --proof "$f/snarkjs_proof.json" --public "$scratch/wrong_public.json"
fi
expect_rc 1 "$cuzk" prove --zkey "$scratch/missing.zkey" --witness "$f/witness.wtns" --proof "$scratch/p" --public "$scratch/q"
grep -q "missing.zkey" "$scratch/err" || fail "error does not name the missing file"
expect_rc 2 "$cuzk" prove --zkey "$f/circuit.zkey"
expect_rc 2 "$cuzk" no-such-command
expect_rc 2 "$cuzk" bench prove --constraints zero
expect_rc 0 "$cuzk" bench prove --constraints 64 --setup real
grep -q "all 1 proofs verified" "$scratch/out" || fail "bench prove did not verify its proof"
expect_rc 0 "$cuzk" bench prove --constraints 100 --proofs 1,3 --witness shared
grep -q "all 3 proofs verified" "$scratch/out" || fail "bench prove did not verify a batch of one witness proved three times"
expect_rc 2 "$cuzk" bench prove --proofs 1,,2
expect_rc 2 "$cuzk" bench prove --witness some
expect_rc 0 "$cuzk" bench prove --post window-post --sector-size 2KiB --setup real
grep -q "all 1 proofs verified" "$scratch/out" || fail "bench prove did not verify the WindowPoSt proof"
expect_rc 2 "$cuzk" bench prove --post window-post --constraints 64
expect_rc 2 "$cuzk" bench prove --post no-such-kind
expect_rc 0 "$cuzk" setup --circuit synthetic-64 --param-dir "$scratch/params"
[ -s "$scratch/params/synthetic-64.params" ] || fail "setup wrote no parameter file"
expect_rc 2 "$cuzk" setup --circuit no-such-circuit
expect_rc 2 "$cuzk" daemon --config "$scratch/missing.toml"
grep -q -e "missing.toml" -e "no gRPC daemon" "$scratch/err" || fail "daemon error does not name the missing config"
echo "cli smoke: all checks passed"
