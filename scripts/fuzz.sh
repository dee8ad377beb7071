#!/usr/bin/env bash
# Fuzzes every reader (`make fuzz`): builds the libFuzzer targets of tests/fuzz with clang, ASan
# and UBSan in their own tree, seeds each from the repository's and ../shared's model files and
# tests/fuzz/{seeds,regressions}/<format>/, runs them one after the other and prints, per target,
# executions, coverage (libFuzzer's cov: and ft:) and findings.
#
# A finding — crash, sanitizer report, leak, timeout (> 2 s per input), out-of-memory (> 1 GiB)
# or a broken invariant (tests/fuzz/FuzzInput.h) — is copied to tests/fuzz/regressions/<format>/,
# where test_fuzz_regressions (part of `make test`) runs it from then on.
#
# Environment:
#   FUZZ_TIME=120          seconds per target
#   FUZZ_TARGETS="native onnx caffe-net caffe-solver keras tfjs measurement"
#   FUZZ_BUILD_DIR=build-fuzz
#   FUZZ_JOBS=<nproc>      build parallelism
#   NETSIZER_SHARED_DIR=../shared   real model files used as seeds when present
# Exit status: 0 when no target found anything, 1 when one did, 2 when the build failed.
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
time_per_target=${FUZZ_TIME:-120}
targets=${FUZZ_TARGETS:-"native onnx caffe-net caffe-solver keras tfjs measurement"}
build=${FUZZ_BUILD_DIR:-build-fuzz}
jobs=${FUZZ_JOBS:-$(nproc)}
shared=${NETSIZER_SHARED_DIR:-$root/../shared}

./scripts/install-fuzz-deps.sh || exit 2
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNETSIZER_FUZZ=ON >/dev/null || exit 2
bins=()
for t in $targets; do bins+=("netsizer-fuzz-$t"); done
cmake --build "$build" -j "$jobs" --target "${bins[@]}" || exit 2

# Copies the files matching the find(1) expression after $2 under $1 (when it exists) into
# the seed folder $seeds.
collect() {
  local dir=$1; shift
  [ -d "$dir" ] || return 0
  find "$dir" -type f "$@" -exec cp -t "$seeds" {} + 2>/dev/null || true
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
report="$build/fuzz-report.txt"
printf '%-13s %8s %10s %7s %7s %7s %s\n' target seconds execs cov ft corpus findings > "$report"
found_any=0
for t in $targets; do
  seeds="$build/seeds/$t"
  corpus="$build/corpus/$t"       # kept between runs: libFuzzer adds what finds new coverage
  artifacts="$build/artifacts/$t"
  log="$build/logs/$t.log"
  rm -rf "$seeds" "$artifacts"
  mkdir -p "$seeds" "$corpus" "$artifacts" "$(dirname "$log")"
  case $t in
    native)       collect resources/examples -name '*.json' ;;
    onnx)         collect "$shared/truth/onnx" -name '*.onnx'
                  collect "$shared/models/onnx" -name '*.onnx'
                  collect tests/truth/onnx -name '*.onnx' ;;
    caffe-net)    collect "$shared/models/caffe" -name '*.prototxt' ! -name '*solver*' ;;
    caffe-solver) collect "$shared/models/caffe" -name '*solver*.prototxt' ;;
    keras)        collect "$shared/models/keras" -name '*.json' ;;
    tfjs)         collect "$shared/models/tfjs" -name '*.json' ;;
    measurement)  ;;
  esac
  echo "fuzz: $t for ${time_per_target} s ($(ls "$seeds" | wc -l) seed files + tests/fuzz/seeds/$t + regressions)"
  start=$(date +%s)
  # -fork=1 with the ignore_* flags keeps fuzzing after a finding (each one is still written
  # to the artifact folder); the limits are the issue's: 2 s per input, 1 GiB.
  "$build/tests/fuzz/netsizer-fuzz-$t" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -max_total_time="$time_per_target" -timeout=2 -rss_limit_mb=1024 -malloc_limit_mb=1024 \
      -dict="tests/fuzz/dict/$t.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
      "$corpus" "$seeds" "tests/fuzz/seeds/$t" "tests/fuzz/regressions/$t" > "$log" 2>&1
  elapsed=$(( $(date +%s) - start ))
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  execs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$last")
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(ls "$corpus" | wc -l)
  findings=()
  for a in "$artifacts"/*; do
    [ -f "$a" ] || continue
    cp "$a" "tests/fuzz/regressions/$t/"
    findings+=("$(basename "$a")")
  done
  [ ${#findings[@]} -gt 0 ] && found_any=1
  printf '%-13s %8s %10s %7s %7s %7s %s\n' "$t" "$elapsed" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$corp" \
      "${#findings[@]}${findings:+ (${findings[*]})}" | tee -a "$report"
done
echo
cat "$report"
echo "fuzz: logs in $build/logs/; findings copied to tests/fuzz/regressions/<target>/"
exit $found_any
