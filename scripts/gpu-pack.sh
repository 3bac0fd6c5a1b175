#!/usr/bin/env bash
# Copies what scripts/gpu-check.sh runs out of a configured CUDA build folder into a small
# folder that travels to the GPU machine (the full build folder, objects included, is far too
# large to carry): the CMake cache, a top-level CTestTestfile.cmake that names only the gpu
# tests' folder (ctest stops at the other folders' missing programs), that folder's ctest
# and discovery files and stripped test programs, the stripped `cuzk` program and benchmarks
# run by hand, the circom
# fixtures' extracted bulk files, and BUILD_DIR/carried-libs.
#
#   scripts/gpu-pack.sh [BUILD_DIR [DEST]]      defaults: build-gpu, build-gpu-carry
#   (carry DEST.tar.xz; then, on the GPU machine:)
#   tar -xJf build-gpu-carry.tar.xz && scripts/gpu-check.sh build-gpu-carry
#   CUZK_PACK_TESTS=0 scripts/gpu-pack.sh …      the programs alone (no tests, no fixtures): e.g. a
#                                                build with CUZK_SUPRASEAL_REFERENCE for
#                                                scripts/supraseal-side-by-side.sh
#
# The copies keep their paths relative to BUILD_DIR; gpu-check.sh links the build path the
# cache records to DEST, so ctest finds the programs there.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$ROOT"
BUILD_DIR=${1:-build-gpu}
DEST=${2:-build-gpu-carry}
[[ -f $BUILD_DIR/CMakeCache.txt ]] || { echo "gpu-pack: $BUILD_DIR is not a configured build folder" >&2; exit 1; }
rm -rf "$DEST"
mkdir -p "$DEST"
copy() {  # copy <path relative to BUILD_DIR> [strip]
  mkdir -p "$DEST/$(dirname "$1")"
  cp -p "$BUILD_DIR/$1" "$DEST/$1"
  if [[ ${2:-} == strip ]]; then strip --strip-all "$DEST/$1"; fi
}
copy CMakeCache.txt
if [[ ${CUZK_PACK_TESTS:-1} != 0 ]]; then
  printf '# gpu tests only (scripts/gpu-pack.sh)\nsubdirs("tests/backend/cuda")\n' >"$DEST/CTestTestfile.cmake"
  gpu_tests=$BUILD_DIR/tests/backend/cuda
  while IFS= read -r f; do copy "${f#"$BUILD_DIR"/}"; done < <(find "$gpu_tests" -maxdepth 1 -name '*.cmake')
  while IFS= read -r f; do copy "${f#"$BUILD_DIR"/}" strip; done < <(find "$gpu_tests" -maxdepth 1 -type f -perm -u+x)
fi
copy src/cli/cuzk strip
# The benchmarks run by hand on the GPU machine (docs/PERF.md): witness-only synthesis, the
# recorded matrices' product, the Poseidon fill, the engine's overhead and cuzk beside
# supraseal-c2 (built with CUZK_SUPRASEAL_REFERENCE only).
benches=()
for b in bench/synthesis_bench bench/recorded_spmv_gpu_bench bench/poseidon_fill_gpu_bench bench/engine_bench \
  bench/supraseal_side_by_side; do
  if [[ -f $BUILD_DIR/$b ]]; then copy "$b" strip; benches+=("$BUILD_DIR/$b"); fi
done
# The circom fixtures' bulk files (zkeys, witnesses) that tests/circom extracts into the build
# tree: the prover seam's GPU test reads them there.
if [[ ${CUZK_PACK_TESTS:-1} != 0 && -d $BUILD_DIR/tests/circom/fixtures ]]; then
  mkdir -p "$DEST/tests/circom"
  cp -rL "$BUILD_DIR/tests/circom/fixtures" "$DEST/tests/circom/"
fi
if [[ -d $BUILD_DIR/carried-libs ]]; then cp -rL "$BUILD_DIR/carried-libs" "$DEST/"; fi
# `cuzk` links the daemon's libraries (gRPC, protobuf, abseil, toml++), the benchmarks Google
# Benchmark: carry every shared library they need beyond the C and C++ runtimes, which the GPU
# machine has in newer versions.
mkdir -p "$DEST/carried-libs"
for p in "$BUILD_DIR/src/cli/cuzk" "${benches[@]}"; do ldd "$p"; done | awk '$3 ~ /^\// {print $3}' | sort -u |
  { grep -vE '/(libc|libm|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' || true; } |
  while IFS= read -r lib; do cp -L "$lib" "$DEST/carried-libs/"; done
# One archive to carry (binaries compress ~3x): tar -xJf DEST.tar.xz on the GPU machine.
tar -C "$(dirname "$DEST")" -cJf "$DEST.tar.xz" "$(basename "$DEST")"
du -sh "$DEST" "$DEST.tar.xz"
