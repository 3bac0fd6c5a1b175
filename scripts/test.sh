#!/usr/bin/env bash
# Installs the dependencies, builds everything with warnings as errors in ./build, and runs
# every test. Exits non-zero on any failure. Without a GPU the CUDA tests (label "gpu")
# skip, loudly; run scripts/gpu-check.sh on a GPU machine for those.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCUZK_WERROR=ON -DCUZK_GRPC=ON
cmake --build build
ctest --test-dir build --output-on-failure -j2
