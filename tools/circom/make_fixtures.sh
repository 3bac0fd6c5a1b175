#!/usr/bin/env bash
# Regenerates the circom/snarkjs fixtures under tests/fixtures/circom/<name>/ from the circuits in
# tools/circom/circuits/ (circom2 --prime bls12381, snarkjs 0.7.x from tools/circom/package.json).
#
# For each circuit NAME (NAME.circom + NAME.input.json):
#   circuit.r1cs            circom2 --r1cs --wasm --prime bls12381
#   input.json              copied from circuits/NAME.input.json
#   witness.wtns            computed with the circuit's generated wasm (snarkjs wtns calculate)
#   circuit.zkey            snarkjs groth16 setup with the 2^15 BLS12-381 powers of tau, then one
#                           deterministic beacon contribution (so δ ≠ the generator)
#   verification_key.json   snarkjs zkey export verificationkey
#   snarkjs_proof.json      snarkjs groth16 prove (checked with snarkjs groth16 verify)
#   snarkjs_public.json
# A fixture whose zkey exceeds 1 MiB (sha256: 22 MB of zkey, 7 MB of r1cs) keeps circuit.zkey,
# circuit.r1cs and witness.wtns in bulk.tar.xz instead (~11 MB; deterministic tar + xz); the test
# build extracts it into the build tree (tests/circom/CMakeLists.txt).
# plus tests/fixtures/circom/bn128/: a tiny bn128 circuit, zkey and witness made from a throwaway
# 2^4 bn128 ceremony, which cuzk must reject (wrong curve).
#
# Usage: tools/circom/make_fixtures.sh [PTAU] [NAME...]
#   PTAU defaults to ../shared/fixtures/pot15_bls12381_final.ptau (relative to the repo root).
#   NAMEs default to every circuit. Needs node + npm (runs npm ci when node_modules is missing).
# Everything is deterministic (circom, setup, the beacon contributions, tar + xz) except the
# snarkjs proofs, for which snarkjs draws r, s at random: regenerating rewrites only those files.
# A full run takes ~7 minutes on 2 cores (the SHA-256 setup and proof dominate).
set -euo pipefail

TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "${TOOLS_DIR}/../.." && pwd)"
OUT_ROOT="${ROOT}/tests/fixtures/circom"
PTAU="${1:-${ROOT}/../shared/fixtures/pot15_bls12381_final.ptau}"
shift || true
CIRCUITS=("$@")
if [ ${#CIRCUITS[@]} -eq 0 ]; then
  CIRCUITS=(no_public many_public wide_lc negative sha256)
fi

# Fixed beacon: the contribution is reproducible (snarkjs zkey beacon is deterministic).
BEACON_HASH="0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20"
BEACON_ITER_EXP=10

if [ ! -f "${PTAU}" ]; then
  echo "make_fixtures: powers of tau not found: ${PTAU}" >&2
  exit 1
fi
if [ ! -d "${TOOLS_DIR}/node_modules/snarkjs" ]; then
  (cd "${TOOLS_DIR}" && npm ci --no-audit --no-fund)
fi
SNARKJS=(node "${TOOLS_DIR}/node_modules/snarkjs/build/cli.cjs")
CIRCOM=(node "${TOOLS_DIR}/node_modules/circom2/cli.js")

WORK="$(mktemp -d)"
trap 'rm -rf "${WORK}"' EXIT

make_one() {
  local name="$1" prime="$2" ptau="$3" out="$4" src="$5" input="$6"
  local build="${WORK}/${name}"
  mkdir -p "${build}" "${out}"
  echo "== ${name} (${prime})"
  "${CIRCOM[@]}" "${src}" --r1cs --wasm --prime "${prime}" -o "${build}" -l "${TOOLS_DIR}/node_modules" >"${build}/circom.log"
  grep -E "constraints|wires|inputs|outputs" "${build}/circom.log" | sed 's/^/   /'
  local base
  base="$(basename "${src}" .circom)"
  cp "${build}/${base}.r1cs" "${out}/circuit.r1cs"
  cp "${input}" "${out}/input.json"
  "${SNARKJS[@]}" wtns calculate "${build}/${base}_js/${base}.wasm" "${out}/input.json" "${out}/witness.wtns"
  "${SNARKJS[@]}" wtns check "${out}/circuit.r1cs" "${out}/witness.wtns" >/dev/null
  "${SNARKJS[@]}" groth16 setup "${out}/circuit.r1cs" "${ptau}" "${build}/circuit_0000.zkey" >/dev/null
  "${SNARKJS[@]}" zkey beacon "${build}/circuit_0000.zkey" "${out}/circuit.zkey" "${BEACON_HASH}" "${BEACON_ITER_EXP}" \
    -n="cuzk fixture beacon" >/dev/null
  "${SNARKJS[@]}" zkey export verificationkey "${out}/circuit.zkey" "${out}/verification_key.json" >/dev/null
  "${SNARKJS[@]}" groth16 prove "${out}/circuit.zkey" "${out}/witness.wtns" "${out}/snarkjs_proof.json" \
    "${out}/snarkjs_public.json"
  "${SNARKJS[@]}" groth16 verify "${out}/verification_key.json" "${out}/snarkjs_public.json" \
    "${out}/snarkjs_proof.json" | sed 's/^/   /'
  rm -f "${out}/bulk.tar.xz"
  if [ "$(stat -c %s "${out}/circuit.zkey")" -gt 1048576 ]; then
    (cd "${out}" && tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - \
       circuit.zkey circuit.r1cs witness.wtns | xz -9 -T1 >bulk.tar.xz \
       && rm circuit.zkey circuit.r1cs witness.wtns)
  fi
}

for name in "${CIRCUITS[@]}"; do
  if [ "${name}" = "bn128" ]; then continue; fi
  make_one "${name}" bls12381 "${PTAU}" "${OUT_ROOT}/${name}" "${TOOLS_DIR}/circuits/${name}.circom" \
    "${TOOLS_DIR}/circuits/${name}.input.json"
done

# A tiny bn128 fixture (wrong curve for cuzk): its own 2^4 ceremony, made here in seconds.
if [ $# -eq 0 ] || printf '%s\n' "${CIRCUITS[@]}" | grep -qx bn128; then
  echo "== bn128 ceremony (2^4)"
  "${SNARKJS[@]}" powersoftau new bn128 4 "${WORK}/bn_0000.ptau" >/dev/null
  "${SNARKJS[@]}" powersoftau beacon "${WORK}/bn_0000.ptau" "${WORK}/bn_beacon.ptau" "${BEACON_HASH}" \
    "${BEACON_ITER_EXP}" >/dev/null
  "${SNARKJS[@]}" powersoftau prepare phase2 "${WORK}/bn_beacon.ptau" "${WORK}/bn_final.ptau" >/dev/null
  make_one bn128 bn128 "${WORK}/bn_final.ptau" "${OUT_ROOT}/bn128" "${TOOLS_DIR}/circuits/negative.circom" \
    "${TOOLS_DIR}/circuits/negative.input.json"
fi

echo "== sizes"
du -ab "${OUT_ROOT}" | sort -k2
