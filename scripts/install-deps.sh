#!/usr/bin/env bash
# Installs what building and testing cuzk needs on Debian 12, and nothing that is already
# there: idempotent, and it runs `apt-get update` only when something is missing.
#
#   build-essential cmake ninja-build python3      compilers and build tools
#   libgtest-dev libgmock-dev libbenchmark-dev     GoogleTest, Google Benchmark
#   nlohmann-json3-dev                             test vectors (JSON)
#   libgrpc++-dev protobuf-compiler-grpc           the daemon's gRPC service and client
#   libprotobuf-dev protobuf-compiler              (protoc and the grpc_cpp_plugin)
#   libtomlplusplus-dev                            the daemon's TOML configuration
#   nodejs npm                                     the oracles in tools/oracle (snarkjs, noble)
#   clang                                          the thread-safety analysis (scripts/check-thread-safety.sh)
#   openssl                                        test certificates for the daemon's TLS listener (daemon_e2e)
#
# Each package counts as present if dpkg has it installed or what it provides is already
# there (a command or a header): a Node.js from NodeSource bundles npm, and Debian's npm
# package would conflict with it. CUDA is never installed here: CMake finds nvcc by itself
# (CUZK_CUDA=AUTO) and builds the CUDA backend only where it exists.
# Run as root (or with sudo available).
set -euo pipefail

# package → what shows it is present without dpkg: "cmd:<name>[,<name>...]" or a file path
declare -A PROVIDES=(
  [build-essential]="cmd:gcc,g++,make"
  [cmake]="cmd:cmake"
  [ninja-build]="cmd:ninja"
  [python3]="cmd:python3"
  [libgtest-dev]="/usr/include/gtest/gtest.h"
  [libgmock-dev]="/usr/include/gmock/gmock.h"
  [libbenchmark-dev]="/usr/include/benchmark/benchmark.h"
  [nlohmann-json3-dev]="/usr/include/nlohmann/json.hpp"
  [libgrpc++-dev]="/usr/include/grpcpp/grpcpp.h"
  [protobuf-compiler-grpc]="cmd:grpc_cpp_plugin"
  [libprotobuf-dev]="/usr/include/google/protobuf/message.h"
  [protobuf-compiler]="cmd:protoc"
  [libtomlplusplus-dev]="/usr/include/toml++/toml.h"
  [nodejs]="cmd:node"
  [npm]="cmd:npm"
  [clang]="cmd:clang++"
  [openssl]="cmd:openssl"
)
PACKAGES=(build-essential cmake ninja-build python3 libgtest-dev libgmock-dev libbenchmark-dev
          nlohmann-json3-dev libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
          libtomlplusplus-dev nodejs npm clang openssl)

dpkg_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" == "install ok installed" ]]
}

provided() {
  local what=$1
  if [[ $what == cmd:* ]]; then
    local cmd
    IFS=, read -ra cmds <<<"${what#cmd:}"
    for cmd in "${cmds[@]}"; do command -v "$cmd" >/dev/null 2>&1 || return 1; done
    return 0
  fi
  [[ -e $what ]]
}

missing=()
for pkg in "${PACKAGES[@]}"; do
  if dpkg_installed "$pkg" || provided "${PROVIDES[$pkg]}"; then continue; fi
  missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all dependencies present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=()
if ((EUID != 0)); then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "install-deps: missing ${missing[*]} and not root (no sudo): install them as root" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
