#!/usr/bin/env bash
# Interop test (ctest label "interop"): cuzk's proofs, made by prove_command from each fixture's
# snarkjs zkey and circom witness, must pass `snarkjs groth16 verify`, and a tampered public
# signal must fail it.
#
# Usage: interop_test.sh PROVE_TOOL FIXTURES_DIR BULK_DIR WORK_DIR
#   PROVE_TOOL    the circom_prove_tool binary (tests/circom/prove_tool.cpp)
#   FIXTURES_DIR  tests/fixtures/circom
#   BULK_DIR      where the build extracted the bulk.tar.xz fixtures
#   WORK_DIR      scratch directory for the proofs
# snarkjs comes from tools/circom/node_modules; when that is missing the script runs
# `npm ci --prefix tools/circom` (needs the registry). With node_modules present it runs
# offline. Only when node or npm is not installed at all does it skip, loudly, with exit 0.
set -uo pipefail

if [ $# -ne 4 ]; then
  echo "usage: $0 PROVE_TOOL FIXTURES_DIR BULK_DIR WORK_DIR" >&2
  exit 2
fi
PROVE_TOOL="$1"
FIXTURES_DIR="$2"
BULK_DIR="$3"
WORK_DIR="$4"
TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "######################################################################"
  echo "## SKIPPED: circom interop test: node/npm not installed; snarkjs cannot run."
  echo "## Install Node.js 20 + npm (scripts/install-deps.sh) to run it."
  echo "######################################################################"
  exit 0
fi

SNARKJS_CLI="${TOOLS_DIR}/node_modules/snarkjs/build/cli.cjs"
if [ ! -f "${SNARKJS_CLI}" ]; then
  echo "interop: ${TOOLS_DIR}/node_modules missing: npm ci --prefix ${TOOLS_DIR}"
  if ! npm ci --prefix "${TOOLS_DIR}" --no-audit --no-fund; then
    echo "interop: FAILED: npm ci could not install snarkjs (registry unreachable?)" >&2
    exit 1
  fi
fi

fixture_file() {  # NAME FILE: the source copy, else the extracted bulk copy
  if [ -f "${FIXTURES_DIR}/$1/$2" ]; then echo "${FIXTURES_DIR}/$1/$2"; else echo "${BULK_DIR}/$1/$2"; fi
}

mkdir -p "${WORK_DIR}"
passed=0
failed=0
for dir in "${FIXTURES_DIR}"/*/; do
  name="$(basename "${dir}")"
  [ "${name}" = "bn128" ] && continue  # the wrong-curve fixture: cuzk refuses it by design
  [ -f "${dir}/verification_key.json" ] || continue
  zkey="$(fixture_file "${name}" circuit.zkey)"
  wtns="$(fixture_file "${name}" witness.wtns)"
  vk="${dir}/verification_key.json"
  proof="${WORK_DIR}/${name}_proof.json"
  pub="${WORK_DIR}/${name}_public.json"
  rm -f "${proof}" "${pub}"
  echo "== ${name}"
  if ! "${PROVE_TOOL}" --zkey "${zkey}" --witness "${wtns}" --proof "${proof}" --public "${pub}"; then
    echo "FAIL ${name}: cuzk could not prove"
    failed=$((failed + 1))
    continue
  fi
  out="$(node "${SNARKJS_CLI}" groth16 verify "${vk}" "${pub}" "${proof}" 2>&1)"
  rc=$?
  if [ ${rc} -ne 0 ] || ! grep -q "OK" <<<"${out}"; then
    echo "FAIL ${name}: snarkjs groth16 verify rejected cuzk's proof (rc ${rc}):"
    echo "${out}"
    failed=$((failed + 1))
    continue
  fi
  echo "   snarkjs groth16 verify: OK"
  # Negative control: snarkjs must reject a tampered public signal (first one + 1).
  if [ "$(tr -d ' \n' <"${pub}")" != "[]" ]; then
    tampered="${WORK_DIR}/${name}_public_tampered.json"
    node -e '
      const fs = require("fs");
      const s = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      s[0] = (BigInt(s[0]) + 1n).toString();
      fs.writeFileSync(process.argv[2], JSON.stringify(s));' "${pub}" "${tampered}"
    if node "${SNARKJS_CLI}" groth16 verify "${vk}" "${tampered}" "${proof}" >/dev/null 2>&1; then
      echo "FAIL ${name}: snarkjs accepted a tampered public signal"
      failed=$((failed + 1))
      continue
    fi
    echo "   tampered public signal: rejected"
  fi
  passed=$((passed + 1))
done

echo "${passed} passed, ${failed} failed"
if [ ${passed} -eq 0 ]; then
  echo "interop: FAILED: no fixture was tested (fixtures in ${FIXTURES_DIR}?)" >&2
  exit 1
fi
[ ${failed} -eq 0 ]
