#!/usr/bin/env bash
# Installs the dependencies, builds cuzk (Release) in ./build, and runs `cuzk selftest`: the
# quickest check that this machine can build and run the prover.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
cli=build/src/cli/cuzk
if [[ ! -x $cli ]]; then
  echo "run.sh: $cli was not built (is the cli target enabled in src/CMakeLists.txt?)" >&2
  exit 1
fi
exec "$cli" selftest
