#!/usr/bin/env bash
# Prints what ptxas gives each kernel of the CUDA backend's .cu files: registers, stack frame,
# spill stores and loads, one line a kernel, for sm_90 (or $CUDA_ARCH). Needs nvcc only, no
# GPU: the static half of a kernel change's record in docs/PERF.md (the G2 MSM's goal of no
# stack frame, the register budget behind a kernel's blocks per multiprocessor).
#
#   scripts/kernel-resources.sh [FILE.cu ...]     defaults: every src/backend/cuda/*.cu
#
# Output lines: "<file> <kernel> regs=N stack=N spill_stores=N spill_loads=N", kernel names
# demangled and shortened (namespaces and parameter lists dropped).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ARCH=${CUDA_ARCH:-90}
if [[ ! -x $NVCC ]]; then
  echo "kernel-resources: nvcc not found (set NVCC)" >&2
  exit 1
fi

if [[ $# -gt 0 ]]; then
  FILES=("$@")
else
  FILES=("$ROOT"/src/backend/cuda/*.cu)
fi

OBJ=$(mktemp --suffix=.o)
trap 'rm -f "$OBJ"' EXIT
for file in "${FILES[@]}"; do
  if [[ ! -f $file ]]; then
    echo "kernel-resources: no such file: $file" >&2
    exit 1
  fi
  "$NVCC" -I"$ROOT/src" -O3 -DNDEBUG -std=c++20 --generate-code=arch=compute_$ARCH,code=sm_$ARCH \
    -Xptxas -v -x cu -c "$file" -o "$OBJ" 2>&1 | c++filt | awk -v file="$(basename "$file")" '
    # ptxas prints, per entry: "Function properties for NAME", the stack line, "Used N registers".
    /Function properties for/ {
      name = $0
      sub(/.*Function properties for /, "", name)
      entry = (name ~ /^void /)
      sub(/^void /, "", name)
      sub(/\(.*/, "", name)
      gsub(/[A-Za-z_0-9]+::/, "", name)
      next
    }
    /bytes stack frame/ { stack = $(NF - 11); stores = $(NF - 7); loads = $(NF - 3); next }
    /Used [0-9]+ registers/ && entry {
      regs = $0
      sub(/.*Used /, "", regs)
      sub(/ registers.*/, "", regs)
      printf "%s %s regs=%s stack=%s spill_stores=%s spill_loads=%s\n", file, name, regs, stack, stores, loads
      entry = 0
    }'
done
