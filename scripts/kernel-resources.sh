#!/usr/bin/env bash
# Prints what ptxas gives each kernel of the CUDA backend's .cu files: registers, stack frame,
# spill stores and loads, one line a kernel, for sm_90 (or $CUDA_ARCH). Needs nvcc only, no
# GPU: the static half of a kernel change's record in docs/PERF.md (the G2 MSM's goal of no
# stack frame, the register budget behind a kernel's blocks per multiprocessor).
#
#   scripts/kernel-resources.sh [FILE.cu ...]     defaults: every src/backend/cuda/*/*.cu
#
# Each file compiles against the headers of its own tree, so a file of another checkout (an
# older commit's worktree, for a before/after) is measured as that commit built it.
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
  FILES=("$ROOT"/src/backend/cuda/*/*.cu)
fi

OBJ=$(mktemp --suffix=.o)
trap 'rm -f "$OBJ"' EXIT
for file in "${FILES[@]}"; do
  if [[ ! -f $file ]]; then
    echo "kernel-resources: no such file: $file" >&2
    exit 1
  fi
  # includes from the file's own tree (another checkout's file sees its own headers)
  src=$(cd "$(dirname "$file")" && pwd -P)
  src=${src%/backend/cuda*}
  "$NVCC" -I"$src" -O3 -DNDEBUG -std=c++20 "--generate-code=arch=compute_$ARCH,code=sm_$ARCH" \
    -Xptxas -v -x cu -c "$file" -o "$OBJ" 2>&1 | c++filt | awk -v file="$(basename "$file")" '
    # Per kernel ptxas prints "Compiling entry function NAME", its stack line, then "Used N
    # registers"; the stack lines of the functions it calls come after that.
    /Compiling entry function/ {
      name = $0
      sub(/.*Compiling entry function .void /, "", name)
      sub(/.*Compiling entry function ./, "", name)
      gsub(/\(anonymous namespace\)::/, "", name)
      sub(/\(.*/, "", name)
      gsub(/[A-Za-z_0-9]+::/, "", name)
      want_stack = 1
      next
    }
    /bytes stack frame/ && want_stack {
      split($0, w, /[^0-9]+/)  # the three numbers, after an empty leading field
      stack = w[2]; stores = w[3]; loads = w[4]
      want_stack = 0
      next
    }
    /Used [0-9]+ registers/ && name != "" {
      regs = $0
      sub(/.*Used /, "", regs)
      sub(/ registers.*/, "", regs)
      printf "%s %s regs=%s stack=%s spill_stores=%s spill_loads=%s\n", file, name, regs, stack, stores, loads
      name = ""
    }'
done
