#!/usr/bin/env bash
# Runs every GPU test (ctest label "gpu") and the GPU benchmarks (`cuzk bench msm|ntt|prove
# --backend cuda`) on a GPU machine, writes full logs, and ends with a summary table and the
# benchmark results. Exit status 0 only if every test passed, no test skipped for want of a
# GPU ("no CUDA GPU: ..."), and every benchmark ran.
#
#   scripts/gpu-check.sh [BUILD_DIR]        BUILD_DIR defaults to build-gpu, else build
#
# The GPU machine (Ubuntu 24.04, nvcc 13, cmake, ninja, GoogleTest, Benchmark) has no network,
# and nothing promises it nlohmann-json, which the test tree needs to configure (env.txt says
# whether it is there); its time is also better spent running than compiling. So build on a
# CPU machine, carry the build folder over, and run this script there:
#
#   cmake -S . -B build-gpu -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 -DCUZK_STATIC_TEST_LINK=ON
#   cmake --build build-gpu
#   (carry build-gpu with the working tree; on the GPU machine, from the repository root:)
#   scripts/gpu-check.sh build-gpu
#
# Shared libraries the build machine has and the GPU machine lacks (Debian ships Google
# Benchmark only as libbenchmark.so.1debian) travel in BUILD_DIR/carried-libs, which this
# script puts on LD_LIBRARY_PATH:
#   mkdir -p build-gpu/carried-libs && cp -L /usr/lib/x86_64-linux-gnu/libbenchmark.so.1debian build-gpu/carried-libs/
#
# A carried build folder records absolute paths (ctest files, test programs, the vectors
# folder compiled into the tests). If the tree sits elsewhere on the GPU machine, this script
# links the recorded source (and build) path to where they are now. It never rebuilds unless
# GPU_CHECK_REBUILD=1, and it configures a fresh build only when BUILD_DIR does not exist.
#
# Output: $OUT when set (a folder the caller collects), else ./gpu-logs:
#   env.txt          machine, driver, toolchain, which packages are present
#   ctest-gpu.log    full verbose ctest output of the gpu tests (ctest-gpu.xml: JUnit)
#   bench.log        console output of every benchmark (bench-json.tar: JSON of the CPU ones)
#   sanitize.log     compute-sanitizer output (GPU_CHECK_SANITIZE=1)
#   summary.txt      the summary table printed at the end
# (six files at most, for callers that collect only a few.)
#
# Environment: GPU_CHECK_SKIP_BENCH=1 skips the benchmarks; GPU_CHECK_BENCH_SIZES=small runs
# them at small sizes only, GPU_CHECK_BENCH_SIZES=porep only the 2^27 PoRep-shaped proof
# benchmark (test setup on the GPU, one proof and a batch of 10, all verified);
# GPU_CHECK_CPU_BENCH=1 also runs the CPU Google Benchmark programs, GPU_CHECK_BENCH_ARGS
# adding arguments to them (e.g. --benchmark_filter=Fr); GPU_CHECK_TEST_TIMEOUT (seconds,
# default 600) bounds each test; GPU_CHECK_SANITIZE=1 runs compute-sanitizer (memcheck,
# racecheck) over small cases.
#
# A build folder trimmed for carrying (only what this script runs): scripts/gpu-pack.sh.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$ROOT" || exit 1

if [[ $# -ge 1 ]]; then
  BUILD_DIR=$1
elif [[ -d build-gpu ]]; then
  BUILD_DIR=build-gpu
else
  BUILD_DIR=build
fi
LOG_DIR=${OUT:-$ROOT/gpu-logs}
mkdir -p "$LOG_DIR"
LOG_DIR=$(cd "$LOG_DIR" && pwd -P)
SUMMARY=$LOG_DIR/summary.txt
ROWS=()        # "kind|name|result|seconds"
NOTES=()       # free-form lines for the summary
FAILED=0

note() { NOTES+=("$*"); echo "gpu-check: $*"; }
row() { ROWS+=("$1|$2|$3|$4"); }

# ---------------------------------------------------------------- environment
{
  echo "date:      $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "host:      $(uname -srm)"
  [[ -r /etc/os-release ]] && echo "os:        $(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "root:      $ROOT"
  echo "build dir: $BUILD_DIR"
  echo
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=index,name,driver_version,memory.total,compute_cap --format=csv 2>&1
  else
    echo "nvidia-smi: not found"
  fi
  echo
  for tool in nvcc cmake ctest ninja g++ node; do
    if command -v "$tool" >/dev/null 2>&1; then
      echo "$tool: $("$tool" --version 2>&1 | grep -m1 -iE 'release|version|[0-9]+\.[0-9]+' )"
    else
      echo "$tool: not found"
    fi
  done
  echo
  for header in gtest/gtest.h benchmark/benchmark.h nlohmann/json.hpp; do
    found=""
    for prefix in /usr/include /usr/local/include /opt/homebrew/include; do
      [[ -e $prefix/$header ]] && found=$prefix/$header && break
    done
    echo "$header: ${found:-MISSING}"
  done
} >"$LOG_DIR/env.txt" 2>&1
cat "$LOG_DIR/env.txt"
if ! grep -q '^nlohmann/json.hpp: /' "$LOG_DIR/env.txt"; then
  note "nlohmann-json is not installed here: configuring the test tree here fails;" \
    "carry a build folder made elsewhere"
fi
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  note "nvidia-smi sees no GPU: expect the gpu tests to skip, which counts as a failure here"
fi

# ---------------------------------------------------------------- build folder
if [[ ! -f $BUILD_DIR/CMakeCache.txt ]]; then
  note "no $BUILD_DIR/CMakeCache.txt: configuring and building here"
  if cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 >"$LOG_DIR/build.log" 2>&1 &&
     cmake --build "$BUILD_DIR" >>"$LOG_DIR/build.log" 2>&1; then
    row build "$BUILD_DIR" PASS -
  else
    row build "$BUILD_DIR" FAIL -
    note "build failed: see build.log"
    FAILED=1
  fi
elif [[ ${GPU_CHECK_REBUILD:-0} == 1 ]]; then
  if cmake --build "$BUILD_DIR" >"$LOG_DIR/build.log" 2>&1; then row build "$BUILD_DIR" PASS -; else
    row build "$BUILD_DIR" FAIL -; note "rebuild failed: see build.log"; FAILED=1
  fi
fi

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$BUILD_DIR/CMakeCache.txt" 2>/dev/null | head -n1; }

# A carried build folder: make its recorded absolute paths resolve on this machine.
relink() {  # relink <recorded path> <actual path>
  local recorded=$1 actual=$2
  [[ -z $recorded || $recorded == "$actual" ]] && return 0
  if [[ -e $recorded ]]; then
    if [[ $(cd "$recorded" && pwd -P) != "$actual" ]]; then
      note "warning: $recorded exists but is not $actual; the recorded paths point at another tree"
    fi
    return 0
  fi
  if mkdir -p "$(dirname "$recorded")" && ln -s "$actual" "$recorded"; then
    note "linked the recorded path $recorded -> $actual"
  else
    note "could not link $recorded -> $actual (ctest will not find the tests)"
  fi
}
if [[ -f $BUILD_DIR/CMakeCache.txt ]]; then
  BUILD_ABS=$(cd "$BUILD_DIR" && pwd -P)
  relink "$(cache_value CMAKE_HOME_DIRECTORY)" "$ROOT"
  relink "$(cache_value CMAKE_CACHEFILE_DIR)" "$BUILD_ABS"
fi

if [[ -d $BUILD_DIR/carried-libs ]]; then
  export LD_LIBRARY_PATH="$(cd "$BUILD_DIR/carried-libs" && pwd -P)${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  note "using carried shared libraries: $(ls "$BUILD_DIR/carried-libs" | tr '\n' ' ')"
fi

# ---------------------------------------------------------------- gpu tests
CTEST_LOG=$LOG_DIR/ctest-gpu.log
if [[ -f $BUILD_DIR/CTestTestfile.cmake ]]; then
  junit=()
  ctest_version=$(ctest --version | sed -n 's/^ctest version \([0-9]*\.[0-9]*\).*/\1/p')
  if [[ -n $ctest_version ]] && printf '3.21\n%s\n' "$ctest_version" | sort -V -C; then
    junit=(--output-junit "$LOG_DIR/ctest-gpu.xml")
  fi
  start=$(date +%s)
  ctest --test-dir "$BUILD_DIR" -L gpu -V --no-tests=error --timeout "${GPU_CHECK_TEST_TIMEOUT:-600}" "${junit[@]}" \
    2>&1 | tee "$CTEST_LOG"
  ctest_rc=${PIPESTATUS[0]}
  note "ctest -L gpu: exit $ctest_rc in $(($(date +%s) - start)) s"
  ((ctest_rc == 0)) || FAILED=1
  # "  3/20 Test  #3: Suite.Name ......   Passed    0.01 sec" (also ***Failed, ***Skipped, ...)
  result_line='s/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) \.*[ *]*([A-Za-z][A-Za-z: ]*[A-Za-z]) +([0-9.]+) sec.*/\1|\2|\3/p'
  while IFS='|' read -r name result seconds; do
    case $result in
      Passed) result=PASS ;;
      Skipped) result=SKIP ;;
      *) result="FAIL ($result)"; FAILED=1 ;;
    esac
    row test "$name" "$result" "$seconds"
  done < <(sed -nE "$result_line" "$CTEST_LOG")
  loud_skips=$(grep -c 'no CUDA GPU:' "$CTEST_LOG" || true)
  if ((loud_skips > 0)); then
    note "FAIL: $loud_skips test(s) skipped with 'no CUDA GPU:' on a machine meant to have one"
    FAILED=1
  fi
else
  note "FAIL: $BUILD_DIR has no CTestTestfile.cmake (not a configured build folder)"
  FAILED=1
fi

# ---------------------------------------------------------------- compute-sanitizer
# GPU_CHECK_SANITIZE=1: memcheck and racecheck over small MSMs of both curves (bit-reversed
# scalars too), a small whole proof (H NTTs, all five MSMs), a batch on every staging plan,
# the setup's fixed-base multiplications, the recorded matrices' product, deferred proofs
# (witness expansion, the device row check) and the H quotient's transforms.
if [[ ${GPU_CHECK_SANITIZE:-0} == 1 ]]; then
  SANITIZER=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  gpu_tests=$BUILD_DIR/tests/backend/cuda
  for tool in memcheck racecheck; do
    for case in "backend_cuda_msm_gpu_test:GpuMsmTest/0.Densities:GpuMsmTest/1.SpecialScalarsAndBases:GpuMsmTest/0.BitReversedScalars" \
                "backend_cuda_gpu_prover_test:GpuProverTest.DemoCircuitBatchBitIdentical:GpuProverTest.EveryStagingPlanBatchBitIdentical" \
                "backend_cuda_generator_multiplier_gpu_test:GeneratorMultiplierGpuTest.EqualsTheHostMultiplier" \
                "backend_cuda_recorded_spmv_gpu_test:GpuRecordedSpmvTest.RowShapes:GpuRecordedSpmvTest.EdgeValuedCircuit" \
                "backend_cuda_witness_staging_gpu_test:WitnessStagingGpuTest.DemoCircuitWithInputsBitIdentical:WitnessStagingGpuTest.AWitnessThatBreaksAConstraintIsUnsatisfiable" \
                "backend_cuda_ntt_gpu_test:GpuNttTest.QuotientHOnConstantVectors"; do
      program=${case%%:*}
      filter=${case#*:}
      start=$(date +%s)
      if GTEST_FILTER=$filter timeout 900 "$SANITIZER" --tool "$tool" --error-exitcode 1 "$gpu_tests/$program" \
           >"$LOG_DIR/.sanitize" 2>&1; then
        row sanitize "$tool $program" PASS "$(($(date +%s) - start))"
      else
        row sanitize "$tool $program" FAIL "$(($(date +%s) - start))"; FAILED=1
      fi
      { echo "===== $tool $program ($filter)"; tail -n 40 "$LOG_DIR/.sanitize"; } >>"$LOG_DIR/sanitize.log"
      rm -f "$LOG_DIR/.sanitize"
    done
  done
fi

# ---------------------------------------------------------------- benchmarks
# GPU benchmarks: `cuzk bench msm|ntt|prove --backend cuda` (min/median over repeated runs).
# GPU_CHECK_BENCH_SIZES picks the sizes ("small": a quick pass; default: the sizes of docs/PERF.md's goals).
# The CPU Google Benchmark programs in BUILD_DIR/bench run only with GPU_CHECK_CPU_BENCH=1.
CUZK_BIN=$BUILD_DIR/src/cli/cuzk
RESULTS=()     # result lines of the GPU benchmarks, for the summary
run_bench() {  # run_bench <name> <cuzk arguments...>
  local name=$1
  shift
  echo "===== $name: cuzk $*" | tee -a "$LOG_DIR/bench.log"
  local start rc
  start=$(date +%s)
  "$CUZK_BIN" "$@" 2>&1 | tee -a "$LOG_DIR/bench.log" | tee "$LOG_DIR/.last"
  rc=${PIPESTATUS[0]}
  if ((rc == 0)); then row bench "$name" PASS "$(($(date +%s) - start))"; else
    row bench "$name" "FAIL (exit $rc)" "$(($(date +%s) - start))"; FAILED=1
  fi
  while IFS= read -r line; do RESULTS+=("[$name] $line"); done < <(grep -E '^(msm|ntt) |^  [a-z_0-9]+ +min' "$LOG_DIR/.last")
  rm -f "$LOG_DIR/.last"
}
if [[ ${GPU_CHECK_SKIP_BENCH:-0} == 1 ]]; then
  note "benchmarks skipped (GPU_CHECK_SKIP_BENCH=1)"
elif [[ ! -x $CUZK_BIN ]]; then
  note "FAIL: no $CUZK_BIN: no GPU benchmarks"
  FAILED=1
else
  : >"$LOG_DIR/bench.log"
  if [[ ${GPU_CHECK_BENCH_SIZES:-full} == small ]]; then
    run_bench msm-g1 bench msm --backend cuda --curve g1 --log-size 16,20 --runs 3
    run_bench msm-g2 bench msm --backend cuda --curve g2 --log-size 16 --runs 3
    run_bench ntt bench ntt --backend cuda --log-size 16,20 --runs 3
    run_bench ntt-h bench ntt --backend cuda --kind h --log-size 20 --runs 3
    run_bench ntt-h-prover bench ntt --backend cuda --kind h-prover --log-size 20 --runs 3
    run_bench prove bench prove --backend cuda --constraints 65536 --setup real --runs 3
  elif [[ ${GPU_CHECK_BENCH_SIZES:-full} == porep ]]; then
    # a 2^27-constraint PoRep-shaped partition: GPU test setup (~2.5 min), then one proof and a
    # batch of 10 (one witness proved ten times: ten distinct 2^27 witnesses exceed the host's
    # memory), every proof verified; ~4.5 min and ~73 GB of host memory on the H200 machine
    run_bench prove-porep bench prove --backend cuda --constraints 134217728 --setup real --proofs 1,10 \
      --witness shared --runs 2
  else
    run_bench msm-g1 bench msm --backend cuda --curve g1 --log-size 20,22,24,26 --runs 5
    run_bench msm-g1-witness bench msm --backend cuda --curve g1 --scalars witness --log-size 24,27 --runs 3
    run_bench msm-g2 bench msm --backend cuda --curve g2 --log-size 20,24 --runs 3
    run_bench ntt bench ntt --backend cuda --log-size 20,24,26,27 --runs 5
    run_bench ntt-coset bench ntt --backend cuda --kind coset --log-size 27 --runs 5
    run_bench ntt-h bench ntt --backend cuda --kind h --log-size 24,27 --runs 3
    run_bench ntt-h-prover bench ntt --backend cuda --kind h-prover --log-size 27 --runs 3
    run_bench prove bench prove --backend cuda --constraints 1048576 --setup real --runs 3
    run_bench prove-batch bench prove --backend cuda --constraints 4194304 --proofs 1,4 --setup real --runs 3
  fi
fi
if [[ ${GPU_CHECK_CPU_BENCH:-0} == 1 && -d $BUILD_DIR/bench ]]; then
  mapfile -t benches < <(find "$BUILD_DIR/bench" -path '*/CMakeFiles' -prune -o -type f -perm -u+x -print | sort)
  json_dir=$(mktemp -d)
  read -ra bench_args <<<"${GPU_CHECK_BENCH_ARGS:-}"
  for bench in "${benches[@]}"; do
    name=$(basename "$bench")
    echo "===== $name" | tee -a "$LOG_DIR/bench.log"
    start=$(date +%s)
    "$bench" --benchmark_out="$json_dir/$name.json" --benchmark_out_format=json "${bench_args[@]}" \
      2>&1 | tee -a "$LOG_DIR/bench.log"
    rc=${PIPESTATUS[0]}
    if ((rc == 0)); then row bench "$name" PASS "$(($(date +%s) - start))"; else
      row bench "$name" "FAIL (exit $rc)" "$(($(date +%s) - start))"; FAILED=1
    fi
  done
  if compgen -G "$json_dir/*.json" >/dev/null; then tar -C "$json_dir" -cf "$LOG_DIR/bench-json.tar" .; fi
  rm -rf "$json_dir"
fi

# ---------------------------------------------------------------- summary
{
  echo
  echo "==================== gpu-check summary ===================="
  printf '%-6s %-58s %-22s %s\n' KIND NAME RESULT SECONDS
  for r in "${ROWS[@]}"; do
    IFS='|' read -r kind name result seconds <<<"$r"
    printf '%-6s %-58s %-22s %s\n' "$kind" "$name" "$result" "$seconds"
  done
  if ((${#RESULTS[@]} > 0)); then
    echo
    echo "GPU benchmark results (ms):"
    for r in "${RESULTS[@]}"; do echo "  $r"; done
  fi
  echo
  for n in "${NOTES[@]}"; do echo "- $n"; done
  pass=0 skip=0 fail=0
  for r in "${ROWS[@]}"; do
    case $r in
      *"|PASS|"*) ((pass++)) ;;
      *"|SKIP|"*) ((skip++)) ;;
      *) ((fail++)) ;;
    esac
  done
  echo
  echo "passed $pass, skipped $skip, failed $fail; logs in $LOG_DIR"
  if ((FAILED)); then echo "RESULT: FAIL"; else echo "RESULT: PASS"; fi
} | tee "$SUMMARY"
exit "$FAILED"
