#!/usr/bin/env bash
# Builds the libFuzzer targets (build-fuzz/, clang, ASan + UBSan) and runs each for a while.
#
#   fuzz/run_all.sh [SECONDS] [options]          SECONDS per target, default 300
#     -j, --parallel N    run at most N fuzzers at once (default 2)
#     -t, --targets "…"   only these targets (default: all, see TARGETS below)
#     --no-build          use the existing build-fuzz/ as is
#     --seeds             regenerate the generated seeds (fuzz_make_seeds, make_daemon_seeds.py)
#                         and the circom fixture copies in fuzz/corpus/ before running
#     --nice N            niceness of the fuzzers (default 10)
#
# Each target reads its committed seeds fuzz/corpus/<target>/ and grows a working corpus in
# fuzz/work/<target>/ (gitignored, kept between runs: later runs start where earlier ones
# stopped). Logs go to fuzz/logs/<target>.log, crash/leak/timeout/oom inputs to
# fuzz/logs/artifacts/<target>/ (both gitignored). Prints a summary table at the end; the exit
# status is 1 if any target found something.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ="$ROOT/fuzz"
BUILD="${CUZK_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
TARGETS=(fuzz_field_text fuzz_point_decoding fuzz_bellperson fuzz_snarkjs_json fuzz_r1cs fuzz_wtns fuzz_zkey fuzz_commit1 fuzz_post_vanilla fuzz_snap_partition
         fuzz_grpc_request fuzz_config fuzz_cli_files)

# -max_len per input format: large enough for the committed seeds, small enough to stay fast.
declare -A MAX_LEN=(
  [fuzz_field_text]=256 [fuzz_point_decoding]=256 [fuzz_bellperson]=4096 [fuzz_snarkjs_json]=12288
  [fuzz_r1cs]=8192 [fuzz_wtns]=4096 [fuzz_zkey]=49152 [fuzz_commit1]=140000
  [fuzz_post_vanilla]=40000 [fuzz_snap_partition]=65536 [fuzz_grpc_request]=40000 [fuzz_config]=4096
  [fuzz_cli_files]=8192
)
declare -A DICT=(
  [fuzz_snarkjs_json]=snarkjs_json.dict [fuzz_r1cs]=binfile.dict [fuzz_wtns]=binfile.dict [fuzz_zkey]=binfile.dict
  [fuzz_commit1]=commit1.dict [fuzz_config]=config.dict [fuzz_cli_files]=config.dict
)

SECONDS_PER_TARGET=300
PARALLEL=2
BUILD_FIRST=1
SEEDS=0
NICE=10
SELECTED=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    -j|--parallel) PARALLEL="$2"; shift 2 ;;
    -t|--targets) read -r -a SELECTED <<< "$2"; shift 2 ;;
    --no-build) BUILD_FIRST=0; shift ;;
    --seeds) SEEDS=1; shift ;;
    --nice) NICE="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "${BASH_SOURCE[0]}"; exit 0 ;;
    [0-9]*) SECONDS_PER_TARGET="$1"; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[[ ${#SELECTED[@]} -gt 0 ]] && TARGETS=("${SELECTED[@]}")

if [[ $BUILD_FIRST -eq 1 ]]; then
  if [[ ! -f "$BUILD/build.ninja" ]]; then
    CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCUZK_BUILD_FUZZERS=ON -DCUZK_CUDA=OFF \
      -DCUZK_BUILD_TESTS=OFF -DCUZK_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
  fi
  nice -n "$NICE" ninja -C "$BUILD" -j "${CUZK_FUZZ_BUILD_JOBS:-2}" cuzk_fuzzers
fi

if [[ $SEEDS -eq 1 ]]; then
  "$BUILD/fuzz/fuzz_make_seeds" "$FUZZ/corpus"
  fixtures="$ROOT/tests/fixtures/circom"
  for n in no_public many_public wide_lc negative bn128; do
    cp "$fixtures/$n/circuit.r1cs" "$FUZZ/corpus/fuzz_r1cs/$n.r1cs"
    cp "$fixtures/$n/witness.wtns" "$FUZZ/corpus/fuzz_wtns/$n.wtns"
    cp "$fixtures/$n/circuit.zkey" "$FUZZ/corpus/fuzz_zkey/$n.zkey"
    cp "$fixtures/$n/snarkjs_proof.json" "$FUZZ/corpus/fuzz_snarkjs_json/${n}_proof.json"
    cp "$fixtures/$n/snarkjs_public.json" "$FUZZ/corpus/fuzz_snarkjs_json/${n}_public.json"
    cp "$fixtures/$n/verification_key.json" "$FUZZ/corpus/fuzz_snarkjs_json/${n}_verification_key.json"
  done
  cp "$fixtures/sha256/snarkjs_proof.json" "$FUZZ/corpus/fuzz_snarkjs_json/sha256_proof.json"
  cp "$fixtures/sha256/snarkjs_public.json" "$FUZZ/corpus/fuzz_snarkjs_json/sha256_public.json"
  c1="$ROOT/tests/fixtures/filecoin/c1-2KiB.json"  # the Commit-1 output wrapped, and its bare Phase1Out
  mkdir -p "$FUZZ/corpus/fuzz_commit1"
  cp "$c1" "$FUZZ/corpus/fuzz_commit1/c1-2KiB-wrapped.json"
  python3 -c 'import base64, json, sys; sys.stdout.buffer.write(base64.b64decode(json.load(open(sys.argv[1]))["Phase1Out"]))' \
    "$c1" > "$FUZZ/corpus/fuzz_commit1/c1-2KiB-bare.json"
  python3 "$FUZZ/make_daemon_seeds.py" "$ROOT"
fi

mkdir -p "$FUZZ/logs/artifacts"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

run_one() {
  local t="$1"
  local bin="$BUILD/fuzz/$t"
  local work="$FUZZ/work/$t" art="$FUZZ/logs/artifacts/$t/"
  mkdir -p "$work" "$art"
  local args=(-max_total_time="$SECONDS_PER_TARGET" -max_len="${MAX_LEN[$t]}" -rss_limit_mb=2048 -malloc_limit_mb=256 -timeout=30
              -print_final_stats=1 -artifact_prefix="$art")
  [[ -n "${DICT[$t]:-}" ]] && args+=(-dict="$FUZZ/dict/${DICT[$t]}")
  echo "[$(date +%T)] start $t (${SECONDS_PER_TARGET}s, max_len ${MAX_LEN[$t]})"
  local rc=0
  nice -n "$NICE" "$bin" "${args[@]}" "$work" "$FUZZ/corpus/$t" > "$FUZZ/logs/$t.log" 2>&1 || rc=$?
  echo "$rc" > "$FUZZ/logs/$t.rc"
  echo "[$(date +%T)] done  $t (exit $rc)"
}

for t in "${TARGETS[@]}"; do
  [[ -x "$BUILD/fuzz/$t" ]] || { echo "missing $BUILD/fuzz/$t (build first)" >&2; exit 2; }
  [[ -n "${MAX_LEN[$t]:-}" ]] || { echo "unknown target $t" >&2; exit 2; }
done

for t in "${TARGETS[@]}"; do
  while [[ $(jobs -rp | wc -l) -ge $PARALLEL ]]; do wait -n || true; done
  run_one "$t" &
done
wait

# ---- summary ----
found=0
printf '\n%-22s %8s %12s %10s %8s %8s %8s  %s\n' target seconds execs exec/s cov ft corpus result
for t in "${TARGETS[@]}"; do
  log="$FUZZ/logs/$t.log"
  rc="$(cat "$FUZZ/logs/$t.rc" 2>/dev/null || echo '?')"
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  secs="$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)"
  eps="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
  last="$(grep -E '^#[0-9]+' "$log" | tail -1 || true)"
  cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$last")"
  ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$last")"
  corp="$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<< "$last")"
  result="ok"
  if [[ "$rc" != "0" ]] || grep -qE '^==[0-9]+==ERROR|^SUMMARY: |runtime error:|FUZZ_CHECK failed|deadly signal|out-of-memory|ERROR: libFuzzer' "$log"; then
    result="FOUND (exit $rc): $(grep -m1 -E 'SUMMARY: .*|FUZZ_CHECK failed.*|runtime error:.*|ERROR: libFuzzer.*' "$log" | cut -c1-120)"
    found=1
  fi
  printf '%-22s %8s %12s %10s %8s %8s %8s  %s\n' "$t" "${secs:-?}" "${execs:-?}" "${eps:-?}" "${cov:-?}" "${ft:-?}" \
    "${corp:-?}" "$result"
done
echo "logs: $FUZZ/logs/   artifacts: $FUZZ/logs/artifacts/"
exit $found
